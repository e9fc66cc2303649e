"""Accounts: players with a name and a password, their sessions, and the seats they hold.

A player is optional: a seat's token plays it, signed in or not; an account adds a name
that lasts to the seats its player takes. Passwords are hashed with Argon2id
(``argon2-cffi``); a session is a random token whose SHA-256 alone is stored, carried by
an HTTP-only cookie (``routes/session.py``). Every method here is a short synchronous
transaction: the routes run them in worker threads.

>>> name_problem("ada"), name_problem("a"), name_problem("a b c")
(None, 'name_length', 'name_characters')
>>> password_problem("ada", "correct horse"), password_problem("ada", "short")
(None, 'password_length')
>>> _hasher().check_needs_rehash(DECOY_HASH)
False
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Engine, delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from tavola.apps.server.models import (
    DELETED_PLAYER,
    MatchRow,
    PlayerRow,
    SeatRow,
    SessionRow,
    now,
)
from tavola.apps.server.rating_store import RatingStore
from tavola.apps.server.refusals import Refused
from tavola.apps.server.request_language import lazy
from tavola.apps.server.tokens import hash_token, new_token
from tavola.core.i18n import Text

NAME_LENGTH = (3, 24)
NAME_CHARACTERS = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")
PASSWORD_LENGTH = (8, 200)  # the upper bound keeps one hash cheap enough
SESSION_LIFETIME = timedelta(days=30)


@dataclass(frozen=True)
class Player:
    """A signed-in caller, or an account found by name."""

    id: int
    name: str


def name_problem(name: str) -> str | None:
    """The rule a new account's name breaks (``None``: none)."""
    if not NAME_LENGTH[0] <= len(name) <= NAME_LENGTH[1]:
        return "name_length"
    if not NAME_CHARACTERS.fullmatch(name):
        return "name_characters"
    return None


def password_problem(name: str, password: str) -> str | None:
    """The rule a password breaks (``None``: none)."""
    if not PASSWORD_LENGTH[0] <= len(password) <= PASSWORD_LENGTH[1]:
        return "password_length"
    if password.casefold() == name.casefold():
        return "password_is_name"
    return None


RULES: dict[str, Text] = {
    "name_length": lazy(
        "A name has {low} to {high} characters", low=NAME_LENGTH[0], high=NAME_LENGTH[1]
    ),
    "name_characters": lazy(
        "A name has letters (a-z), digits, '-' and '_' only, and starts with a letter or a digit"
    ),
    "password_length": lazy(
        "A password has {low} to {high} characters",
        low=PASSWORD_LENGTH[0],
        high=PASSWORD_LENGTH[1],
    ),
    "password_is_name": lazy("A password is not the name"),
}
"""The words of each rule a name or a password may break."""


def check_new_account(name: str, password: str) -> None:
    """422 ``bad_name`` or ``bad_password``, with the ``rule`` broken, or nothing."""
    rule = name_problem(name)
    if rule is not None:
        raise Refused("bad_name", RULES[rule], rule=rule)
    check_password_rules(name, password)


def check_password_rules(name: str, password: str) -> None:
    """422 ``bad_password``, with the ``rule`` broken, or nothing."""
    rule = password_problem(name, password)
    if rule is not None:
        raise Refused("bad_password", RULES[rule], rule=rule)


@cache
def _hasher() -> PasswordHasher:
    """Argon2id with OWASP's parameters for it (19 MiB, 2 passes, 1 lane): a server of
    two cores still answers a sign-in in a fraction of a second."""
    return PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1)


DECOY_HASH = (
    "$argon2id$v=19$m=19456,t=2,p=1$5LawPaVg2TgdzSjEzwfcCg"
    "$kolejjUmnjDqLLFniHf+1iOtwOzk68XUIPmNweCeBh0"
)
"""What a sign-in with an unknown name verifies its password against, so that it takes as
long as one with a wrong password (the hash of a random string, forgotten, with ``_hasher``'s
parameters: ``_hasher().check_needs_rehash(DECOY_HASH)`` is false)."""


def _password_matches(stored: str, password: str) -> bool:
    try:
        return _hasher().verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


