"""Random playouts: the loop ``tavola bench`` and the engine's benchmark time.

It lives in the core so that it is compiled with the engine: timed interpreted, the loop
itself (a bound method looked up per call, ``random.choice`` in Python) would cost as much
as the compiled rules it drives.
"""

from __future__ import annotations

import random

from tavola.core.game import State


def play_out(state: State, rng: random.Random) -> int:
    """Play uniformly random legal actions (``legal_actions`` then ``apply``) until the
    game is over; the number of actions played.

    >>> import tavola
    >>> state = tavola.load("campanile", players=2).new_game(seed=1)
    >>> play_out(state, random.Random(0)) == len(state.history) and state.is_over
    True
    """
    draw = rng.random
    actions = 0
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[int(draw() * len(legal))])
        actions += 1
    return actions
