"""The game protocol, options, events, errors and the registry."""

from tavola.core.errors import (
    ArgumentTypeError,
    IllegalAction,
    InvalidArgument,
    InvalidOption,
    NotationError,
    ReplayError,
    TavolaError,
    UnknownGame,
)
from tavola.core.events import Event, Table
from tavola.core.game import Game, State
from tavola.core.options import Option
from tavola.core.registry import game_classes, load, register, replay

__all__ = [
    "ArgumentTypeError",
    "Event",
    "Game",
    "IllegalAction",
    "InvalidArgument",
    "InvalidOption",
    "NotationError",
    "Option",
    "ReplayError",
    "State",
    "Table",
    "TavolaError",
    "UnknownGame",
    "game_classes",
    "load",
    "register",
    "replay",
]
