"""How good was a move: Monte Carlo estimates from the deciding seat's view, with errors.

For one decision, ``judge(seat, played, budget, seed)`` estimates for the legal moves
their *win probability* (1 for a sole win, 1/k for a victory shared by k) and their
*score margin* (the seat's points minus the best other seat's), and how much the move
played lost against the best one found. It sees the game only through a ``Seat``: every
sample starts from ``seat.determinize(rng)``, a deal drawn from what the seat could know
at that moment, never from the true hidden cards or tiles.

The method (flat Monte Carlo with common random numbers):

1. Draw ``samples`` determinizations of the seat's view.
2. With more legal moves than ``width``, *screen* them: keep the ``width`` moves whose
   one-ply evaluation (``Game.evaluate`` after the move, averaged over the
   determinizations, as the heuristic bot judges) is best, plus the move played.
3. For every kept move and every determinization: apply the move, then let the rollout
   ``bot`` play every seat, to the end or for ``depth`` actions, after which every
   seat's evaluation is turned into win chances (``cutoff_chances``: for two seats
   ``1 / (1 + exp(-evaluate / scale))``) and the seat's own is taken as its margin.
   Sample ``k`` uses the same determinization and the same bot seeds for every move, so
   the *differences* between moves carry far less noise than the values themselves
   (common random numbers).
4. The best move is the one with the highest mean win probability (then margin). The
   loss of the move played is the mean of the paired differences, with their standard
   error ``sd / sqrt(samples)``.

A move is flagged (``verdict``) only when its loss in win probability reaches a size
threshold *and* twice its standard error, so that noise alone is rarely called a mistake;
``docs/review.md`` gives the thresholds' reasons and the calibration measured.
``suggest(seat, budget, seed)`` is the same estimate as a hint: the best move found.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from tavola.core.game import State
from tavola.core.review_budget import Budget
from tavola.players.base import Seat
from tavola.players.specs import make_bot

# Loss in win probability from which a move is flagged, largest first (docs/review.md).
THRESHOLDS: tuple[tuple[str, float], ...] = (
    ("blunder", 0.20),
    ("mistake", 0.10),
    ("inaccuracy", 0.05),
)
Z = 2.0  # a loss must also reach Z standard errors of the paired difference
Z_STOP = 2.5  # standard errors either side for a verdict to count as settled early
Z_DROP = 2.0  # standard errors below the best for a move to be rolled out no further


@dataclass
class MoveValue:
    """One move's estimates over ``samples`` rollouts (standard errors beside them)."""

    action: str
    win: float
    win_se: float
    margin: float
    margin_se: float
    samples: int
    ply: float  # the one-ply evaluation the screening ranked it by


@dataclass
class Judgement:
    """A decision judged: the move played against the best found, and the verdict."""

    played: str
    best: str
    legal: int  # legal moves; ``len(moves)`` of them were rolled out
    moves: list[MoveValue]  # best first
    loss: float  # in win probability, >= 0
    loss_se: float
    margin_loss: float  # in points (the margin's loss), may be negative
    margin_loss_se: float
    verdict: str | None = None
    notes: list[str] = field(default_factory=list)
    # The loss without the selection's favour, for skill (``held_out_loss``); may be < 0.
    skill_loss: float = 0.0
    skill_loss_se: float = 0.0

    @property
    def value(self) -> MoveValue:
        """The estimates of the move played."""
        return next(move for move in self.moves if move.action == self.played)


def verdict(loss: float, se: float) -> str | None:
    """The flag of a loss in win probability, or ``None`` when it is small or within noise.

    >>> verdict(0.25, 0.03), verdict(0.12, 0.03), verdict(0.06, 0.02)
    ('blunder', 'mistake', 'inaccuracy')
    >>> verdict(0.25, 0.15) is None, verdict(0.04, 0.0) is None
    (True, True)
    """
    if loss < Z * se:
        return None
    for name, threshold in THRESHOLDS:
        if loss >= threshold - 1e-12:
            return name
    return None


@dataclass
class Estimates:
    """A decision's moves estimated on the same samples: those rolled out, best first."""

    legal: int  # how many legal moves there were
    actions: list[int]  # the moves rolled out, best first
    moves: list[MoveValue]  # their estimates, in the same order
    outcomes: dict[int, list[tuple[float, float]]]  # each move's (win, margin) per sample


