"""What both adapters share: the game behind a name, player counts, rewards at the end.

Rewards are zero-sum: each losing seat pays 1, shared equally by the winners; with
everyone (or no one) winning, nobody pays. Two players thus get +1 and -1.

>>> import tavola
>>> zero_sum_rewards(winners=[2], num_players=4)
[-1.0, -1.0, 3.0, -1.0]
>>> zero_sum_rewards(winners=[0, 1], num_players=3)
[0.5, 0.5, -1.0]
>>> player_counts(tavola.game_classes()["campanile"])
(2, 3, 4, 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tavola.core.game import Game
from tavola.core.registry import load


def game_of(game: str | Game, options: dict[str, Any]) -> Game:
    """The game named ``game`` with ``options``, or ``game`` itself when it is one already."""
    if isinstance(game, Game):
        if options:
            raise TypeError("give options either to tavola.load or here, not both")
        return game
    return load(game, **options)


def player_counts(game_class: type[Game]) -> tuple[int, ...]:
    """Every number of players the game supports, ascending (from its ``players`` option)."""
    for spec in game_class.option_specs:
        if spec.name == "players":
            counts = spec.choices if spec.choices is not None else (spec.default,)
            return tuple(sorted(int(count) for count in counts))
    raise ValueError(f"{game_class.name} has no 'players' option")


def zero_sum_rewards(winners: Sequence[int], num_players: int) -> list[float]:
    """Each seat's reward at the end of a game (see the module docstring)."""
    if not winners or len(winners) == num_players:
        return [0.0] * num_players
    share = (num_players - len(winners)) / len(winners)
    return [share if seat in winners else -1.0 for seat in range(num_players)]


def reward_range(num_players: int) -> tuple[float, float]:
    """The least and the most a seat can get from ``zero_sum_rewards``."""
    return -1.0, float(num_players - 1)
