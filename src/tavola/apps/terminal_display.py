"""Showing engine output with rich: events, tables, boards."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import timedelta

from rich.console import Console
from rich.panel import Panel
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table as RichTable
from rich.text import Text

from tavola.core.events import Event, Table

from .terminal_language import _

SEAT_NAME = re.compile(r"\bP(\d)\b")  # how the engine's events name seats


def relabel(text: str, labels: Sequence[str] | None) -> str:
    """An event's text with its seat names (``P0``...) as the board shows them.

    >>> relabel("P0 +4, P1 +2", ["P0 (you)", "P1"])
    'P0 (you) +4, P1 +2'
    """
    if labels is None:
        return text
    return SEAT_NAME.sub(lambda m: _label(labels, int(m.group(1)), m.group(0)), text)


def _label(labels: Sequence[str], seat: int, name: str) -> str:
    return labels[seat] if seat < len(labels) else name


def rich_table(table: Table, labels: Sequence[str] | None = None) -> RichTable:
    out = RichTable(title=Text(relabel(table.title, labels)), title_style="bold")
    for column in table.columns:
        out.add_column(Text(relabel(column, labels)))
    for row in table.rows:
        out.add_row(*(Text(relabel(cell, labels)) for cell in row))
    return out


def show_events(
    console: Console,
    events: Iterable[Event],
    quiet_kinds: set[str],
    labels: Sequence[str] | None = None,
) -> None:
    """Tables for events that have one, a line for the others (except ``quiet_kinds``);
    seats named by ``labels`` (as on the board) if given."""
    for event in events:
        if event.table is not None:
            console.print(rich_table(event.table, labels))
        elif event.kind not in quiet_kinds:
            text = relabel(event.text, labels)
            console.print(Text(f"  {text}", style="bold" if event.kind == "game_over" else ""))


def board(console: Console, text: str, title: str) -> None:
    console.print(Panel(Text(text), title=Text(title), expand=False))


def scores_table(names: list[str], scores: list[int], winners: list[int]) -> RichTable:
    table = RichTable(title=_("Result"), title_style="bold")
    table.add_column(_("seat"))
    table.add_column(_("points"), justify="right")
    table.add_column("")
    for seat, name in enumerate(names):
        table.add_row(Text(name), str(scores[seat]), _("winner") if seat in winners else "")
    return table


class LineProgress(Progress):
    """Progress written as plain lines, for output that is not a terminal (a file, a
    pipe) and so cannot show a bar: a line each time another twentieth of a task is done.
    """

    def advance(self, task_id: TaskID, advance: float = 1) -> None:
        before = self._tasks[task_id].completed
        super().advance(task_id, advance)
        task = self._tasks[task_id]
        total = task.total or 0
        step = max(1.0, total / 20)
        if total and (task.completed // step > before // step or task.completed >= total):
            left = task.time_remaining
            self.console.print(
                _("{task}: {done} of {total}, {time} left").format(
                    task=task.description,
                    done=int(task.completed),
                    total=int(total),
                    time="?" if left is None else timedelta(seconds=round(left)),
                ),
                highlight=False,
            )


def work_progress(console: Console) -> Progress:
    """The progress bar of long runs (tournaments, reviews, reports): done of total, time
    spent and time left; it disappears when the run ends. Where the output is not a
    terminal, a line each twentieth of the work instead."""
    if not console.is_terminal:
        return LineProgress(console=console, transient=True)
    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn(_("left")),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )
