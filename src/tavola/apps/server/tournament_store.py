"""The tournaments in the database (revision 0007_tournaments): a tournament's settings
and status, its entrants in the order they joined, and its tables, round by round.

A table row is written when its round is paired, its match once made, its points once
the match's log says it is over: the standings and the next pairings are computed from
these rows alone. ``(tournament, round, number)`` is the tables' primary key, so two
schedulers that pair one round insert its tables once. One scheduler at a time
(``acquire``): on PostgreSQL, whoever holds an advisory lock; on SQLite, the one
server process.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Connection,
    DateTime,
    Double,
    Engine,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    exc,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.orm import Mapped, Session, mapped_column

from tavola.apps.server.models import Base, as_utc, now

UPCOMING = "upcoming"
RUNNING = "running"
FINISHED = "finished"
STATUSES = (UPCOMING, RUNNING, FINISHED)
ARENA, SWISS, ROUND_ROBIN = "arena", "swiss", "round_robin"
FORMATS = (ARENA, SWISS, ROUND_ROBIN)
CLOSED, FULL, ENTERED = "closed", "full", "entered"  # why an entry is refused
SCHEDULER_LOCK = zlib.crc32(b"tavola tournaments")  # the advisory lock's key
LISTED_FINISHED = 30  # finished tournaments listed


class TournamentRow(Base):
    __tablename__ = "tournaments"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)  # every option, as the game reads them
    format: Mapped[str] = mapped_column(String(16))  # "arena", "swiss" or "round_robin"
    rounds: Mapped[int | None] = mapped_column(Integer, default=None)  # a Swiss's
    minutes: Mapped[float | None] = mapped_column(Double, default=None)  # an arena's
    seats: Mapped[int] = mapped_column(Integer)  # per table
    time_control: Mapped[dict[str, Any]] = mapped_column(JSON)  # ``TimeControl.json()``
    rated: Mapped[bool] = mapped_column(Boolean)
    starts_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))  # None: when full
    max_players: Mapped[int | None] = mapped_column(Integer, default=None)
    status: Mapped[str] = mapped_column(String(16), index=True)
    created_by: Mapped[int | None] = mapped_column(
        ForeignKey("players.id", ondelete="SET NULL"), default=None
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)
    # entry by link only (revision 0008_tournament_links): the link's key; None: open to anyone
    entry_key: Mapped[str | None] = mapped_column(String(64), default=None)


class EntrantRow(Base):
    """An entrant: a signed-in player's account, or a bot by its spec; ``number``: the
    order of entry (1, 2, ...), which breaks the last ties."""

    __tablename__ = "tournament_entrants"
    __table_args__ = (UniqueConstraint("tournament_id", "player_id"),)

    tournament_id: Mapped[str] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int | None] = mapped_column(
        ForeignKey("players.id", ondelete="SET NULL"), default=None
    )
    bot: Mapped[str | None] = mapped_column(String(200), default=None)
    name: Mapped[str] = mapped_column(String(200))
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    withdrawn_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)


class TableRow(Base):
    """A table of a round: its entrants' numbers in seat order (one: a bye), its match
    and the seats' tokens (``None`` for a bot's) once made, its points once over."""

    __tablename__ = "tournament_tables"

    tournament_id: Mapped[str] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    round: Mapped[int] = mapped_column(Integer, primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    entrants: Mapped[list[int]] = mapped_column(JSON)
    match_id: Mapped[str | None] = mapped_column(
        ForeignKey("matches.id", ondelete="SET NULL"), default=None, index=True
    )
    tokens: Mapped[list[str | None] | None] = mapped_column(JSON(none_as_null=True), default=None)
    points: Mapped[list[float] | None] = mapped_column(JSON(none_as_null=True), default=None)
    paired_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    ended_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)


@dataclass(frozen=True)
class Snapshot:
    """A tournament as its rows have it: the settings, the entrants, the tables (by round,
    then number)."""

    tournament: TournamentRow
    entrants: list[EntrantRow]
    tables: list[TableRow]


class TournamentStore:
    def __init__(self, engine: Engine, postgres: bool) -> None:
        self.engine = engine
        self.postgres = postgres

    def insert(self, row: TournamentRow, entrants: list[EntrantRow]) -> None:
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            session.add(row)
            session.flush()
            session.add_all(entrants)

    def snapshot(self, tournament_id: str) -> Snapshot | None:
        with Session(self.engine, expire_on_commit=False) as session:
            row = session.get(TournamentRow, tournament_id)
            if row is None:
                return None
            entrants = session.scalars(
                select(EntrantRow)
                .where(EntrantRow.tournament_id == tournament_id)
                .order_by(EntrantRow.number)
            ).all()
            tables = session.scalars(
                select(TableRow)
                .where(TableRow.tournament_id == tournament_id)
                .order_by(TableRow.round, TableRow.number)
            ).all()
            session.expunge_all()
            return Snapshot(row, list(entrants), list(tables))

    def listed(self, player_id: int | None) -> dict[str, list[TournamentRow]]:
        """The upcoming and running tournaments, and the latest finished ones: those open
        to anyone, and those entered by link that ``player_id`` created or entered."""
        with Session(self.engine, expire_on_commit=False) as session:
            found: dict[str, list[TournamentRow]] = {}
            entered = select(EntrantRow.tournament_id).where(EntrantRow.player_id == player_id)
            shown = or_(
                TournamentRow.entry_key.is_(None),
                TournamentRow.created_by == player_id,
                TournamentRow.id.in_(entered),
            )
            for status in STATUSES:
                query = select(TournamentRow).where(TournamentRow.status == status, shown)
                if status == FINISHED:
                    query = query.order_by(TournamentRow.finished_at.desc()).limit(LISTED_FINISHED)
                else:
                    query = query.order_by(TournamentRow.created_at)
                found[status] = list(session.scalars(query))
            session.expunge_all()
            return found

    def active(self) -> list[str]:
        """The tournaments a scheduler has to look after."""
        with Session(self.engine) as session:
            query = select(TournamentRow.id).where(TournamentRow.status != FINISHED)
            return list(session.scalars(query.order_by(TournamentRow.created_at)))

    def seated(self, player_id: int) -> list[tuple[TournamentRow, TableRow, int]]:
        """The running tournaments' tables where ``player_id`` plays a match now: each
        tournament, table and the player's entrant number."""
        with Session(self.engine, expire_on_commit=False) as session:
            query = (
                select(TournamentRow, TableRow, EntrantRow.number)
                .join(EntrantRow, EntrantRow.tournament_id == TournamentRow.id)
                .join(TableRow, TableRow.tournament_id == TournamentRow.id)
                .where(
                    TournamentRow.status == RUNNING,
                    EntrantRow.player_id == player_id,
                    TableRow.match_id.is_not(None),
                    TableRow.points.is_(None),
                )
                .order_by(TournamentRow.created_at, TableRow.round)
            )
            found = [
                (tournament, table, number)
                for tournament, table, number in session.execute(query)
                if number in table.entrants
            ]
            session.expunge_all()
            return found

    def join(self, tournament_id: str, entrant: EntrantRow) -> str | None:
        """Enter ``entrant`` (its number the next) while the tournament takes entrants:
        upcoming and not full, or an arena running; ``None``, or why not (``CLOSED``,
        ``FULL``, ``ENTERED``). The tournament's row is locked meanwhile: a start waits."""
        try:
            with Session(self.engine) as session, session.begin():
                row = session.get(TournamentRow, tournament_id, with_for_update=True)
                if row is None:
                    return CLOSED
                numbers = session.scalars(
                    select(EntrantRow.number).where(EntrantRow.tournament_id == tournament_id)
                ).all()
                if not (row.status == UPCOMING or (row.status == RUNNING and row.format == ARENA)):
                    return CLOSED
                if row.max_players is not None and len(numbers) >= row.max_players:
                    return FULL
                entrant.tournament_id = tournament_id
                entrant.number = max(numbers, default=0) + 1
                session.add(entrant)
        except exc.IntegrityError:  # the player's other request, or a number taken meanwhile
            return ENTERED
        return None

    def withdraw(self, tournament_id: str, player_id: int) -> bool:
        """The player's entry withdrawn (played results stand); ``False``: not an entrant."""
        with Session(self.engine) as session, session.begin():
            entrant = session.scalars(
                select(EntrantRow).where(
                    EntrantRow.tournament_id == tournament_id, EntrantRow.player_id == player_id
                )
            ).first()
            if entrant is None:
                return False
            if entrant.withdrawn_at is None:
                entrant.withdrawn_at = now()
            return True

    def set_status(self, tournament_id: str, status: str) -> None:
        at = now()
        values: dict[str, Any] = {"status": status}
        if status == RUNNING:
            values["started_at"] = at
        if status == FINISHED:
            values["finished_at"] = at
        with Session(self.engine) as session, session.begin():
            session.get(TournamentRow, tournament_id, with_for_update=True)  # no join meanwhile
            session.execute(
                update(TournamentRow).where(TournamentRow.id == tournament_id).values(**values)
            )

    def pair(self, tables: list[TableRow]) -> bool:
        """Insert a round's new tables; ``False`` (nothing written) if any was paired
        already."""
        try:
            with Session(self.engine) as session, session.begin():
                session.add_all(tables)
        except exc.IntegrityError:
            return False
        return True

    def made(self, table: TableRow, match_id: str, tokens: list[str | None]) -> None:
        """The table's match, unless it has one already."""
        self._update(table, match_id=match_id, tokens=tokens)

    def ended(self, table: TableRow, points: list[float]) -> None:
        self._update(table, points=points, ended_at=now())

    def _update(self, table: TableRow, **values: Any) -> None:
        with Session(self.engine) as session, session.begin():
            query = update(TableRow).where(
                TableRow.tournament_id == table.tournament_id,
                TableRow.round == table.round,
                TableRow.number == table.number,
            )
            if "match_id" in values:
                query = query.where(TableRow.match_id.is_(None))
            session.execute(query.values(**values))

    def acquire(self) -> Lease | None:
        """The scheduler's lease, or ``None`` if another server holds it (PostgreSQL's
        advisory lock, held by a connection of its own until ``release``)."""
        if not self.postgres:
            return Lease(None)
        connection = self.engine.connect()
        held = connection.scalar(text("SELECT pg_try_advisory_lock(:key)"), {"key": SCHEDULER_LOCK})
        connection.commit()
        if not held:
            connection.close()
            return None
        return Lease(connection)

    def release(self, lease: Lease) -> None:
        if lease.connection is None:
            return
        with lease.connection as connection:
            connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": SCHEDULER_LOCK})
            connection.commit()


@dataclass(frozen=True)
class Lease:
    """This process schedules the tournaments while it holds this (``connection``: the
    advisory lock's, on PostgreSQL)."""

    connection: Connection | None


def ended_at(table: TableRow) -> datetime | None:
    return None if table.ended_at is None else as_utc(table.ended_at)
