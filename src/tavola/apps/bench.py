"""Random-playout throughput of the engine: complete games and actions per second."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from tavola.core.game import Game
from tavola.core.playouts import play_out


@dataclass(frozen=True)
class Throughput:
    game: str
    options: str
    games: int
    actions: int
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds


def random_playouts(
    game: Game, seconds: float, seed: int = 0, clock: Callable[[], float] = time.perf_counter
) -> Throughput:
    """Play random games (``legal_actions`` then ``apply``) for about ``seconds`` of
    ``clock`` (wall time; ``time.process_time`` to count this process's CPU time only)."""
    rng = random.Random(seed)
    games = actions = 0
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        actions += play_out(game.new_game(games), rng)
        games += 1
    elapsed = clock() - start
    options = ", ".join(f"{k}={v}" for k, v in game.changed_options().items())
    return Throughput(game.name, options, games, actions, elapsed)
