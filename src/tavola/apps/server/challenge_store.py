"""The challenges in the database (revision 0006_challenges): a signed-in player's
invitation to one named player, or to anyone signed in (an open challenge), to play a
two-player match of a game, options, time control and ratedness.

One accept wins, across servers: ``take`` moves an open challenge to ``accepting`` by a
conditional update, which one transaction alone can make; the match is created; ``settle``
records it. An acceptance left by a server that died is given up after ``TAKE_LASTS``.
A pending challenge expires (``expires_at``): an open one after ``OPEN_LASTS``, one to a
named player after ``NAMED_LASTS``; it is listed nowhere then, and nobody can accept it.
The challenger's seat token is never stored: ``key_hash`` and ``token_hash`` are the
hashes of the challenger's key and of the seat token it stands for (``seat_token_of``).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    ColumnElement,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    String,
    and_,
    func,
    or_,
    select,
    update,
)
from sqlalchemy.orm import Mapped, Session, mapped_column

from tavola.apps.server.models import Base, as_utc

OPEN = "open"
ACCEPTING = "accepting"  # taken by a server that is creating its match (shown as open)
ACCEPTED = "accepted"
DECLINED = "declined"
CANCELLED = "cancelled"
TAKE_LASTS = timedelta(seconds=60)
OPEN_LASTS = timedelta(days=1)  # an open challenge, from its creation
NAMED_LASTS = timedelta(days=7)  # a challenge to a named player
LISTED = 50  # challenges of each kind a list shows, the newest first


class ChallengeRow(Base):
    __tablename__ = "challenges"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    from_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    from_name: Mapped[str] = mapped_column(String(32))
    to_id: Mapped[int | None] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), index=True
    )  # None: open to anyone signed in
    to_name: Mapped[str | None] = mapped_column(String(32))
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    time_control: Mapped[dict[str, Any]] = mapped_column(JSON)
    rated: Mapped[bool] = mapped_column(Boolean)
    status: Mapped[str] = mapped_column(String(16), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    key_hash: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str] = mapped_column(String(64))
    accepted_by: Mapped[int | None] = mapped_column(
        ForeignKey("players.id", ondelete="SET NULL"), default=None
    )
    accepted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)
    match_id: Mapped[str | None] = mapped_column(
        ForeignKey("matches.id", ondelete="SET NULL"), default=None
    )
    seat: Mapped[int | None] = mapped_column(Integer, default=None)  # the challenger's


def expires_at(row: ChallengeRow) -> datetime:
    """When the challenge expires, unless accepted before."""
    return as_utc(row.created_at) + (OPEN_LASTS if row.to_id is None else NAMED_LASTS)


def _pending(at: datetime) -> ColumnElement[bool]:
    """Open (or being accepted) and not expired at ``at``."""
    return ChallengeRow.status.in_((OPEN, ACCEPTING)) & or_(
        and_(ChallengeRow.to_id.is_(None), ChallengeRow.created_at > at - OPEN_LASTS),
        and_(ChallengeRow.to_id.is_not(None), ChallengeRow.created_at > at - NAMED_LASTS),
    )


class ChallengeStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def insert(self, row: ChallengeRow) -> None:
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            session.add(row)

    def get(self, challenge_id: str) -> ChallengeRow | None:
        with Session(self.engine) as session:
            return session.get(ChallengeRow, challenge_id)

    def pending_count(self, player_id: int, at: datetime) -> int:
        with Session(self.engine) as session:
            query = select(func.count()).where(ChallengeRow.from_id == player_id, _pending(at))
            return int(session.scalar(query) or 0)

    def lists(self, player_id: int, at: datetime) -> dict[str, list[ChallengeRow]]:
        """The player's challenges (``mine``), those to them (``to_me``) and the open
        challenges of others (``open``), the newest first; ``mine`` keeps the accepted,
        none keeps the expired."""
        pending = _pending(at)
        newest = (ChallengeRow.created_at.desc(), ChallengeRow.id)
        queries = {
            "mine": select(ChallengeRow).where(
                ChallengeRow.from_id == player_id,
                or_(pending, ChallengeRow.status == ACCEPTED),
            ),
            "to_me": select(ChallengeRow).where(ChallengeRow.to_id == player_id, pending),
            "open": select(ChallengeRow).where(
                ChallengeRow.to_id.is_(None), ChallengeRow.from_id != player_id, pending
            ),
        }
        with Session(self.engine) as session:
            return {
                kind: list(session.scalars(query.order_by(*newest).limit(LISTED)))
                for kind, query in queries.items()
            }

    def take(self, challenge_id: str, player_id: int, at: datetime) -> ChallengeRow | None:
        """Accept the challenge for ``player_id`` if it is theirs to accept and still
        open and not expired (or its acceptance was given up): the challenge then, else
        ``None``."""
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            done = session.execute(
                update(ChallengeRow)
                .where(
                    ChallengeRow.id == challenge_id,
                    ChallengeRow.from_id != player_id,
                    or_(ChallengeRow.to_id.is_(None), ChallengeRow.to_id == player_id),
                    _pending(at),
                    or_(
                        ChallengeRow.status == OPEN,
                        (ChallengeRow.status == ACCEPTING)
                        & (ChallengeRow.accepted_at < at - TAKE_LASTS),
                    ),
                )
                .values(status=ACCEPTING, accepted_by=player_id, accepted_at=at)
            )
            if done.rowcount != 1:  # type: ignore[attr-defined]
                return None
            return session.get(ChallengeRow, challenge_id)

    def settle(self, challenge_id: str, player_id: int, match_id: str, seat: int) -> bool:
        """Record the accepted challenge's match, if ``player_id``'s acceptance holds."""
        with Session(self.engine) as session, session.begin():
            done = session.execute(
                update(ChallengeRow)
                .where(
                    ChallengeRow.id == challenge_id,
                    ChallengeRow.status == ACCEPTING,
                    ChallengeRow.accepted_by == player_id,
                )
                .values(status=ACCEPTED, match_id=match_id, seat=seat)
            )
            return bool(done.rowcount == 1)  # type: ignore[attr-defined]

    def release(self, challenge_id: str) -> None:
        """The acceptance's match could not be made: the challenge is open again."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(ChallengeRow)
                .where(ChallengeRow.id == challenge_id, ChallengeRow.status == ACCEPTING)
                .values(status=OPEN, accepted_by=None, accepted_at=None)
            )

    def close(self, challenge_id: str, player_id: int) -> ChallengeRow | None:
        """The challenger cancels it, or the player challenged declines it, while it is
        open; the challenge as it is then (``None``: not theirs)."""
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            row = session.get(ChallengeRow, challenge_id)
            if row is None or player_id not in (row.from_id, row.to_id):
                return None
            session.execute(
                update(ChallengeRow)
                .where(ChallengeRow.id == challenge_id, ChallengeRow.status == OPEN)
                .values(status=CANCELLED if player_id == row.from_id else DECLINED)
            )
            session.refresh(row)
            return row

    def of_player(self, player_id: int) -> list[ChallengeRow]:
        """Every challenge from or to the player, whatever became of it, the newest first."""
        query = (
            select(ChallengeRow)
            .where(or_(ChallengeRow.from_id == player_id, ChallengeRow.to_id == player_id))
            .order_by(ChallengeRow.created_at.desc(), ChallengeRow.id)
        )
        with Session(self.engine) as session:
            return list(session.scalars(query))
