"""Are the review's win probabilities honest? Calibration, Brier score and noise per game.

    python benchmarks/review.py                          # every game, 300 games each
    python benchmarks/review.py campanile --games 100 --depths 0,10,20
    python benchmarks/review.py carcassonne --samples 16 --judged 20

1. **Calibration.** It plays ``--games`` heuristic-vs-heuristic games (2 players) and
   picks one decision of each at random. From the deciding seat's view only, the review's
   estimator gives the win probability of the move that was played (``--samples``
   determinizations, a heuristic rollout of each, cut after ``depth`` actions and judged
   by the softmax of the evaluation with ``scale``); the game's real outcome for that seat
   (1, 0, or 1/k for a shared victory) is what it predicts. For each depth the scale is
   fitted on the even-numbered games (least Brier score on a grid) and the odd-numbered
   games, held out, give the calibration table and the Brier score. The Brier score of
   always saying 50% is 0.25.
2. **Noise.** On ``--judged`` other decisions it runs the whole review of the decision
   (every move, with the game's default budget), twice with independent seeds: the median
   standard error of the loss, the seconds per decision, how many moves were flagged, and
   the loss the second run gives the moves the first flagged (how much of a flag is luck).

3. **Speed** (``--speed``): one heuristic game of each game (Campanile with 3 players,
   the others with 2) reviewed whole, before and after, side by side: *before* is the
   whole budget for every decision and no luck (``settle=False``, the review as it was),
   *after* is today's review (verdicts settled early, and the chance events' luck).
   ``--before-decisions N`` times the *before* on N evenly spaced decisions only, and
   gives its seconds per game as seconds per decision times the decisions (a whole
   Campanile game took minutes). It also counts the decisions both judged with the same
   flag.

    python benchmarks/review.py --speed --workers 2 --before-decisions 24

   With ``--compare-pure`` the speed is of the compiled engine against the interpreted one
   (``TAVOLA_PURE=1``) instead: each form reviews the same game at the game's budgets in a
   process of its own, the two at the same time, one worker each (``--sample N`` times N
   decisions and N chance steps of it). The forms must agree on every verdict.

    python benchmarks/review.py campanile --speed --compare-pure --sample 8

It prints Markdown tables for docs/review.md.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

import tavola
from tavola.apps.review.command import describe
from tavola.apps.review.decisions import plan
from tavola.apps.review.decisions import run as review_run
from tavola.apps.review.judging import Ending, judge, rollout, samples
from tavola.apps.review.luck import plan_chances
from tavola.compiled import PURE_VARIABLE
from tavola.core.review_budget import Budget
from tavola.players import Seat, play_match

GAMES = ("campanile", "clocktowers", "carcassonne")
SCALES = [0.5 * 1.25**i for i in range(24)]  # 0.5 .. 83: the grid the scale is fitted on
BINS = 10


@dataclass
class Position:
    """One decision of a heuristic game and how the game ended for the deciding seat."""

    game: str
    record: dict[str, Any]  # the game's record up to the decision
    seat: int
    action: int
    outcome: float  # 1, 0, or 1/k


def position(job: tuple[str, int, int]) -> Position:
    """One random decision (a choice of at least two moves) of one heuristic game."""
    game, seed, index = job
    final = play_match(tavola.load(game, players=2), ["heuristic"] * 2, seed * 1000 + index)
    state = final.game.new_game(final.seed)
    choices = []
    for step, action in enumerate(final.history):
        if len(state.legal_actions()) > 1:
            choices.append(step)
        state.apply(action)
    step = random.Random(seed * 1000 + index).choice(choices)
    state = final.game.new_game(final.seed)
    for action in final.history[:step]:
        state.apply(action)
    seat = state.current_player
    assert seat is not None
    share = 1 / len(final.winners) if seat in final.winners else 0.0
    return Position(game, state.record(), seat, final.history[step], share)


def endings(job: tuple[Position, Budget, int]) -> tuple[list[Ending], float]:
    """The rollouts of the move played, from the seat's view (as the review does it), and
    the CPU seconds they took."""
    position, budget, seed = job
    state = tavola.replay(position.record)
    seat = Seat(state, position.seat)
    start = time.process_time()
    worlds, seeds = samples(seat, budget, seed)
    found = [rollout(w, position.action, budget, s) for w, s in zip(worlds, seeds, strict=True)]
    return found, time.process_time() - start


def predicted(found: list[Ending], seat: int, scale: float) -> float:
    return statistics.fmean(ending.win(seat, scale) for ending in found)


def brier(pairs: list[tuple[float, float]]) -> float:
    return statistics.fmean((p - o) ** 2 for p, o in pairs)


def calibration(
    found: list[Position], rolled: list[list[Ending]], depth: int
) -> tuple[float, list[tuple[float, float]]]:
    """The fitted scale and the held-out (prediction, outcome) pairs."""
    train = [(p, r) for i, (p, r) in enumerate(zip(found, rolled, strict=True)) if i % 2 == 0]
    test = [(p, r) for i, (p, r) in enumerate(zip(found, rolled, strict=True)) if i % 2 == 1]

    def score(scale: float, part: list[tuple[Position, list[Ending]]]) -> float:
        return brier([(predicted(r, p.seat, scale), p.outcome) for p, r in part])

    scale = min(SCALES, key=lambda s: score(s, train)) if depth else 0.0
    return scale, [(predicted(r, p.seat, scale), p.outcome) for p, r in test]


def table(pairs: list[tuple[float, float]]) -> list[str]:
    rows = ["| predicted | positions | mean predicted | observed |", "|---|---|---|---|"]
    for b in range(BINS):
        low, high = b / BINS, (b + 1) / BINS
        inside = [(p, o) for p, o in pairs if low <= p < high or (b == BINS - 1 and p == 1.0)]
        if not inside:
            continue
        mean_p = statistics.fmean(p for p, _ in inside)
        observed = statistics.fmean(o for _, o in inside)
        rows.append(
            f"| {100 * low:.0f}-{100 * high:.0f}% | {len(inside)} | {100 * mean_p:.1f}% | "
            f"{100 * observed:.1f}% |"
        )
    return rows


def judged(
    job: tuple[Position, Budget, int],
) -> tuple[float, float, str | None, float, float, str | None]:
    """One decision reviewed twice (seeds ``seed`` and ``seed + 1``): se, seconds, the
    first run's verdict and loss, the second run's loss of the same move against the
    first run's best, and the second run's verdict."""
    position, budget, seed = job
    state = tavola.replay(position.record)
    seat = Seat(state, position.seat)
    start = time.process_time()
    first = judge(seat, position.action, budget, seed)
    seconds = time.process_time() - start
    second = judge(seat, position.action, budget, seed + 1)
    again = {m.action: m.win for m in second.moves}
    best_again = again.get(first.best, max(again.values()))
    loss_again = best_again - again[first.played]
    return first.loss_se, seconds, first.verdict, first.loss, loss_again, second.verdict


def run(pool: Any, function: Any, jobs: list[Any]) -> list[Any]:
    done: list[Any] = []
    for index, result in enumerate(pool.imap(function, jobs), start=1):
        done.append(result)
        if index % 25 == 0 or index == len(jobs):
            print(f"  {index}/{len(jobs)}", file=sys.stderr)
    return done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", help="games (default: all)")
    parser.add_argument("--games", type=int, default=300, help="games (positions) per game")
    parser.add_argument("--samples", type=int, help="samples per position (default: the game's)")
    parser.add_argument("--depths", help="rollout depths to compare, e.g. 0,10,20 (0: to the end)")
    parser.add_argument(
        "--bots", help="rollout bots to compare for the noise, e.g. 'heuristic;heuristic:samples=1'"
    )
    parser.add_argument("--judged", type=int, default=24, help="decisions reviewed for the noise")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--speed", action="store_true", help="time whole reviews, before/after")
    parser.add_argument(
        "--before",
        choices=("main", "whole"),
        default="main",
        help="before: main d59fc28's review (its budgets), or the whole budget without luck",
    )
    parser.add_argument("--before-decisions", type=int, help="time 'whole' on N decisions")
    parser.add_argument(
        "--sample", type=int, help="time N decisions and N chance steps, times the counts"
    )
    parser.add_argument(
        "--compare-pure", action="store_true", help="--speed: the compiled engine against pure"
    )
    parser.add_argument("--form", action="store_true", help=argparse.SUPPRESS)  # one form's JSON
    args = parser.parse_args()
    if args.form:
        json.dump(form_timing(args), sys.stdout)
        return
    if args.speed:
        if args.compare_pure:
            compare_pure(args)
        else:
            speed(args)
        return
    context = multiprocessing.get_context("spawn")
    with context.Pool(args.workers) as pool:
        for game in args.names or GAMES:
            report(pool, game, args)


def report(pool: Any, game: str, args: argparse.Namespace) -> None:
    budget = tavola.load(game).review_budget
    if args.samples:
        budget = replace(budget, samples=args.samples)
    depths = [int(d) for d in args.depths.split(",")] if args.depths else [budget.depth]
    start = time.perf_counter()
    print(f"{game}: playing {args.games + args.judged} heuristic games", file=sys.stderr)
    found = run(pool, position, [(game, args.seed, i) for i in range(args.games + args.judged)])
    found, noise = found[: args.games], found[args.games :]
    print(f"\n## {game}\n")
    bots = args.bots.split(";") if args.bots else [budget.bot]
    for bot in bots if found else []:
        calibrate(pool, game, found, replace(budget, bot=bot), depths, args)
    if noise:
        trials = [replace(budget, depth=depth, bot=bot) for bot in bots for depth in depths]
        noise_table(pool, noise, trials, args.seed)
    print(f"\n({time.perf_counter() - start:.0f} s)", file=sys.stderr)


def noise_table(pool: Any, noise: list[Position], trials: list[Budget], seed: int) -> None:
    """Each budget's noise on the same decisions, and how many of them it flags as the
    first budget does (same seed; "itself, new seed": the first budget's own agreement
    between two seeds, what noise alone leaves)."""
    print(f"\nNoise: {len(noise)} decisions reviewed whole, each twice (seeds s, s + 1):\n")
    print(
        "| budget | median se of a loss | CPU s/decision | flagged "
        "| their loss | their loss, new seed | same flags as the first | itself, new seed |"
    )
    print("|---|---|---|---|---|---|---|---|")
    first: list[str | None] = []
    for trial in trials:
        jobs = [(p, trial, seed + 7 * i) for i, p in enumerate(noise)]
        results = run(pool, judged, jobs)
        verdicts = [r[2] for r in results]
        first = first or verdicts
        flagged = [r for r in results if r[2] is not None]
        losses = [r[0] for r in results if r[0] > 0 or r[3] > 0] or [0.0]
        loss = f"{statistics.fmean(r[3] for r in flagged):.3f}" if flagged else "-"
        again = f"{statistics.fmean(r[4] for r in flagged):.3f}" if flagged else "-"
        same = sum(a == b for a, b in zip(first, verdicts, strict=True))
        itself = sum(r[2] == r[5] for r in results)
        print(
            f"| `{describe(trial)}` | {statistics.median(losses):.3f} | "
            f"{statistics.fmean(r[1] for r in results):.2f} | {len(flagged)} | {loss} | "
            f"{again} | {same} of {len(results)} | {itself} of {len(results)} |",
            flush=True,
        )


def calibrate(
    pool: Any,
    game: str,
    found: list[Position],
    budget: Budget,
    depths: list[int],
    args: argparse.Namespace,
) -> None:
    """Each depth's fitted scale and held-out Brier score, then the calibration table of
    the game's default budget (its own scale) over every position."""
    print(f"{len(found)} positions, one per heuristic-vs-heuristic game (seed {args.seed}); ")
    print(f"`{budget.bot}` rollouts, {budget.samples} samples per position.\n")
    print(
        "| depth | scale fitted (even games) | Brier, odd games | Brier of 50% | CPU s/position |"
    )
    print("|---|---|---|---|---|")
    default: list[tuple[float, float]] = []
    for depth in sorted(set(depths) | {budget.depth}):
        trial = replace(budget, depth=depth)
        jobs = [(p, trial, args.seed + i) for i, p in enumerate(found)]
        done = run(pool, endings, jobs)
        rolled = [r for r, _ in done]
        scale, pairs = calibration(found, rolled, depth)
        if depth == budget.depth:
            default = [
                (predicted(r, p.seat, budget.scale), p.outcome)
                for p, r in zip(found, rolled, strict=True)
            ]
        if depth not in depths:
            continue
        print(
            f"| {depth or 'end'} | {scale:.2f} | {brier(pairs):.4f} | "
            f"{brier([(0.5, o) for _, o in pairs]):.4f} | "
            f"{statistics.fmean(s for _, s in done):.3f} |"
        )
    base = statistics.fmean(o for _, o in default)
    base_brier = brier([(base, o) for _, o in default])
    print(f"\nThe default budget `{describe(budget)}`, scale {budget.scale:g}, all positions:\n")
    print("\n".join(table(default)))
    print(
        f"\nBrier score {brier(default):.4f}; always 50%: "
        f"{brier([(0.5, o) for _, o in default]):.4f}; always the base rate "
        f"({100 * base:.1f}% of the seats to move won): {base_brier:.4f}."
    )


