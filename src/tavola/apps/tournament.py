"""``tavola tournament``: bots against each other, with a progress bar, a table and JSON."""

from __future__ import annotations

import json
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from tavola.apps.records import RecordFileError, save_json
from tavola.apps.terminal_display import work_progress
from tavola.apps.terminal_language import ngettext
from tavola.core.game import Game
from tavola.players.tournament import (
    Outcome,
    Standing,
    lineups,
    results_json,
    run,
    schedule,
    seat_win_rates,
    standings,
)


def run_tournament(
    console: Console,
    game: Game,
    specs: Sequence[str],
    games: int,
    seed: int,
    workers: int,
    backend: str = "local",
    out: Path | None = None,
) -> Outcome:
    """Run, showing progress and an estimate of the time left; print the table; save."""
    tasks = schedule(game.name, game.changed_options(), specs, games, seed)
    cycle = len(lineups(len(specs), game.num_players))
    if games % cycle:
        console.print(
            f"note: one cycle of seatings is {cycle} games; with {games} games the seat "
            "advantage does not cancel exactly"
        )
    start = time.perf_counter()
    with work_progress(console) as progress:
        label = ngettext(
            "{game}, {workers} {backend} worker", "{game}, {workers} {backend} workers", workers
        ).format(game=game.name, workers=workers, backend=backend)
        bar = progress.add_task(label, total=len(tasks))
        outcome = run(tasks, workers, backend, on_result=lambda result: progress.advance(bar))
    elapsed = time.perf_counter() - start
    if outcome.interrupted:
        console.print(
            f"Interrupted: {len(outcome.results)} of {len(tasks)} games finished and are kept."
        )
    console.print(standings_table(game, specs, outcome, seed))
    rates = seat_win_rates(game.num_players, outcome.results)
    console.print(
        "Wins by seat: "
        + ", ".join(f"P{seat} {100 * rate:.1f}%" for seat, rate in enumerate(rates))
        + f"; {elapsed:.1f} s in all."
    )
    if out is not None:
        extra: dict[str, Any] = {"workers": workers, "backend": backend, "seconds": elapsed}
        data = results_json(outcome, specs, seed, extra)
        fallback = Path(tempfile.gettempdir()) / out.name
        try:
            path, problem = save_json(data, out, [fallback])
        except RecordFileError as error:
            console.print(f"{error}; here are the results:")
            console.print(Text(json.dumps(data)), soft_wrap=True)
            return outcome
        if problem:
            console.print(Text(problem, style="yellow"))
        console.print(f"Results and records saved to {path}")
    return outcome


def standings_table(game: Game, specs: Sequence[str], outcome: Outcome, seed: int) -> Table:
    table = Table(
        title=f"{game.title} ({describe(game)}): {len(outcome.results)} games, seed {seed}",
        caption="wins: a victory shared by k counts 1/k; 95% Wilson interval; "
        "rating: openskill Plackett-Luce, mu - 3 sigma",
    )
    table.add_column("bot", overflow="fold")  # long specs fold; the figures never do
    for column in ("games", "wins", "win %", "95% CI", "mean score", "rating", "s/move"):
        table.add_column(column, justify="right", no_wrap=True)
    rows: list[Standing] = standings(specs, outcome.results)
    duplicated = len(set(specs)) < len(specs)
    for index, standing in enumerate(rows):
        low, high = standing.ci
        name = f"#{index + 1} {standing.spec}" if duplicated else standing.spec
        table.add_row(
            name,
            str(standing.games),
            f"{standing.wins:g}",
            f"{100 * standing.win_rate:.1f}",
            f"{100 * low:.1f}-{100 * high:.1f}",
            f"{standing.mean_score:.2f}",
            f"{standing.rating:.1f}",
            f"{standing.seconds_per_decision:.4f}",
        )
    return table


def describe(game: Game) -> str:
    return ", ".join(f"{name}={value}" for name, value in game.changed_options().items())
