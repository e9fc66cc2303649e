"""Matches as a service: create, load (replay), move, take back; bots, clocks, other servers.

All engine work happens on the event loop's thread (a move costs microseconds), all
database work in worker threads. Per match an ``asyncio.Lock`` serialises this
process's writers; across processes the log's primary key does: of two servers that
append the same ``seq``, one fails and answers 409 after catching up with the log.

Clocks: while a match with a clock runs, this process keeps an alarm for the moment its
seat to move runs out of time (``_schedule_clock``), which appends a timeout entry; when
several servers hold the match, the log's key lets one of them do it.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections import OrderedDict
from collections.abc import Callable, Coroutine
from concurrent.futures import Executor
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

from anyio import to_thread

from tavola.apps.server.bots import BotJob, bot_seed, bound_spec, choose, hint, make_pool
from tavola.apps.server.chat import chat_json
from tavola.apps.server.clocks import TimeControl
from tavola.apps.server.errors import ApiError
from tavola.apps.server.hub import Hub
from tavola.apps.server.live import BOT, HUMAN, LiveMatch, SeatInfo, TableRules
from tavola.apps.server.messages import message_for, rematch_info
from tavola.apps.server.models import MOVE, TAKEBACK, TIMEOUT, MatchRow, SeatRow, now
from tavola.apps.server.request_language import lazy
from tavola.apps.server.settings import Settings
from tavola.apps.server.store import Loaded, Store
from tavola.apps.server.tokens import hash_token, new_match_id, new_token
from tavola.apps.server.turn_alerts import Turn, TurnAlerts
from tavola.core.errors import TavolaError
from tavola.core.registry import load

log = logging.getLogger("tavola.server")
T = TypeVar("T")
RESUME_BOTS_WITHIN = timedelta(days=2)
RESUME_CLOCKS_WITHIN = timedelta(days=60)  # a correspondence match may rest for weeks
ALARM_SLACK = 0.02  # seconds after a deadline before the alarm looks


def as_utc(moment: datetime) -> datetime:
    """A time read from the database, in UTC (SQLite forgets the zone)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class MatchService:
    def __init__(self, settings: Settings, store: Store, hub: Hub) -> None:
        self.settings = settings
        self.store = store
        self.hub = hub
        self.server_id = secrets.token_hex(6)  # tells this process's notifications apart
        self._cache: OrderedDict[str, LiveMatch] = OrderedDict()  # least recently used first
        self._bot_tasks: dict[str, asyncio.Task[None]] = {}
        self._alarms: dict[str, asyncio.Task[None]] = {}
        self.alerts = TurnAlerts(settings.alerts)
        self._refreshing: set[asyncio.Task[None]] = set()  # held, or the loop may drop them
        # What to do when another server signals a change beside the log (see ``tables``).
        self.signals: dict[str, Callable[[LiveMatch], Coroutine[Any, Any, None]]] = {}
        self._pool: Executor | None = None

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
    ) -> dict[str, Any]:
        table = table or TableRules()
        options = dict(options)
        options.setdefault("players", len(seats))
        try:
            rules = load(game, **options)
        except TavolaError as error:
            raise ApiError(422, "bad_game", str(error)) from None
        if len(seats) != rules.num_players:
            raise ApiError(
                422,
                "bad_seats",
                lazy(
                    "{given} seat(s) given for a {players}-player match",
                    given=len(seats),
                    players=rules.num_players,
                ),
            )
        names = names or [None] * len(seats)
        if len(names) != len(seats):
            raise ApiError(
                422,
                "bad_names",
                lazy("{given} name(s) given for {seats} seats", given=len(names), seats=len(seats)),
            )
        webhooks = _per_seat("webhooks", webhooks, len(seats))
        emails = _per_seat("emails", emails, len(seats))
        if table.on_timeout == "lose" and len(seats) != 2:
            raise ApiError(422, "bad_table", lazy('"on_timeout": "lose" is for 2-player matches'))
        if all(spec.strip().lower() != HUMAN for spec in seats):
            self._check_bot_only_room()
        secret = any(
            spec.secret and rules.options[spec.name] is not None for spec in rules.option_specs
        )
        match_id = new_match_id()
        tokens: dict[int, str] = {}
        seat_rows = []
        for seat, spec in enumerate(seats):
            if spec.strip().lower() == HUMAN:
                tokens[seat] = new_token()
                row = SeatRow(seat=seat, kind=HUMAN, bot=None, token_hash=hash_token(tokens[seat]))
            else:
                row = SeatRow(seat=seat, kind=BOT, bot=bound_spec(spec, self.settings.bots))
            row.match_id, row.name = match_id, names[seat]
            if row.kind == HUMAN:
                row.webhook, row.email = webhooks[seat], emails[seat]
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
        live = await self.get(match_id)
        self._alert_turn(live)
        result_seats = []
        for info in live.seats:
            if info.kind == HUMAN:
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
            raise ApiError(404, "no_match", lazy("no match {match!r}", match=match_id))
        live = self._cache.get(match_id)  # loaded meanwhile by another request
        if live is None:
            live = self._build(loaded)
            self._cache[match_id] = live
            self.ensure_bot(live)
            self._schedule_clock(live)
            self._forget_idle()
        return live

    def _check_bot_only_room(self) -> None:
        """429 when this server already plays its share of matches that no person plays
        (bots in every seat, or in the seats of people who resigned or left): their bots
        must not starve the bots that people are waiting for."""
        running = sum(
            1
            for match_id in self._bot_tasks
            if (live := self._cache.get(match_id)) is not None
            and all(
                info.kind != HUMAN or seat in live.replaced for seat, info in enumerate(live.seats)
            )
        )
        if running >= self.settings.bot_only_matches:
            raise ApiError(
                429,
                "busy",
                lazy(
                    "too many matches between bots are being played here ({running}); "
                    "try again later",
                    running=running,
                ),
            )

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
                or match_id in self._bot_tasks
                or match_id in self._alarms
                or live.lock.locked()
            )
            if not busy:
                del self._cache[match_id]
                excess -= 1

    def _build(self, loaded: Loaded) -> LiveMatch:
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

    async def _catch_up(self, live: LiveMatch) -> None:
        """Apply what other servers appended to the log (the caller holds ``live.lock``)."""
        rows = await self._db(self.store.entries_after, live.id, live.seq)
        for row in rows:
            if row.seq == live.seq + 1:
                live.apply_row(row.seq, row.seat, row.kind, row.notation, as_utc(row.at))
        if rows:
            self._after_entry(live, local=False)

    # -- writing the log -------------------------------------------------------------------

    async def move(
        self, live: LiveMatch, seat: int | None, seq: int, text: str, as_bot: bool = False
    ) -> None:
        """``seat`` plays ``text`` on position ``seq``: appended to the log, or an ``ApiError``.
        ``as_bot``: the bot that plays the seat (a person's token may not, once replaced)."""
        live.check_seated(seat)  # before the lock: a spectator's tries cost the players nothing
        async with live.lock:
            try:
                if seq != live.seq:
                    await self._catch_up(live)
                if live.is_resend(seat, seq, text):
                    return
                if await self._expire(live):
                    raise ApiError(409, "time_out", lazy("the seat to move ran out of time"))
                trial = live.try_move(seat, seq, text, as_bot)
                append = self.store.append
                at = await self._db(
                    append, live.id, seq + 1, trial.seat, MOVE, trial.notation, self.server_id
                )
                if at is None:  # another server appended this entry first
                    await self._catch_up(live)
                    if live.is_resend(seat, seq, text):
                        return
                    raise ApiError(
                        409, "stale_seq", lazy("the match moved on to {seq}", seq=live.seq)
                    )
                live.commit(trial, seq + 1, at)
            except ApiError as error:
                if error.status == 409:
                    error.extra["state"] = message_for(live, seat)
                raise
        self._after_entry(live)

    async def take_back(self, live: LiveMatch, seat: int | None, seq: int) -> None:
        """``seat`` takes back its last action (see ``LiveMatch.check_takeback``)."""
        live.check_seated(seat)  # before the lock, as for a move
        async with live.lock:
            try:
                if seq != live.seq:
                    await self._catch_up(live)
                if seat is not None and 0 <= seq < live.seq:
                    entry = live.entries[seq]
                    if entry.kind == TAKEBACK and entry.seat == seat:
                        return  # a resend
                seat = live.check_takeback(seat, seq)
                at = await self._db(
                    self.store.append, live.id, seq + 1, seat, TAKEBACK, None, self.server_id
                )
                if at is None:
                    await self._catch_up(live)
                    raise ApiError(
                        409, "stale_seq", lazy("the match moved on to {seq}", seq=live.seq)
                    )
                live.take_back(seq + 1, seat, at)
            except ApiError as error:
                if error.status == 409:
                    error.extra["state"] = message_for(live, seat)
                raise
        self._after_entry(live)

    async def seat_entry(
        self, live: LiveMatch, seat: int, kind: str, detail: str | None = None, *, asker: int
    ) -> None:
        """Append an entry about ``seat`` (a resignation, a timeout, a hand-over to a bot);
        409 if a person does not play it in a running match. A 409 carries the state as
        ``asker``, the seat that asked, sees it: when one seat hands another to a bot, the
        other's view (its hand) is not the asker's to read."""
        async with live.lock:
            try:
                await self._catch_up(live)
                live.check_seat_entry(seat)
                seq = live.seq + 1
                append = self.store.append
                at = await self._db(append, live.id, seq, seat, kind, detail, self.server_id)
                if at is None:
                    await self._catch_up(live)
                    raise ApiError(
                        409, "stale_seq", lazy("the match moved on to {seq}; again", seq=live.seq)
                    )
                live.apply_row(seq, seat, kind, detail, at)
            except ApiError as error:
                if error.status == 409:
                    error.extra["state"] = message_for(live, asker)
                raise
        self._after_entry(live)

    def _after_entry(self, live: LiveMatch, local: bool = True) -> None:
        """Tell the clients, let a bot move, set the alarm; if this process wrote the entry,
        notify the seat whose turn it became."""
        self.hub.publish(live)
        self.ensure_bot(live)
        self._schedule_clock(live)
        if local:
            self._alert_turn(live)

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
        self.ensure_bot(live)
        self._schedule_clock(live)
        if local:
            self._alert_turn(live)

    # -- clocks ------------------------------------------------------------------------------

    async def _expire(self, live: LiveMatch) -> bool:
        """If the seat to move has run out of time, append its timeout; whether it had
        (the caller holds ``live.lock``)."""
        deadline = live.deadline()
        seat = live.clocked_mover
        if deadline is None or seat is None or now() < deadline:
            return False
        seq = live.seq + 1
        at = await self._db(self.store.append, live.id, seq, seat, TIMEOUT, None, self.server_id)
        if at is None:  # another server wrote it (or a move) first
            await self._catch_up(live)
            return True
        live.apply_row(seq, seat, TIMEOUT, None, at)
        self._after_entry(live)
        return True

    def _schedule_clock(self, live: LiveMatch) -> None:
        """Set the match's alarm for its seat to move's deadline (or none)."""
        current = self._alarms.pop(live.id, None)
        if current is not None and current is not asyncio.current_task():
            current.cancel()
        deadline = live.deadline()
        if deadline is None:
            return
        task = asyncio.get_running_loop().create_task(self._alarm(live, deadline))
        self._alarms[live.id] = task

        def forget(done: asyncio.Task[None]) -> None:
            if self._alarms.get(live.id) is done:
                del self._alarms[live.id]

        task.add_done_callback(forget)

    async def _alarm(self, live: LiveMatch, deadline: datetime) -> None:
        await asyncio.sleep(max(0.0, (deadline - now()).total_seconds()) + ALARM_SLACK)
        try:
            async with live.lock:
                await self._catch_up(live)
                await self._expire(live)
        except Exception:
            log.exception("the clock of match %s failed", live.id)

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
                self._spawn(self._refresh(live))
        elif what in self.signals:
            self._spawn(self.signals[what](live))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._refreshing.add(task)
        task.add_done_callback(self._refreshing.discard)

    async def _refresh(self, live: LiveMatch) -> None:
        async with live.lock:
            await self._catch_up(live)

    # -- bots --------------------------------------------------------------------------------

    def ensure_bot(self, live: LiveMatch) -> None:
        """Start the bot loop of a match whose seat to move is a bot (once per process)."""
        player = live.current_player
        if player is None or live.bot_of(player) is None or live.id in self._bot_tasks:
            return
        if not live.started:
            return
        task = asyncio.get_running_loop().create_task(self._bot_turns(live.id))
        self._bot_tasks[live.id] = task
        task.add_done_callback(lambda _: self._bot_tasks.pop(live.id, None))

    async def _bot_turns(self, match_id: str) -> None:
        loop = asyncio.get_running_loop()
        while True:
            live = await self.get(match_id)
            player = live.current_player
            spec = None if player is None else live.bot_of(player)
            if player is None or spec is None:
                return
            seq = live.seq
            try:
                notation = await loop.run_in_executor(self._workers(), choose, bot_job(live, spec))
                await self.move(live, player, seq, notation, as_bot=True)
            except ApiError as error:
                if error.kind == "match_over":
                    return
                if error.kind not in ("stale_seq", "time_out"):
                    log.error("bot move refused in match %s: %s", match_id, error.message)
                    return
            except Exception:
                log.exception("bot failed in match %s", match_id)
                return

    async def hint(self, live: LiveMatch, seat: int | None) -> dict[str, Any]:
        """A suggested move for the seat to move, where the match allows hints."""
        if not live.table.hints:
            raise ApiError(403, "no_hints", lazy("this match was created without hints"))
        if seat is None or seat != live.state.current_player:
            raise ApiError(403, "not_your_turn", lazy("a hint is for the seat to move"))
        seq = live.seq
        # One hint per position, however often it is asked (it is seeded by the position, so
        # it would be the same): asking again, even dropping the request, costs the bot
        # workers nothing more.
        known = live.hint
        if known is None or known[0] != seq or _failed(known[1]):
            job = bot_job(live, "")  # the review's estimates, not a bot's spec
            loop = asyncio.get_running_loop()
            known = live.hint = (seq, loop.run_in_executor(self._workers(), hint, job))
        suggestion = await asyncio.shield(known[1])
        return {"seq": seq, **suggestion}

    def _workers(self) -> Executor:
        """The bot workers' processes, started when first needed."""
        if self._pool is None:
            self._pool = make_pool(self.settings.bot_workers)
        return self._pool

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
        ids = await self._db(self.store.recent, self.settings.listed_matches)
        return [await self.get(match_id) for match_id in ids]

    async def close(self) -> None:
        for task in [*self._bot_tasks.values(), *self._alarms.values()]:
            task.cancel()
        await self.alerts.close()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)


