"""tavola: engine, bots and apps for a family of tabletop games.

>>> import tavola
>>> state = tavola.load("campanile", players=2).new_game(seed=1)
>>> tavola.replay(state.record()) == state
True
"""

from tavola.core import (
    ArgumentTypeError,
    Event,
    Game,
    IllegalAction,
    InvalidArgument,
    InvalidOption,
    NotationError,
    ReplayError,
    State,
    TavolaError,
    UnknownGame,
    game_classes,
    load,
    replay,
)

__all__ = [
    "ArgumentTypeError",
    "Event",
    "Game",
    "IllegalAction",
    "InvalidArgument",
    "InvalidOption",
    "NotationError",
    "ReplayError",
    "State",
    "TavolaError",
    "UnknownGame",
    "game_classes",
    "load",
    "replay",
]