def estimate(
    seat: Seat, budget: Budget, seed: int, keep: int | None = None, settle: bool = False
) -> Estimates:
    """Estimate the seat's legal moves (the ``width`` best by one ply, and ``keep``).

    With ``settle`` (and ``keep``, the move played) the samples are rolled out in rounds
    and the estimation stops as soon as the verdict on ``keep`` is settled (``open_moves``);
    the samples used are the first ones of the full budget's, so a decision neither
    settled nor pruned early is judged exactly as without ``settle``.
    """
    legal = seat.legal_actions()
    worlds, seeds = samples(seat, budget, seed)
    counts = rounds(budget.samples) if settle and keep is not None else [budget.samples]
    plies = _one_ply(seat, legal, worlds[: counts[0]])  # the first round's deals screen
    kept = _screen(legal, plies, keep, budget.width)
    player, scale = seat.player, budget.scale
    outcomes: dict[int, list[tuple[float, float]]] = {action: [] for action in kept}
    rolling, done = list(kept), 0
    for stop in counts:
        for action in rolling:
            pairs = zip(worlds[done:stop], seeds[done:stop], strict=True)
            endings = (rollout(w, action, budget, s) for w, s in pairs)
            outcomes[action].extend((e.win(player, scale), e.margin(player)) for e in endings)
        done = stop
        if keep is not None and stop < budget.samples:
            rolling = open_moves(rolling, outcomes, keep)
            if not rolling:
                break
    to_string = seat.game.action_to_string
    values = {a: _value(to_string(a), outcomes[a], plies[a]) for a in kept}
    # Moves dropped early come after those rolled out to the end (best among them first).
    kept.sort(key=lambda a: (-values[a].samples, -values[a].win, -values[a].margin, a))
    return Estimates(len(legal), kept, [values[a] for a in kept], outcomes)


