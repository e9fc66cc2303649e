"""Quick pairing: a signed-in player seeks a match of a game, options, time control and
ratedness; two (or as many as the game seats) compatible seekers are paired into a new
match within seconds, each seat held by its player's account.

Every server pairs its database's seeks (``run``): at once when one of its players seeks,
then every ``PAIR_EVERY`` seconds while any seek waits, as ranges widen with waiting
(``pairing``). A server that found none waiting sleeps until one of its players seeks
(or ``IDLE_EVERY`` has passed: a net for seeks whose own server went away), so an idle
server makes no query. The seeks' table makes one pairing of a seek, never two, across
servers (``seek_store``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from anyio import to_thread

from tavola.apps.server.accounts import Player
from tavola.apps.server.clocks import TimeControl, default_abandon
from tavola.apps.server.live import HUMAN, TableRules
from tavola.apps.server.models import now
from tavola.apps.server.ratings import MODEL
from tavola.apps.server.refusals import Refused
from tavola.apps.server.request_language import lazy
from tavola.apps.server.seek_store import (
    PAIRED,
    PAIRING,
    WAITING,
    Claimed,
    SeekRow,
    SeekStore,
    pool_key,
)
from tavola.apps.server.service import MatchService
from tavola.apps.server.tokens import hash_token, new_token, seat_token_of
from tavola.core.errors import TavolaError
from tavola.core.registry import load

log = logging.getLogger("tavola.server")
T = TypeVar("T")
PAIR_EVERY = 1.0  # seconds between two pairings of the waiting seeks
IDLE_EVERY = 30.0  # seconds between two looks when no seek waits
MAX_WAITING = 3  # a player's seeks waiting at once


class Seeks:
    def __init__(self, service: MatchService) -> None:
        self.service = service
        self.store = SeekStore(service.store.engine)
        self._wake = asyncio.Event()

    async def _db(self, function: Callable[..., T], *args: Any) -> T:
        return await to_thread.run_sync(function, *args)

    async def seek(
        self, player: Player, game: str, options: dict[str, Any], control: TimeControl, rated: bool
    ) -> str:
        """``player`` waits for a match of this pool; the seek's id."""
        try:
            rules = load(game, **options)
        except TavolaError as error:
            raise Refused("bad_game", str(error)) from None
        if rules.num_players < 2:
            raise Refused("bad_game", lazy("quick pairing is for games of two players or more"))
        if any(spec.secret and rules.options[spec.name] is not None for spec in rules.option_specs):
            raise Refused("bad_game", lazy("quick pairing deals no stacked deck"))
        if await self._db(self.store.waiting_count, player.id) >= MAX_WAITING:
            raise Refused("busy", lazy("you wait for {count} matches already", count=MAX_WAITING))
        skill = await self._db(self._skill, player.name, rules.name, rules.rating_category())
        options = rules.option_json()
        at = now()
        seek_id = new_token()  # a secret: its owner's alone (see seek_store)
        row = SeekRow(
            id=hash_token(seek_id),
            player_id=player.id,
            name=player.name,
            pool=pool_key(rules.name, options, control.json(), rated),
            game=rules.name,
            options=options,
            time_control=control.json(),
            rated=rated,
            seats=rules.num_players,
            skill=skill,
            status=WAITING,
            created_at=at,
            seen_at=at,
            token_hash=hash_token(seat_token_of(seek_id)),
        )
        await self._db(self.store.insert, row)
        self._wake.set()
        return seek_id

    def _skill(self, name: str, game: str, category: str) -> float:
        """The player's mu in the pool's ratings (a newcomer's: openskill's default)."""
        for standing in self.service.ratings.player_ratings(name):
            if (standing.game, standing.category) == (game, category):
                return standing.mu
        return float(MODEL.mu)

    async def status(self, player: Player, seek_id: str) -> dict[str, Any] | None:
        """The player's seek as the API answers it (``None``: no such seek of theirs)."""
        row = await self._db(self.store.seen, hash_token(seek_id), player.id)
        return None if row is None else seek_answer(row, seek_id)

    async def cancel(self, player: Player, seek_id: str) -> dict[str, Any] | None:
        """Cancel the player's seek unless it was paired already; how it stands then."""
        row = await self._db(self.store.cancel, hash_token(seek_id), player.id)
        return None if row is None else seek_answer(row, seek_id)

    async def seeking(self) -> list[dict[str, Any]]:
        """How many players seek each pool now (the lobby shows it)."""
        return [
            {"game": game, "options": options, "time_control": control, "rated": rated, "count": n}
            for game, options, control, rated, n in await self._db(self.store.seeking)
        ]

    # -- pairing -------------------------------------------------------------------------

    async def run(self) -> None:
        """Pair the waiting seeks as long as the server runs: every ``PAIR_EVERY`` seconds
        while any waits, else once woken by a seek."""
        waiting = True
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), PAIR_EVERY if waiting else IDLE_EVERY)
            self._wake.clear()
            try:
                waiting = await self.pair()
            except Exception:  # the database away: the next round tries again
                waiting = True
                log.exception("pairing the seeks failed")

    async def pair(self) -> bool:
        """Make every match the waiting seeks allow now; whether any seek waited."""
        pools = await self._db(self.store.pools)
        for pool in pools:
            for claimed in await self._db(self.store.claim, pool, now()):
                await self._make(claimed)
        return bool(pools)

    async def _make(self, claimed: Claimed) -> None:
        seeks = list(claimed.seeks)
        secrets.SystemRandom().shuffle(seeks)  # who plays first is nobody's choice
        first = seeks[0]
        try:
            created = await create_between(
                self.service,
                first,
                [Seated(row.player_id, row.name, row.token_hash) for row in seeks],
            )
        except Refused:
            log.exception("a paired match could not be created")
            await self._db(self.store.release, claimed.claim)
            return
        seats = {row.id: seat for seat, row in enumerate(seeks)}
        if not await self._db(self.store.settle, claimed.claim, created["id"], seats):
            log.warning("a pairing's claim was given up before its match %s", created["id"])


