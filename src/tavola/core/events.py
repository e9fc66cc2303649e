"""What an action caused, for logs and user interfaces (which never recompute rules).

An event's text and table are kept as translatable :class:`~tavola.core.i18n.Message`
objects (or a function making them, where that costs something) and become text only
when read, in the language of the moment: a search that plays thousands of games never
formats a sentence, and each player reads their own language.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tavola.core.i18n import Text


class Table:
    """A small table of text, e.g. a scoring's per-tower breakdown.

    ``title``, ``columns`` and ``rows`` read as plain text in the current language.
    """

    __slots__ = ("_columns", "_rows", "_title")

    def __init__(
        self, title: Text, columns: Sequence[Text], rows: Sequence[Sequence[Text]]
    ) -> None:
        self._title = title
        self._columns = tuple(columns)
        self._rows = tuple(tuple(row) for row in rows)

    @property
    def title(self) -> str:
        return str(self._title)

    @property
    def columns(self) -> tuple[str, ...]:
        return tuple(map(str, self._columns))

    @property
    def rows(self) -> tuple[tuple[str, ...], ...]:
        return tuple(tuple(map(str, row)) for row in self._rows)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Table):
            return NotImplemented
        mine = (self._title, self._columns, self._rows)
        return mine == (other._title, other._columns, other._rows)

    def __hash__(self) -> int:
        return hash(self._columns)

    def __repr__(self) -> str:
        return f"Table({self._title!r}, {self._columns!r}, {len(self._rows)} rows)"


class Event:
    """One thing an action caused: a card revealed, a scoring, the end of the game.

    ``kind`` is a short machine name, ``text`` one human sentence, ``data`` the details
    as JSON-like values and ``table`` an optional breakdown. ``message`` and ``table``
    may be given as functions of no argument, called the first time they are read.
    Events carry only public information: every seat may see every event.

    >>> Event("reveal", "Gotico is turned up", {"card": "gotico"}).text
    'Gotico is turned up'
    """

    __slots__ = ("_message", "_table", "data", "kind")

    def __init__(
        self,
        kind: str,
        message: Text | Callable[[], Text],
        data: dict[str, Any] | None = None,
        table: Table | Callable[[], Table] | None = None,
    ) -> None:
        self.kind = kind
        self._message = message
        self.data: dict[str, Any] = {} if data is None else data
        self._table = table

    @property
    def message(self) -> Text:
        """The sentence, still translatable."""
        if callable(self._message):
            self._message = self._message()
        return self._message

    @property
    def text(self) -> str:
        """The sentence in the current language."""
        return str(self.message)

    @property
    def table(self) -> Table | None:
        if callable(self._table):
            self._table = self._table()
        return self._table

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        mine = (self.kind, self.message, self.data, self.table)
        return mine == (other.kind, other.message, other.data, other.table)

    def __hash__(self) -> int:
        return hash(self.kind)

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.message!r}, {self.data!r})"
