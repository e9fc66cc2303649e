"""Bots play server-side in a process pool, off the event loop (``BotTurns``), and hint.

A bot seat's spec is bounded when the match is created (``bound_spec``): a search gets a
time limit and caps on its iterations, so a move never holds a worker for long. A worker
rebuilds the position from the match's effective moves and lets the bot choose through a
``Seat``, which shows it only what its seat may know. The workers are ``workers.Workers``:
a dead worker costs a move's time, not the bots.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from tavola.apps.server.bot_jobs import BotJob, bot_seed, choose, hint
from tavola.apps.server.bot_queue import WorkQueue, attended
from tavola.apps.server.live import LiveMatch
from tavola.apps.server.models import now
from tavola.apps.server.refusals import Refused
from tavola.apps.server.request_language import lazy
from tavola.apps.server.settings import BotLimits
from tavola.apps.server.workers import JobTooLong, Workers, WorkersLost
from tavola.players import BotSpecError, make_bot
from tavola.players.specs import BOTS

if TYPE_CHECKING:
    from tavola.apps.server.service import MatchService

log = logging.getLogger("tavola.server")
T = TypeVar("T")


def bound_spec(spec: str, limits: BotLimits) -> str:
    """``spec`` as this server will run it: 422 if it does not parse or asks for more than
    the limits; a search without a time limit gets the server's.

    >>> bound_spec("ismcts:iterations=500", BotLimits(seconds=2.0))
    'ismcts:iterations=500,time=2'
    >>> bound_spec("ismcts", BotLimits(seconds=5.0))
    'ismcts:iterations=1000,time=5'
    >>> bound_spec("heuristic", BotLimits())
    'heuristic'
    """
    try:
        bot = make_bot(spec)
    except BotSpecError as error:
        raise Refused(
            "bad_bot", lazy("not a bot this server plays: {reason}", reason=str(error))
        ) from None
    canonical = bot.spec
    name = canonical.partition(":")[0]
    caps: dict[str, float] = {
        "time": limits.seconds,
        "iterations": limits.iterations,
        "samples": limits.samples,
    }
    for option, cap in caps.items():
        value = getattr(bot, option, None)
        if isinstance(value, int | float) and value > cap:
            most = f"{cap:g}"
            too_much = lazy(
                "bot spec {spec!r}: {option} is at most {cap} here",
                spec=spec,
                option=option,
                cap=most,
            )
            raise Refused("bad_bot", too_much)
    if "time" in BOTS[name].options and getattr(bot, "time", None) is None:
        added = []  # keep the bot's own budget, under the server's time limit
        iterations = getattr(bot, "iterations", None)
        if iterations is not None and "iterations=" not in canonical:
            added.append(f"iterations={iterations}")
        added.append(f"time={limits.seconds:g}")
        canonical += ",".join(["", *added]) if ":" in canonical else ":" + ",".join(added)
    return canonical


class BotTurns:
    """The bots' turns in this process's matches (one loop per match whose seat to move a
    bot plays), the hints, and the bot workers' processes they share."""

    def __init__(self, service: MatchService) -> None:
        self.service = service
        self._tasks: dict[str, asyncio.Task[None]] = {}
        settings = service.settings
        self.queue = WorkQueue(settings.bot_workers, settings.bot_only_matches)
        self.workers = Workers(settings.bot_workers, settings.bots)

    def busy(self, match_id: str) -> bool:
        """Whether a bot is playing in the match."""
        return match_id in self._tasks

    def check_room(self) -> None:
        """429 when this server already plays its share of matches that no person plays
        (bots in every seat, or in the seats of people who resigned, left or are idle):
        their bots must not starve the bots that people are waiting for."""
        running = sum(
            1
            for match_id in self._tasks
            if (live := self.service.cached(match_id)) is not None and not self.attended(live)
        )
        if running >= self.service.settings.bot_only_matches:
            raise Refused(
                "busy",
                lazy(
                    "too many matches between bots are being played here ({running}); "
                    "try again later",
                    running=running,
                ),
                retry_after=60.0,
            )

    def ensure(self, live: LiveMatch) -> None:
        """Start the bot loop of a match whose seat to move is a bot (once per process)."""
        player = live.current_player
        if player is None or live.bot_of(player) is None or live.id in self._tasks:
            return
        if not live.started:
            return
        task = asyncio.get_running_loop().create_task(self._turns(live.id))
        self._tasks[live.id] = task
        task.add_done_callback(lambda _: self._done(live.id))

    def _done(self, match_id: str) -> None:
        self._tasks.pop(match_id, None)
        self.queue.leave(match_id)

    def attended(self, live: LiveMatch) -> bool:
        """Whether a person plays ``live`` (see ``bot_queue.attended``)."""
        return attended(live, now(), self.service.settings.idle_after)

    async def _in_turn(
        self, live: LiveMatch, person: bool, work: Callable[[BotJob], T], job: BotJob
    ) -> T:
        """``work(job)`` in a bot worker, once the queue gives ``live`` its turn
        (``person``: a person plays it)."""
        async with self.queue.turn(live.id, person):
            return await self.workers.run(work, job)

    async def _turns(self, match_id: str) -> None:
        while True:
            live = await self.service.get(match_id)
            player = live.current_player
            spec = None if player is None else live.bot_of(player)
            if player is None or spec is None:
                return
            seq = live.seq
            try:
                job = bot_job(live, spec)
                notation = await self._in_turn(live, self.attended(live), choose, job)
                await self.service.move(live, player, seq, notation, as_bot=True)
            except Refused as refusal:
                if refusal.kind == "match_over":
                    return
                if refusal.kind not in ("stale_seq", "time_out"):
                    log.error("bot move refused in match %s: %s", match_id, refusal.message)
                    return
            except Exception:
                log.exception("bot failed in match %s", match_id)
                return

    async def hint(self, live: LiveMatch, seat: int | None) -> dict[str, Any]:
        """A suggested move for the seat to move, where the match allows hints."""
        if not live.table.hints:
            raise Refused("no_hints", lazy("this match was created without hints"))
        if seat is not None and seat != live.state.current_player:
            await self.service.refresh(live)  # a refusal is decided on the log's latest entry
        check_hint(live, seat)
        seq = live.seq
        # One hint per position, however often it is asked (it is seeded by the position, so
        # it would be the same): asking again, even dropping the request, costs the bot
        # workers nothing more.
        known = live.hint
        if known is None or known[0] != seq or _failed(known[1]):
            job = bot_job(live, "")  # the review's estimates, not a bot's spec
            asked = asyncio.ensure_future(self._in_turn(live, True, hint, job))
            known = live.hint = (seq, asked)
        try:
            suggestion = await asyncio.shield(known[1])
        except (JobTooLong, WorkersLost):
            words = lazy("no hint could be worked out this time; ask again")
            raise Refused("hint_failed", words) from None
        return {"seq": seq, **suggestion}

    def close(self) -> None:
        for task in self._tasks.values():
            task.cancel()
        self.workers.close()


def check_hint(live: LiveMatch, seat: int | None) -> None:
    """Refuse a hint where the match allows none, or to a seat that is not to move."""
    if not live.table.hints:
        raise Refused("no_hints", lazy("this match was created without hints"))
    if seat is None or seat != live.state.current_player:
        raise Refused("not_your_turn", lazy("a hint is for the seat to move"))


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
