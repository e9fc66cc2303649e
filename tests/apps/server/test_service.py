"""The match service in this process, on a real SQLite store: what a test through a
server process cannot time.

- A write lost to another server (several servers on one database) answers 409 with the
  state as the asking seat may see it: never another seat's view, whichever seat the
  entry is about. The other server's write is its effect on the store: the entry's place
  in the log is taken.
- A spectator's move or take-back is refused without waiting for the match's lock, so a
  crowd of spectators sending moves does not slow the players.
- A hint is worked out once per position, however often and however many ask for it.
- A copy of a match that another server's entry left behind (its NOTIFY lost) is late,
  never wrong: a refusal is decided on the log's latest entry, and the periodic check
  catches up every cached match whose log moved on.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Connection

from tavola.apps.server import db
from tavola.apps.server.hub import Hub
from tavola.apps.server.live import LiveMatch, TableRules
from tavola.apps.server.models import ABANDON, MOVE, RESIGN
from tavola.apps.server.refusals import Refused
from tavola.apps.server.routes.errors import status_of
from tavola.apps.server.service import MatchService
from tavola.apps.server.settings import Settings
from tavola.apps.server.store import NewEntry, Store
from tests.apps.server.client import in_own_thread


def with_match(
    tmp_path: Path,
    test: Callable[[MatchService, LiveMatch], Coroutine[Any, Any, None]],
    seats: tuple[str, ...] = ("human", "human", "human"),
) -> None:
    """``test`` on a fresh service and a new Campanile match of ``seats``."""

    async def run() -> None:
        settings = Settings(db_url=f"sqlite:///{tmp_path / 'tavola.sqlite3'}")
        engine = db.make_engine(settings.db_url)
        db.upgrade(engine)
        service = MatchService(settings, Store(engine, notify=False), Hub())
        try:
            players = {"players": len(seats)}
            created = await service.create(
                "campanile", players, list(seats), None, 7, False, TableRules(hints=True)
            )
            await test(service, await service.get(created["id"]))
        finally:
            await service.close()
            engine.dispose()

    in_own_thread(run)


@pytest.mark.parametrize(("kind", "seat", "asker"), [(ABANDON, 2, 0), (RESIGN, 1, 1)])
def test_a_seat_entry_lost_to_another_server_shows_the_asker_its_own_view(
    tmp_path: Path, kind: str, seat: int, asker: int
) -> None:
    async def test(service: MatchService, live: LiveMatch) -> None:
        def taken(
            entries: list[NewEntry], origin: str, held: Connection | None = None
        ) -> list[datetime | Exception | None]:
            return [None] * len(entries)  # every seq is taken

        service.store.append_many = taken  # type: ignore[method-assign]
        with pytest.raises(Refused) as lost:
            await service.seat_entry(live, seat, kind, asker=asker)
        assert status_of(lost.value) == 409
        state = lost.value.details["state"]
        assert state["view"] == live.state.view(asker)
        shown = [s for s, hand in enumerate(state["view"]["hands"]) if hand["cards"]]
        assert shown == [asker]  # its own hand alone

    with_match(tmp_path, test)


def test_a_spectator_is_refused_without_waiting_for_the_match(tmp_path: Path) -> None:
    async def test(service: MatchService, live: LiveMatch) -> None:
        action = live.state.legal_notations()[0]
        async with live.lock:  # a player's move is being written
            for attempt in (service.move(live, None, 0, action), service.take_back(live, None, 0)):
                with pytest.raises(Refused) as refused:
                    await asyncio.wait_for(attempt, timeout=2)
                assert (status_of(refused.value), refused.value.kind) == (403, "spectator")
        assert live.seq == 0

    with_match(tmp_path, test)


def test_a_hint_asked_again_is_worked_out_once(tmp_path: Path) -> None:
    async def test(service: MatchService, live: LiveMatch) -> None:
        asks = [asyncio.create_task(service.bots.hint(live, 0)) for _ in range(5)]
        await asyncio.sleep(0.05)
        assert live.hint is not None
        seq, shared = live.hint
        asks[0].cancel()  # one asker leaves: the others still get the answer
        answers = await asyncio.gather(*asks[1:])
        assert not shared.cancelled()
        assert all(answer == answers[0] for answer in answers)
        assert answers[0]["action"] in live.state.legal_notations()
        again = await service.bots.hint(live, 0)
        assert live.hint == (seq, shared)  # the same answer, not a new job
        assert again == answers[0]

    with_match(tmp_path, test, seats=("human", "random"))


def turn_passed_elsewhere(service: MatchService, live: LiveMatch) -> int:
    """Another server appends the seat to move's moves until the turn passes (SQLite sends
    no NOTIFY, so this service does not hear of them); the seat whose turn it is then."""
    state = live.game.new_game(live.seed)
    for notation in live.effective_notations():
        state.apply(notation)
    mover, seq = state.current_player, live.seq
    assert mover is not None
    while state.current_player == mover:
        seq += 1
        action = state.legal_notations()[0]
        assert service.store.append(live.id, seq, mover, MOVE, action, "elsewhere")
        state.apply(action)
    assert state.current_player is not None
    return state.current_player


def test_a_refusal_is_decided_on_the_logs_latest_entry(tmp_path: Path) -> None:
    async def test(service: MatchService, live: LiveMatch) -> None:
        seen = live.seq
        mover = turn_passed_elsewhere(service, live)
        assert live.current_player != mover  # the copy is late: the turn has not passed here
        action = live.state.legal_notations()[0]
        with pytest.raises(Refused) as refused:  # the mover, on the position this copy shows
            await service.move(live, mover, seen, action)
        assert (status_of(refused.value), refused.value.kind) == (409, "stale_seq")
        assert refused.value.details["state"]["seq"] == live.seq > seen
        mover = turn_passed_elsewhere(service, live)
        hint = await service.bots.hint(live, mover)  # its turn, on the log alone
        assert hint["seq"] == live.seq

    with_match(tmp_path, test)


def test_the_periodic_check_catches_up_a_late_copy(tmp_path: Path) -> None:
    async def test(service: MatchService, live: LiveMatch) -> None:
        turn_passed_elsewhere(service, live)
        checking = asyncio.create_task(service.check_cached_every(0.05))
        try:
            for _ in range(100):
                await asyncio.sleep(0.05)
                if live.seq > 0:
                    break
        finally:
            checking.cancel()
        assert live.seq == service.store.last_seqs([live.id])[live.id]

    with_match(tmp_path, test)
