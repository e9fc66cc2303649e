"""Engine figures on one core: random playouts, and the calls bots make most.

Run with ``make bench`` (or ``python benchmarks/engine.py [GAME ...]``). With
``--compare-pure`` each figure is measured twice, side by side in one run: by the compiled
engine and by the interpreted one (``TAVOLA_PURE=1``), each in a process of its own, the
two at the same time; ``--rounds=R`` does that R times and shows the medians (the
speedup's range beside them), which a shared machine's passing load moves less.
``--seconds=S`` times each random-playout figure for S CPU-seconds (3 by default), each
call and the ISMCTS figure for a third of it. ``legal_actions`` and ``view`` are timed on
positions just reached (the first call on each, as a search or a server pays: a game may
keep the answer for its next asker): ``legal_actions`` along random games from mid-game
positions, ``view`` one action after them; ``clone`` and ``determinize`` on mid-game
positions.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.table import Table

import tavola
from tavola import game_classes, load
from tavola.apps.bench import random_playouts
from tavola.compiled import PURE_VARIABLE, form_name
from tavola.core.game import Game, State
from tavola.players.base import Seat
from tavola.players.ismcts import IsmctsBot

SECONDS = 3.0
# CPU time of this process: the machine is shared, and another's work would count as ours.
CLOCK = time.process_time
# Configurations measured besides each game's defaults (one more row set per entry).
EXTRA_OPTIONS: dict[str, list[dict[str, str]]] = {
    "campanile": [{"edition": "1996"}],
    "carcassonne": [{"river": "true"}],
}
CALLS = ("legal_actions", "clone", "view", "determinize")
# Iterations of each ISMCTS decision timed (random rollouts to the end, the bot's default).
ISMCTS_ITERATIONS = 100
# One measurement: (table, row label, column) -> calls or games per second.
Figures = dict[str, float]


def midgame_states(game: Game, count: int) -> list[State]:
    """Positions about a third of the way into random games (of ``count`` games, those not
    over by then: a short game, Dudo's, may end within its first 40 actions)."""
    rng = random.Random(1)
    states = []
    for seed in range(count):
        state = game.new_game(seed)
        for _ in range(40):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_over:
            states.append(state)
    return states


def per_second(call: Callable[[State], object], states: list[State]) -> float:
    calls = 0
    start = CLOCK()
    while CLOCK() - start < SECONDS / 3:
        for state in states:
            call(state)
        calls += len(states)
    return calls / (CLOCK() - start)


def first_legal_actions_per_second(states: list[State]) -> float:
    """Legal actions of positions just reached, per second: each round applies a random
    action to each of a set of games (untimed) and times the new position's
    ``legal_actions``; the games go on from there, and one that ends starts again from a
    clone of its mid-game position. A game may keep the answer for the next asker
    (ClockTowers its play step's per hand, shared with the clones), so the call asked again
    of one state, or of one position reached again, would time a cache; the first call on
    each new position is what a search pays."""
    rng = random.Random(2)
    games = [state.clone() for state in states]
    calls = 0
    spent = 0.0
    while spent < SECONDS / 3:
        for index, state in enumerate(games):
            if state.is_over:
                games[index] = state = states[index].clone()
            state.apply(rng.choice(state.legal_actions()))
        start = CLOCK()
        for state in games:
            state.legal_actions()
        spent += CLOCK() - start
        calls += len(games)
    return calls / spent


def first_views_per_second(states: list[State]) -> float:
    """Views of positions just reached, per second: each round applies an action to a clone
    of each position (untimed) and times the new position's view. A game may keep a
    position's view for its next reader (Carcassonne shares it among the seats and reuses
    what the move left unchanged), so a view asked again of one state would time a cache;
    the first view of each new position is what a server pays."""
    rng = random.Random(2)
    before = [(state, rng.choice(state.legal_actions())) for state in states if not state.is_over]
    for state, _ in before:
        state.view(0)  # the position before was seen, as the server's seats saw it
    views = 0
    spent = 0.0
    while spent < SECONDS / 3:
        reached = []
        for state, action in before:
            after = state.clone()
            after.apply(action)
            reached.append(after)
        start = CLOCK()
        for after in reached:
            after.view(0)
        spent += CLOCK() - start
        views += len(reached)
    return views / spent


def ismcts_per_second(states: list[State]) -> float:
    """ISMCTS iterations per second, deciding for the seat to move in each of ``states``."""
    bot = IsmctsBot(seed=0, iterations=ISMCTS_ITERATIONS)
    seats = [Seat(s, s.current_player) for s in states if s.current_player is not None]
    iterations = 0
    start = CLOCK()
    while CLOCK() - start < SECONDS / 3:
        for seat in seats[:5]:
            bot.choose(seat)
            iterations += bot.last_iterations
    return iterations / (CLOCK() - start)


def measure(names: list[str]) -> Figures:
    """Every figure, keyed ``"playouts|<game> <options>"``, ``"<call>|<game> <options>"``
    and ``"ismcts|<game> <options>"``."""
    figures: Figures = {}
    rng = random.Random(0)
    for name in names:
        for extra in [{}, *EXTRA_OPTIONS.get(name, [])]:
            for players in (2, 4):
                result = random_playouts(load(name, players=players, **extra), SECONDS, clock=CLOCK)
                figures[f"playouts|{name} {result.options}"] = result.games_per_second
            states = midgame_states(load(name, **extra), 50)
            label = " ".join([name, *(f"{key}={value}" for key, value in extra.items())])
            figures[f"legal_actions|{label}"] = first_legal_actions_per_second(states)
            figures[f"clone|{label}"] = per_second(lambda s: s.clone(), states)
            figures[f"view|{label}"] = first_views_per_second(states)
            figures[f"determinize|{label}"] = per_second(lambda s: s.determinize(0, rng), states)
            figures[f"ismcts|{label}"] = ismcts_per_second(states)
    return figures


def machine() -> str:
    load1, load5, _ = os.getloadavg()
    return (
        f"Python {platform.python_version()} on {platform.machine()} "
        f"({platform.processor() or platform.system()}), {os.cpu_count()} cores, "
        f"load {load1:.1f} (5 min: {load5:.1f}), one core, figures per CPU-second"
    )


def main(names: list[str]) -> None:
    console = Console()
    console.print(machine())
    console.print(f"engine {form_name(tavola.COMPILED)}")
    figures = measure(names)
    playouts = Table(title="Random playouts (legal_actions + apply until the end), games/s")
    playouts.add_column("game, options")
    playouts.add_column("games/s", justify="right")
    calls = Table(
        title="Calls (and ISMCTS iterations) per second: legal_actions and view on positions "
        "just reached, the others on mid-game positions"
    )
    for column in ("game", *CALLS, "ismcts"):
        calls.add_column(column, justify="right")
    for key, value in figures.items():
        if key.startswith("playouts|"):
            playouts.add_row(key.split("|")[1], f"{value:,.0f}")
    for label in dict.fromkeys(key.split("|")[1] for key in figures if key.startswith("view|")):
        calls.add_row(label, *(f"{figures[f'{call}|{label}']:,.0f}" for call in (*CALLS, "ismcts")))
    console.print(playouts)
    console.print(calls)


def measuring(pure: bool, names: list[str]) -> subprocess.Popen[str]:
    """A process of its own measuring the figures of one form of the engine."""
    env = {**os.environ, PURE_VARIABLE: "1" if pure else "0"}
    return subprocess.Popen(
        [sys.executable, str(Path(__file__)), "--json", f"--seconds={SECONDS}", *names],
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )


def measured(process: subprocess.Popen[str]) -> tuple[bool, Figures]:
    """Whether the process ran the compiled engine, and its figures."""
    output, _ = process.communicate()
    if process.returncode:
        sys.exit(f"the benchmark failed (exit status {process.returncode})")
    found = json.loads(output)
    figures: Figures = found["figures"]
    return found["compiled"], figures


def compare_pure(names: list[str], rounds: int) -> None:
    """Both forms measured at the same time, one process each: each figure is timed for
    the same CPU time in both, so they run in step and share the machine's load alike.
    With several rounds, each figure is the median of its rounds and the speedup the median
    of the rounds' own ratios (each taken under one load), with their range beside it."""
    console = Console(width=120)  # one line per row, also when written to a file
    console.print(machine())
    runs: list[tuple[Figures, Figures]] = []
    for round_number in range(rounds):
        if rounds > 1:
            console.print(f"round {round_number + 1} of {rounds}…")
        compiled_run, pure_run = measuring(False, names), measuring(True, names)
        was_compiled, compiled = measured(compiled_run)
        _, pure = measured(pure_run)
        if not was_compiled:
            sys.exit("the compiled engine is not built: install tavola with a C compiler")
        runs.append((compiled, pure))
    if rounds > 1:
        console.print(machine())
    title = "Compiled (mypyc) and interpreted engine, side by side, per second"
    table = Table(title=title if rounds == 1 else f"{title}: medians of {rounds} rounds")
    columns = ["figure", "game, options", "compiled", "interpreted", "speedup"]
    for column in columns + (["range"] if rounds > 1 else []):
        table.add_column(column, justify="right" if column != "game, options" else "left")
    for key in runs[0][0]:
        figure, label = key.split("|")
        figure = "games" if figure == "playouts" else figure
        fast = statistics.median(compiled[key] for compiled, _ in runs)
        slow = statistics.median(pure[key] for _, pure in runs)
        ratios = [compiled[key] / pure[key] for compiled, pure in runs]
        row = [figure, label, f"{fast:,.0f}", f"{slow:,.0f}", f"{statistics.median(ratios):.2f}x"]
        if rounds > 1:
            row.append(f"{min(ratios):.2f} to {max(ratios):.2f}")
        table.add_row(*row)
    console.print(table)


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Engine figures on one core, per CPU-second: random playouts, the calls "
        "bots make most (legal_actions and view on positions just reached, the first call on "
        "each; clone and determinize on mid-game positions) and ISMCTS iterations."
    )
    parser.add_argument("games", nargs="*", help="games to measure (default: every installed)")
    parser.add_argument(
        "--seconds",
        type=float,
        default=SECONDS,
        help="CPU-seconds for each playout figure; a third of it for each call (default 3)",
    )
    parser.add_argument(
        "--compare-pure",
        action="store_true",
        help="measure the compiled and the interpreted engine side by side, a process each",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=1,
        help="with --compare-pure: measure both forms this many times and show the medians, "
        "the speedup's range beside them (default 1)",
    )
    parser.add_argument("--json", action="store_true", help="the figures as JSON (one form)")
    return parser.parse_args()


if __name__ == "__main__":
    options = arguments()
    SECONDS = options.seconds
    games = options.games or list(game_classes())
    if options.json:
        json.dump({"compiled": tavola.COMPILED, "figures": measure(games)}, sys.stdout)
    elif options.compare_pure:
        if options.rounds < 1:
            sys.exit("--rounds: at least 1")
        compare_pure(games, options.rounds)
    else:
        main(games)
