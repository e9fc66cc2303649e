"""``tavola review``: how good was each move of a recorded game, judged from each seat's view.

The estimation is ``judging`` (one decision) and ``decisions`` (a whole record, in
processes or on Ray); this module reads the command line, shows progress, and writes the
table, the JSON and the HTML page (``page``).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from tavola.apps.commands.arguments import BackendOpt, ForceOpt, JobsOpt, check_backend, check_out
from tavola.apps.input_errors import fail, read_record, replay_record
from tavola.apps.records import write_file
from tavola.apps.review.chart import said
from tavola.apps.review.decisions import ReviewOutcome, plan, review_json, run
from tavola.apps.review.judging import with_overrides
from tavola.apps.review.luck import plan_chances
from tavola.apps.review.page import page
from tavola.apps.signals import stopping_signals
from tavola.apps.terminal_display import work_progress
from tavola.apps.terminal_language import _, ngettext
from tavola.core.checks import shown
from tavola.core.game import State
from tavola.core.i18n import N_
from tavola.core.review_budget import Budget
from tavola.core.svg import at_table
from tavola.players import BotSpecError

console = Console(highlight=False, markup=False)
errors = Console(stderr=True, highlight=False, markup=False)
VERDICT_STYLES = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}


def review_command(
    record_file: Annotated[
        Path, typer.Argument(help="A record saved by 'tavola play' or downloaded from a match.")
    ],
    bot: Annotated[
        str | None,
        typer.Option(
            "--bot",
            "-b",
            help="The bot spec that plays every seat in the simulations after each move "
            "(default: the game's, see docs/review.md).",
        ),
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option("--seats", "-s", help="The seats to review, e.g. 0,2 (default: all)."),
    ] = None,
    samples: Annotated[
        int | None,
        typer.Option(min=2, help="Deals each move is tried on (default: the game's)."),
    ] = None,
    depth: Annotated[
        int | None,
        typer.Option(
            min=0,
            help="Actions simulated after a move before the game's evaluation judges "
            "(0: to the end; default: the game's).",
        ),
    ] = None,
    width: Annotated[
        int | None,
        typer.Option(
            min=1, help="Moves examined per decision besides the one played (default: the game's)."
        ),
    ] = None,
    jobs: JobsOpt = None,
    backend: BackendOpt = "local",
    seed: Annotated[int, typer.Option(min=0, help="Seed of the review.")] = 0,
    out: Annotated[
        Path | None, typer.Option(help="Save the review as a self-contained HTML page.")
    ] = None,
    force: ForceOpt = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the review as JSON instead of tables.")
    ] = False,
    every: Annotated[
        bool, typer.Option("--all", help="List every decision, not only the flagged ones.")
    ] = False,
    luck: Annotated[
        bool,
        typer.Option(
            "--luck/--no-luck", help="Estimate the luck of the draws (--no-luck: moves only)."
        ),
    ] = True,
) -> None:
    """Review a recorded game: each move's win chance and loss, from its seat's view."""
    record = read_record(record_file)
    final = replay_record(record)
    game = final.game
    chosen = parse_seats(seats, game.num_players)
    try:
        budget = with_overrides(
            game.review_budget, bot=bot, samples=samples, depth=depth, width=width
        )
    except (BotSpecError, ValueError) as error:
        fail(str(error))
    check_backend(backend)
    check_out(out, force)
    workers = jobs or os.cpu_count() or 1
    tasks = plan(record, final, chosen, budget, seed)
    chances = plan_chances(record, final, chosen, budget, seed) if luck else []
    with (
        stopping_signals() as caught,
        work_progress(errors) as progress,
    ):
        bar = progress.add_task(
            ngettext(
                "reviewing, {workers} {backend} worker",
                "reviewing, {workers} {backend} workers",
                workers,
            ).format(workers=workers, backend=backend),
            total=len(tasks) + len(chances),
        )
        outcome = run(
            tasks,
            workers,
            backend,
            lambda _: progress.advance(bar),
            chances,
            lambda _: progress.advance(bar),
        )
    data = review_json(outcome, final, chosen, budget, seed, record.get("names"))
    if outcome.interrupted:
        errors.print(
            _("Interrupted: {count} decisions reviewed; here they are.").format(
                count=outcome_count(outcome)
            )
        )
    if as_json:
        json.dump(data, sys.stdout)
        sys.stdout.write("\n")
    else:
        show(data, budget, every)
    if out is not None:
        path = write_file(out, page(data, boards(final, data, record.get("names"))))
        (errors if as_json else console).print(_("Review saved to {path}").format(path=path))
    if outcome.interrupted:
        raise typer.Exit(caught.exit_code)


def describe(budget: Budget) -> str:
    """The budget in words, in the language of the moment; the bot's spec as written."""
    if budget.depth:
        text = _(
            "{bot} rollouts of {depth} actions (scale {scale}), {samples} samples, width {width}"
        )
    else:
        text = _("{bot} rollouts to the end, {samples} samples, width {width}")
    return text.format(
        bot=budget.bot,
        depth=budget.depth,
        scale=f"{budget.scale:g}",
        samples=budget.samples,
        width=budget.width,
    )