SPEED_GAMES = (("campanile", 3), ("clocktowers", 2), ("carcassonne", 2))
# The budgets of main d59fc28, where they differ from today's (the "before" of --speed).
BEFORE_BUDGETS = {"campanile": Budget(samples=64, depth=10, scale=3.0)}


def spread(tasks: list[Any], count: int) -> list[Any]:
    """``count`` of the tasks, evenly spaced."""
    return [tasks[i * len(tasks) // count] for i in range(min(count, len(tasks)))]


def timed(work: Any) -> tuple[float, float, Any]:
    """The CPU seconds ``work()`` takes (its worker processes' included), its wall-clock
    seconds, and its result."""
    cpu, wall = cpu_seconds(), time.perf_counter()
    result = work()
    return cpu_seconds() - cpu, time.perf_counter() - wall, result


def cpu_seconds() -> float:
    """CPU seconds of this process and its finished children (the review's workers)."""
    mine, children = (
        resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
    )
    return mine.ru_utime + mine.ru_stime + children.ru_utime + children.ru_stime


@dataclass
class Timing:
    """A whole review's seconds (CPU and wall; sampled ones scaled to the whole game),
    the part of them that was luck, and the decisions judged."""

    cpu: float
    wall: float
    luck_cpu: float
    verdicts: dict[int, str | None]


def timing(
    final: Any, budget: Budget, args: argparse.Namespace, settle: bool = True, luck: bool = True
) -> Timing:
    """Review ``final`` (all seats) with ``budget``: its decisions (``settle``: stopping
    when the verdict is settled) and, with ``luck``, its chance steps. With ``--sample``
    (or ``--before-decisions`` for a review without ``settle``) only that many of each,
    evenly spaced, their seconds multiplied up to the whole game."""
    record, seats = final.record(), list(range(final.game.num_players))
    tasks = [replace(t, settle=settle) for t in plan(record, final, seats, budget, args.seed)]
    chances = plan_chances(record, final, seats, budget, args.seed) if luck else []
    decisions, steps = len(tasks), len(chances)
    count = args.sample if settle else args.before_decisions or args.sample
    if count:
        tasks, chances = spread(tasks, count), spread(chances, count)
    judged, judged_wall, outcome = timed(partial(review_run, tasks, args.workers))
    drawn, drawn_wall = 0.0, 0.0
    if chances:
        drawn, drawn_wall, _ = timed(partial(review_run, [], args.workers, chances=chances))
    scale_decisions, scale_chances = decisions / len(tasks), steps / max(1, len(chances))
    return Timing(
        cpu=judged * scale_decisions + drawn * scale_chances,
        wall=judged_wall * scale_decisions + drawn_wall * scale_chances,
        luck_cpu=drawn * scale_chances,
        verdicts={r.step: r.judgement.verdict for r in outcome.results},
    )


def speed(args: argparse.Namespace) -> None:
    """Whole reviews of one heuristic game of each game, before and after (docstring).

    CPU seconds are shown beside the wall-clock ones: on a shared machine they are what
    the review costs, and a free 2-core machine takes about half of them. The load
    average (``os.getloadavg``) is printed before and after each game."""
    print(
        "| game | decisions | chance steps | before: CPU s/game (wall) "
        "| before: CPU s/decision (wall) | after: CPU s/game (wall) | of which luck "
        "| after: CPU s/decision (wall) | speed-up | same flags |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name, players in SPEED_GAMES:
        if args.names and name not in args.names:
            continue
        print(f"load average before {name}: {os.getloadavg()}", file=sys.stderr, flush=True)
        game = tavola.load(name, players=players)
        final = play_match(game, ["heuristic"] * players, args.seed)
        seats = list(range(players))
        decisions = len(plan(final.record(), final, seats, game.review_budget, args.seed))
        steps = max(0, len(final.history) - 1)
        after = timing(final, game.review_budget, args)
        if args.before == "whole":  # the review before verdicts settled early: no luck
            before = timing(final, game.review_budget, args, settle=False, luck=False)
        elif name in BEFORE_BUDGETS:
            before = timing(final, BEFORE_BUDGETS[name], args)
        else:  # main's review is today's: the same run shown both sides
            before = after
        both = [step for step in after.verdicts if step in before.verdicts]
        same = sum(before.verdicts[step] == after.verdicts[step] for step in both)
        print(
            f"| {game.title} ({players}p) | {decisions} | {steps} | "
            f"{before.cpu:.0f} ({before.wall:.0f}) "
            f"| {before.cpu / decisions:.2f} ({before.wall / decisions:.2f}) "
            f"| {after.cpu:.0f} ({after.wall:.0f}) | {after.luck_cpu:.0f} "
            f"| {after.cpu / decisions:.2f} ({after.wall / decisions:.2f}) "
            f"| {before.cpu / after.cpu:.1f}x "
            f"| {same} of {len(both)}{'' if before is not after else ' (one run)'} |",
            flush=True,
        )
        print(f"load average after {name}: {os.getloadavg()}", file=sys.stderr, flush=True)


def form_timing(args: argparse.Namespace) -> dict[str, Any]:
    """The review of one heuristic game of ``args.names[0]`` (``SPEED_GAMES``' players) by
    the engine's form this process runs: its CPU seconds, decisions and verdicts."""
    name = args.names[0]
    game = tavola.load(name, players=dict(SPEED_GAMES)[name])
    final = play_match(game, ["heuristic"] * game.num_players, args.seed)
    seats = list(range(game.num_players))
    decisions = len(plan(final.record(), final, seats, game.review_budget, args.seed))
    after = timing(final, game.review_budget, args)
    return {
        "compiled": tavola.COMPILED,
        "decisions": decisions,
        "cpu": after.cpu,
        "luck_cpu": after.luck_cpu,
        "verdicts": {str(step): verdict for step, verdict in after.verdicts.items()},
    }


def compare_pure(args: argparse.Namespace) -> None:
    """Whole reviews by the compiled and the interpreted engine, side by side (docstring)."""
    print(
        "| game | decisions | compiled: CPU s/game | interpreted: CPU s/game "
        "| compiled: CPU s/decision | interpreted: CPU s/decision | speed-up | load |"
    )
    print("|---|---|---|---|---|---|---|---|")
    sample = [f"--sample={args.sample}"] if args.sample else []
    for name, players in SPEED_GAMES:
        if args.names and name not in args.names:
            continue
        command = [sys.executable, __file__, name, "--form", "--workers=1", f"--seed={args.seed}"]
        runs = [
            subprocess.Popen(
                [*command, *sample],
                env={**os.environ, PURE_VARIABLE: pure},
                stdout=subprocess.PIPE,
                text=True,
            )
            for pure in ("0", "1")
        ]
        outputs = [run.communicate()[0] for run in runs]
        if any(run.returncode for run in runs):
            sys.exit(f"{name}: a review failed")
        fast, slow = (json.loads(output) for output in outputs)
        if not fast["compiled"] or slow["compiled"]:
            sys.exit("the compiled engine is not built: install tavola with a C compiler")
        if fast["verdicts"] != slow["verdicts"]:
            sys.exit(f"{name}: the compiled and the interpreted review disagree")
        decisions = fast["decisions"]
        print(
            f"| {tavola.load(name).title} ({players}p) | {decisions} "
            f"| {fast['cpu']:.1f} | {slow['cpu']:.1f} "
            f"| {fast['cpu'] / decisions:.3f} | {slow['cpu'] / decisions:.3f} "
            f"| {slow['cpu'] / fast['cpu']:.2f}x | {os.getloadavg()[0]:.1f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
