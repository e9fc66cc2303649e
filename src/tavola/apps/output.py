"""Showing engine output with rich: events, tables, boards."""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Console
from rich.panel import Panel
from rich.table import Table as RichTable
from rich.text import Text

from tavola.core.events import Event, Table


def rich_table(table: Table) -> RichTable:
    out = RichTable(title=table.title, title_style="bold")
    for column in table.columns:
        out.add_column(column)
    for row in table.rows:
        out.add_row(*row)
    return out


def show_events(console: Console, events: Iterable[Event], quiet_kinds: set[str]) -> None:
    """Tables for events that have one, a line for the others (except ``quiet_kinds``)."""
    for event in events:
        if event.table is not None:
            console.print(rich_table(event.table))
        elif event.kind not in quiet_kinds:
            console.print(
                Text(f"  {event.text}", style="bold" if event.kind == "game_over" else "")
            )


def board(console: Console, text: str, title: str) -> None:
    console.print(Panel(Text(text), title=title, expand=False))


def scores_table(names: list[str], scores: list[int], winners: list[int]) -> RichTable:
    table = RichTable(title="Result", title_style="bold")
    table.add_column("seat")
    table.add_column("points", justify="right")
    table.add_column("")
    for seat, name in enumerate(names):
        table.add_row(name, str(scores[seat]), "winner" if seat in winners else "")
    return table
