"""The conformance kit: the checks every game must pass, ours or a plugin's.

A game package's tests subclass ``GameConformance`` (pytest and Hypothesis: tavola's
``testing`` extra) or call the checks of ``tavola.testing.checks`` on their
own positions. ``docs/adding-a-game.md`` explains what each check asks of a game.
"""

from tavola.testing.checks import WHOLE_GAME_CHECKS, play_randomly
from tavola.testing.suite import GameConformance, configurations

__all__ = ["WHOLE_GAME_CHECKS", "GameConformance", "configurations", "play_randomly"]
