"""Random play through each research adapter, next to the raw engine, on one core.

Run with ``python benchmarks/adapters.py [GAME ...] [--seconds S]`` (the ``rl`` and
``openspiel`` extras installed). Each cell plays whole random games for about ``S``
seconds of this process's CPU time and counts decisions per CPU second:

- ``engine``: ``legal_actions`` and ``apply`` on a tavola state;
- ``engine + tensor``: the same, plus the acting seat's ``encode_view(view)`` each step
  (what a learning agent needs, so the fair baseline for the adapters);
- ``pettingzoo``: ``last()`` (observation and action mask) then ``step`` on the AEC env;
- ``openspiel``: ``legal_actions`` and ``apply_action`` on the OpenSpiel state;
- ``openspiel + tensor``: the same, plus ``observation_tensor`` of the acting player.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np
from rich.console import Console
from rich.table import Table

from tavola import game_classes, load
from tavola.core.game import Game
from tavola.interop import openspiel
from tavola.interop.pettingzoo import TavolaEnv, raw_env

PLAYERS = (2, 4)


def engine(game: Game, seed: int, rng: random.Random, tensor: bool) -> int:
    state = game.new_game(seed)
    steps = 0
    while not state.is_over:
        if tensor:
            player = state.current_player
            np.asarray(game.encode_view(state.view(player)), np.float32)
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    return steps


def pettingzoo(env: TavolaEnv, seed: int, rng: random.Random) -> int:
    env.reset(seed=seed)
    steps = 0
    for _ in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        if termination or truncation:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1
    return steps


def spiel(spiel_game: Any, seed: int, rng: random.Random, tensor: bool) -> int:
    state = openspiel.new_state(spiel_game, seed)
    steps = 0
    while not state.is_terminal():
        if tensor:
            np.asarray(state.observation_tensor(state.current_player()), np.float32)
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return steps


MODES = ("engine", "engine + tensor", "pettingzoo", "openspiel", "openspiel + tensor")


def modes(game: Game) -> dict[str, Callable[[int, random.Random], int]]:
    """Each mode's whole-game random play on ``game``, by mode name."""
    env = raw_env(game)
    spiel_game = openspiel.load_game(game.name, **game.options)
    return {
        "engine": partial(engine, game, tensor=False),
        "engine + tensor": partial(engine, game, tensor=True),
        "pettingzoo": partial(pettingzoo, env),
        "openspiel": partial(spiel, spiel_game, tensor=False),
        "openspiel + tensor": partial(spiel, spiel_game, tensor=True),
    }


def steps_per_second(play: Callable[[int, random.Random], int], seconds: float) -> float:
    rng = random.Random(0)
    steps, seed = 0, 0
    # CPU time of this process: on a shared machine, wall time would count the others' work.
    start = time.process_time()
    while time.process_time() - start < seconds:
        steps += play(seed, rng)
        seed += 1
    return steps / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(game_classes()))
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    console = Console(width=120)
    console.print(f"Python {platform.python_version()} on {platform.machine()}, one core")
    table = Table(title="Random play: decisions per second")
    for column in ("game", "players", *MODES):
        table.add_column(column, justify="right")
    for name in args.games:
        for players in PLAYERS:
            plays = modes(load(name, players=players))
            row = [steps_per_second(plays[mode], args.seconds) for mode in MODES]
            table.add_row(name, str(players), *(f"{value:,.0f}" for value in row))
    console.print(table)


if __name__ == "__main__":
    main()
