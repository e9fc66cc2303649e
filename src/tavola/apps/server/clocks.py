"""Time controls and clocks, derived from the log's times alone.

A match's time control is chosen when it is created: ``none``, ``realtime`` (a chess clock
per seat: ``initial`` seconds plus ``increment`` per action) or ``correspondence`` (at most
``per_move`` seconds for each turn). Nothing about a clock is stored: each log entry has
its time ``at``, so a seat's time left is its initial time, plus its increments, minus the
time its turns took, and the seat to move is charged from its turn's last entry until now.
A restart replays the log and finds the same clocks. While a match's clock runs, this
process keeps an alarm for its deadline (``ClockAlarms``).

With a real-time clock, each seat's first action comes with a grace: until it has played,
the first ``grace`` seconds its turns take are not charged (a tenth of the initial time, at
most 30 s): the time to open an invitation, or to come back from sharing the links,
costs nobody their clock.

>>> from datetime import UTC, datetime, timedelta
>>> t0 = datetime(2026, 1, 1, tzinfo=UTC)
>>> clocks = Clocks(TimeControl("realtime", initial=60, increment=5), 2)
>>> clocks.start(t0, mover=0)
>>> clocks.entry(1, 0, "move", t0 + timedelta(seconds=10), mover_after=1)
>>> [clocks.left(seat, t0 + timedelta(seconds=20)) for seat in (0, 1)]  # 6 s of grace each
[61.0, 56.0]
>>> clocks.deadline() == t0 + timedelta(seconds=10 + 6 + 60)
True
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from tavola.apps.server.models import TIMEOUT, now

if TYPE_CHECKING:
    from tavola.apps.server.live import LiveMatch
    from tavola.apps.server.service import MatchService

log = logging.getLogger("tavola.server")

NONE = "none"
REALTIME = "realtime"
CORRESPONDENCE = "correspondence"
KINDS = (NONE, REALTIME, CORRESPONDENCE)
MAX_GRACE = 30.0  # seconds: the most a seat's first action is given (a tenth of the time)
ALARM_SLACK = 0.02  # seconds after a deadline before the alarm looks


@dataclass(frozen=True)
class TimeControl:
    """``{"kind": "realtime", "initial": 600, "increment": 10}`` (seconds),
    ``{"kind": "correspondence", "per_move": 86400}`` or ``{"kind": "none"}``."""

    kind: str = NONE
    initial: float | None = None
    increment: float = 0.0
    per_move: float | None = None

    @property
    def has_clock(self) -> bool:
        return self.kind != NONE

    @property
    def grace(self) -> float:
        """Seconds of a seat's turns not charged until its first action (real time only)."""
        if self.kind != REALTIME or self.initial is None:
            return 0.0
        return min(MAX_GRACE, self.initial / 10)

    def json(self) -> dict[str, Any]:
        if self.kind == REALTIME:
            return {"kind": REALTIME, "initial": self.initial, "increment": self.increment}
        if self.kind == CORRESPONDENCE:
            return {"kind": CORRESPONDENCE, "per_move": self.per_move}
        return {"kind": NONE}

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> TimeControl:
        """The time control stored with a match (``None``: none)."""
        if not data or data.get("kind", NONE) == NONE:
            return cls()
        if data["kind"] == REALTIME:
            return cls(REALTIME, float(data["initial"]), float(data.get("increment") or 0))
        return cls(CORRESPONDENCE, per_move=float(data["per_move"]))


DEFAULT_ABANDON_REALTIME = 300  # seconds away before a real-time seat may go to a bot


def default_abandon(control: TimeControl) -> int | None:
    """After how long away a seat may be handed to a bot, unless the match says: 5 minutes
    in real time, the move limit in correspondence, never without a clock.

    >>> default_abandon(TimeControl(CORRESPONDENCE, per_move=86400)), default_abandon(TimeControl())
    (86400, None)
    """
    if control.kind == REALTIME:
        return DEFAULT_ABANDON_REALTIME
    if control.kind == CORRESPONDENCE:
        assert control.per_move is not None
        return max(1, round(control.per_move))
    return None


def _seconds(delta: timedelta) -> float:
    return delta.total_seconds()