def outcome_count(outcome: ReviewOutcome) -> str:
    return _("{done} of {planned}").format(done=len(outcome.results), planned=len(outcome.tasks))


def parse_seats(text: str | None, players: int) -> list[int]:
    """``0,2`` -> [0, 2]; every seat when ``None``; a bad list ends the command clearly."""
    if text is None:
        return list(range(players))
    seats: list[int] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece.isdigit():
            fail(f"--seats {shown(text)}: give seat numbers separated by commas, e.g. 0,2")
        seat = int(piece)
        if seat >= players:
            fail(
                f"--seats: {seat} is no seat of this {players}-player game "
                f"(seats are 0 to {players - 1})"
            )
        if seat not in seats:
            seats.append(seat)
    return sorted(seats)


def boards(
    final: State, data: dict[str, Any], names: Sequence[str] | None = None
) -> dict[int, str]:
    """The picture each flagged move's seat saw before it, by step, with the seats' ``names``
    (the record's) where it has them."""
    flagged = {d["step"]: d["seat"] for d in data["decisions"] if d["verdict"]}
    pictures: dict[int, str] = {}
    state = final.game.new_game(final.seed)
    for step, action in enumerate(final.history):
        if step in flagged:
            view = state.view(flagged[step])
            shown = view if names is None else at_table(view, names)
            pictures[step] = final.game.svg(shown, [])
        state.apply(action)
    return pictures


SUMMARY_COLUMNS = (
    N_("seat"),
    N_("decisions"),
    N_("inaccuracies"),
    N_("mistakes"),
    N_("blunders"),
    N_("mean loss"),
)
SWINGS = 3  # the biggest swings of each kind told in words
VERDICTS = {"inaccuracy": N_("inaccuracy"), "mistake": N_("mistake"), "blunder": N_("blunder")}