@dataclass(frozen=True)
class Seated:
    """A player to seat as themselves: their account, name, and seat token's hash (``None``:
    a new token, in the answer)."""

    player_id: int
    name: str
    token_hash: str | None


class Wish(Protocol):
    """What a seek and a challenge both say of the match they want."""

    game: str
    options: dict[str, Any]
    time_control: dict[str, Any]
    rated: bool


async def create_between(service: MatchService, wish: Wish, seated: list[Seated]) -> dict[str, Any]:
    """A new listed match of ``wish`` where each player sits as themselves, in that order:
    a paired seek's, an accepted challenge's (no hints; a seat away may go to a bot)."""
    control = TimeControl.from_json(wish.time_control)
    table = TableRules(control, "bot", default_abandon(control), False, False, wish.rated)
    return await service.create(
        wish.game,
        wish.options,
        [HUMAN] * len(seated),
        [player.name for player in seated],
        None,
        True,
        table,
        players={seat: player.player_id for seat, player in enumerate(seated)},
        token_hashes={
            seat: player.token_hash
            for seat, player in enumerate(seated)
            if player.token_hash is not None
        },
    )


def seek_answer(row: SeekRow, seek_id: str) -> dict[str, Any]:
    """``{"status", "match", "seat"}`` for the seek's owner (who showed its id): a claimed
    seek still waits."""
    if row.status != PAIRED or row.match_id is None:
        status = WAITING if row.status == PAIRING else row.status
        return {"status": status, "match": None, "seat": None}
    token = seat_token_of(seek_id)
    seat = {"seat": row.seat, "token": token, "url": f"/m/{row.match_id}?token={token}"}
    return {"status": PAIRED, "match": row.match_id, "seat": seat}
