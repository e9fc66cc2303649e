"""A write lost to another server (several servers on one database) answers 409 with the
state as the asking seat may see it: never another seat's view, whichever seat the entry
is about. The service runs in this process on a real SQLite store; the other server's
write is its effect on the store: the entry's place in the log is taken.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest

from tavola.apps.server import db
from tavola.apps.server.errors import ApiError
from tavola.apps.server.hub import Hub
from tavola.apps.server.models import ABANDON, RESIGN
from tavola.apps.server.service import MatchService
from tavola.apps.server.settings import Settings
from tavola.apps.server.store import Store


def in_thread(run: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """``run`` on a loop of its own thread: the browser tests' Playwright keeps one here."""
    errors: list[BaseException] = []

    def main() -> None:
        try:
            asyncio.run(run())
        except BaseException as error:
            errors.append(error)

    thread = threading.Thread(target=main)
    thread.start()
    thread.join(60)
    assert not thread.is_alive()
    assert not errors, errors


@pytest.mark.parametrize(("kind", "seat", "asker"), [(ABANDON, 2, 0), (RESIGN, 1, 1)])
def test_a_seat_entry_lost_to_another_server_shows_the_asker_its_own_view(
    tmp_path: Path, kind: str, seat: int, asker: int
) -> None:
    async def run() -> None:
        settings = Settings(db_url=f"sqlite:///{tmp_path / 'tavola.sqlite3'}")
        engine = db.make_engine(settings.db_url)
        db.upgrade(engine)
        service = MatchService(settings, Store(engine, notify=False), Hub())
        try:
            created = await service.create(
                "campanile", {"players": 3}, ["human"] * 3, None, 7, False
            )
            live = await service.get(created["id"])
            service.store.append = lambda *_: None  # type: ignore[method-assign]  # the seq is taken
            with pytest.raises(ApiError) as lost:
                await service.seat_entry(live, seat, kind, asker=asker)
            assert lost.value.status == 409
            state = lost.value.extra["state"]
            assert state["view"] == live.state.view(asker)
            shown = [s for s, hand in enumerate(state["view"]["hands"]) if hand["cards"]]
            assert shown == [asker]  # its own hand alone
        finally:
            await service.close()
            engine.dispose()

    in_thread(run)
