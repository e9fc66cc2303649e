"""The log's appends gathered: concurrent appends go to the database in one transaction,
and each gets its own answer (its time, ``None`` for a taken seq, or its own error)."""

from __future__ import annotations

import asyncio
from datetime import datetime
from pathlib import Path

import pytest
from sqlalchemy import Connection
from sqlalchemy.exc import IntegrityError

from tavola.apps.server import db
from tavola.apps.server.log_writer import LogWriter
from tavola.apps.server.models import MatchRow, now
from tavola.apps.server.store import NewEntry, Store


def test_concurrent_appends_are_written_together_each_with_its_answer(tmp_path: Path) -> None:
    engine = db.make_engine(f"sqlite:///{tmp_path / 'tavola.sqlite3'}")
    db.upgrade(engine)
    store = Store(engine, notify=False)
    for match_id in ("a", "b"):
        row = MatchRow(
            id=match_id, game="campanile", options={}, seed=1, prearranged=False, listed=False
        )
        row.created_at = now()
        store.insert_match(row, [])
    batches: list[int] = []
    append_many = store.append_many

    def counted(
        entries: list[NewEntry], origin: str, held: Connection | None = None
    ) -> list[datetime | Exception | None]:
        batches.append(len(entries))
        return append_many(entries, origin, held)

    store.append_many = counted  # type: ignore[method-assign]
    entries = [NewEntry("a", seq, 0, "move", f"m{seq}") for seq in range(1, 6)]
    entries += [NewEntry("b", 1, 0, "move", "x"), NewEntry("a", 3, 1, "move", "again")]
    entries += [NewEntry("nowhere", 1, 0, "move", "x")]  # no such match: its own error

    async def main() -> list[datetime | BaseException | None]:
        writer = LogWriter(store, "here")
        first = await writer.append(NewEntry("b", 2, 0, "move", "y"))  # alone: no wait
        assert isinstance(first, datetime)
        appends = [writer.append(entry) for entry in entries]
        return await asyncio.gather(*appends, return_exceptions=True)

    answers = asyncio.run(main())
    assert batches[0] == 1
    assert batches[1] == len(entries)  # the concurrent ones together (then alone, see below)
    assert all(isinstance(answer, datetime) for answer in answers[:6])
    assert answers[6] is None  # seq 3 was taken by the entry before it
    assert isinstance(answers[7], IntegrityError)
    assert [row.notation for row in store.entries_after("a", 0)] == [f"m{s}" for s in range(1, 6)]
    assert len(store.entries_after("b", 0)) == 2
    with pytest.raises(IntegrityError):
        store.append("nowhere", 1, 0, "move", "x", "here")
    assert store.append("a", 6, 0, "move", "m6", "here", at=now()) is not None
    engine.dispose()


def test_a_batch_on_a_broken_held_connection_is_written_on_a_new_one(tmp_path: Path) -> None:
    """The writer's thread keeps one connection; if it broke meanwhile (a database
    restarted), the batch is written on a fresh connection of the pool, not refused."""
    engine = db.make_engine(f"sqlite:///{tmp_path / 'tavola.sqlite3'}")
    db.upgrade(engine)
    store = Store(engine, notify=False)
    row = MatchRow(id="a", game="campanile", options={}, seed=1, prearranged=False, listed=False)
    row.created_at = now()
    store.insert_match(row, [])
    held = engine.connect()
    assert isinstance(
        store.append_many([NewEntry("a", 1, 0, "move", "m1")], "here", held)[0], datetime
    )
    held.connection.dbapi_connection.close()  # type: ignore[union-attr]
    written = store.append_many([NewEntry("a", 2, 0, "move", "m2")], "here", held)
    assert isinstance(written[0], datetime)
    assert held.closed
    assert [row.notation for row in store.entries_after("a", 0)] == ["m1", "m2"]
    engine.dispose()
