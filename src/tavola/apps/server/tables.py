"""What makes a match a real table, beside its moves: resigning, handing an abandoned seat
to a bot, who is here, the chat, the rematch, and "your turn" across matches.

Resignations and hand-overs are entries of the log (``MatchService.seat_entry``). The chat
lives in a table of its own, and a rematch is a new match that names the old one
(``rematch_of``, one per match). Every change reaches the clients of this process at once
and, through PostgreSQL NOTIFY, those of the other servers (``signals``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TypeVar

from anyio import to_thread

from tavola.apps.server.chat import chat_json, clean_text
from tavola.apps.server.live import HUMAN, LiveMatch
from tavola.apps.server.messages import may_read_chat, rematch_info
from tavola.apps.server.models import ABANDON, RESIGN, MatchRow, SeatRow, as_utc, now
from tavola.apps.server.rates import Rates, per_seconds
from tavola.apps.server.refusals import Refused
from tavola.apps.server.request_language import lazy
from tavola.apps.server.service import MatchService, seat_infos, table_row
from tavola.apps.server.store import CHAT_KEPT
from tavola.apps.server.tokens import hash_token, new_match_id, new_token
from tavola.apps.web.pages import match_title

T = TypeVar("T")
SEEN_EVERY = 20.0  # seconds between two writes of a connected seat's presence


class Tables:
    def __init__(self, service: MatchService) -> None:
        self.service = service
        self.store = service.store
        self.hub = service.hub
        limits = service.settings.chat
        self.chat_limit = per_seconds(limits.burst, limits.window)
        self.rates = Rates()
        self._written: dict[tuple[str, int], float] = {}  # when a seat's presence was stored
        service.signals.update(
            {"chat": self._chat_changed, "seats": self._seats_changed, "rematch": self._offered}
        )

    async def _db(self, function: Callable[..., T], *args: Any) -> T:
        return await to_thread.run_sync(function, *args)

    async def _signal(self, match_id: str, what: str) -> None:
        await self._db(self.store.signal, match_id, what, self.service.server_id)

    # -- leaving the table -----------------------------------------------------------------

    async def resign(self, live: LiveMatch, seat: int) -> None:
        """``seat`` resigns: with two players the other wins; with more, the heuristic bot
        plays it to the end and it is ranked last."""
        await self.service.seat_entry(live, seat, RESIGN, asker=seat)

    async def take_over(self, live: LiveMatch, by: int, seat: int) -> None:
        """``by`` hands ``seat``, away for longer than the match allows, to the heuristic bot."""
        if not 0 <= seat < len(live.seats) or seat == by:
            raise Refused("bad_seat", lazy("name another seat of this match"))
        after = live.table.abandon_after
        if after is None:
            raise Refused("no_abandon", lazy("this match hands no seat over to a bot"))
        live.check_person(by)
        live.check_seat_entry(seat)
        await self._reread_seen(live)
        away = live.away(seat, now())
        if away is None or away < after:
            wait = after if away is None else after - away
            seconds = f"{wait:.0f}"
            raise Refused(
                "present",
                lazy(
                    "seat {seat} is here, or was too recently ({seconds} s ago)",
                    seat=seat,
                    seconds=seconds,
                ),
            )
        await self.service.seat_entry(live, seat, ABANDON, f"by {by}", asker=by)

    # -- who is here -----------------------------------------------------------------------

    async def arrive(self, live: LiveMatch, seat: int | None) -> None:
        """A seat's socket opened (the hub counts it): its presence is stored at once."""
        if seat is not None:
            await self.seen(live, seat, force=True)
            self._tell_presence(live)

    async def leave(self, live: LiveMatch, seat: int | None) -> None:
        if seat is not None:
            await self.seen(live, seat, force=True)
            self._tell_presence(live)

    async def seen(self, live: LiveMatch, seat: int | None, force: bool = False) -> None:
        """A person acted for ``seat`` now; stored now and then for the other servers, in
        matches that hand absent seats to a bot (the others never ask)."""
        if seat is None:
            return
        at = now()
        live.seen[seat] = at
        if live.table.abandon_after is None:
            return
        key, clock = (live.id, seat), time.monotonic()
        if force or clock - self._written.get(key, -SEEN_EVERY) >= SEEN_EVERY:
            self._written[key] = clock
            await self._db(self.store.touch, live.id, seat, at)

    async def _reread_seen(self, live: LiveMatch) -> None:
        """What the other servers stored of who is here."""
        stored = await self._db(self.store.seats, live.id)
        if stored is None:
            return
        for row in stored[1]:
            if row.seen_at is not None:
                at = as_utc(row.seen_at)
                if row.seat not in live.seen or live.seen[row.seat] < at:
                    live.seen[row.seat] = at

    def _tell_presence(self, live: LiveMatch) -> None:
        """Who is away, to the clients of a match that hands absent seats to a bot."""
        if live.table.abandon_after is None:
            return
        at = now()
        away = [live.away(seat, at) for seat in range(len(live.seats))]
        message = {
            "type": "presence",
            "away": [None if a is None else round(a, 1) for a in away],
        }
        self.hub.broadcast(live, message, lambda _: True)

    # -- chat ----------------------------------------------------------------------------------

    async def chat(self, live: LiveMatch, seat: int, text: str) -> dict[str, Any]:
        """``seat`` says ``text`` (plain text; 422 if empty or too long, 429 if too fast)."""
        text = clean_text(text, self.service.settings.chat.length)
        wait = self.rates.wait(self.chat_limit, "chat", live.id, str(seat))
        if wait:
            seconds = f"{wait:.0f}"
            raise Refused(
                "too_fast",
                lazy("too many messages; wait {seconds} s", seconds=seconds),
                retry_after=wait,
            )
        row = await self._db(self.store.insert_chat, live.id, seat, text)
        message = chat_json(row)
        self._add_chat(live, [message])
        await self._signal(live.id, "chat")
        return message

    def _add_chat(self, live: LiveMatch, messages: list[dict[str, Any]]) -> None:
        known = {message["id"] for message in live.chat}
        fresh = [message for message in messages if message["id"] not in known]
        if not fresh:
            return
        live.chat = sorted([*live.chat, *fresh], key=lambda m: int(m["id"]))[-CHAT_KEPT:]
        self.hub.broadcast(
            live, {"type": "chat", "chat": fresh}, lambda seat: may_read_chat(live, seat)
        )

    async def _chat_changed(self, live: LiveMatch) -> None:
        last = live.chat[-1]["id"] if live.chat else 0
        rows = await self._db(self.store.chat_after, live.id, last)
        self._add_chat(live, [chat_json(row) for row in rows])

    # -- rematch ---------------------------------------------------------------------------------

    async def offer_rematch(self, live: LiveMatch, seat: int) -> dict[str, Any]:
        """After the end, ``seat`` offers the same seats, options and table a new match, the
        seats rotated (old seat ``k`` plays new seat ``k + 1``); offering one already
        offered accepts it. ``seat`` gets its token at once."""
        if not live.is_over:
            raise Refused("not_over", lazy("a rematch is offered once the match is over"))
        if live.seats[seat].kind != HUMAN:
            raise Refused("bot_seat", lazy("a bot's seat offers nothing"))
        if live.rematch is None:
            token = new_token()
            match, seats = self._rematch_rows(live, seat, hash_token(token))
            if await self._db(self.store.insert_rematch, match, seats):
                live.rematch = rematch_info(match, seats)
                self._tell_rematch(live)
                await self._signal(live.id, "rematch")
                return self._seat_answer(live, match.id, seat, token, match.started_at)
        return await self.accept_rematch(live, seat)

    def _rematch_rows(
        self, live: LiveMatch, offered_by: int, token_hash: str
    ) -> tuple[MatchRow, list[SeatRow]]:
        n = len(live.seats)
        match_id = new_match_id()
        rows = []
        for old in live.seats:
            new = (old.seat + 1) % n
            row = SeatRow(match_id=match_id, seat=new, kind=old.kind, bot=old.bot, name=old.name)
            if old.kind == HUMAN:
                row.webhook, row.email = old.webhook, old.email
                row.token_hash = token_hash if old.seat == offered_by else None
            rows.append(row)
        rows.sort(key=lambda row: row.seat)
        waiting = any(row.kind == HUMAN and row.token_hash is None for row in rows)
        created = now()
        rules = live.game
        match = MatchRow(
            id=match_id,
            game=rules.name,
            options=rules.option_json(),
            seed=rules.fresh_seed(),
            prearranged=any(
                spec.secret and rules.options[spec.name] is not None for spec in rules.option_specs
            ),
            listed=live.listed,
            created_at=created,
            started_at=None if waiting else created,
            rematch_of=live.id,
            **table_row(live.table),
        )
        return match, rows

    def _seat_answer(
        self, live: LiveMatch, match_id: str, old_seat: int, token: str, started: Any
    ) -> dict[str, Any]:
        """What the seat that offered or accepted gets: its seat and token in the rematch."""
        seat = (old_seat + 1) % len(live.seats)
        return {
            "id": match_id,
            "seat": seat,
            "token": token,
            "url": f"/m/{match_id}?token={token}",
            "started": started is not None,
            "rematch": live.rematch,
        }

    async def accept_rematch(self, live: LiveMatch, seat: int) -> dict[str, Any]:
        """``seat`` accepts the rematch offered after ``live``: its token for its new seat
        (accepting again gives a new one; the previous stops working). Once every human
        seat has accepted, the rematch starts."""
        offered = await self._db(self.store.rematch, live.id)
        if offered is None:
            raise Refused("no_rematch", lazy("no rematch has been offered"))
        match, _ = offered
        if live.seats[seat].kind != HUMAN:
            raise Refused("bot_seat", lazy("a bot's seat accepts nothing"))
        new_seat = (seat + 1) % len(live.seats)
        token = new_token()
        started_at = await self._db(self.store.accept, match.id, new_seat, hash_token(token))
        offered = await self._db(self.store.rematch, live.id)
        assert offered is not None
        live.rematch = rematch_info(*offered)
        self._tell_rematch(live)
        await self._signal(live.id, "rematch")
        await self._signal(match.id, "seats")
        rematch = self.service.cached(match.id)
        if rematch is not None:
            await self._seats_changed(rematch, local=True)
        return self._seat_answer(live, match.id, seat, token, started_at)

    def _tell_rematch(self, live: LiveMatch) -> None:
        message = {"type": "rematch", "rematch": live.rematch}
        self.hub.broadcast(live, message, lambda _: True)

    async def _offered(self, live: LiveMatch) -> None:
        offered = await self._db(self.store.rematch, live.id)
        if offered is not None:
            live.rematch = rematch_info(*offered)
            self._tell_rematch(live)

    async def reseat(self, match_id: str) -> None:
        """A seat's account or name changed in the database: this server's copy of the
        match and the other servers' read its seats again."""
        live = self.service.cached(match_id)
        if live is not None:
            await self._seats_changed(live, local=True)
        await self._signal(match_id, "seats")

    async def _seats_changed(self, live: LiveMatch, local: bool = False) -> None:
        """A seat's token changed, or the match started: read the seats again. ``local``:
        this process made the change (it sends the first turn's notifications)."""
        stored = await self._db(self.store.seats, live.id)
        if stored is None:
            return
        match, rows = stored
        live.seats[:] = seat_infos(rows)
        if match.started_at is not None and not live.started:
            live.start(as_utc(match.started_at))
            self.service.started(live, local)
        self.hub.refresh(live)

    # -- your turn, across matches -------------------------------------------------------------

    async def your_turn(self, tokens: list[str]) -> list[dict[str, Any]]:
        """The matches where one of ``tokens`` is the seat to move."""
        by_hash = {hash_token(token): token for token in tokens}
        found = await self._db(self.store.seats_of_tokens, list(by_hash))
        turns: list[dict[str, Any]] = []
        for match_id, seat, token_hash in found:
            live = await self.service.get(match_id)
            if live.current_player != seat or not live.is_person(seat) or not live.started:
                continue
            token = by_hash[token_hash]
            since = live.entries[live.turn_seq - 1].at if live.turn_seq else live.started_at
            turns.append(
                {
                    "id": live.id,
                    "game": live.game.name,
                    "title": match_title(live.game),
                    "seat": seat,
                    "seq": live.seq,
                    "seats": [info.public() for info in live.seats],
                    "clock": live.clock_values()[seat],
                    "since": None if since is None else since.isoformat(),
                    "url": f"/m/{live.id}?token={token}",
                }
            )
        turns.sort(key=lambda turn: str(turn["since"] or ""))
        return turns