def show(data: dict[str, Any], budget: Budget, every: bool) -> None:
    names = data["names"]
    reviewed = data["decisions_reviewed"]
    summary = Table(
        title=ngettext(
            "{title}: review of {count} decision", "{title}: review of {count} decisions", reviewed
        ).format(title=data["title"], count=reviewed),
        caption=_("{budget}; seed {seed}").format(budget=describe(budget), seed=data["seed"]),
    )
    headers = [_(column) for column in SUMMARY_COLUMNS]
    # Cells are short; a terminal too narrow for the headers gets them a word per line
    # (German's are long) rather than words cut short.
    if sum(len(header) + 3 for header in headers) + 1 > console.width:
        headers = [header.replace(" ", "\n") for header in headers]
    for index, header in enumerate(headers):
        summary.add_column(header, justify="left" if index == 0 else "right")
    for s in data["summary"]:
        summary.add_row(
            names[s["seat"]],
            str(s["decisions"]),
            str(s["inaccuracy"]),
            str(s["mistake"]),
            str(s["blunder"]),
            f"{100 * s['mean_loss']:.1f}%",
        )
    console.print(summary)
    show_luck(data)
    rows = [d for d in data["decisions"] if every or d["verdict"]]
    if not rows:
        console.print(_("No move was flagged: none lost enough beyond the estimates' noise."))
        return
    table = Table(
        title=_("Every decision") if every else _("Flagged moves"),
        caption=_(
            "win: the chance to win after the move, from the seat's view; loss: the "
            "win chance given up against the best move found, ± one standard error; pts: "
            "points of margin given up"
        ),
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        collapse_padding=True,
    )
    # On a narrow terminal the moves wrap; numbers, seats and flags are never cut.
    table.add_column("#", justify="right", no_wrap=True, min_width=len(str(rows[-1]["step"] + 1)))
    seat = _("seat")
    table.add_column(seat, overflow="ellipsis", min_width=min(12, max(4, len(seat))), max_width=12)
    table.add_column(_("played"))
    table.add_column(_("win"), justify="right", no_wrap=True)
    table.add_column(_("best found"))
    table.add_column(_("loss"), justify="right", no_wrap=True)
    table.add_column(_("pts"), justify="right", no_wrap=True)
    longest = max(len(_(verdict)) for verdict in VERDICTS.values())
    table.add_column(_("flag"), no_wrap=True, min_width=longest)
    for d in rows:
        table.add_row(
            str(d["step"] + 1),
            names[d["seat"]],
            said(d, "played"),
            f"{100 * d['win']:.0f}%±{100 * d['win_se']:.0f}",
            said(d, "best"),
            f"{100 * d['loss']:.0f}%±{100 * d['loss_se']:.0f}",
            f"{d['margin_loss']:+.1f}",
            Text(
                _(VERDICTS[d["verdict"]]) if d["verdict"] else "",
                style=VERDICT_STYLES.get(d["verdict"] or "", ""),
            ),
        )
    console.print(table)


def points(value: float, se: float) -> str:
    """A change of win chance in points with its standard error: ``+12±5``."""
    return f"{100 * value:+.0f}±{100 * se:.0f}"


def show_luck(data: dict[str, Any]) -> None:
    """Each seat's luck and skill, then the biggest swings of each kind in words."""
    table = Table(box=box.SIMPLE_HEAD)
    table.add_column(_("seat"))
    table.add_column(_("luck"), justify="right", no_wrap=True)
    table.add_column(_("skill"), justify="right", no_wrap=True)
    for s in data["summary"]:
        table.add_row(
            data["names"][s["seat"]],
            points(s["luck"], s["luck_se"]),
            points(s["skill"], s["skill_se"]),
        )
    console.print(table)
    console.print(
        _(
            "luck: what the draws did to the seat's win chance; skill: what its moves gave "
            "up (points of win chance, ± one standard error)"
        )
    )
    show_swings(data)


def show_swings(data: dict[str, Any]) -> None:
    """The biggest swings of each kind in words: the draws', then the moves'."""
    names = data["names"]
    draws = [
        (swing, event["step"], seat, event["what"])
        for event in data["chance_events"]
        for seat, swing in enumerate(event["swing"])
        if swing is not None
    ]
    draws.sort(key=lambda draw: -abs(draw[0]))
    if draws:
        console.print(_("Biggest swings of the draws:"))
        for swing, step, seat, what in draws[:SWINGS]:
            console.print(f"  {step + 1:>3} {names[seat]}: {what}: {100 * swing:+.0f}%")
    moves = sorted(data["decisions"], key=lambda d: -d["loss"])
    moves = [d for d in moves[:SWINGS] if d["loss"] > 0]
    if moves:
        console.print(_("Costliest moves:"))
        for d in moves:
            played = _("{played}; better: {best}").format(
                played=said(d, "played"), best=said(d, "best")
            )
            console.print(
                f"  {d['step'] + 1:>3} {names[d['seat']]}: {played}: {-100 * d['loss']:+.0f}%"
            )
