"""Challenges: a signed-in player invites one named player, or anyone signed in, to a
two-player match; the first to accept plays it, both seated as themselves (as a paired
seek). The challenger holds a key, returned once, that gives them their seat's token
once the challenge is accepted (``tokens.seat_token_of``); the server keeps its hash.
A challenge nobody accepted expires (``challenge_store.expires_at``).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import datetime
from typing import Any, TypeVar

from anyio import to_thread

from tavola.apps.server.accounts import Accounts, Player
from tavola.apps.server.challenge_store import (
    ACCEPTED,
    ACCEPTING,
    OPEN,
    ChallengeRow,
    ChallengeStore,
    expires_at,
)
from tavola.apps.server.clocks import TimeControl
from tavola.apps.server.models import now
from tavola.apps.server.refusals import Refused
from tavola.apps.server.request_language import lazy
from tavola.apps.server.seeks import Seated, create_between
from tavola.apps.server.service import MatchService
from tavola.apps.server.tokens import hash_token, new_match_id, new_token, seat_token_of
from tavola.core.errors import TavolaError
from tavola.core.registry import load

T = TypeVar("T")
MAX_PENDING = 10  # a player's challenges waiting at once
EXPIRED = "expired"  # a status the API shows, never stored: past ``expires_at``, pending


class Challenges:
    def __init__(self, service: MatchService, accounts: Accounts) -> None:
        self.service = service
        self.accounts = accounts
        self.store = ChallengeStore(service.store.engine)

    async def _db(self, function: Callable[..., T], *args: Any) -> T:
        return await to_thread.run_sync(function, *args)

    async def create(
        self,
        player: Player,
        to: str | None,
        game: str,
        options: dict[str, Any],
        control: TimeControl,
        rated: bool,
    ) -> dict[str, str]:
        """A new challenge: ``{"id", "key"}`` (the key: the challenger's, to get their seat)."""
        try:
            rules = load(game, **{"players": 2, **options})
        except TavolaError as error:
            raise Refused("bad_game", str(error)) from None
        if rules.num_players != 2:
            raise Refused("bad_game", lazy("a challenge is for a match of two players"))
        if any(spec.secret and rules.options[spec.name] is not None for spec in rules.option_specs):
            raise Refused("bad_game", lazy("a challenge deals no stacked deck"))
        opponent = None
        if to is not None:
            opponent = await self._db(self.accounts.find, to)
            if opponent is None:
                raise Refused("no_player", lazy("no player {name!r}", name=to))
            if opponent.id == player.id:
                raise Refused("bad_challenge", lazy("you cannot challenge yourself"))
        if await self._db(self.store.pending_count, player.id, now()) >= MAX_PENDING:
            raise Refused("busy", lazy("you wait for {count} matches already", count=MAX_PENDING))
        key = new_token()
        row = ChallengeRow(
            id=new_match_id(),
            from_id=player.id,
            from_name=player.name,
            to_id=None if opponent is None else opponent.id,
            to_name=None if opponent is None else opponent.name,
            game=rules.name,
            options=rules.option_json(),
            time_control=control.json(),
            rated=rated,
            status=OPEN,
            created_at=now(),
            key_hash=hash_token(key),
            token_hash=hash_token(seat_token_of(key)),
        )
        await self._db(self.store.insert, row)
        return {"id": row.id, "key": key}

    async def lists(self, player: Player) -> dict[str, list[dict[str, Any]]]:
        """``{"mine", "to_me", "open"}``: each a list of ``challenge_json``."""
        at = now()
        found = await self._db(self.store.lists, player.id, at)
        return {kind: [challenge_json(row, at) for row in rows] for kind, rows in found.items()}

    async def of_player(self, player: Player) -> list[dict[str, Any]]:
        """Every challenge from or to the player (their data download), each
        ``challenge_json`` with its ``created`` time."""
        at = now()
        rows = await self._db(self.store.of_player, player.id)
        return [{**challenge_json(row, at), "created": row.created_at.isoformat()} for row in rows]

    async def status(self, player: Player, challenge_id: str, key: str | None) -> dict[str, Any]:
        """The challenge, for the players it names (404 to anyone else but an open one's
        taker); with the challenger's seat once accepted, to whoever shows its key."""
        row = await self._db(self.store.get, challenge_id)
        if row is None or not _sees(row, player):
            raise Refused("no_challenge", lazy("no such challenge"))
        answer = challenge_json(row, now())
        if key is not None and row.match_id is not None and hash_token(key) == row.key_hash:
            answer["seat"] = _seat(row.match_id, row.seat, seat_token_of(key))
        return answer

    async def accept(self, player: Player, challenge_id: str) -> dict[str, Any]:
        """Accept: a new match, both seated as themselves; ``{"match", "seat"}`` (the
        acceptor's seat, its token and link). 409 ``challenge_taken`` once taken."""
        row = await self._db(self.store.get, challenge_id)
        if row is None or not _sees(row, player) or row.from_id == player.id:
            raise Refused("no_challenge", lazy("no such challenge"))
        at = now()
        taken = await self._db(self.store.take, challenge_id, player.id, at)
        if taken is None and challenge_json(row, at)["status"] == EXPIRED:
            raise Refused("challenge_expired", lazy("this challenge expired"))
        if taken is None:
            raise Refused("challenge_taken", lazy("this challenge is no longer open"))
        challenger = secrets.randbelow(2)  # who plays first is nobody's choice
        seated = [Seated(player.id, player.name, None)] * 2
        seated[challenger] = Seated(taken.from_id, taken.from_name, taken.token_hash)
        try:
            created = await create_between(self.service, taken, seated)
        except Refused:
            await self._db(self.store.release, challenge_id)
            raise
        match_id = created["id"]
        if not await self._db(self.store.settle, challenge_id, player.id, match_id, challenger):
            raise Refused("challenge_taken", lazy("this challenge is no longer open"))
        mine = created["seats"][1 - challenger]
        return {"match": match_id, "seat": _seat(match_id, mine["seat"], mine["token"])}

    async def close(self, player: Player, challenge_id: str) -> dict[str, Any]:
        """The challenger cancels, the player challenged declines; how it stands then."""
        row = await self._db(self.store.close, challenge_id, player.id)
        if row is None:
            raise Refused("no_challenge", lazy("no such challenge"))
        return challenge_json(row, now())


def _sees(row: ChallengeRow, player: Player) -> bool:
    return row.to_id is None or player.id in (row.from_id, row.to_id)


def _seat(match_id: str, seat: int | None, token: str) -> dict[str, Any]:
    return {"seat": seat, "token": token, "url": f"/m/{match_id}?token={token}"}


def challenge_json(row: ChallengeRow, at: datetime) -> dict[str, Any]:
    """A challenge as the API shows it at ``at``: an acceptance under way is still
    ``open``; a pending one past its time is ``expired``."""
    expires = expires_at(row)
    status = OPEN if row.status == ACCEPTING else row.status
    if status == OPEN and expires <= at:
        status = EXPIRED
    return {
        "id": row.id,
        "from": row.from_name,
        "to": row.to_name,
        "game": row.game,
        "options": row.options,
        "time_control": row.time_control,
        "rated": row.rated,
        "status": status,
        "match": row.match_id if status == ACCEPTED else None,
        "seat": None,
        "expires": expires.isoformat(),
    }