class Accounts:
    """The players, their sessions, and which seats they hold, in the server's database."""

    def __init__(self, engine: Engine, ratings: RatingStore) -> None:
        self.engine = engine
        self.ratings = ratings

    # -- accounts ----------------------------------------------------------------------------

    def sign_up(self, name: str, password: str) -> Player:
        """A new account (409 ``name_taken`` if a player has the name, in any case)."""
        check_new_account(name, password)
        row = PlayerRow(
            name=name,
            name_key=name.casefold(),
            password_hash=_hasher().hash(password),
            created_at=now(),
        )
        try:
            with Session(self.engine, expire_on_commit=False) as session, session.begin():
                session.add(row)
        except IntegrityError:
            raise Refused("name_taken", lazy("the name {name!r} is taken", name=name)) from None
        return Player(row.id, row.name)

    def find(self, name: str) -> Player | None:
        """The account of ``name`` (in any case)."""
        with Session(self.engine) as session:
            row = session.scalars(
                select(PlayerRow).where(PlayerRow.name_key == name.casefold())
            ).first()
            return None if row is None else Player(row.id, row.name)

    def check_password(self, name: str, password: str) -> Player | None:
        """The account if ``password`` is its password; ``None`` for a wrong password and
        for an unknown name alike, after the same work."""
        with Session(self.engine) as session, session.begin():
            row = session.scalars(
                select(PlayerRow).where(PlayerRow.name_key == name.casefold())
            ).first()
            if row is None:
                _password_matches(DECOY_HASH, password)
                return None
            if not _password_matches(row.password_hash, password):
                return None
            if _hasher().check_needs_rehash(row.password_hash):
                row.password_hash = _hasher().hash(password)
            return Player(row.id, row.name)

    def change_password(self, player: Player, new_password: str, keep: str) -> None:
        """Set a new password and end every session of the player but ``keep`` (a token)."""
        check_password_rules(player.name, new_password)
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(PlayerRow)
                .where(PlayerRow.id == player.id)
                .values(password_hash=_hasher().hash(new_password))
            )
            session.execute(
                delete(SessionRow).where(
                    SessionRow.player_id == player.id, SessionRow.token_hash != hash_token(keep)
                )
            )

    def delete(self, player: Player) -> list[str]:
        """Delete the account and its sessions; its seats stay, held by nobody and named
        ``DELETED_PLAYER``, and its ratings go (``RatingStore.forget``), in one
        transaction. The matches whose seats changed."""
        with self.ratings.writing() as session:
            seats = [
                (match_id, seat)
                for match_id, seat in session.execute(
                    select(SeatRow.match_id, SeatRow.seat).where(SeatRow.player_id == player.id)
                )
            ]
            session.execute(
                update(SeatRow)
                .where(SeatRow.player_id == player.id)
                .values(player_id=None, name=DELETED_PLAYER, account_token=None)
            )
            self.ratings.forget(session, player.name, seats)
            session.execute(delete(SessionRow).where(SessionRow.player_id == player.id))
            session.execute(delete(PlayerRow).where(PlayerRow.id == player.id))
        return sorted({match_id for match_id, _ in seats})

    # -- sessions ----------------------------------------------------------------------------

    def open_session(self, player: Player) -> str:
        """A new session's token (the cookie's value); the player's expired sessions go."""
        token = new_token()
        at = now()
        with Session(self.engine) as session, session.begin():
            session.execute(
                delete(SessionRow).where(
                    SessionRow.player_id == player.id, SessionRow.expires_at <= at
                )
            )
            session.add(
                SessionRow(
                    token_hash=hash_token(token),
                    player_id=player.id,
                    created_at=at,
                    expires_at=at + SESSION_LIFETIME,
                )
            )
        return token

    def session_player(self, token: str) -> Player | None:
        """The player a session's token signs in, while the session lasts."""
        with Session(self.engine) as session:
            found = session.execute(
                select(PlayerRow.id, PlayerRow.name, SessionRow.expires_at)
                .join(SessionRow, SessionRow.player_id == PlayerRow.id)
                .where(SessionRow.token_hash == hash_token(token))
            ).first()
        if found is None or _aware(found.expires_at) <= now():
            return None
        return Player(found.id, found.name)

    def end_session(self, token: str) -> None:
        with Session(self.engine) as session, session.begin():
            session.execute(delete(SessionRow).where(SessionRow.token_hash == hash_token(token)))

    # -- seats -------------------------------------------------------------------------------

    def bind_seat(self, match_id: str, seat: int, player: Player, token: str) -> None:
        """The seat (of ``token``) is the player's from now on, under their name, and its
        token kept for the account (409 ``seat_claimed`` if another account holds it)."""
        with Session(self.engine) as session, session.begin():
            row = session.get(SeatRow, (match_id, seat), with_for_update=True)
            if row is None:
                raise Refused("no_match", lazy("no match {match!r}", match=match_id))
            if row.player_id not in (None, player.id):
                raise Refused("seat_claimed", lazy("another player holds this seat"))
            row.player_id, row.name, row.account_token = player.id, player.name, token

    def seats_of(self, player: Player, limit: int) -> list[tuple[str, int]]:
        """The (match, seat) the player holds, the most recent matches first."""
        return [(match, seat) for match, seat, _ in self.held_seats(player, limit=limit)]

    def held_seats(
        self, player: Player, match_id: str | None = None, limit: int = 50
    ) -> list[tuple[str, int, str | None]]:
        """The (match, seat, token) of the seats the player holds (of match ``match_id``
        only, if given), the most recent matches first; the token is the one the server
        kept for the account, or None."""
        query = (
            select(SeatRow.match_id, SeatRow.seat, SeatRow.account_token)
            .join(MatchRow, MatchRow.id == SeatRow.match_id)
            .where(SeatRow.player_id == player.id)
        )
        if match_id is not None:
            query = query.where(SeatRow.match_id == match_id)
        with Session(self.engine) as session:
            rows = session.execute(
                query.order_by(MatchRow.created_at.desc(), SeatRow.seat).limit(limit)
            ).all()
            return [(match, seat, token) for match, seat, token in rows]


def _aware(moment: datetime) -> datetime:
    """A time read from the database, in UTC (SQLite forgets the zone)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
