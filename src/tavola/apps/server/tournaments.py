"""Online tournaments: arenas, Swiss and round robins that run themselves (docs/tournaments.md).

A tournament is its rows (``tournament_store``): its settings, its entrants, its tables.
The scheduler (``run``) looks after every tournament that is not finished, every
``SCHEDULE_EVERY`` seconds, on the one server that holds the scheduler's lease:

1. an upcoming tournament starts at its time (or once ``max_players`` joined);
2. a table whose match is over gets its points (``pairings.place_points`` of the
   match's result, as its log has it);
3. a table without its match gets one: ``MatchService.create`` with the tournament's
   game, options and clock, its seats held by the entrants' accounts or played by their
   bots (a match of bots alone counts toward the server's cap on them: a refused one
   is made at a later step);
4. the next tables are paired when their format says (``plan``), from the rows alone.

A restarted server, or another one, finds the same rows and goes on where they stand.
While no tournament is to be looked after and none is watched, the scheduler sleeps until
one is created, entered or watched here (or ``IDLE_EVERY`` has passed: a net for those of
another server), so an idle server makes no query.

After each look, every tournament someone watches (a socket of ``/t/{id}``) is read again:
if anything shown changed, its watchers are handed the new rows (``Watcher``), whichever
server changed them.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

from anyio import to_thread

from tavola.apps.server.accounts import Player
from tavola.apps.server.bots import bound_spec
from tavola.apps.server.clocks import TimeControl, default_abandon
from tavola.apps.server.live import HUMAN, TableRules
from tavola.apps.server.models import as_utc, now
from tavola.apps.server.outcome import LOSE
from tavola.apps.server.refusals import Refused
from tavola.apps.server.request_language import lazy
from tavola.apps.server.service import MatchService
from tavola.apps.server.tokens import new_match_id, new_token
from tavola.apps.server.tournament_store import (
    ARENA,
    ENTERED,
    FINISHED,
    FORMATS,
    FULL,
    ROUND_ROBIN,
    RUNNING,
    SWISS,
    UPCOMING,
    EntrantRow,
    Snapshot,
    TableRow,
    TournamentRow,
    TournamentStore,
)
from tavola.core.errors import TavolaError
from tavola.core.registry import load
from tavola.players.pairings import (
    Table,
    arena_tables,
    place_points,
    round_robin,
    standings,
    swiss_round,
)
from tavola.players.specs import entrant_names

log = logging.getLogger("tavola.server")
T = TypeVar("T")
SCHEDULE_EVERY = 0.5  # seconds between two looks at the running tournaments
IDLE_EVERY = 30.0  # seconds between two looks when none is to be looked after or watched
MIN_SEATS, MAX_SEATS = 2, 5
NOW, WHEN_FULL = "now", "when_full"
OPEN, LINK = "open", "link"  # who may enter: anyone, or whoever has the link (its key)


@dataclass(eq=False)
class Watcher:
    """One watcher of a tournament (a socket): handed its rows each time what they show
    changes (``latest``, set and ``changed`` raised; a newer one replaces one not taken)."""

    tournament_id: str
    latest: Snapshot | None = None
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    def hand(self, snap: Snapshot) -> None:
        self.latest = snap
        self.changed.set()

    async def next(self) -> Snapshot:
        """The rows once they changed."""
        await self.changed.wait()
        self.changed.clear()
        assert self.latest is not None
        return self.latest


class Tournaments:
    def __init__(self, service: MatchService) -> None:
        self.service = service
        self.store = TournamentStore(service.store.engine, service.settings.is_postgres)
        self._wake = asyncio.Event()
        self._watchers: dict[str, set[Watcher]] = {}
        self._shown: dict[str, str] = {}  # a watched tournament: what its watchers were handed

    async def _db(self, function: Callable[..., T], *args: Any) -> T:
        return await to_thread.run_sync(function, *args)

    # -- the API's ------------------------------------------------------------------------

    async def create(
        self,
        player: Player,
        game: str,
        options: dict[str, Any],
        format: str,
        rounds: int | None,
        minutes: float | None,
        seats: int | None,
        control: TimeControl,
        rated: bool,
        bots: list[str],
        start: str,
        max_players: int | None,
        entry: str = OPEN,
    ) -> TournamentRow:
        """A new tournament by ``player``, its bots entered (``entry``: ``"link"``, entered
        by its link only, not listed to others)."""
        options = dict(options)
        if seats is not None:
            options["players"] = seats
        try:
            rules = load(game, **options)
        except TavolaError as error:
            raise Refused("bad_game", str(error)) from None
        if not MIN_SEATS <= rules.num_players <= MAX_SEATS:
            raise Refused("bad_tournament", lazy("a tournament's tables seat 2 to 5 players"))
        if any(spec.secret and rules.options[spec.name] is not None for spec in rules.option_specs):
            raise Refused("bad_game", lazy("a tournament deals no stacked deck"))
        _check_format(format, rounds, minutes, rules.num_players)
        starts_at = _starts_at(start, max_players)
        if max_players is not None and max_players < max(len(bots), rules.num_players):
            raise Refused("bad_tournament", lazy('"max_players" is fewer than the bots or a table'))
        specs = [bound_spec(spec, self.service.settings.bots) for spec in bots]
        if specs and start == NOW and len(specs) >= rules.num_players:
            self.service.bots.check_room()  # a tournament of bots plays matches of bots
        at = now()
        row = TournamentRow(
            id=new_match_id(),
            game=rules.name,
            options=rules.option_json(),
            format=format,
            rounds=rounds if format == SWISS else None,
            minutes=minutes if format == ARENA else None,
            seats=rules.num_players,
            time_control=control.json(),
            rated=rated,
            starts_at=starts_at,
            max_players=max_players,
            status=UPCOMING,
            created_by=player.id,
            created_at=at,
            entry_key=new_token() if entry == LINK else None,
        )
        entrants = [
            EntrantRow(tournament_id=row.id, number=number, bot=spec, name=name, joined_at=at)
            for number, (spec, name) in enumerate(zip(specs, entrant_names(specs), strict=True), 1)
        ]
        await self._db(self.store.insert, row, entrants)
        self._wake.set()
        return row

    async def snapshot(self, tournament_id: str) -> Snapshot:
        """The tournament's rows (``Refused`` ``no_tournament``)."""
        snap = await self._db(self.store.snapshot, tournament_id)
        if snap is None:
            raise Refused("no_tournament", lazy("no tournament {id!r}", id=tournament_id))
        return snap

    async def join(self, player: Player, tournament_id: str, key: str | None) -> dict[str, Any]:
        """``player`` enters: while upcoming (an arena: until it ends), unless full; one
        entered by link only, with its link's ``key``."""
        wanted = (await self.snapshot(tournament_id)).tournament.entry_key
        if wanted is not None and not hmac.compare_digest(wanted.encode(), (key or "").encode()):
            raise Refused("bad_key", lazy("this tournament is entered by its link only"))
        entrant = EntrantRow(player_id=player.id, name=player.name, joined_at=now())
        refused = await self._db(self.store.join, tournament_id, entrant)
        if refused == ENTERED:
            raise Refused("entered", lazy("you are in this tournament already"))
        if refused == FULL:
            raise Refused("closed", lazy("this tournament is full"))
        if refused is not None:
            raise Refused("closed", lazy("this tournament takes no more entrants"))
        self._wake.set()
        return {"id": tournament_id, "entrant": player.name}

    async def withdraw(self, player: Player, tournament_id: str) -> dict[str, Any]:
        """``player`` is paired no more; the results played stand."""
        await self.snapshot(tournament_id)
        if not await self._db(self.store.withdraw, tournament_id, player.id):
            raise Refused("not_entered", lazy("you are not in this tournament"))
        self._wake.set()
        return {"id": tournament_id, "withdrawn": True}

    async def answer(self, tournament_id: str, caller: Player | None) -> dict[str, Any]:
        return answer_of(await self.snapshot(tournament_id), caller)

    async def listed(self, caller: Player | None) -> dict[str, list[dict[str, Any]]]:
        found = await self._db(self.store.listed, None if caller is None else caller.id)
        return {status: [summary(row) for row in rows] for status, rows in found.items()}

    async def seated(self, player: Player) -> list[dict[str, Any]]:
        """The tables where ``player`` plays a tournament's match now: each with its
        tournament (id, page, game, format) and ``my_table``'s fields."""
        found = await self._db(self.store.seated, player.id)
        return [
            {
                "tournament": tournament.id,
                "page": f"/t/{tournament.id}",
                "game": tournament.game,
                "format": tournament.format,
                **seat_of(table, number),
            }
            for tournament, table, number in found
        ]

    # -- the watchers ---------------------------------------------------------------------

    def watch(self, tournament_id: str) -> Watcher:
        watcher = Watcher(tournament_id)
        self._watchers.setdefault(tournament_id, set()).add(watcher)
        self._wake.set()  # watched: looked at every SCHEDULE_EVERY seconds from now
        return watcher

    def unwatch(self, watcher: Watcher) -> None:
        watchers = self._watchers.get(watcher.tournament_id, set())
        watchers.discard(watcher)
        if not watchers:
            self._watchers.pop(watcher.tournament_id, None)
            self._shown.pop(watcher.tournament_id, None)

    async def publish(self) -> None:
        """Hand each watched tournament's rows to its watchers if what they show changed."""
        for tournament_id in list(self._watchers):
            snap = await self._db(self.store.snapshot, tournament_id)
            if snap is None:
                continue
            shown = json.dumps(answer_of(snap, None), sort_keys=True, default=str)
            if self._shown.get(tournament_id) == shown:
                continue
            self._shown[tournament_id] = shown
            for watcher in self._watchers.get(tournament_id, ()):
                watcher.hand(snap)

    # -- the scheduler --------------------------------------------------------------------

    async def run(self) -> None:
        """Schedule the tournaments as long as the server runs: every ``SCHEDULE_EVERY``
        seconds while one is to be looked after or watched, else once woken."""
        busy = True
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), SCHEDULE_EVERY if busy else IDLE_EVERY)
            self._wake.clear()
            try:
                busy = await self.schedule()
                await self.publish()
                busy = busy or bool(self._watchers)
            except Exception:  # the database away: the next look tries again
                busy = True
                log.exception("scheduling the tournaments failed")

    async def schedule(self) -> bool:
        """One look at every tournament not finished, if this server is the scheduler;
        whether any is to be looked after (by this server or another)."""
        if not await self._db(self.store.active):  # nothing to look after: no lease taken
            return False
        lease = await self._db(self.store.acquire)
        if lease is None:
            return True
        try:
            for tournament_id in await self._db(self.store.active):
                try:
                    await self._step(tournament_id)
                except Exception:
                    log.exception("tournament %s could not go on", tournament_id)
        finally:
            await self._db(self.store.release, lease)
        return True

    async def _step(self, tournament_id: str) -> None:
        snap = await self.snapshot(tournament_id)
        tournament = snap.tournament
        at = now()
        if tournament.status == UPCOMING:
            if not _due(snap, at):
                return
            playing = len(active_entrants(snap))
            status = RUNNING if playing >= tournament.seats else FINISHED
            await self._db(self.store.set_status, tournament_id, status)
            snap = await self.snapshot(tournament_id)
        changed = await self._record(snap)
        changed = await self._make(snap) or changed
        if changed:
            snap = await self.snapshot(tournament_id)
        tables, over = plan(snap, now())
        if over:
            await self._db(self.store.set_status, tournament_id, FINISHED)
            return
        if tables:
            rows = [table_row(tournament_id, number, table) for number, table in enumerate(tables)]
            if await self._db(self.store.pair, rows):
                await self._make(await self.snapshot(tournament_id))

    async def _record(self, snap: Snapshot) -> bool:
        """Points for the tables whose match is over; whether there were any."""
        recorded = False
        for row in snap.tables:
            if row.match_id is None or row.points is not None:
                continue
            live = await self.service.get(row.match_id)
            if live.is_over:
                result = live.result()
                points = place_points(result["ranking"], result["winners"])
                await self._db(self.store.ended, row, points)
                recorded = True
        return recorded

    async def _make(self, snap: Snapshot) -> bool:
        """A match for each table without one; whether any was made."""
        tournament = snap.tournament
        entrants = {entrant.number: entrant for entrant in snap.entrants}
        control = TimeControl.from_json(tournament.time_control)
        made = False
        for row in snap.tables:
            if row.match_id is not None or len(row.entrants) < 2:
                continue
            seated = [entrants[number] for number in row.entrants]
            people = any(entrant.bot is None for entrant in seated)
            table = TableRules(
                control,
                LOSE if tournament.seats == 2 else "bot",
                default_abandon(control),
                rated=tournament.rated and people,
            )
            try:
                created = await self.service.create(
                    tournament.game,
                    tournament.options,
                    [entrant.bot or HUMAN for entrant in seated],
                    [entrant.name for entrant in seated],
                    None,
                    True,
                    table,
                    players={
                        seat: entrant.player_id
                        for seat, entrant in enumerate(seated)
                        if entrant.player_id is not None
                    },
                )
            except Refused as refusal:  # "busy": too many matches of bots now; later
                log.info("tournament %s: no match yet: %s", tournament.id, refusal)
                return made
            tokens = [seat.get("token") for seat in created["seats"]]
            await self._db(self.store.made, row, created["id"], tokens)
            made = True
        return made


