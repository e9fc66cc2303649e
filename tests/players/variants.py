"""Every registered game, and each of its variants that changes what a seat may know.

A variant is the game with one option changed from its default: each other choice of
an option with choices, and ``true`` for a boolean option (where the game accepts it
with 2 and 3 players). Read from the games' option specs, so new games come in alone.
"""

from __future__ import annotations

from typing import Any

import tavola
from tavola.core.errors import InvalidOption


def variants() -> list[tuple[str, dict[str, Any]]]:
    found: list[tuple[str, dict[str, Any]]] = []
    for name, cls in tavola.game_classes().items():
        found.append((name, {}))
        for spec in cls.option_specs:
            if spec.name == "players" or spec.secret:
                continue
            if spec.choices is not None:
                values = [c for c in spec.choices if c != spec.default]
            elif spec.value_kind is bool and spec.default is False:
                values = [True]
            else:
                continue
            for value in values:
                try:
                    for players in (2, 3):
                        tavola.load(name, players=players, **{spec.name: value})
                except InvalidOption:
                    continue
                found.append((name, {spec.name: value}))
    return found


def variant_id(variant: tuple[str, dict[str, Any]]) -> str:
    name, options = variant
    return ",".join([name, *(f"{k}={v}" for k, v in options.items())])
