"""Random games through each research adapter, next to the raw engine, in one process.

Run with ``python benchmarks/adapters.py [GAME ...] [--players N ...] [--seconds S]``
(the ``rl`` and ``openspiel`` extras installed). Every column plays the same random games
(game ``k`` is dealt from seed ``k`` and played with ``random.Random(k)``), and counts whole
games per second of this process's CPU time. The columns take turns in short rounds, so
that a neighbour's load on a shared machine falls on all of them alike:

- ``native``: ``legal_actions`` and ``apply`` on a tavola state;
- ``native + encode_view``: the same, plus the acting seat's pure-Python
  ``encode_view(state.view(seat))`` each decision (a list of floats);
- ``native + tensor``: the same, plus the acting seat's observation as a NumPy array
  (``tavola.interop.observations``), what a learner needs: the fair baseline for the adapters;
- ``pettingzoo``: ``last()`` (observation, action mask and the legal ids in ``info``) then
  ``step`` on the AEC environment (``raw_env``);
- ``pettingzoo env()``: the same through ``env()``, the order-enforcing wrapper;
- ``pyspiel``: ``legal_actions`` and ``apply_action`` on the OpenSpiel state;
- ``pyspiel + tensor``: the same, plus ``observation_tensor`` of the acting player (a list
  of floats, as ``rl_environment`` reads it);
- ``pyspiel + observer``: the same, but the observation through OpenSpiel's Python
  observer (``make_observation(game).set_from(state, player)``: a NumPy array, no copy).
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from open_spiel.python.observation import make_observation
from rich.console import Console
from rich.table import Table

from tavola import game_classes, load
from tavola.core.game import Game
from tavola.interop import openspiel
from tavola.interop.observations import Observations
from tavola.interop.pettingzoo import TavolaEnv, env, raw_env

PLAYERS = (2, 4)
ROUND_SECONDS = 0.25


def native(game: Game, seed: int) -> None:
    rng = random.Random(seed)
    state = game.new_game(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))


def native_encode_view(game: Game, seed: int) -> None:
    rng = random.Random(seed)
    state = game.new_game(seed)
    encode, view = game.encode_view, state.view
    while not state.is_over:
        encode(view(state.current_player))
        state.apply(rng.choice(state.legal_actions()))


def native_tensor(observations: Observations, seed: int) -> None:
    rng = random.Random(seed)
    state = observations.game.new_game(seed)
    observe = observations.of_state
    while not state.is_over:
        observe(state, state.current_player)
        state.apply(rng.choice(state.legal_actions()))


def pettingzoo(environment: TavolaEnv | Any, seed: int) -> None:
    """A random game on the environment, bare (``raw_env``) or wrapped (``env()``)."""
    rng = random.Random(seed)
    environment.reset(seed=seed)
    for _ in environment.agent_iter():
        _, _, termination, truncation, info = environment.last()
        if termination or truncation:
            environment.step(None)
            continue
        environment.step(rng.choice(info["legal_actions"]))


def pyspiel(spiel_game: Any, seed: int, tensor: bool) -> None:
    rng = random.Random(seed)
    state = openspiel.new_state(spiel_game, seed)
    while not state.is_terminal():
        if tensor:
            state.observation_tensor(state.current_player())
        state.apply_action(rng.choice(state.legal_actions()))


def pyspiel_observer(spiel_game: Any, observer: Any, seed: int) -> None:
    rng = random.Random(seed)
    state = openspiel.new_state(spiel_game, seed)
    while not state.is_terminal():
        observer.set_from(state, state.current_player())
        state.apply_action(rng.choice(state.legal_actions()))


MODES = (
    "native",
    "native + encode_view",
    "native + tensor",
    "pettingzoo",
    "pettingzoo env()",
    "pyspiel",
    "pyspiel + tensor",
    "pyspiel + observer",
)


def modes(game: Game) -> dict[str, Callable[[int], None]]:
    """Each column's whole random game on ``game`` (dealt from a seed), by column name."""
    spiel_game = openspiel.load_game(game.name, **game.options)
    return {
        "native": partial(native, game),
        "native + encode_view": partial(native_encode_view, game),
        "native + tensor": partial(native_tensor, Observations(game)),
        "pettingzoo": partial(pettingzoo, raw_env(game)),
        "pettingzoo env()": partial(pettingzoo, env(game)),
        "pyspiel": partial(pyspiel, spiel_game, tensor=False),
        "pyspiel + tensor": partial(pyspiel, spiel_game, tensor=True),
        "pyspiel + observer": partial(pyspiel_observer, spiel_game, make_observation(spiel_game)),
    }


def games_per_second(plays: dict[str, Callable[[int], None]], seconds: float) -> dict[str, float]:
    """Games per CPU second of each play, in interleaved rounds of about ``ROUND_SECONDS``."""
    games = dict.fromkeys(plays, 0)
    spent = dict.fromkeys(plays, 0.0)
    while min(spent.values()) < seconds:
        for name, play in plays.items():
            # CPU time of this process: on a shared machine, wall time counts the others' work.
            start = time.process_time()
            while time.process_time() - start < ROUND_SECONDS:
                play(games[name])  # the same seeds, so the same games, in every column
                games[name] += 1
            spent[name] += time.process_time() - start
    return {name: games[name] / spent[name] for name in plays}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(game_classes()))
    parser.add_argument("--players", type=int, nargs="+", default=list(PLAYERS))
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per cell")
    args = parser.parse_args()
    console = Console(width=140)
    console.print(f"Python {platform.python_version()} on {platform.machine()}, one process")
    table = Table(title="Random games per CPU second (higher is better)")
    for column in ("game", "players", *MODES, "pettingzoo / native + tensor"):
        table.add_column(column, justify="right")
    for name in args.games:
        for players in args.players:
            rates = games_per_second(modes(load(name, players=players)), args.seconds)
            ratio = rates["pettingzoo"] / rates["native + tensor"]
            cells = [
                f"{rates[mode]:,.1f}" if rates[mode] < 100 else f"{rates[mode]:,.0f}"
                for mode in MODES
            ]
            table.add_row(name, str(players), *cells, f"{ratio:.0%}")
    console.print(table)


if __name__ == "__main__":
    main()
