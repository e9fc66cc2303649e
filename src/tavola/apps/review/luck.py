"""Luck: how much each chance event (a card drawn or turned up, a tile drawn) moved each
seat's win chance, against what the seat could expect, from that seat's view.

A step of the record is a *chance event* for a seat when the seat's view after it is not
fixed by its view before it and the action played: some determinizations of the seat's
view, with that action applied, show the seat something else (``reveals``). The game's end
is not one (what it reveals is what the seats held, not a draw).

Its *swing* for the seat is ``W(after) - W(before)``: ``W(before)`` is the seat's win
chance just before the action, over the deals the seat thought possible, each with the
action applied and its draw falling as that deal has it; ``W(after)`` is the same chance
over the deals possible once the draw is seen. Each is estimated as the review estimates a
move (``judging.rollout``: the rollout bot, the cutoff and its scale), on ``luck_samples``
pairs of rollouts that share their bots' seeds, so ``W(before)`` is what the seat expected
of ``W(after)``: a swing averages zero over the draws, and a seat's luck (the sum of its
swings) is the part of its result that its draws, not its moves, made.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from tavola.apps.review.judging import paired, rollout
from tavola.apps.terminal_language import lazy
from tavola.core.events import Event
from tavola.core.game import State
from tavola.core.i18n import Joined, Text
from tavola.core.registry import replay
from tavola.core.review_budget import Budget

CHECKS = 3  # determinizations that look for something the seat could not foresee
SHOWN = ("draw", "reveal")  # the events that tell a chance event in words


def luck_samples(budget: Budget) -> int:
    """The pairs of rollouts behind a swing: an eighth of a decision's samples, at least 8
    (or all of them when they are fewer).

    >>> [luck_samples(Budget(samples=n)) for n in (128, 64, 8, 3)]
    [16, 8, 8, 3]
    """
    return min(budget.samples, max(8, budget.samples // 8))


@dataclass(frozen=True)
class ChanceTask:
    """One step of the record to look at for chance, for the reviewed seats."""

    index: int
    record: dict[str, Any]
    step: int
    seats: tuple[int, ...]
    budget: Budget
    seed: int


@dataclass
class Chance:
    """A chance event: its step, the seat whose action drew, it in words (translatable: each
    reader reads it in their own language), and each seat's swing with its standard error
    (only the seats it showed something to)."""

    step: int
    seat: int | None
    what: Text
    swings: dict[int, tuple[float, float]] = field(default_factory=dict)
    seconds: float = 0.0


def plan_chances(
    record: dict[str, Any], final: State, seats: list[int], budget: Budget, seed: int
) -> list[ChanceTask]:
    """A task per step of the record but the last (each may turn out to hold no chance)."""
    steps = range(max(0, len(final.history) - 1))
    return [
        ChanceTask(i, record, step, tuple(seats), budget, (seed * 1_000_033 + step) % 2**63 + 1)
        for i, step in enumerate(steps)
    ]


def chance_task(task: ChanceTask) -> Chance | None:
    """The swings of the task's step, or ``None`` when it showed no seat anything new."""
    start = time.perf_counter()
    record = task.record
    before = replay({**record, "actions": record["actions"][: task.step]})
    mover = before.current_player
    action = before.read_action(record["actions"][task.step])
    after = before.clone()
    events = after.apply(action)
    if after.is_over:
        return None
    rng = random.Random(task.seed)
    swings = {}
    for seat in task.seats:
        if reveals(before, after, action, seat, rng):
            swings[seat] = swing(before, after, action, seat, task.budget, rng.randrange(2**32))
    if not swings:
        return None
    chance = Chance(task.step, mover, words(before, after, events), swings)
    chance.seconds = time.perf_counter() - start
    return chance


def reveals(before: State, after: State, action: int, seat: int, rng: random.Random) -> bool:
    """Whether the seat's view after ``action`` could have been other than it is."""
    seen = after.view(seat)
    for _check in range(CHECKS):
        world = before.determinize(seat, rng)
        if action not in world.legal_actions():
            continue
        world.apply(action)
        if world.view(seat) != seen:
            return True
    return False


def swing(
    before: State, after: State, action: int, seat: int, budget: Budget, seed: int
) -> tuple[float, float]:
    """``W(after) - W(before)`` for the seat and its standard error (module docstring)."""
    rng = random.Random(seed)
    expected: list[float] = []
    seen: list[float] = []
    for _sample in range(luck_samples(budget)):
        world_seed, rollout_seed = rng.randrange(2**32), rng.randrange(2**32)
        world = before.determinize(seat, random.Random(world_seed))
        if action not in world.legal_actions():
            continue
        drawn = after.determinize(seat, random.Random(world_seed))
        expected.append(rollout(world, action, budget, rollout_seed).win(seat, budget.scale))
        seen.append(rollout(drawn, None, budget, rollout_seed).win(seat, budget.scale))
    if len(seen) < 2:
        return 0.0, 0.0
    return paired(seen, expected)


def words(before: State, after: State, events: list[Event]) -> Text:
    """The chance event in words, still translatable (``str`` shows it in the language of
    the moment, the reader's): the game's own sentences for draws and reveals, or the tile
    drawn (``Game.drawn_words``)."""
    said: list[Text] = [
        e.message for e in events if e.kind in SHOWN or (e.kind == "discard" and "tile" in e.data)
    ]
    drawn = after.game.drawn_words(before, after)
    if drawn is not None:
        said.append(lazy("the next tile drawn: {tile}", tile=drawn))
    return Joined("; ", said) if said else lazy("a card or tile drawn")
