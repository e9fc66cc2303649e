"""The tables: a match, its seats, and its append-only log, the single truth.

A match's state is ``replay`` of its log; nothing derived from it is stored, so nothing
can disagree with it. ``(match_id, seq)`` is the log's primary key: of two writers that
saw the same position, exactly one inserts the next entry.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, ForeignKey, Index, Integer, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

MOVE = "move"
TAKEBACK = "takeback"
# Entries about a seat rather than the game; none of them reaches the engine or its record.
RESIGN = "resign"  # the seat resigned
TIMEOUT = "timeout"  # the seat's clock ran out, or its move limit passed
ABANDON = "abandon"  # the seat left; another seat handed it to a bot
SEAT_KINDS = (RESIGN, TIMEOUT, ABANDON)


def now() -> datetime:
    return datetime.now(UTC)


def as_utc(moment: datetime) -> datetime:
    """A time read from the database, in UTC (SQLite forgets the zone)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class Base(DeclarativeBase):
    pass


class MatchRow(Base):
    __tablename__ = "matches"
    __table_args__ = (Index("ix_matches_listed_ended_at", "listed", "ended_at"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)  # every option, secret ones too
    seed: Mapped[int] = mapped_column(BigInteger)
    prearranged: Mapped[bool] = mapped_column(Boolean)  # the creator chose the seed or deck
    listed: Mapped[bool] = mapped_column(Boolean)  # shown to everyone as playing now
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    # The table's settings (revision 0002): the time control as the API takes it (None:
    # none), what a timeout does ("bot" or "lose"), after how many seconds away a seat may
    # be handed to a bot, whether spectators read the chat.
    time_control: Mapped[dict[str, Any] | None] = mapped_column(
        JSON(none_as_null=True), default=None
    )
    on_timeout: Mapped[str] = mapped_column(String(8), default="bot")
    abandon_after: Mapped[int | None] = mapped_column(Integer, default=None)
    chat_public: Mapped[bool] = mapped_column(Boolean, default=False)
    hints: Mapped[bool] = mapped_column(Boolean, default=False)
    # When the clocks start: at creation, or for a rematch once every seat accepted it.
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)
    rematch_of: Mapped[str | None] = mapped_column(
        String(32), default=None, index=True, unique=True
    )
    rated: Mapped[bool] = mapped_column(Boolean, default=False)  # its end rates its players
    # When its log ended it (revision 0010), once a server saw it: a mark to skip finished
    # matches by, not a truth (the log is); None for a match not over or not yet seen over.
    ended_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)


class SeatRow(Base):
    __tablename__ = "seats"

    match_id: Mapped[str] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # "human" or "bot"
    bot: Mapped[str | None] = mapped_column(String(200))
    name: Mapped[str | None] = mapped_column(String(200))
    token_hash: Mapped[str | None] = mapped_column(String(64), index=True)  # sha256 of the token
    # Turn notifications (revision 0002): where to tell the seat it is to move.
    webhook: Mapped[str | None] = mapped_column(String(500), default=None)
    email: Mapped[str | None] = mapped_column(String(254), default=None)
    seen_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)
    # The account that holds the seat (revision 0003), if its player signed in; a deleted
    # account leaves the seat to nobody, named DELETED_PLAYER.
    player_id: Mapped[int | None] = mapped_column(
        ForeignKey("players.id", ondelete="SET NULL"), default=None, index=True
    )
    # The seat's token, kept for the account that holds it (revision 0009) so that its
    # player plays the seat from any browser signed in; None for a seat no account holds
    # (or whose token the server never saw: a seek's, a challenge's).
    account_token: Mapped[str | None] = mapped_column(String(64), default=None)


class ActionRow(Base):
    __tablename__ = "actions"

    match_id: Mapped[str] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)  # 1, 2, ... per match
    seat: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))  # MOVE, TAKEBACK or one of SEAT_KINDS
    # A move's canonical (private) notation; for ABANDON, the seat that asked ("by 2").
    notation: Mapped[str | None] = mapped_column(String(200))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ChatRow(Base):
    """A chat message of a match's seat: stored with the match, never in its log or record."""

    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(500))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


DELETED_PLAYER = "deleted player"  # the name of a seat whose account was deleted


class PlayerRow(Base):
    """An account: a unique name (``name_key``, its case-folded form, is unique too, so
    that "Ada" and "ada" are not two players) and its password's Argon2id hash."""

    __tablename__ = "players"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(32), unique=True)
    name_key: Mapped[str] = mapped_column(String(32), unique=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SessionRow(Base):
    """A signed-in browser: its cookie's token, stored as a SHA-256 hash only."""

    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
