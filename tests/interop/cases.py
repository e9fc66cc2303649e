"""Every registered game, at every player count and notable option value, for the adapters.

Built from the registry and the option specs alone, so a game appears here as soon as it
registers. Besides the defaults at each player count, each non-secret option with a few
possible values (a bool, or ``choices``) is tried at each of its other values, wherever
the game accepts the combination.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import tavola
from tavola.core.game import Game, State
from tavola.interop.common import player_counts


@dataclass(frozen=True)
class Case:
    name: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def id(self) -> str:
        extra = "".join(f",{key}={value}" for key, value in sorted(self.options.items()))
        return f"{self.name}-{self.players}p{extra}"

    def load(self) -> Game:
        return tavola.load(self.name, players=self.players, **self.options)


def option_values(game_class: type[Game]) -> Iterator[tuple[str, Any]]:
    """Each non-default value of each non-secret option with a few possible values."""
    for spec in game_class.option_specs:
        if spec.name == "players" or spec.secret:
            continue
        values = spec.choices if spec.choices is not None else None
        if values is None and spec.value_kind is bool:
            values = (False, True)
        for value in values or ():
            if value != spec.default:
                yield spec.name, value


def _valid(case: Case) -> bool:
    try:
        case.load()
    except tavola.InvalidOption:
        return False
    return True


def default_cases() -> list[Case]:
    """Every game at every player count, default options."""
    return [
        Case(name, players)
        for name, game_class in tavola.game_classes().items()
        for players in player_counts(game_class)
    ]


def all_cases() -> list[Case]:
    """The default cases plus every notable option value at every player count.

    A value the game refuses on its own (one that needs another option) is tried with each
    other option value in turn, and kept with the first the game accepts.
    """
    cases = default_cases()
    for name, game_class in tavola.game_classes().items():
        values = list(option_values(game_class))
        for option, value in values:
            partners: list[dict[str, Any]] = [{}]
            partners += [{other: v} for other, v in values if other != option]
            for players in player_counts(game_class):
                candidates = (Case(name, players, {option: value, **p}) for p in partners)
                case = next((c for c in candidates if _valid(c)), None)
                if case is not None and case not in cases:
                    cases.append(case)
    return cases


def smallest_cases() -> list[Case]:
    """Each game once, at its smallest player count."""
    return [
        Case(name, player_counts(game_class)[0])
        for name, game_class in tavola.game_classes().items()
    ]


def random_positions(game: Game, seed: int) -> Iterator[State]:
    """Every position of one random game (seeded), from the start to the end."""
    rng = random.Random(seed)
    state = game.new_game(seed)
    yield state
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        yield state
