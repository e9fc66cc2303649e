"""tavola: engine, bots and apps for a family of tabletop games.

>>> import tavola
>>> state = tavola.load("campanile", players=2).new_game(seed=1)
>>> tavola.replay(state.record()) == state
True

``tavola.COMPILED`` tells whether the engine runs compiled by mypyc (``tavola.compiled``).
"""

from tavola.compiled import select as _select_form

COMPILED: bool = _select_form()

# The package's API is the core's: one list of names, in ``tavola.core``.
from tavola.core import *  # noqa: E402, F403
from tavola.core import __all__ as __all__  # noqa: E402