class Clocks:
    """Each seat's time left, kept up to date entry by entry.

    ``used[s]``: the seconds seat ``s`` was charged for its turns; ``bonus[s]``: its
    increments; ``free[s]``: what is left of its grace (none once it has played). The seat
    to move is charged from ``last_at`` (the previous entry, or the start) on, beyond its
    grace; a correspondence turn runs from ``turn_began`` (when that seat became the one to
    move).
    """

    def __init__(self, control: TimeControl, players: int) -> None:
        self.control = control
        self.used = [0.0] * players
        self.bonus = [0.0] * players
        self.free = [control.grace] * players
        self.granted: dict[int, tuple[int, float]] = {}  # seq -> (seat, increment given)
        self.mover: int | None = None
        self.last_at: datetime | None = None  # None: the clocks have not started
        self.turn_began: datetime | None = None

    def start(self, at: datetime, mover: int | None) -> None:
        self.last_at = self.turn_began = at
        self.mover = mover

    @property
    def started(self) -> bool:
        return self.last_at is not None

    def entry(
        self,
        seq: int,
        seat: int,
        kind: str,
        at: datetime,
        mover_after: int | None,
        undone: int | None = None,
    ) -> None:
        """Log entry ``seq`` by ``seat`` at ``at``; ``mover_after``: who is to move after it
        (``None``: nobody's clock runs); ``undone``: the seq a take-back undid."""
        if self.last_at is None:
            return
        if self.mover is not None:
            spent = max(0.0, _seconds(at - self.last_at))
            graced = min(spent, self.free[self.mover])
            self.free[self.mover] -= graced
            self.used[self.mover] += spent - graced
        if kind == "move" and seat == self.mover and self.control.kind == REALTIME:
            self.bonus[seat] += self.control.increment
            self.granted[seq] = (seat, self.control.increment)
            self.free[seat] = 0.0  # it has played: its grace is over
        if undone is not None and undone in self.granted:
            owner, increment = self.granted.pop(undone)
            self.bonus[owner] -= increment
        if mover_after != self.mover:
            self.turn_began = at
        self.mover = mover_after
        self.last_at = at

    def left(self, seat: int, now: datetime) -> float | None:
        """Seconds ``seat`` has left at ``now`` (``None`` without a clock)."""
        control = self.control
        if control.kind == REALTIME:
            assert control.initial is not None
            left = control.initial + self.bonus[seat] - self.used[seat]
            if seat == self.mover and self.last_at is not None:
                left -= max(0.0, _seconds(now - self.last_at) - self.free[seat])
            return max(0.0, left)
        if control.kind == CORRESPONDENCE:
            assert control.per_move is not None
            if seat == self.mover and self.turn_began is not None:
                return max(0.0, control.per_move - max(0.0, _seconds(now - self.turn_began)))
            return control.per_move
        return None

    def grace_left(self, now: datetime) -> float:
        """Seconds before the running clock starts to count down at ``now`` (0: it does)."""
        if self.mover is None or self.last_at is None:
            return 0.0
        return max(0.0, self.free[self.mover] - max(0.0, _seconds(now - self.last_at)))

    def deadline(self) -> datetime | None:
        """When the seat to move runs out of time (``None``: no clock runs)."""
        if self.mover is None or self.last_at is None or self.turn_began is None:
            return None
        control = self.control
        if control.kind == REALTIME:
            assert control.initial is not None
            budget = control.initial + self.bonus[self.mover] - self.used[self.mover]
            return self.last_at + timedelta(seconds=budget + self.free[self.mover])
        if control.kind == CORRESPONDENCE:
            assert control.per_move is not None
            return self.turn_began + timedelta(seconds=control.per_move)
        return None


class ClockAlarms:
    """This process's alarms: while a match with a clock runs, one for the moment its seat
    to move runs out of time, which appends a timeout entry (when several servers hold the
    match, the log's key lets one of them do it)."""

    def __init__(self, service: MatchService) -> None:
        self.service = service
        self._alarms: dict[str, asyncio.Task[None]] = {}

    def busy(self, match_id: str) -> bool:
        """Whether an alarm is set for the match."""
        return match_id in self._alarms

    def schedule(self, live: LiveMatch) -> None:
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

    async def expire(self, live: LiveMatch) -> bool:
        """If the seat to move has run out of time, append its timeout; whether it had
        (the caller holds ``live.lock``)."""
        deadline = live.deadline()
        seat = live.clocked_mover
        if deadline is None or seat is None or now() < deadline:
            return False
        seq = live.seq + 1
        at = await self.service.append(live, seat, TIMEOUT, None)
        if at is not None:  # else another server wrote it (or a move) first
            live.apply_row(seq, seat, TIMEOUT, None, at)
            self.service.after_entry(live)
        return True

    async def _alarm(self, live: LiveMatch, deadline: datetime) -> None:
        await asyncio.sleep(max(0.0, (deadline - now()).total_seconds()) + ALARM_SLACK)
        try:
            async with live.lock:
                await self.service.catch_up(live)
                await self.expire(live)
        except Exception:
            log.exception("the clock of match %s failed", live.id)

    def close(self) -> None:
        for task in self._alarms.values():
            task.cancel()
