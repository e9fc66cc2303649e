"""``tavola report``: play a game's option sets through the tournament runner, write the page.

Everything is checked before the first game (options, bots, numbers of games, files,
matplotlib). A run stopped with Ctrl-C (or ``kill``) keeps its finished games in a
checkpoint next to the page and writes the page from them; the same command run again
plays only the rest.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from tavola.apps.commands.arguments import BackendOpt, JobsOpt, check_backend
from tavola.apps.input_errors import fail
from tavola.apps.records import check_writable, write_file
from tavola.apps.report.analysis import analyse
from tavola.apps.report.export import CSV_HEAD, REPORT_FORMAT, report_csv, report_json
from tavola.apps.report.findings import findings
from tavola.apps.report.page import GENERATOR, PageInfo, render
from tavola.apps.report.plan import EQUAL, MIN_GAMES, Plan, ReportError, make_plan
from tavola.apps.report.played_games import Checkpoint, Played, play, read_rows
from tavola.apps.report.rows import task_key
from tavola.apps.signals import stopping_signals
from tavola.apps.terminal_display import work_progress
from tavola.core.checks import plural, shown
from tavola.core.errors import TavolaError
from tavola.players.specs import split_specs

console = Console(highlight=False)
errors = Console(stderr=True, highlight=False)


@dataclass(frozen=True)
class Paths:
    """The files of a report: the page, its raw results and the checkpoint."""

    page: Path

    @property
    def json(self) -> Path:
        return self.page.with_suffix(".json")

    @property
    def csv(self) -> Path:
        return self.page.with_suffix(".csv")

    @property
    def checkpoint(self) -> Path:
        return self.page.with_name(f"{self.page.stem}.partial.jsonl")


def is_report_file(path: Path) -> bool:
    """Whether ``path`` is a file an earlier ``tavola report`` wrote (safe to replace)."""
    try:
        with path.open(encoding="utf-8") as file:
            start = file.read(4096)
    except (OSError, UnicodeDecodeError):
        return False
    return (
        f'content="{GENERATOR}"' in start
        or re.search(rf'"format":\s*"{re.escape(REPORT_FORMAT)}"', start) is not None
        or start.startswith(",".join(CSV_HEAD))
    )


def check_files(paths: Paths, force: bool) -> None:
    if paths.page.suffix.lower() not in (".html", ".htm"):
        fail(
            f"--out {shown(str(paths.page))}: give a .html file name (the JSON and CSV go "
            "next to it)"
        )
    for path in (paths.page, paths.json, paths.csv):
        if path.is_file() and not force and not is_report_file(path):
            fail(
                f"{path} already exists and is not a report's; choose another --out, or "
                "give --force to replace it"
            )
        try:
            check_writable(path, force=True)
        except TavolaError as error:
            fail(str(error))


def check_matplotlib() -> None:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        fail("the report's plots need matplotlib: pip install 'tavola[report]'")


def play_with_progress(plan: Plan, workers: int, backend: str, paths: Paths, fresh: bool) -> Played:
    if fresh:
        Checkpoint(paths.checkpoint).remove()
    earlier = {} if fresh else read_rows([paths.checkpoint, paths.json])
    total = len(plan.tasks())
    with work_progress(console) as progress:
        sets = plural(len(plan.sets), "option set")
        bar = progress.add_task(f"{plan.game}, {sets}, {workers} {backend} workers", total=total)
        known = sum(1 for item in plan.tasks() if task_key(item.task) in earlier)
        progress.advance(bar, known)
        return play(
            plan,
            workers,
            backend,
            Checkpoint(paths.checkpoint),
            earlier,
            on_row=lambda row: progress.advance(bar),
        )


def write_report(
    played: Played,
    paths: Paths,
    command: str,
    seconds: float,
    close: int | None = None,
    plots_dir: Path | None = None,
) -> list[str]:
    """Analyse, plot and write the page, the JSON and the CSV (and each plot as an SVG file
    in ``plots_dir``, if given); return the key findings."""
    from tavola.apps.report.plots import figures, standalone  # matplotlib loads only here

    analysis = analyse(played, close)
    plan = played.plan
    info = PageInfo(
        command=command,
        seed=plan.seed,
        games=plan.games,
        skill_games=plan.skill_games,
        seconds=seconds,
        played=len(played.rows),
        planned=played.planned,
        reused=played.reused,
        interrupted=played.interrupted,
        raw_files=(paths.json.name, paths.csv.name),
        created=datetime.now().strftime("%Y-%m-%d %H:%M"),
    )
    plots = figures(analysis)
    write_file(paths.page, render(analysis, plots, info))
    if plots_dir is not None:
        for name, svg in plots.items():
            write_file(plots_dir / f"{paths.page.stem}-{name}.svg", standalone(svg))
    settings = {"command": command, "seconds": seconds}
    data = report_json(played, analysis, settings)
    write_file(paths.json, json.dumps(data, indent=None, separators=(",", ":")) + "\n")
    write_file(paths.csv, report_csv(played))
    found = findings(analysis)
    return found[analysis.sets[0].option_set.label] + found["comparisons"]


def command_line(
    game: str,
    options: Sequence[str],
    compare: Sequence[str],
    bots: str,
    games: int,
    skill_games: int | None,
    seed: int,
    close: int | None,
    out: Path,
) -> str:
    words = ["tavola", "report", game, *options]
    for text in compare:
        words += ["--compare", text]
    words += ["--bots", bots, "--games", str(games)]
    if skill_games is not None:
        words += ["--skill-games", str(skill_games)]
    if seed:
        words += ["--seed", str(seed)]
    if close is not None:
        words += ["--close", str(close)]
    return shlex.join([*words, "--out", str(out)])


def report_command(
    game_name: Annotated[str, typer.Argument(help="Game name (see 'tavola games').")],
    options: Annotated[
        list[str] | None,
        typer.Argument(
            help="Base options as name=value, shared by every option set.", show_default=False
        ),
    ] = None,
    compare: Annotated[
        list[str] | None,
        typer.Option(
            "--compare",
            "-c",
            help="An option set to compare with the base, as name=value (several options: "
            "quoted, separated by spaces). Repeat for more sets: --compare edition=1996.",
            show_default=False,
        ),
    ] = None,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            "-b",
            help="Bot specs, strongest first, comma-separated: the first plays every seat of "
            "the equal-bot games, and one seat against each other bot in the skill games.",
        ),
    ] = "heuristic,random",
    games: Annotated[
        int,
        typer.Option(
            "--games", "-n", help=f"Equal-bot games per option set (at least {MIN_GAMES})."
        ),
    ] = 200,
    skill_games: Annotated[
        int | None,
        typer.Option(
            help="Games per option set against each weaker bot (default: as --games; 0: none)."
        ),
    ] = None,
    jobs: JobsOpt = None,
    backend: BackendOpt = "local",
    seed: Annotated[int, typer.Option(help="Seed of the whole run.")] = 0,
    close: Annotated[
        int | None,
        typer.Option(
            min=0,
            help="A winning margin in points that counts as 'a few points' (default: a "
            "tenth of the median winning score).",
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            help="The page to write (default: GAME-report.html); JSON and CSV go next to it."
        ),
    ] = None,
    plots: Annotated[
        Path | None,
        typer.Option(
            "--plots",
            help="Also write each plot as an SVG file in this folder (for documents), "
            "named after the page: GAME-report-seats.svg.",
        ),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Replace files of those names that are no reports.")
    ] = False,
    fresh: Annotated[
        bool, typer.Option("--fresh", help="Play every game again; reuse no earlier results.")
    ] = False,
) -> None:
    """A balance report: seat advantage, scores, sources of points, skill, branching."""
    compare = compare or []
    specs = split_specs(bots)
    skill = (games if len(specs) > 1 else 0) if skill_games is None else skill_games
    try:
        plan = make_plan(game_name, options or [], compare, specs, games, skill, seed)
    except ReportError as error:
        fail(str(error))
    check_backend(backend)
    paths = Paths(out or Path(f"{plan.game}-report.html"))
    check_files(paths, force)
    if plots is not None and plots.exists() and not plots.is_dir():
        fail(f"--plots {shown(str(plots))}: give a folder")
    check_matplotlib()
    workers = jobs or os.cpu_count() or 1
    start = time.perf_counter()
    with stopping_signals() as caught:
        played = play_with_progress(plan, workers, backend, paths, fresh)
    seconds = time.perf_counter() - start
    if played.interrupted:
        console.print(
            f"Interrupted: {len(played.rows)} of {played.planned} games finished; they are "
            f"kept in {paths.checkpoint} and reused when the same command runs again."
        )
    if not played.of(0, EQUAL):
        console.print("No equal-bot game of the first option set finished: no report written.")
        raise typer.Exit(caught.exit_code if played.interrupted else 1)
    line = command_line(
        plan.game, options or [], compare, bots, games, skill_games, seed, close, paths.page
    )
    found = write_report(played, paths, line, seconds, close, plots)
    if played.complete:
        Checkpoint(paths.checkpoint).remove()
    if played.reused:
        console.print(f"Reused {plural(played.reused, 'game')} from an earlier run.")
    for text in found:
        console.print(Text(f"- {text}"))
    console.print(f"Report: {paths.page} (raw results: {paths.json.name}, {paths.csv.name})")
    if played.interrupted:
        raise typer.Exit(caught.exit_code)
