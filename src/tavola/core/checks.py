"""Checks of the arguments of public calls: cheap, and naming the argument when they refuse.

>>> check_seat("view", True, 2, spectator=True)
Traceback (most recent call last):
...
tavola.core.errors.ArgumentTypeError: view: player must be a seat number (an int) or None, not bool
>>> shown("x" * 100, limit=10)
"'xxxxxxxx…"
"""

from __future__ import annotations

import operator
import random
from typing import Any

from tavola.core.errors import ArgumentTypeError, InvalidArgument, NotationError
from tavola.core.i18n import CORE

MAX_TEXT = 100  # the longest notation, game name or bot spec read; longer text is refused
MAX_SEED = 2**64  # seeds are 0 .. 2**64 - 1, so that every record's seed reads back from JSON


def shown(value: object, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters: an error never echoes a whole input."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def type_name(value: object) -> str:
    return type(value).__name__


def check_text(call: str, name: str, value: object) -> str:
    """A text argument (a notation): a ``str`` of at most ``MAX_TEXT`` characters."""
    if not isinstance(value, str):
        raise ArgumentTypeError(f"{call}: {name} must be a str, not {type_name(value)}")
    if len(value) > MAX_TEXT:
        # A person may type it: the one refusal here that is read in their language.
        raise NotationError(
            CORE.lazy(
                "{call}: {name} has {length} characters; a notation has at most {limit}",
                call=call,
                name=name,
                length=len(value),
                limit=MAX_TEXT,
            )
        )
    return value


def check_index(call: str, name: str, value: object) -> int:
    """An integer argument (an action id): an ``int`` or an integer type such as numpy's,
    never a ``bool``."""
    if type(value) is int:
        return value
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise ArgumentTypeError(f"{call}: {name} must be an int, not {type_name(value)}")
    return operator.index(value)  # type: ignore[arg-type]


def check_action(call: str, value: object) -> int:
    """An action id; ``apply`` also takes a notation, checked by ``check_text``."""
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise ArgumentTypeError(
            f"{call}: action must be an action id (int) or a notation (str), not {type_name(value)}"
        )
    return operator.index(value)  # type: ignore[arg-type]


def check_seat(call: str, value: object, players: int, *, spectator: bool) -> int | None:
    """A seat number ``0 .. players - 1`` (or ``None``, a spectator, where ``spectator``)."""
    if type(value) is int and 0 <= value < players:  # the common case, first and fast
        return value
    if value is None and spectator:
        return None
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        what = "a seat number (an int)" + (" or None" if spectator else "")
        raise ArgumentTypeError(f"{call}: player must be {what}, not {type_name(value)}")
    seat = operator.index(value)  # type: ignore[arg-type]
    if not 0 <= seat < players:
        raise InvalidArgument(
            f"{call}: player {seat} is no seat of this {players}-player game "
            f"(seats are 0 to {players - 1}{', or None' if spectator else ''})"
        )
    return seat


def check_size(call: str, name: str, value: object) -> int | None:
    """A room on screen in characters: a positive integer, or ``None`` (no limit)."""
    if value is None:
        return None
    size = check_index(call, name, value)
    if size < 1:
        raise InvalidArgument(f"{call}: {name} must be positive, not {shown(value)}")
    return size


def check_rng(call: str, value: object) -> random.Random:
    if not isinstance(value, random.Random):
        raise ArgumentTypeError(f"{call}: rng must be a random.Random, not {type_name(value)}")
    return value


def check_seed(call: str, value: object) -> int:
    """A seed: an integer from 0 to 2**64 - 1."""
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise ArgumentTypeError(f"{call}: seed must be an int or None, not {type_name(value)}")
    seed = operator.index(value)  # type: ignore[arg-type]
    if not 0 <= seed < MAX_SEED:
        raise InvalidArgument(f"{call}: seed must be from 0 to 2**64 - 1, not {shown(seed)}")
    return seed


def check_view(call: str, value: object, game: Any) -> dict[str, Any]:
    """A view of ``game`` (as ``State.view`` makes them): a dict naming the game, its
    player count and its options."""
    if type(value) is not dict:
        raise ArgumentTypeError(f"{call}: view must be a dict (a view), not {type_name(value)}")
    if (
        value.get("game") != game.name
        or value.get("players") != game.num_players
        or value.get("options", game.view_options) != game.view_options
    ):
        raise InvalidArgument(
            f"{call}: view is not a view of this game ({game.name}, {game.num_players} players)"
        )
    return value


def check_metadata(call: str, key: str, value: object, players: int) -> list[str]:
    """A record's ``seats`` or ``names``: one short text per seat."""
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise ArgumentTypeError(f"{call}: {key} must be a list of texts, one per seat")
    if len(value) != players:
        raise InvalidArgument(
            f"{call}: {key} must give one text per seat: {players}, not {len(value)}"
        )
    if any(len(text) > MAX_TEXT for text in value):
        raise InvalidArgument(f"{call}: each of {key} has at most {MAX_TEXT} characters")
    return list(value)


def plural(count: int, noun: str) -> str:
    """``1 seat``, ``2 seats``.

    >>> plural(1, "bot"), plural(3, "bot")
    ('1 bot', '3 bots')
    """
    return f"{count} {noun}{'s' * (count != 1)}"
