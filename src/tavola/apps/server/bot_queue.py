"""Who uses the bot workers next: people's matches first, the others in turn, and only so
many matches that no person plays.

Every job for the bot workers (a bot's move, a hint) waits for its turn here before it
goes to the pool, so that the pool never queues jobs of its own:

- at most ``workers`` jobs run at once;
- a job of a match a person plays (``attended``) goes first, in the order asked;
- the jobs of matches no person plays (bots alone, or people who left or idle) take turns,
  the match served least recently first, and hold at most ``workers - 1`` workers (one
  at least), so that a person's bot never waits for the searches of bots playing alone;
- at most ``unattended`` such matches are served at once (``Settings.bot_only_matches``):
  the others wait until one of them is done (``leave``).

>>> import asyncio
>>> async def demo() -> list[str]:
...     queue, order = WorkQueue(workers=1, unattended=1), []
...     async def job(match: str, attended: bool) -> None:
...         async with queue.turn(match, attended):
...             order.append(match)
...             await asyncio.sleep(0)
...         queue.leave(match)  # its bots are done
...     await asyncio.gather(job("bots", False), job("more bots", False), job("person", True))
...     return order
>>> asyncio.run(demo())
['bots', 'person', 'more bots']
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import datetime

from tavola.apps.server.live import LiveMatch


def attended(live: LiveMatch, at: datetime, idle_after: float) -> bool:
    """Whether a person plays ``live``: a seat of theirs has a socket open, or showed a sign
    of life in the last ``idle_after`` seconds."""
    for seat in range(len(live.seats)):
        if live.is_person(seat):
            away = live.away(seat, at)
            if away is None or away < idle_after:
                return True
    return False


@dataclass(eq=False)
class _Waiter:
    match_id: str
    attended: bool
    ticket: int
    granted: asyncio.Future[None] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )


class WorkQueue:
    def __init__(self, workers: int, unattended: int) -> None:
        self.workers = workers
        self.unattended = unattended
        self._running = 0
        self._running_unattended = 0
        self._admitted: dict[str, int] = {}  # unattended match -> the ticket of its last turn
        self._waiting: list[_Waiter] = []
        self._tickets = itertools.count()

    @asynccontextmanager
    async def turn(self, match_id: str, attended: bool) -> AsyncIterator[None]:
        """Wait for a worker for ``match_id``'s job, and hold it for the block's length."""
        waiter = _Waiter(match_id, attended, next(self._tickets))
        self._waiting.append(waiter)
        self._dispatch()
        try:
            await waiter.granted
        except asyncio.CancelledError:
            if waiter in self._waiting:
                self._waiting.remove(waiter)
            elif waiter.granted.done() and not waiter.granted.cancelled():
                self._release(waiter)  # granted as it was cancelled
            raise
        try:
            yield
        finally:
            self._release(waiter)

    def leave(self, match_id: str) -> None:
        """``match_id``'s bots are done for now (the match is over, or a person is to move)."""
        if self._admitted.pop(match_id, None) is not None:
            self._dispatch()

    def _release(self, waiter: _Waiter) -> None:
        self._running -= 1
        if not waiter.attended:
            self._running_unattended -= 1
        self._dispatch()

    def _may_run(self, waiter: _Waiter) -> bool:
        if waiter.attended:
            return True
        if self._running_unattended >= max(1, self.workers - 1):
            return False
        return waiter.match_id in self._admitted or len(self._admitted) < self.unattended

    def _dispatch(self) -> None:
        while self._running < self.workers:
            ready = [waiter for waiter in self._waiting if self._may_run(waiter)]
            if not ready:
                return
            turn = min(
                ready,
                key=lambda w: (not w.attended, self._admitted.get(w.match_id, -1), w.ticket),
            )
            self._waiting.remove(turn)
            self._running += 1
            if not turn.attended:
                self._running_unattended += 1
                self._admitted[turn.match_id] = next(self._tickets)
            turn.granted.set_result(None)