def rounds(total: int) -> list[int]:
    """The sample counts after which a settled verdict stops the estimation.

    >>> rounds(64), rounds(24), rounds(8)
    ([16, 24, 32, 40, 48, 56, 64], [8, 12, 16, 20, 24], [8])
    """
    first, step = min(total, max(8, total // 4)), max(4, total // 8)
    return [*range(first, total, step), total]


def open_moves(
    rolling: list[int], outcomes: dict[int, list[tuple[float, float]]], played: int
) -> list[int]:
    """The moves still worth rolling out, or none when the verdict on ``played`` is settled.

    Settled: no move beats ``played`` by an inaccuracy's size (the upper end of every
    paired difference, at ``Z_STOP`` standard errors, is below it), or the loss against
    the best move lies, at ``Z_STOP`` standard errors either side, within one flag's
    range. A move clearly worse than the best (its paired difference ``Z_DROP`` standard
    errors below zero) is no longer rolled out.
    """
    wins = {action: [o[0] for o in outcomes[action]] for action in rolling}
    margins = {action: statistics.fmean(o[1] for o in outcomes[action]) for action in rolling}
    best = max(rolling, key=lambda a: (statistics.fmean(wins[a]), margins[a], -a))
    gains = {a: paired(wins[a], wins[played]) for a in rolling if a != played}
    if all(gain + Z_STOP * se < THRESHOLDS[-1][1] for gain, se in gains.values()):
        return []
    loss, se = gains.get(best, (0.0, 0.0))
    if flag_range(loss - Z_STOP * se) == flag_range(loss + Z_STOP * se) > 0:
        return []
    behind = {a: paired(wins[best], wins[a]) for a in rolling if a not in (best, played)}
    return [a for a in rolling if a not in behind or behind[a][0] - Z_DROP * behind[a][1] <= 0]


def flag_range(loss: float) -> int:
    """How many flag thresholds ``loss`` reaches (0: none, 3: a blunder's).

    >>> [flag_range(x) for x in (-0.1, 0.04, 0.05, 0.15, 0.5)]
    [0, 0, 1, 2, 3]
    """
    return sum(loss >= threshold - 1e-12 for _, threshold in THRESHOLDS)


def suggest(seat: Seat, budget: Budget, seed: int) -> MoveValue:
    """The best move found for the seat to move (a hint), with its estimates."""
    return estimate(seat, budget, seed).moves[0]


def judge(seat: Seat, played: int, budget: Budget, seed: int, settle: bool = True) -> Judgement:
    """Estimate the seat's legal moves and judge ``played`` against the best found (with
    ``settle``, stopping once the verdict is settled: ``estimate``)."""
    if played not in seat.legal_actions():
        raise ValueError(f"the move played ({played}) is not legal for seat {seat.player}")
    found = estimate(seat, budget, seed, keep=played, settle=settle)
    best = found.actions[0]
    outcomes = found.outcomes
    loss, loss_se = paired([o[0] for o in outcomes[best]], [o[0] for o in outcomes[played]])
    margin_loss, margin_se = paired(
        [o[1] for o in outcomes[best]], [o[1] for o in outcomes[played]]
    )
    to_string = seat.game.action_to_string
    judgement = Judgement(
        played=to_string(played),
        best=to_string(best),
        legal=found.legal,
        moves=found.moves,
        loss=max(0.0, loss),
        loss_se=loss_se,
        margin_loss=margin_loss,
        margin_loss_se=margin_se,
        verdict=verdict(max(0.0, loss), loss_se),
    )
    judgement.skill_loss, judgement.skill_loss_se = held_out_loss(outcomes, played)
    if len(found.actions) < found.legal:
        screened = found.legal - len(found.actions)
        judgement.notes.append(
            f"{screened} of {found.legal} moves screened out by one-ply evaluation"
        )
    return judgement


def held_out_loss(
    outcomes: dict[int, list[tuple[float, float]]], played: int
) -> tuple[float, float]:
    """The win chance ``played`` lost against the best move, without the noise's favour:
    the best move is chosen on one half of the samples (even or odd) and the loss measured
    on the other, both ways, averaged (with the standard error of that mean).

    The ``loss`` of a judgement picks the best on the very samples it measures, so noise
    alone makes it positive (the best of several equal moves looks better than the one
    played); chosen on independent samples the loss averages zero between equal moves,
    and is the loss against the best move a half-budget search finds. Moves rolled out on
    fewer samples (dropped early) are compared on the samples they have.

    >>> flat = {0: [(0.5, 0.0), (0.4, 0.0), (0.6, 0.0), (0.5, 0.0)], 1: [(0.6, 0.0)] * 4}
    >>> [round(x, 3) for x in held_out_loss(flat, 0)]
    [0.1, 0.035]
    >>> held_out_loss({0: [(0.5, 0.0)] * 4}, 0)
    (0.0, 0.0)
    """
    estimates = []
    for chosen_on in (0, 1):
        halves = {a: [o[0] for o in found[chosen_on::2]] for a, found in outcomes.items() if found}
        best = max(
            (a for a in halves if halves[a]), key=lambda a: (statistics.fmean(halves[a]), -a)
        )
        if best == played:
            estimates.append((0.0, 0.0))
            continue
        shared = min(len(outcomes[best]), len(outcomes[played]))
        held = range(1 - chosen_on, shared, 2)
        if len(held) < 2:
            estimates.append((0.0, 0.0))
            continue
        estimates.append(
            paired([outcomes[best][i][0] for i in held], [outcomes[played][i][0] for i in held])
        )
    mean = (estimates[0][0] + estimates[1][0]) / 2
    return mean, math.sqrt(estimates[0][1] ** 2 + estimates[1][1] ** 2) / 2


def samples(seat: Seat, budget: Budget, seed: int) -> tuple[list[State], list[int]]:
    """The determinizations of the seat's view and the rollout seeds of one decision."""
    rng = random.Random(seed)
    worlds = [seat.determinize(rng) for _ in range(budget.samples)]
    return worlds, [rng.randrange(2**32) for _ in worlds]


def _one_ply(seat: Seat, legal: list[int], worlds: Sequence[State]) -> dict[int, float]:
    """Each move's mean evaluation right after it, over the determinizations."""
    evaluate, player = seat.game.evaluate, seat.player
    if len(legal) == 1:
        return {legal[0]: 0.0}
    totals = dict.fromkeys(legal, 0.0)
    for world in worlds:
        for action in legal:
            after = world.clone()
            after.apply(action)
            totals[action] += evaluate(after, player)
    return {action: total / len(worlds) for action, total in totals.items()}


def _screen(legal: list[int], plies: dict[int, float], keep: int | None, width: int) -> list[int]:
    """The moves to roll out: all, or the ``width`` best by one ply plus ``keep``."""
    if len(legal) <= width + (keep is not None):
        return list(legal)
    ranked = sorted(legal, key=lambda action: (-plies[action], action))[:width]
    return sorted({*ranked, *([] if keep is None else [keep])})


@dataclass(frozen=True)
class Ending:
    """Where one rollout stopped: the game's end (the winners and scores) or a cutoff (each
    seat's evaluation)."""

    winners: tuple[int, ...]  # empty at a cutoff
    scores: tuple[int, ...]
    evaluations: tuple[float, ...]  # empty at the end

    def win(self, player: int, scale: float) -> float:
        """``player``'s win share at the end, or its softmax win chance at a cutoff."""
        if not self.evaluations:
            return 1.0 / len(self.winners) if player in self.winners else 0.0
        return cutoff_chances(self.evaluations, scale)[player]

    def margin(self, player: int) -> float:
        """Points over the best other seat (at a cutoff, as the evaluation projects it)."""
        if self.evaluations:
            return self.evaluations[player]
        return float(self.scores[player] - max(s for i, s in enumerate(self.scores) if i != player))


def cutoff_chances(evaluations: Sequence[float], scale: float) -> list[float]:
    """Each seat's win chance from its evaluation (its lead over the best other seat).

    The leader's lead is 0 over itself and each other seat trails it by its own
    (negative) evaluation; a softmax of those with ``scale`` gives the chances, which
    for two seats is ``1 / (1 + exp(-evaluation / scale))``.

    >>> [round(p, 3) for p in cutoff_chances([5.0, -5.0], 5.0)]
    [0.731, 0.269]
    >>> [round(p, 3) for p in cutoff_chances([0.0, 0.0, -50.0], 5.0)]
    [0.5, 0.5, 0.0]
    """
    lead = max(range(len(evaluations)), key=lambda seat: evaluations[seat])
    behind = [0.0 if seat == lead else min(0.0, e) for seat, e in enumerate(evaluations)]
    weights = [math.exp(max(-50.0, e / scale)) for e in behind]
    total = sum(weights)
    return [w / total for w in weights]


def rollout(world: State, action: int | None, budget: Budget, seed: int) -> Ending:
    """Apply ``action`` (if any) to a copy of ``world``, then let the rollout bot play every
    seat.

    The bot deciding at rollout step ``t`` is seeded from ``seed`` and ``t`` only, so
    rollouts of different moves from the same world stay in step as far as their
    positions allow (common random numbers).
    """
    state = world.clone()
    if action is not None:
        state.apply(action)
    steps = 0
    while (mover := state.current_player) is not None and not (
        budget.depth and steps >= budget.depth
    ):
        bot = make_bot(budget.bot, seed=(seed * 1009 + steps) % 2**63)
        state.apply(bot.choose(Seat(state, mover)).action)
        steps += 1
    scores = tuple(state.scores)
    if state.is_over:
        return Ending(tuple(state.winners), scores, ())
    evaluate = state.game.evaluate
    return Ending((), scores, tuple(evaluate(state, p) for p in range(len(scores))))


def _value(action: str, outcomes: list[tuple[float, float]], ply: float) -> MoveValue:
    wins = [o[0] for o in outcomes]
    margins = [o[1] for o in outcomes]
    return MoveValue(
        action=action,
        win=statistics.fmean(wins),
        win_se=_se(wins),
        margin=statistics.fmean(margins),
        margin_se=_se(margins),
        samples=len(outcomes),
        ply=ply,
    )


def _se(values: Sequence[float]) -> float:
    return statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0


def paired(first: Sequence[float], second: Sequence[float]) -> tuple[float, float]:
    """Mean and standard error of the paired differences ``first - second``."""
    differences = [a - b for a, b in zip(first, second, strict=True)]
    return statistics.fmean(differences), _se(differences)


def budget_json(budget: Budget) -> dict[str, Any]:
    return {
        "bot": budget.bot,
        "samples": budget.samples,
        "depth": budget.depth,
        "scale": budget.scale,
        "width": budget.width,
    }


def with_overrides(budget: Budget, **changes: Any) -> Budget:
    """``budget`` with the given fields changed (those given as ``None`` left alone); a bad
    value fails here, with ``ValueError``, and a bad bot spec with ``BotSpecError``."""
    changed = replace(budget, **{k: v for k, v in changes.items() if v is not None})
    make_bot(changed.bot)
    return changed
