"""The seeks in the database (revisions 0005_seeks, 0006_challenges): each signed-in
player's wish to play a pool (game, options, time control, rated) now, until it is paired
or cancelled.

A pairing is made in three steps, so that two servers never pair one seek twice:
``claim`` takes waiting seeks in one transaction (on PostgreSQL ``SELECT ... FOR UPDATE
SKIP LOCKED``: another server's pairing skips them) and marks them ``pairing`` under a
claim of their own; the match is created; ``settle`` gives each seek its seat, only if
its claim still holds. A claim left by a server that died is given up after
``CLAIM_LASTS``; its match, if one was made, is never handed out. A waiting seek its
owner stopped asking about for ``EXPIRES_AFTER`` is cancelled.

Nothing here hands a seat to whoever reads the table (revision 0006): a seek's id is a
secret its owner alone holds, stored as its SHA-256 (``id``); the seat's token it stands
for (``tokens.seat_token_of``) is stored as its hash too, and becomes the token of the
seat it is paired into.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Double,
    Engine,
    ForeignKey,
    Index,
    Integer,
    String,
    func,
    select,
    update,
)
from sqlalchemy.orm import Mapped, Session, mapped_column

from tavola.apps.server.models import Base, as_utc, now
from tavola.apps.server.pairing import Seeker, groups
from tavola.apps.server.tokens import new_match_id

WAITING = "waiting"
PAIRING = "pairing"  # claimed by a server that is creating its match (shown as waiting)
PAIRED = "paired"
CANCELLED = "cancelled"
CLAIM_LASTS = timedelta(seconds=60)
EXPIRES_AFTER = timedelta(seconds=60)  # a waiting seek nobody asked about is cancelled
SEEN_EVERY = timedelta(seconds=5)  # the least time between two writes of ``seen_at``


class SeekRow(Base):
    __tablename__ = "seeks"
    __table_args__ = (Index("ix_seeks_waiting", "status", "pool"),)

    id: Mapped[str] = mapped_column(String(64), primary_key=True)  # the id's hash_token
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(32))  # the player's, for its seat
    pool: Mapped[str] = mapped_column(String(64))  # ``pool_key`` of the four below
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)  # every option, as the game reads them
    time_control: Mapped[dict[str, Any]] = mapped_column(JSON)  # ``TimeControl.json()``
    rated: Mapped[bool] = mapped_column(Boolean)
    seats: Mapped[int] = mapped_column(Integer)  # the players a match of the pool seats
    skill: Mapped[float] = mapped_column(Double)  # the player's mu in the pool when it came
    status: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))  # its owner last asked
    claim: Mapped[str | None] = mapped_column(String(32), default=None)
    claimed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)
    match_id: Mapped[str | None] = mapped_column(
        ForeignKey("matches.id", ondelete="SET NULL"), default=None
    )
    seat: Mapped[int | None] = mapped_column(Integer, default=None)
    token_hash: Mapped[str] = mapped_column(String(64))  # its seat's, once paired


def pool_key(game: str, options: dict[str, Any], time_control: dict[str, Any], rated: bool) -> str:
    """One string for the seeks that may meet: a hash of their canonical JSON.

    >>> pool_key("g", {"a": 1, "b": 2}, {"kind": "none"}, True) == pool_key(
    ...     "g", {"b": 2, "a": 1}, {"kind": "none"}, True)
    True
    """
    canonical = json.dumps([game, options, time_control, rated], sort_keys=True)
    return hashlib.sha256(canonical.encode()).hexdigest()


@dataclass(frozen=True)
class Claimed:
    """Seeks claimed to play one match: the claim, and the seeks in seat order."""

    claim: str
    seeks: tuple[SeekRow, ...]


class SeekStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def insert(self, row: SeekRow) -> None:
        with Session(self.engine) as session, session.begin():
            session.add(row)

    def waiting_count(self, player_id: int) -> int:
        with Session(self.engine) as session:
            query = select(func.count()).where(
                SeekRow.player_id == player_id, SeekRow.status.in_((WAITING, PAIRING))
            )
            return int(session.scalar(query) or 0)

    def seen(self, seek_id: str, player_id: int) -> SeekRow | None:
        """The player's seek (``None``: none of theirs), its owner seen now."""
        at = now()
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            session.execute(
                update(SeekRow)
                .where(
                    SeekRow.id == seek_id,
                    SeekRow.player_id == player_id,
                    SeekRow.status == WAITING,
                    SeekRow.seen_at < at - SEEN_EVERY,
                )
                .values(seen_at=at)
            )
            row = session.get(SeekRow, seek_id)
            return row if row is not None and row.player_id == player_id else None

    def cancel(self, seek_id: str, player_id: int) -> SeekRow | None:
        """Cancel the player's seek if it still waits; the seek as it is then."""
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            session.execute(
                update(SeekRow)
                .where(
                    SeekRow.id == seek_id, SeekRow.player_id == player_id, SeekRow.status == WAITING
                )
                .values(status=CANCELLED)
            )
            row = session.get(SeekRow, seek_id)
            return row if row is not None and row.player_id == player_id else None

    def seeking(self) -> list[tuple[str, dict[str, Any], dict[str, Any], bool, int]]:
        """How many seek each pool now: (game, options, time control, rated, count)."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(SeekRow.pool, func.count())
                .where(SeekRow.status.in_((WAITING, PAIRING)))
                .group_by(SeekRow.pool)
            ).all()
            counts = dict(rows)
            if not counts:
                return []
            kinds = session.execute(
                select(
                    SeekRow.pool, SeekRow.game, SeekRow.options, SeekRow.time_control, SeekRow.rated
                ).where(SeekRow.pool.in_(counts), SeekRow.status.in_((WAITING, PAIRING)))
            ).all()
        found = {
            pool: (game, options, control, rated) for pool, game, options, control, rated in kinds
        }
        return [(*found[pool], counts[pool]) for pool in sorted(found)]

    def pools(self) -> list[str]:
        """The pools where a seek waits, or a claim may have been left."""
        with Session(self.engine) as session:
            query = select(SeekRow.pool).where(SeekRow.status.in_((WAITING, PAIRING))).distinct()
            return sorted(session.scalars(query))

    def claim(self, pool: str, at: datetime) -> list[Claimed]:
        """Claim the matches to make now in ``pool`` (the seats in random order)."""
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            session.execute(
                update(SeekRow)
                .where(
                    SeekRow.pool == pool,
                    SeekRow.status == PAIRING,
                    SeekRow.claimed_at < at - CLAIM_LASTS,
                )
                .values(status=WAITING, claim=None, claimed_at=None)
            )
            rows = session.scalars(
                select(SeekRow)
                .where(SeekRow.pool == pool, SeekRow.status == WAITING)
                .order_by(SeekRow.created_at, SeekRow.id)
                .with_for_update(skip_locked=True)
            ).all()
            live = []
            for row in rows:
                if as_utc(row.seen_at) < at - EXPIRES_AFTER:
                    row.status = CANCELLED
                else:
                    live.append(row)
            if not live:
                return []
            by_id = {row.id: row for row in live}
            seekers = [
                Seeker(row.id, row.player_id, row.skill, as_utc(row.created_at)) for row in live
            ]
            claimed = []
            for group in groups(seekers, live[0].seats, at):
                claim = new_match_id()
                seeks = tuple(by_id[seeker.seek] for seeker in group)
                for row in seeks:
                    row.status, row.claim, row.claimed_at = PAIRING, claim, at
                claimed.append(Claimed(claim, seeks))
            return claimed

    def settle(self, claim: str, match_id: str, seats: dict[str, int]) -> bool:
        """Give each claimed seek (by id) its seat in ``match_id``; ``False``
        (and nothing changed) if the claim was given up meanwhile."""
        try:
            with Session(self.engine) as session, session.begin():
                for seek_id, seat in seats.items():
                    done = session.execute(
                        update(SeekRow)
                        .where(
                            SeekRow.id == seek_id, SeekRow.claim == claim, SeekRow.status == PAIRING
                        )
                        .values(status=PAIRED, match_id=match_id, seat=seat)
                    )
                    if done.rowcount != 1:  # type: ignore[attr-defined]
                        raise _GivenUp
        except _GivenUp:
            return False
        return True

    def release(self, claim: str) -> None:
        """The claim's match could not be made: its seeks wait again."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(SeekRow)
                .where(SeekRow.claim == claim, SeekRow.status == PAIRING)
                .values(status=WAITING, claim=None, claimed_at=None)
            )


class _GivenUp(Exception):
    """A claim no longer holds: the transaction that settles it rolls back."""
