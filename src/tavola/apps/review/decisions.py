"""Reviewing a whole record: one task per decision, run inline, in processes or on Ray.

A record is cut into *decisions*: the steps at which a reviewed seat chose among two or
more legal moves. Each decision is an independent task (``review_task``) that rebuilds
the position from the record and judges it through that seat's ``Seat`` only (see
``tavola.apps.review.judging``). A decision's random numbers come from the review's seed and
its step alone, so a review is the same whatever the number of workers or the backend;
an interrupted run keeps the decisions that finished.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from tavola.apps.review.judging import THRESHOLDS, Judgement, budget_json, judge
from tavola.apps.review.luck import Chance, ChanceTask, chance_task
from tavola.core.game import State
from tavola.core.registry import replay
from tavola.core.review_budget import Budget
from tavola.players.base import Seat
from tavola.players.parallel_tasks import run_all

REVIEW_FORMAT = "tavola-review/1"


@dataclass(frozen=True)
class ReviewTask:
    """One decision to judge: the record, the step (the index of the action played) and
    the seat that played it."""

    index: int
    record: dict[str, Any]
    step: int
    seat: int
    budget: Budget
    seed: int
    settle: bool = True  # stop once the verdict is settled (False: the whole budget)


@dataclass
class Reviewed:
    """A judged decision, and the seconds it took."""

    index: int
    step: int
    seat: int
    judgement: Judgement
    seconds: float


@dataclass
class ReviewOutcome:
    """The decisions judged and the chance events found, in the record's order, and
    whether the run was cut short."""

    tasks: list[ReviewTask]
    results: list[Reviewed] = field(default_factory=list)
    interrupted: bool = False
    chance_tasks: list[ChanceTask] = field(default_factory=list)
    chances: list[Chance] = field(default_factory=list)
    chances_done: int = 0  # chance tasks finished (most steps hold no chance)

    def add(self, result: Reviewed | Chance | None) -> None:
        """Keep a finished task's result (``None``: a step without chance)."""
        if isinstance(result, Reviewed):
            self.results.append(result)
            return
        self.chances_done += 1
        if result is not None:
            self.chances.append(result)

    def sort(self) -> None:
        self.results.sort(key=lambda result: result.step)
        self.chances.sort(key=lambda chance: chance.step)


def decision_seed(seed: int, step: int) -> int:
    """The seed of the decision at ``step`` (the same for any split of the work)."""
    return (seed * 1_000_003 + step) % 2**63


def plan(
    record: dict[str, Any], final: State, seats: Sequence[int], budget: Budget, seed: int
) -> list[ReviewTask]:
    """A task per decision of ``seats`` in ``record`` (``final``: the record replayed)."""
    state = final.game.new_game(final.seed)
    tasks: list[ReviewTask] = []
    for step, action in enumerate(final.history):
        player = state.current_player
        if player is not None and player in seats and len(state.legal_actions()) > 1:
            task = ReviewTask(len(tasks), record, step, player, budget, decision_seed(seed, step))
            tasks.append(task)
        state.apply(action)
    return tasks


def position(task: ReviewTask) -> State:
    """The true position before the task's step (its seat sees it only through a Seat)."""
    return replay({**task.record, "actions": task.record["actions"][: task.step]})


def review_task(task: ReviewTask) -> Reviewed:
    """Judge one decision (in whichever process or node runs it)."""
    state = position(task)
    played = state.read_action(task.record["actions"][task.step])
    start = time.perf_counter()
    judgement = judge(Seat(state, task.seat), played, task.budget, task.seed, task.settle)
    return Reviewed(task.index, task.step, task.seat, judgement, time.perf_counter() - start)


def work(task: ReviewTask | ChanceTask) -> Reviewed | Chance | None:
    """A decision judged, or a step's chance events estimated (in any process or node)."""
    return review_task(task) if isinstance(task, ReviewTask) else chance_task(task)


def interleaved(
    tasks: Sequence[ReviewTask], chances: Sequence[ChanceTask]
) -> list[ReviewTask | ChanceTask]:
    """Both kinds of task in the record's order (so that results come from the start)."""
    return sorted([*tasks, *chances], key=lambda task: (task.step, isinstance(task, ChanceTask)))


def run(
    tasks: list[ReviewTask],
    workers: int = 1,
    backend: str = "local",
    on_result: Callable[[Reviewed], None] = lambda result: None,
    chances: Sequence[ChanceTask] = (),
    on_chance: Callable[[Chance | None], None] = lambda chance: None,
) -> ReviewOutcome:
    """Judge the decisions and estimate the ``chances`` (``luck.plan_chances``); on
    ``KeyboardInterrupt`` stop and keep those that finished."""
    outcome = ReviewOutcome(tasks, chance_tasks=list(chances))

    def arrived(result: Reviewed | Chance | None) -> None:
        outcome.add(result)
        if isinstance(result, Reviewed):
            on_result(result)
        else:
            on_chance(result)

    _, outcome.interrupted = run_all(work, interleaved(tasks, chances), workers, backend, arrived)
    outcome.sort()
    return outcome