def _per_seat(what: str, values: list[str | None] | None, seats: int) -> list[str | None]:
    values = values or [None] * seats
    if len(values) != seats:
        words = lazy(
            "{given} {what} given for {seats} seats", given=len(values), what=what, seats=seats
        )
        raise ApiError(422, f"bad_{what}", words)  # ``what``: the field's name, untranslated
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
    }


def table_of(match: MatchRow) -> TableRules:
    return TableRules(
        TimeControl.from_json(match.time_control),
        match.on_timeout or "bot",
        match.abandon_after,
        bool(match.chat_public),
        bool(match.hints),
    )


def seat_infos(seats: list[SeatRow]) -> list[SeatInfo]:
    return [
        SeatInfo(s.seat, s.kind, s.bot, s.name, s.token_hash, s.webhook, s.email) for s in seats
    ]


def _failed(future: asyncio.Future[Any]) -> bool:
    """Whether ``future`` ended without an answer (worth asking again)."""
    return future.done() and (future.cancelled() or future.exception() is not None)


def bot_job(live: LiveMatch, spec: str) -> BotJob:
    """What a bot worker needs to play the seat to move of ``live`` with ``spec``: the match
    replayed from its moves, and a seed of the position (its choice replays the same)."""
    player = live.current_player
    assert player is not None
    return BotJob(
        live.game.name,
        live.game.option_json(),
        live.seed,
        live.effective_notations(),
        player,
        spec,
        bot_seed(live.seed, live.seq),
    )
