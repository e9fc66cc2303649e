"""Matches as a service: create, load (replay), move, take back; bots, clocks, other servers.

All engine work happens on the event loop's thread (a move costs microseconds), all
database work in worker threads (the log's appends gathered, ``log_writer``). Per match
an ``asyncio.Lock`` serialises this process's writers; across processes the log's
primary key does: of two servers that append the same ``seq``, one fails and answers 409
after catching up with the log.

Every entry is written one way (``_write``): under the match's lock, caught up with the
log, checked, appended, applied, then told to the clients, the bots and the clock. The
clocks' alarms are ``clocks.ClockAlarms``'s; the bots' turns and the hints are
``bots.BotTurns``'s.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, TypeVar

from anyio import to_thread

from tavola.apps.server.bots import BotTurns, bound_spec
from tavola.apps.server.chat import chat_json
from tavola.apps.server.clocks import ClockAlarms, TimeControl
from tavola.apps.server.hub import Hub
from tavola.apps.server.live import BOT, HUMAN, LiveMatch, SeatInfo, TableRules
from tavola.apps.server.log_writer import LogWriter
from tavola.apps.server.messages import message_for, rematch_info
from tavola.apps.server.models import MOVE, TAKEBACK, MatchRow, SeatRow, as_utc, now
from tavola.apps.server.rating_store import RatingStore, finished
from tavola.apps.server.ratings import check_rated
from tavola.apps.server.refusals import CONFLICTS, Refused
from tavola.apps.server.request_language import lazy
from tavola.apps.server.settings import Settings
from tavola.apps.server.store import Loaded, NewEntry, Store
from tavola.apps.server.tokens import hash_token, new_match_id, new_token
from tavola.apps.server.turn_alerts import Turn, TurnAlerts
from tavola.core.errors import TavolaError
from tavola.core.registry import load

log = logging.getLogger("tavola.server")
T = TypeVar("T")
RESUME_BOTS_WITHIN = timedelta(days=2)
RESUME_CLOCKS_WITHIN = timedelta(days=60)  # a correspondence match may rest for weeks
RECHECK_REFUSALS = 0.5  # seconds between two refusals that read a match's log


@dataclass(frozen=True)
class Planned:
    """An entry checked and ready to append: its seat, kind and stored text, and how the
    match applies it once it is stored as ``(seq, at)``."""

    seat: int
    kind: str
    detail: str | None
    apply: Callable[[int, datetime], object]


class MatchService:
    def __init__(self, settings: Settings, store: Store, hub: Hub) -> None:
        self.settings = settings
        self.store = store
        self.hub = hub
        self.server_id = secrets.token_hex(6)  # tells this process's notifications apart
        self.log = LogWriter(store, self.server_id)
        self._cache: OrderedDict[str, LiveMatch] = OrderedDict()  # least recently used first
        self.bots = BotTurns(self)
        self.alarms = ClockAlarms(self)
        self.alerts = TurnAlerts(settings.alerts)
        self.ratings = RatingStore(store.engine, settings.is_postgres)
        self._refreshing: set[asyncio.Task[Any]] = set()  # held, or the loop may drop them
        # What to do when another server signals a change beside the log (see ``tables``).
        self.signals: dict[str, Callable[[LiveMatch], Coroutine[Any, Any, None]]] = {}

    async def _db(self, function: Callable[..., T], *args: Any) -> T:
        return await to_thread.run_sync(function, *args)

    # -- creating and loading ------------------------------------------------------------

    async def create(
        self,
        game: str,
        options: dict[str, Any],
        seats: list[str],
        names: list[str | None] | None,
        seed: int | None,
        listed: bool,
        table: TableRules | None = None,
        webhooks: list[str | None] | None = None,
        emails: list[str | None] | None = None,
        players: dict[int, int] | None = None,
        token_hashes: dict[int, str] | None = None,
    ) -> dict[str, Any]:
        """A new match. ``players``: the accounts holding seats; ``token_hashes``: seats
        whose token its player already holds (a seek's, a challenge's): the answer has no
        token for them."""
        table = table or TableRules()
        options = dict(options)
        options.setdefault("players", len(seats))
        try:
            rules = load(game, **options)
        except TavolaError as error:
            raise Refused("bad_game", str(error)) from None
        if len(seats) != rules.num_players:
            raise Refused(
                "bad_seats",
                lazy(
                    "{given} seat(s) given for a {players}-player match",
                    given=len(seats),
                    players=rules.num_players,
                ),
            )
        names = names or [None] * len(seats)
        if len(names) != len(seats):
            raise Refused(
                "bad_names",
                lazy("{given} name(s) given for {seats} seats", given=len(names), seats=len(seats)),
            )
        webhooks = _per_seat("webhooks", webhooks, len(seats))
        emails = _per_seat("emails", emails, len(seats))
        if table.on_timeout == "lose" and len(seats) != 2:
            raise Refused(
                "bad_table",
                lazy(
                    "a seat that runs out of time can lose only in a 2-player match; "
                    "with more players, a bot plays it on"
                ),
            )
        if all(spec.strip().lower() != HUMAN for spec in seats):
            self.bots.check_room()
        secret = any(
            spec.secret and rules.options[spec.name] is not None for spec in rules.option_specs
        )
        if table.rated:
            check_rated(seats, names, seed is not None or secret, table.hints)
        match_id = new_match_id()
        tokens: dict[int, str] = {}
        seat_rows = []
        for seat, spec in enumerate(seats):
            if spec.strip().lower() == HUMAN:
                held = (token_hashes or {}).get(seat)
                if held is None:
                    tokens[seat] = new_token()
                token_hash = held or hash_token(tokens[seat])
                row = SeatRow(seat=seat, kind=HUMAN, bot=None, token_hash=token_hash)
            else:
                row = SeatRow(seat=seat, kind=BOT, bot=bound_spec(spec, self.settings.bots))
            row.match_id, row.name = match_id, names[seat]
            if row.kind == HUMAN:
                row.webhook, row.email = webhooks[seat], emails[seat]
                row.player_id = (players or {}).get(seat)  # the account that holds it
                if row.player_id is not None:
                    row.account_token = tokens.get(seat)
            seat_rows.append(row)
        created_at = now()
        match = MatchRow(
            id=match_id,
            game=rules.name,
            options=rules.option_json(),
            seed=rules.fresh_seed() if seed is None else seed,
            prearranged=seed is not None or secret,
            listed=listed,
            created_at=created_at,
            started_at=created_at,
            **table_row(table),
        )
        await self._db(self.store.insert_match, match, seat_rows)
        # held from the rows just written: no other server knows the match yet, nor its log
        live = self._hold(Loaded(match, seat_rows, []))
        self.bots.ensure(live)
        self.alarms.schedule(live)
        self._alert_turn(live)
        result_seats = []
        for info in live.seats:
            if info.seat in (token_hashes or {}):
                result_seats.append({"seat": info.seat, "kind": HUMAN})
            elif info.kind == HUMAN:
                token = tokens[info.seat]
                url = f"/m/{match_id}?token={token}"
                result_seats.append({"seat": info.seat, "kind": HUMAN, "token": token, "url": url})
            else:
                result_seats.append({"seat": info.seat, "kind": BOT, "bot": info.bot})
        return {"id": match_id, "seats": result_seats, "spectate": f"/m/{match_id}"}

    async def get(self, match_id: str) -> LiveMatch:
        """The match, from the cache or replayed from its log (404 if there is none)."""
        live = self._cache.get(match_id)
        if live is not None:
            self._cache.move_to_end(match_id)
            return live
        loaded = await self._db(self.store.load, match_id)
        if loaded is None:
            raise Refused("no_match", lazy("no match {match!r}", match=match_id))
        live = self._cache.get(match_id)  # loaded meanwhile by another request
        if live is None:
            live = self._hold(loaded)
            # Another server's NOTIFY during the read found no match here: catch up now.
            await self.refresh(live)
            self.bots.ensure(live)
            self.alarms.schedule(live)
        return live

    def _hold(self, loaded: Loaded) -> LiveMatch:
        """The stored match replayed, held in the cache."""
        live = self._cache[loaded.match.id] = replayed(loaded)
        self._forget_idle()
        return live

    def _forget_idle(self) -> None:
        """Past ``settings.cached_matches``, drop the least recently used matches that
        nobody watches and no bot, clock or writer is busy with (a later ``get`` replays)."""
        excess = len(self._cache) - self.settings.cached_matches
        for match_id in list(self._cache):
            if excess <= 0:
                return
            live = self._cache[match_id]
            busy = (
                self.hub.watched(match_id)
                or self.bots.busy(match_id)
                or self.alarms.busy(match_id)
                or live.lock.locked()
            )
            if not busy:
                del self._cache[match_id]
                excess -= 1

    async def catch_up(self, live: LiveMatch) -> bool:
        """Apply what other servers appended to the log (the caller holds ``live.lock``);
        whether there was any."""
        rows = await self._db(self.store.entries_after, live.id, live.seq)
        for row in rows:
            if row.seq == live.seq + 1:
                live.apply_row(row.seq, row.seat, row.kind, row.notation, as_utc(row.at))
        if rows:
            self.after_entry(live, local=False)
        return bool(rows)

    async def refresh(self, live: LiveMatch) -> bool:
        """``catch_up`` under the match's lock; whether the log had moved on."""
        async with live.lock:
            return await self.catch_up(live)

    # -- writing the log -------------------------------------------------------------------

    async def move(
        self, live: LiveMatch, seat: int | None, seq: int, text: str, as_bot: bool = False
    ) -> None:
        """``seat`` plays ``text`` on position ``seq``: appended to the log, or ``Refused``.
        ``as_bot``: the bot that plays the seat (a person's token may not, once replaced)."""
        live.check_seated(seat)  # before the lock: a spectator's tries cost the players nothing

        async def plan() -> Planned | None:
            if live.is_resend(seat, seq, text):
                return None
            if await self.alarms.expire(live):
                raise Refused("time_out", lazy("the seat to move ran out of time"))
            trial = live.try_move(seat, seq, text, as_bot)
            return Planned(
                trial.seat, MOVE, trial.notation, lambda seq, at: live.commit(trial, seq, at)
            )

        await self._write(live, seat, seq, plan, resent=lambda: live.is_resend(seat, seq, text))

    async def take_back(self, live: LiveMatch, seat: int | None, seq: int) -> None:
        """``seat`` takes back its last action (see ``LiveMatch.check_takeback``)."""
        live.check_seated(seat)  # before the lock, as for a move

        async def plan() -> Planned | None:
            if seat is not None and 0 <= seq < live.seq:
                entry = live.entries[seq]
                if entry.kind == TAKEBACK and entry.seat == seat:
                    return None  # a resend
            mover = live.check_takeback(seat, seq)
            return Planned(mover, TAKEBACK, None, lambda seq, at: live.take_back(seq, mover, at))

        await self._write(live, seat, seq, plan)

    async def seat_entry(
        self, live: LiveMatch, seat: int, kind: str, detail: str | None = None, *, asker: int
    ) -> None:
        """Append an entry about ``seat`` (a resignation, a timeout, a hand-over to a bot);
        409 if a person does not play it in a running match. A 409 carries the state as
        ``asker``, the seat that asked, sees it: when one seat hands another to a bot, the
        other's view (its hand) is not the asker's to read."""

        async def plan() -> Planned:
            live.check_seat_entry(seat)
            apply = live.apply_row
            return Planned(seat, kind, detail, lambda seq, at: apply(seq, seat, kind, detail, at))

        await self._write(live, asker, None, plan)

    async def _write(
        self,
        live: LiveMatch,
        asker: int | None,
        seen: int | None,
        plan: Callable[[], Awaitable[Planned | None]],
        resent: Callable[[], bool] = lambda: False,
    ) -> None:
        """The one way an entry is written. Under the match's lock, caught up with the log
        unless the asker saw its last position ``seen`` (``None``: it names none), ``plan``
        checks the entry (``None``: a resend, written already); it is appended as the
        log's next entry and applied. If another server appended that entry first, the
        answer is 409 ``stale_seq``, unless ``resent`` finds it was this very entry. A
        refusal that is a conflict carries the state as ``asker`` sees it. Then the
        clients, the bots and the clock hear of the entry."""
        async with live.lock:
            try:
                if seen is None or seen != live.seq:
                    await self.catch_up(live)
                    planned = await plan()
                else:
                    planned = await self._plan_on_latest(live, plan)
                if planned is None:
                    return
                seq = live.seq + 1
                at = await self.append(live, planned.seat, planned.kind, planned.detail)
                if at is None:
                    if resent():
                        return
                    words = (
                        lazy("the match moved on to {seq}; again", seq=live.seq)
                        if seen is None
                        else lazy("the match moved on to {seq}", seq=live.seq)
                    )
                    raise Refused("stale_seq", words)
                planned.apply(seq, at)
            except Refused as refusal:
                if refusal.kind in CONFLICTS:
                    refusal.details["state"] = message_for(live, asker)
                raise
        self.after_entry(live)

    async def _plan_on_latest(
        self, live: LiveMatch, plan: Callable[[], Awaitable[Planned | None]]
    ) -> Planned | None:
        """``plan`` on the cached position, which the asker saw; a refusal is decided on
        the log's latest entry: if the log moved on meanwhile, ``plan`` again on it. The
        log is read for a refusal at most every ``RECHECK_REFUSALS`` seconds a match, so
        that a flood of refused moves does not become a flood of queries."""
        try:
            return await plan()
        except Refused:
            if time.monotonic() - live.refusal_checked < RECHECK_REFUSALS:
                raise
            live.refusal_checked = time.monotonic()
            if not await self.catch_up(live):
                raise
        return await plan()

    async def append(
        self, live: LiveMatch, seat: int, kind: str, detail: str | None
    ) -> datetime | None:
        """Store the log's next entry (the caller holds ``live.lock``) and return its time;
        ``None`` if another server stored one first (the match has caught up with it)."""
        at = await self.log.append(NewEntry(live.id, live.seq + 1, seat, kind, detail))
        if at is None:
            await self.catch_up(live)
        return at

    def after_entry(self, live: LiveMatch, local: bool = True) -> None:
        """Tell the clients, let a bot move, set the alarm; if this process wrote the entry,
        notify the seat whose turn it became."""
        self.hub.publish(live)
        self.bots.ensure(live)
        self.alarms.schedule(live)
        if local:
            self._alert_turn(live)
            if live.is_over:
                self._spawn(self._mark_ended(live))
            if live.is_over and live.table.rated:
                self._spawn(self._rate(live))

    async def _mark_ended(self, live: LiveMatch) -> None:
        """A match this process ended leaves "playing now" (a failure leaves it to the
        lobby's next look, which finds it over and marks it)."""
        try:
            await self._db(self.store.mark_ended, [live.id], now())
        except Exception:
            log.exception("cannot mark match %s ended", live.id)

    async def _rate(self, live: LiveMatch) -> None:
        """A rated match this process ended: its result rates its players (a failure
        leaves the ratings behind the log until ``tavola db rerate``)."""
        try:
            await self._db(self.ratings.record, finished(live))
        except Exception:
            log.exception("cannot rate match %s", live.id)

    def _alert_turn(self, live: LiveMatch) -> None:
        mover = live.current_player
        if mover is None or live.turn_seq != live.seq or not live.started:
            return
        info = live.seats[mover]
        if live.is_person(mover) and (info.webhook or info.email):
            url = self.alerts.link(live.id)
            turn = Turn(live.id, live.game.title, mover, live.seq, url, info.webhook, info.email)
            self.alerts.turn(turn)

    def cached(self, match_id: str) -> LiveMatch | None:
        return self._cache.get(match_id)

    def started(self, live: LiveMatch, local: bool) -> None:
        """A rematch every seat accepted has started: bots, clocks, the first turn."""
        self.bots.ensure(live)
        self.alarms.schedule(live)
        if local:
            self._alert_turn(live)

    # -- other servers on the same PostgreSQL ------------------------------------------------

    def on_notify(self, payload: str) -> None:
        """A server appended to a match's log, or changed its chat, seats or rematch
        (PostgreSQL NOTIFY ``"match what origin"``): catch up if we hold the match."""
        match_id, _, rest = payload.partition(" ")
        what, _, origin = rest.partition(" ")
        live = self._cache.get(match_id)
        if origin == self.server_id or live is None:
            return
        if what.isdecimal():
            if live.seq < int(what):
                self._spawn(self.refresh(live))
        elif what in self.signals:
            self._spawn(self.signals[what](live))

    def on_listening(self) -> None:
        """The LISTEN connection is (back) in place: what other servers appended while it
        was away reached no one here, so compare the cached matches with the log."""
        self._spawn(self.check_cached())

    async def check_cached(self) -> None:
        """Catch up each cached match whose log has moved on (one cheap query for all)."""
        held = list(self._cache)
        if not held:
            return
        last = await self._db(self.store.last_seqs, held)
        for match_id, seq in last.items():
            live = self._cache.get(match_id)
            if live is not None and live.seq < seq:
                self._spawn(self.refresh(live))

    async def check_cached_every(self, seconds: float) -> None:
        """A net under NOTIFY: ``check_cached`` every ``seconds``, until cancelled."""
        while True:
            await asyncio.sleep(seconds)
            try:
                await self.check_cached()
            except Exception:
                log.exception("cannot compare the cached matches with the log")

    def _spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._refreshing.add(task)
        task.add_done_callback(self._refreshing.discard)

    async def resume_bots(self) -> None:
        """After a start: the matches whose bot may be due to move play on, and the clocks
        of the matches that have one run again (loading a match sets its alarm)."""
        bots = await self._db(self.store.with_bots_active_since, now() - RESUME_BOTS_WITHIN)
        clocks = await self._db(self.store.clocked_active_since, now() - RESUME_CLOCKS_WITHIN)
        for match_id in dict.fromkeys([*bots, *clocks]):
            try:
                await self.get(match_id)
            except Exception:
                log.exception("cannot resume match %s", match_id)

    # -- reading ---------------------------------------------------------------------------

    async def listed(self) -> list[LiveMatch]:
        """The lobby's "playing now": listed matches with a move made and not over, the
        most recently moved first, at most ``settings.listed_matches``, however many
        unstarted or finished ones there are. A match found over is marked ended, and
        the next look's query skips it."""
        wanted = self.settings.listed_matches
        found: dict[str, LiveMatch] = {}
        skip = 0
        while len(found) < wanted:
            ids = await self._db(self.store.playing, wanted, skip)
            ended = []
            for match_id in ids:
                live = await self.get(match_id)
                if live.is_over:
                    ended.append(match_id)
                elif len(found) < wanted:
                    found.setdefault(match_id, live)
            if ended:
                await self._db(self.store.mark_ended, ended, now())
            if len(ids) < wanted:
                break
            skip += len(ids) - len(ended)  # the ended ones left the query's rows
        return list(found.values())

    async def close(self) -> None:
        self.log.close()
        self.bots.close()
        self.alarms.close()
        await self.alerts.close()


