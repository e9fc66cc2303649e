"""Many games between random bots, summarised per seat."""

from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import dataclass, field

from tavola.core.game import Game
from tavola.players import game_seeds, play_match


@dataclass
class SeatStats:
    wins: float = 0.0  # a shared victory counts 1/k to each of its k winners
    scores: list[int] = field(default_factory=list)


@dataclass
class Simulation:
    seats: list[SeatStats]
    lengths: list[int] = field(default_factory=list)  # actions per game
    shared: int = 0  # games with a shared victory
    interrupted: bool = False  # stopped by Ctrl-C (or kill): the games finished are kept


def simulate(
    game: Game, games: int, seed: int, advance: Callable[[], None] = lambda: None
) -> Simulation:
    """Play ``games`` games with random bots in every seat; deterministic for ``seed``.

    On ``KeyboardInterrupt`` it stops and returns the games finished so far.
    """
    finished: list[tuple[list[int], list[int], int]] = []  # scores, winners, length
    try:
        for game_seed in game_seeds(seed, games):
            state = play_match(game, ["random"] * game.num_players, game_seed)
            finished.append((state.scores, state.winners, len(state.history)))
            advance()
        interrupted = False
    except KeyboardInterrupt:
        interrupted = True
    result = Simulation([SeatStats() for _ in range(game.num_players)], interrupted=interrupted)
    for scores, winners, length in finished:
        for seat, score in enumerate(scores):
            result.seats[seat].scores.append(score)
        for seat in winners:
            result.seats[seat].wins += 1 / len(winners)
        result.shared += len(winners) > 1
        result.lengths.append(length)
    return result


def spread(values: list[int]) -> float:
    return statistics.pstdev(values) if len(values) > 1 else 0.0
