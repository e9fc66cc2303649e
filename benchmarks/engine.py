"""Engine figures on one core: random playouts, and the calls bots make most.

Run with ``make bench`` (or ``python benchmarks/engine.py [GAME ...]``).
"""

from __future__ import annotations

import platform
import random
import sys
import time
from collections.abc import Callable

from rich.console import Console
from rich.table import Table

from tavola import game_classes, load
from tavola.apps.bench import random_playouts
from tavola.core.game import Game, State

SECONDS = 3.0
# Configurations measured besides each game's defaults (one more row set per entry).
EXTRA_OPTIONS: dict[str, list[dict[str, str]]] = {
    "campanile": [{"edition": "1996"}],
    "carcassonne": [{"river": "true"}],
}


def midgame_states(game: Game, count: int) -> list[State]:
    """Positions about a third of the way into random games."""
    rng = random.Random(1)
    states = []
    for seed in range(count):
        state = game.new_game(seed)
        for _ in range(40):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def per_second(call: Callable[[State], object], states: list[State]) -> float:
    calls = 0
    start = time.perf_counter()
    while time.perf_counter() - start < SECONDS / 3:
        for state in states:
            call(state)
        calls += len(states)
    return calls / (time.perf_counter() - start)


def main(names: list[str]) -> None:
    console = Console()
    console.print(f"Python {platform.python_version()} on {platform.machine()}, one core")
    playouts = Table(title="Random playouts (legal_actions + apply until the end)")
    for column in ("game", "options", "games/s", "actions/s"):
        playouts.add_column(column, justify="right")
    calls = Table(title="Calls per second on mid-game positions")
    for column in ("game", "legal_actions", "clone", "view", "determinize"):
        calls.add_column(column, justify="right")
    rng = random.Random(0)
    for name in names:
        for extra in [{}, *EXTRA_OPTIONS.get(name, [])]:
            for players in (2, 4):
                game = load(name, players=players, **extra)
                result = random_playouts(game, SECONDS)
                playouts.add_row(
                    name,
                    result.options,
                    f"{result.games_per_second:,.0f}",
                    f"{result.actions_per_second:,.0f}",
                )
            game = load(name, **extra)
            states = midgame_states(game, 50)
            label = " ".join([name, *(f"{key}={value}" for key, value in extra.items())])
            calls.add_row(
                label,
                f"{per_second(lambda s: s.legal_actions(), states):,.0f}",
                f"{per_second(lambda s: s.clone(), states):,.0f}",
                f"{per_second(lambda s: s.view(0), states):,.0f}",
                f"{per_second(lambda s: s.determinize(0, rng), states):,.0f}",
            )
    console.print(playouts)
    console.print(calls)


if __name__ == "__main__":
    main(sys.argv[1:] or list(game_classes()))