def _per_seat(what: str, values: list[str | None] | None, seats: int) -> list[str | None]:
    values = values or [None] * seats
    if len(values) != seats:
        words = lazy(
            "{given} {what} given for {seats} seats", given=len(values), what=what, seats=seats
        )
        raise Refused(f"bad_{what}", words)  # ``what``: the field's name, untranslated
    return values


def table_row(table: TableRules) -> dict[str, Any]:
    """The match row's columns for a table."""
    control = table.time_control
    return {
        "time_control": control.json() if control.has_clock else None,
        "on_timeout": table.on_timeout,
        "abandon_after": table.abandon_after,
        "chat_public": table.chat_public,
        "hints": table.hints,
        "rated": table.rated,
    }


def table_of(match: MatchRow) -> TableRules:
    return TableRules(
        TimeControl.from_json(match.time_control),
        match.on_timeout or "bot",
        match.abandon_after,
        bool(match.chat_public),
        bool(match.hints),
        bool(match.rated),
    )


def seat_infos(seats: list[SeatRow]) -> list[SeatInfo]:
    return [
        SeatInfo(s.seat, s.kind, s.bot, s.name, s.token_hash, s.webhook, s.email) for s in seats
    ]


def replayed(loaded: Loaded) -> LiveMatch:
    """A stored match, its log replayed."""
    match = loaded.match
    live = LiveMatch.create(
        match.id,
        match.game,
        match.options,
        match.seed,
        match.prearranged,
        match.listed,
        as_utc(match.created_at),
        seat_infos(loaded.seats),
        table_of(match),
        None if match.started_at is None else as_utc(match.started_at),
        match.rematch_of,
    )
    for row in loaded.actions:
        live.apply_row(row.seq, row.seat, row.kind, row.notation, as_utc(row.at))
    live.seen = {s.seat: as_utc(s.seen_at) for s in loaded.seats if s.seen_at is not None}
    live.chat = [chat_json(row) for row in loaded.chat]
    if loaded.rematch is not None:
        live.rematch = rematch_info(*loaded.rematch)
    return live