def seat_summary(
    results: Sequence[Reviewed], seat: int, chances: Sequence[Chance] = ()
) -> dict[str, Any]:
    """A seat's decisions judged, its flags by kind, its mean losses, and its luck and skill
    (docs/review.md): the sum of its chance events' swings, and minus the sum of its
    decisions' losses measured apart from the samples that chose the best move
    (``judging.held_out_loss``), each with the standard error of the sum."""
    mine = [r.judgement for r in results if r.seat == seat]
    counts = {name: sum(j.verdict == name for j in mine) for name, _ in THRESHOLDS}
    swings = [chance.swings[seat] for chance in chances if seat in chance.swings]
    return {
        "seat": seat,
        "decisions": len(mine),
        **counts,
        "mean_loss": statistics.fmean(j.loss for j in mine) if mine else 0.0,
        "mean_margin_loss": statistics.fmean(j.margin_loss for j in mine) if mine else 0.0,
        "luck": math.fsum(value for value, _ in swings),
        "luck_se": math.sqrt(math.fsum(se * se for _, se in swings)),
        "skill": -math.fsum(j.skill_loss for j in mine),
        "skill_se": math.sqrt(math.fsum(j.skill_loss_se**2 for j in mine)),
    }


def chance_json(chance: Chance, players: int) -> dict[str, Any]:
    """A chance event: ``swing`` and ``swing_se`` hold a value per seat (``None`` for the
    seats it showed nothing new, or not reviewed)."""
    return {
        "step": chance.step,
        "seat": chance.seat,
        "what": str(chance.what),  # in the language of the moment: the reader's
        "swing": [chance.swings[s][0] if s in chance.swings else None for s in range(players)],
        "swing_se": [chance.swings[s][1] if s in chance.swings else None for s in range(players)],
    }


def review_json(
    outcome: ReviewOutcome,
    final: State,
    seats: Sequence[int],
    budget: Budget,
    seed: int,
    names: Sequence[str] | None = None,
) -> dict[str, Any]:
    """Everything about a review as JSON: settings, each seat's summary, each decision."""
    game = final.game
    said = moves_said(final, outcome.results)
    return {
        "format": REVIEW_FORMAT,
        "game": game.name,
        "title": game.title,
        "options": game.public_options(),
        "players": game.num_players,
        "names": list(names) if names else [f"P{seat}" for seat in range(game.num_players)],
        "actions": len(final.history),
        "is_over": final.is_over,
        "scores": list(final.scores),
        "winners": list(final.winners),
        "seats": list(seats),
        "seed": seed,
        "budget": budget_json(budget),
        "thresholds": dict(THRESHOLDS),
        "decisions_planned": len(outcome.tasks),
        "decisions_reviewed": len(outcome.results),
        "interrupted": outcome.interrupted,
        "summary": [seat_summary(outcome.results, seat, outcome.chances) for seat in seats],
        "decisions": [decision_json(result, said[result.step]) for result in outcome.results],
        "chances_planned": len(outcome.chance_tasks),
        "chances_reviewed": outcome.chances_done,
        "chance_events": [chance_json(c, game.num_players) for c in outcome.chances],
    }


def moves_said(final: State, results: Sequence[Reviewed]) -> dict[int, dict[str, str | None]]:
    """The moves of each judged decision (the one played, the best, those examined) in
    words, by step and notation: ``Game.move_words`` from the position before the step, in
    the language of the moment (None where the game has no words)."""
    examined = {
        r.step: {r.judgement.played, r.judgement.best, *(m.action for m in r.judgement.moves)}
        for r in results
    }
    said: dict[int, dict[str, str | None]] = {}
    state = final.game.new_game(final.seed)
    for step, action in enumerate(final.history[: max(examined, default=-1) + 1]):
        if step in examined:
            words = final.game.move_words
            said[step] = {move: words(state, state.read_action(move)) for move in examined[step]}
        state.apply(action)
    return said


def decision_json(result: Reviewed, said: Mapping[str, str | None]) -> dict[str, Any]:
    """A judged decision; its moves in notation, and in words (``said``, by notation:
    ``played_words``, ``best_words``, each move's ``words``; None where the game has none)."""
    judgement = result.judgement
    return {
        "step": result.step,
        "seat": result.seat,
        "played": judgement.played,
        "best": judgement.best,
        "played_words": said[judgement.played],
        "best_words": said[judgement.best],
        "verdict": judgement.verdict,
        "win": judgement.value.win,
        "win_se": judgement.value.win_se,
        "margin": judgement.value.margin,
        "loss": judgement.loss,
        "loss_se": judgement.loss_se,
        "margin_loss": judgement.margin_loss,
        "margin_loss_se": judgement.margin_loss_se,
        "legal": judgement.legal,
        "moves": [{**asdict(move), "words": said[move.action]} for move in judgement.moves],
        "notes": judgement.notes,
        "seconds": result.seconds,
    }
