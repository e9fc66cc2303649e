"""What an action caused, for logs and user interfaces (which never recompute rules)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Table:
    """A small table of text, e.g. a scoring's per-tower breakdown."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class Event:
    """One thing an action caused: a card revealed, a scoring, the end of the game.

    ``kind`` is a short machine name, ``text`` one human sentence, ``data`` the details
    as JSON-like values and ``table`` an optional breakdown. Events carry only public
    information: every seat may see every event.
    """

    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)
    table: Table | None = None
