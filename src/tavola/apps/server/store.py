"""Reading and appending the log: short synchronous transactions, run in worker threads."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TypeVar

from sqlalchemy import (
    ColumnElement,
    Connection,
    Engine,
    Select,
    exists,
    func,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session

from tavola.apps.server.models import SEAT_KINDS, ActionRow, ChatRow, MatchRow, SeatRow, now

Row = TypeVar("Row")

NOTIFY_CHANNEL = "tavola_log"
CHAT_KEPT = 200  # the most recent messages a match's state carries
_NOTIFY = text("SELECT pg_notify(:channel, :payload)")
# The log's insert in the driver's own SQL (``?`` for SQLite's, ``%s`` for psycopg's):
# sent as it is, without SQLAlchemy's compiling or its cache key for every entry.
_INSERT = (
    "INSERT INTO actions (match_id, seq, seat, kind, notation, at) VALUES ({0}, {0}, {0}, {0}, "
    "{0}, {0}) ON CONFLICT DO NOTHING"
)
_INSERT_AND_NOTIFY = (
    "WITH added AS (" + _INSERT + " RETURNING seq) SELECT pg_notify({0}, {0}) FROM added"
)


@dataclass(frozen=True)
class NewEntry:
    """A log entry to insert (``at``: its time, by default when it is inserted)."""

    match_id: str
    seq: int
    seat: int
    kind: str
    notation: str | None
    at: datetime | None = None


@dataclass
class Loaded:
    """A match as stored: its row, seats, log, recent chat, and the rematch offered after it."""

    match: MatchRow
    seats: list[SeatRow]
    actions: list[ActionRow]
    chat: list[ChatRow] = field(default_factory=list)
    rematch: tuple[MatchRow, list[SeatRow]] | None = None


class Store:
    """The database side of matches. ``notify``: PostgreSQL tells other servers of new entries."""

    def __init__(self, engine: Engine, notify: bool) -> None:
        self.engine = engine
        self.notify = notify
        # an entry whose number another writer holds is skipped, not an error
        marker = "?" if engine.dialect.paramstyle == "qmark" else "%s"
        self._insert_sql = (_INSERT_AND_NOTIFY if notify else _INSERT).format(marker)
        # a time as SQLAlchemy would store it in this column (SQLite: a text of its own form)
        column_type = ActionRow.__table__.c.at.type.dialect_impl(engine.dialect)
        stored = column_type.bind_processor(engine.dialect)
        self._stored_time: Callable[[datetime], object] = stored or (lambda at: at)

    def insert_match(self, match: MatchRow, seats: list[SeatRow]) -> None:
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            session.add(match)
            session.flush()  # the match row first: the seats refer to it
            session.add_all(seats)

    def load(self, match_id: str) -> Loaded | None:
        with Session(self.engine, expire_on_commit=False) as session:
            match = session.get(MatchRow, match_id)
            if match is None:
                return None
            actions = session.scalars(
                select(ActionRow).where(ActionRow.match_id == match_id).order_by(ActionRow.seq)
            ).all()
            chat = session.scalars(
                select(ChatRow)
                .where(ChatRow.match_id == match_id)
                .order_by(ChatRow.id.desc())
                .limit(CHAT_KEPT)
            ).all()
            rematch = session.scalars(
                select(MatchRow).where(MatchRow.rematch_of == match_id)
            ).first()
            loaded = Loaded(match, _seats(session, match_id), list(actions), list(reversed(chat)))
            if rematch is not None:
                loaded.rematch = (rematch, _seats(session, rematch.id))
            session.expunge_all()
            return loaded

    def seats(self, match_id: str) -> tuple[MatchRow, list[SeatRow]] | None:
        """A match's row and seats, read again (a rematch seat accepted, or a seat seen)."""
        with Session(self.engine, expire_on_commit=False) as session:
            match = session.get(MatchRow, match_id)
            if match is None:
                return None
            seats = _seats(session, match_id)
            session.expunge_all()
            return match, seats

    def rematch(self, match_id: str) -> tuple[MatchRow, list[SeatRow]] | None:
        """The rematch offered after ``match_id``, if any."""
        with Session(self.engine, expire_on_commit=False) as session:
            match = session.scalars(select(MatchRow).where(MatchRow.rematch_of == match_id)).first()
            if match is None:
                return None
            seats = _seats(session, match.id)
            session.expunge_all()
            return match, seats

    def insert_rematch(self, match: MatchRow, seats: list[SeatRow]) -> bool:
        """Insert a rematch; ``False`` if another one was offered first (one per match)."""
        try:
            self.insert_match(match, seats)
        except IntegrityError:
            return False
        return True

    def accept(self, match_id: str, seat: int, token_hash: str) -> datetime | None:
        """Give ``seat`` of a rematch its token; once every human seat has one, the match
        starts. Its start time (``None``: still waiting for a seat)."""
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            session.execute(
                update(SeatRow)
                .where(SeatRow.match_id == match_id, SeatRow.seat == seat)
                .values(token_hash=token_hash)
            )
            match = session.get(MatchRow, match_id, with_for_update=True)
            assert match is not None
            if match.started_at is None:
                waiting = session.scalar(
                    select(func.count())
                    .select_from(SeatRow)
                    .where(
                        SeatRow.match_id == match_id,
                        SeatRow.kind == "human",
                        SeatRow.token_hash.is_(None),
                    )
                )
                if not waiting:
                    match.started_at = now()
            return match.started_at

    def seats_of_tokens(self, hashes: list[str]) -> list[tuple[str, int, str]]:
        """The (match, seat, token hash) each of the token hashes opens."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(SeatRow.match_id, SeatRow.seat, SeatRow.token_hash).where(
                    SeatRow.token_hash.in_(hashes)
                )
            ).all()
            return [(match_id, seat, str(token_hash)) for match_id, seat, token_hash in rows]

    def touch(self, match_id: str, seat: int, at: datetime) -> None:
        """A person was at ``seat`` at ``at``."""
        with self.engine.begin() as connection:
            connection.execute(
                update(SeatRow)
                .where(SeatRow.match_id == match_id, SeatRow.seat == seat)
                .values(seen_at=at)
            )

    def insert_chat(self, match_id: str, seat: int, text: str) -> ChatRow:
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            row = ChatRow(match_id=match_id, seat=seat, text=text, at=now())
            session.add(row)
        return row

    def chat_after(self, match_id: str, after: int) -> list[ChatRow]:
        return self._detached(
            select(ChatRow)
            .where(ChatRow.match_id == match_id, ChatRow.id > after)
            .order_by(ChatRow.id)
            .limit(CHAT_KEPT)
        )

    def signal(self, match_id: str, what: str, origin: str) -> None:
        """Tell the other servers that ``what`` changed in a match (PostgreSQL NOTIFY)."""
        if not self.notify:
            return
        with self.engine.begin() as connection:
            payload = f"{match_id} {what} {origin}"
            connection.execute(_NOTIFY, {"channel": NOTIFY_CHANNEL, "payload": payload})

    def entries_after(self, match_id: str, seq: int) -> list[ActionRow]:
        return self._detached(
            select(ActionRow)
            .where(ActionRow.match_id == match_id, ActionRow.seq > seq)
            .order_by(ActionRow.seq)
        )

    def _detached(self, query: Select[Row]) -> list[Row]:
        """The rows ``query`` selects, still usable once their session is closed."""
        with Session(self.engine, expire_on_commit=False) as session:
            rows = list(session.scalars(query).all())
            session.expunge_all()
            return rows

    def last_seqs(self, match_ids: list[str]) -> dict[str, int]:
        """The seq of each match's last log entry (matches with none are left out)."""
        last: dict[str, int] = {}
        with self.engine.connect() as connection:
            for start in range(0, len(match_ids), 500):
                chunk = match_ids[start : start + 500]
                rows = connection.execute(
                    select(ActionRow.match_id, func.max(ActionRow.seq))
                    .where(ActionRow.match_id.in_(chunk))
                    .group_by(ActionRow.match_id)
                )
                for match_id, seq in rows:
                    last[match_id] = seq
        return last

    def append(
        self,
        match_id: str,
        seq: int,
        seat: int,
        kind: str,
        notation: str | None,
        origin: str,
        at: datetime | None = None,
    ) -> datetime | None:
        """Insert log entry ``seq`` (at ``at``, by default now); ``None`` if another writer
        already holds that number."""
        entry = NewEntry(match_id, seq, seat, kind, notation, at)
        written = self.append_many([entry], origin)[0]
        if isinstance(written, Exception):
            raise written
        return written

    def append_many(
        self, entries: list[NewEntry], origin: str, held: Connection | None = None
    ) -> list[datetime | Exception | None]:
        """Insert log entries in one transaction, one commit (the server's hottest write:
        ``log_writer`` gathers the entries of concurrent moves), on the connection ``held``
        if given (closed if the transaction fails: it may be broken). Each entry's time, or
        ``None`` where another writer already holds its number; if the transaction fails
        otherwise, each entry is tried alone and one that fails gets its error."""
        at = now()
        try:
            if held is None:
                with self.engine.begin() as connection:
                    return [self._insert(connection, entry, at, origin) for entry in entries]
            with held.begin():
                return [self._insert(held, entry, at, origin) for entry in entries]
        except SQLAlchemyError as error:
            if held is not None:  # perhaps broken (a database restarted): tried again alone
                held.close()
            elif len(entries) == 1:
                return [error]
        return [
            _error_of(functools.partial(self._insert_alone, entry, at, origin)) for entry in entries
        ]

    def _insert_alone(self, entry: NewEntry, at: datetime, origin: str) -> datetime | None:
        with self.engine.begin() as connection:
            return self._insert(connection, entry, at, origin)

    def _insert(
        self, connection: Connection, entry: NewEntry, at: datetime, origin: str
    ) -> datetime | None:
        """One entry, skipped (``None``) if its number is taken; on PostgreSQL the NOTIFY
        rides in the same statement, delivered when the transaction commits."""
        at = entry.at or at
        row = (entry.match_id, entry.seq, entry.seat, entry.kind, entry.notation)
        stored = self._stored_time(at)
        if self.notify:
            payload = f"{entry.match_id} {entry.seq} {origin}"
            params = (*row, stored, NOTIFY_CHANNEL, payload)
            added = connection.exec_driver_sql(self._insert_sql, params).first() is not None
        else:
            added = connection.exec_driver_sql(self._insert_sql, (*row, stored)).rowcount == 1
        return at if added else None

    def entry(self, match_id: str, seq: int) -> ActionRow | None:
        with Session(self.engine, expire_on_commit=False) as session:
            row = session.get(ActionRow, (match_id, seq))
            if row is not None:
                session.expunge(row)
            return row

    def playing(self, limit: int, skip: int = 0) -> list[str]:
        """The ids of listed matches with a log entry and not marked ended, the most
        recently moved first (after the first ``skip``): the lobby's "playing now", to be
        checked against their logs (a match may be over and not yet marked)."""
        latest = (
            select(ActionRow.at)
            .where(ActionRow.match_id == MatchRow.id)
            .order_by(ActionRow.seq.desc())
            .limit(1)
            .scalar_subquery()
        )
        with Session(self.engine) as session:
            return list(
                session.scalars(
                    select(MatchRow.id)
                    .where(MatchRow.listed, MatchRow.ended_at.is_(None), latest.is_not(None))
                    .order_by(latest.desc(), MatchRow.id)
                    .offset(skip)
                    .limit(limit)
                )
            )

    def mark_ended(self, match_ids: list[str], at: datetime) -> None:
        """Mark matches whose log ended them (those already marked keep their time)."""
        with self.engine.begin() as connection:
            connection.execute(
                update(MatchRow)
                .where(MatchRow.id.in_(match_ids), MatchRow.ended_at.is_(None))
                .values(ended_at=at)
            )

    def with_bots_active_since(self, since: datetime) -> list[str]:
        """Matches with a bot seat (or a seat a bot took over) and a log entry (or creation)
        since ``since``: on a restart their bots may be due to move."""
        has_bot = exists().where(
            SeatRow.match_id == MatchRow.id, SeatRow.kind == "bot"
        ) | exists().where(ActionRow.match_id == MatchRow.id, ActionRow.kind.in_(SEAT_KINDS))
        return self._active_since(since, has_bot)

    def clocked_active_since(self, since: datetime) -> list[str]:
        """Matches with a clock and a log entry (or creation) since ``since``: on a restart
        their clocks run again."""
        return self._active_since(since, MatchRow.time_control.is_not(None))

    def _active_since(self, since: datetime, condition: ColumnElement[bool]) -> list[str]:
        """The matches meeting ``condition`` with a log entry (or creation) since ``since``."""
        last = (
            select(func.max(ActionRow.at))
            .where(ActionRow.match_id == MatchRow.id)
            .scalar_subquery()
        )
        active = func.coalesce(last, MatchRow.created_at) >= since
        with Session(self.engine) as session:
            return list(session.scalars(select(MatchRow.id).where(condition, active)))


def _error_of(insert: Callable[[], datetime | None]) -> datetime | Exception | None:
    """What ``insert`` returns, or the error it raises."""
    try:
        return insert()
    except SQLAlchemyError as error:
        return error


def _seats(session: Session, match_id: str) -> list[SeatRow]:
    return list(
        session.scalars(
            select(SeatRow).where(SeatRow.match_id == match_id).order_by(SeatRow.seat)
        ).all()
    )