def _check_format(format: str, rounds: int | None, minutes: float | None, seats: int) -> None:
    if format not in FORMATS:
        raise Refused("bad_tournament", lazy('"format" is "arena", "swiss" or "round_robin"'))
    if format == SWISS and rounds is None:
        raise Refused("bad_tournament", lazy('a Swiss tournament takes its "rounds"'))
    if format == ARENA and minutes is None:
        raise Refused("bad_tournament", lazy('an arena takes its "minutes"'))
    if format == ROUND_ROBIN and seats != 2:
        raise Refused("bad_tournament", lazy("a round robin's tables seat 2 players"))


def _starts_at(start: str, max_players: int | None) -> datetime | None:
    """When the tournament starts (``None``: once ``max_players`` joined)."""
    if start == WHEN_FULL:
        if max_players is None:
            raise Refused("bad_tournament", lazy('"when_full" needs "max_players"'))
        return None
    if start == NOW:
        return now()
    try:
        moment = datetime.fromisoformat(start)
    except ValueError:
        raise Refused(
            "bad_tournament", lazy('"start" is "now", "when_full" or an ISO time')
        ) from None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _due(snap: Snapshot, at: datetime) -> bool:
    tournament = snap.tournament
    if tournament.starts_at is None:
        return tournament.max_players is not None and len(snap.entrants) >= tournament.max_players
    return as_utc(tournament.starts_at) <= at


