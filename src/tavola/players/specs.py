"""Bots are named by spec strings everywhere: ``random``, later ``ismcts:iterations=2000``.

>>> make_bot("random", seed=1).spec
'random'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tavola.core.errors import TavolaError
from tavola.core.options import parse_assignments
from tavola.players.base import Bot
from tavola.players.random_bot import RandomBot


class BotSpecError(TavolaError):
    """A bot spec names no bot, or gives it options it does not take."""


BotFactory = Callable[..., Bot]

BOTS: dict[str, BotFactory] = {"random": RandomBot}


def make_bot(spec: str, seed: int | None = None) -> Bot:
    """The bot a spec names, seeded; options are ``name=value`` after a colon."""
    name, _, rest = spec.strip().partition(":")
    if name not in BOTS:
        raise BotSpecError(f"unknown bot {name!r}; bots are: {', '.join(BOTS)}")
    try:
        options: dict[str, Any] = parse_assignments([a for a in rest.split(",") if a])
    except TavolaError as error:
        raise BotSpecError(f"bot spec {spec!r}: {error}") from error
    try:
        return BOTS[name](seed=seed, **options)
    except TypeError as error:
        raise BotSpecError(f"bot spec {spec!r}: {error}") from error