def active_entrants(snap: Snapshot) -> list[str]:
    """The entrants still in (their numbers, as the pairings name them), in entry order."""
    return [str(e.number) for e in snap.entrants if e.withdrawn_at is None]


def played(snap: Snapshot) -> list[Table]:
    return [
        Table(
            row.round,
            tuple(str(number) for number in row.entrants),
            None if row.points is None else tuple(row.points),
        )
        for row in snap.tables
    ]


def table_row(tournament_id: str, number: int, table: Table) -> TableRow:
    return TableRow(
        tournament_id=tournament_id,
        round=table.round,
        number=number,
        entrants=[int(entrant) for entrant in table.entrants],
        points=None if table.points is None else list(table.points),
        paired_at=now(),
        ended_at=now() if table.points is not None else None,
    )


def plan(snap: Snapshot, at: datetime) -> tuple[list[Table], bool]:
    """The tables to pair now, and whether the tournament is over (from its rows)."""
    tournament = snap.tournament
    tables = played(snap)
    current = max((table.round for table in tables), default=0)
    unfinished = any(table.points is None for table in tables)
    entrants = active_entrants(snap)
    if tournament.format == ARENA:
        assert tournament.started_at is not None
        assert tournament.minutes is not None
        ends = as_utc(tournament.started_at) + timedelta(minutes=tournament.minutes)
        if at >= ends:
            return [], not unfinished
        busy = {entrant for table in tables if table.points is None for entrant in table.entrants}
        waiting = sorted(
            (entrant for entrant in entrants if entrant not in busy),
            key=lambda entrant: (_last_ended(snap, int(entrant)), int(entrant)),
        )
        return arena_tables(waiting, tables, current + 1, tournament.seats), False
    if unfinished:
        return [], False
    if tournament.format == SWISS:
        assert tournament.rounds is not None
        if current >= tournament.rounds or len(entrants) < tournament.seats:
            return [], True
        return swiss_round(entrants, tables, current + 1, tournament.seats), False
    schedule = round_robin([str(entrant.number) for entrant in snap.entrants])
    for tables_of_round in schedule[current:]:
        kept = [table for table in tables_of_round if set(table.entrants) <= set(entrants)]
        if any(not table.is_bye for table in kept):
            return kept, False
    return [], True


def _last_ended(snap: Snapshot, number: int) -> datetime:
    """When the entrant's last table ended (an arena's waiting line), or it started."""
    times = [
        as_utc(row.ended_at)
        for row in snap.tables
        if number in row.entrants and row.ended_at is not None
    ]
    started = snap.tournament.started_at
    return max(times, default=as_utc(started) if started is not None else now())


def summary(row: TournamentRow) -> dict[str, Any]:
    """A tournament as the lists show it."""
    return {
        "id": row.id,
        "status": row.status,
        "format": row.format,
        "game": row.game,
        "starts_at": None if row.starts_at is None else as_utc(row.starts_at).isoformat(),
        "url": f"/t/{row.id}",
    }


def answer_of(snap: Snapshot, caller: Player | None) -> dict[str, Any]:
    """``GET /api/tournaments/{id}``: the settings, standings and rounds; for a signed-in
    entrant, ``my_table``: the seat of its match now (``None``: none)."""
    tournament = snap.tournament
    names = {str(entrant.number): entrant.name for entrant in snap.entrants}
    tables = played(snap)
    rounds: dict[int, list[dict[str, Any]]] = {}
    for row, table in zip(snap.tables, tables, strict=True):
        rounds.setdefault(row.round, []).append(
            {
                "match": row.match_id,
                "entrants": [names[entrant] for entrant in table.entrants],
                "result": row.points,
            }
        )
    found: dict[str, Any] = {
        **summary(tournament),
        "options": tournament.options,
        "seats_per_table": tournament.seats,
        "rounds_planned": tournament.rounds,
        "minutes": tournament.minutes,
        "time_control": tournament.time_control,
        "rated": tournament.rated,
        "max_players": tournament.max_players,
        "entry": OPEN if tournament.entry_key is None else LINK,
        "entrants": [
            {"entrant": e.name, "withdrawn": e.withdrawn_at is not None, "bot": e.bot}
            for e in snap.entrants
        ],
        "standings": [
            {
                "entrant": names[standing.entrant],
                "points": standing.points,
                "tiebreak": standing.tiebreak,
                "played": standing.played,
            }
            for standing in standings(list(names), tables)
        ],
        "rounds": [{"number": number, "tables": of_round} for number, of_round in rounds.items()],
    }
    mine = [e.number for e in snap.entrants if caller is not None and e.player_id == caller.id]
    if mine:
        found["my_table"] = my_table(snap, mine[0])
    creator = caller is not None and caller.id == tournament.created_by
    if tournament.entry_key is not None and (mine or creator):
        found["link"] = entry_link(tournament)
    return found


def entry_link(tournament: TournamentRow) -> str:
    """The link that enters a tournament (its key, for one entered by link only)."""
    return f"/t/{tournament.id}?key={tournament.entry_key}"


def my_table(snap: Snapshot, number: int) -> dict[str, Any] | None:
    for row in reversed(snap.tables):
        if number in row.entrants and row.points is None and row.match_id and row.tokens:
            return seat_of(row, number)
    return None


def seat_of(row: TableRow, number: int) -> dict[str, Any]:
    """Entrant ``number``'s seat at a table with its match: ``my_table``'s fields."""
    seat = row.entrants.index(number)
    token = row.tokens[seat] if row.tokens else None
    url = f"/m/{row.match_id}?token={token}"
    return {"match": row.match_id, "seat": seat, "token": token, "url": url}
