"""Tournaments between bots: a fair schedule, parallel games, ratings and intervals.

The bots are *contestants* numbered by their place in the list (the same spec twice
makes two contestants). Every table of ``players`` contestants plays every seating (all
permutations up to 4 players, the rotations beyond), and every seating of a cycle plays
the same deal, so the luck of the cards and the advantage of a seat cancel out over a
whole cycle. Seatings that put the same specs in the same seats (``random,random``)
would play the same game twice: the second plays the next deal instead, so every game
of a tournament is a different one (each deal still sees every seating of the specs
once). Game ``i`` depends only on the tournament's seed and ``i``, so the results are
the same whatever the number of workers or the backend.

>>> lineups(2, 2)
[(0, 1), (1, 0)]
>>> [task.seats for task in schedule("campanile", {"players": 2}, ["random", "heuristic"], 4, 1)]
[(0, 1), (1, 0), (0, 1), (1, 0)]
>>> twins = schedule("campanile", {"players": 2}, ["random", "random"], 2, 1)
>>> twins[0].specs == twins[1].specs and twins[0].seed != twins[1].seed
True
"""

from __future__ import annotations

import itertools
import math
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from tavola.core.checks import plural
from tavola.core.errors import InvalidArgument
from tavola.core.registry import load
from tavola.players.match import game_seeds, play_timed
from tavola.players.parallel_tasks import run_all
from tavola.players.specs import BotSpecError, make_bot

RESULTS_FORMAT = "tavola-tournament/1"
MAX_PERMUTATIONS = 24  # all seatings up to 4 players; rotations only beyond


@dataclass(frozen=True)
class GameTask:
    """One game of a tournament: who sits where, and the deal."""

    index: int
    game: str
    options: dict[str, Any]
    specs: tuple[str, ...]  # the bot spec at each seat
    seats: tuple[int, ...]  # the contestant at each seat
    seed: int


@dataclass
class GameResult:
    """How one game ended, with the time each seat spent deciding and the record."""

    index: int
    seed: int
    seats: list[int]
    specs: list[str]
    scores: list[int]
    winners: list[int]
    decisions: list[int]
    seconds: list[float]
    record: dict[str, Any]

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameResult:
        return cls(**data)


@dataclass
class Standing:
    """One contestant's results over a tournament."""

    spec: str
    games: int = 0
    wins: float = 0.0  # a victory shared by k seats counts 1/k
    score_sum: float = 0.0
    decisions: int = 0
    seconds: float = 0.0
    mu: float = 25.0
    sigma: float = 25.0 / 3
    ci: tuple[float, float] = (0.0, 1.0)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def mean_score(self) -> float:
        return self.score_sum / self.games if self.games else 0.0

    @property
    def seconds_per_decision(self) -> float:
        return self.seconds / self.decisions if self.decisions else 0.0

    @property
    def rating(self) -> float:
        """The conservative rating ``mu - 3 sigma`` (openskill's ordinal)."""
        return self.mu - 3 * self.sigma


@dataclass
class Outcome:
    """A tournament's finished games, in schedule order, and whether it was cut short."""

    tasks: list[GameTask]
    results: list[GameResult] = field(default_factory=list)
    interrupted: bool = False


def lineups(contestants: int, players: int) -> list[tuple[int, ...]]:
    """Every seating of every table of ``players`` contestants: one cycle of the schedule."""
    if contestants < players:
        raise InvalidArgument(
            f"{plural(contestants, 'bot')} for {players}-player games: give at least "
            f"{players} (repeat a spec to seat the same bot several times)"
        )
    seatings: list[tuple[int, ...]] = []
    for table in itertools.combinations(range(contestants), players):
        if math.factorial(players) <= MAX_PERMUTATIONS:
            seatings += itertools.permutations(table)
        else:
            seatings += [table[i:] + table[:i] for i in range(players)]
    return seatings


def schedule(
    game: str, options: dict[str, Any], specs: Sequence[str], games: int, seed: int
) -> list[GameTask]:
    """The tournament's games; the seatings of one cycle share a deal, but seatings that
    seat the same specs take one deal each (see ``repeats``)."""
    players = load(game, **options).num_players
    cycle = lineups(len(specs), players)
    same = [_canonical(spec) for spec in specs]  # "RANDOM" and "random" play alike
    again = repeats([tuple(same[c] for c in seating) for seating in cycle])
    deals_per_cycle = max(again) + 1
    deals = game_seeds(seed, -(-games // len(cycle)) * deals_per_cycle)
    return [
        GameTask(
            index=index,
            game=game,
            options=dict(options),
            specs=tuple(specs[c] for c in cycle[index % len(cycle)]),
            seats=cycle[index % len(cycle)],
            seed=deals[index // len(cycle) * deals_per_cycle + again[index % len(cycle)]],
        )
        for index in range(games)
    ]


def _canonical(spec: str) -> str:
    try:
        return make_bot(spec).spec
    except BotSpecError:
        return spec  # not a bot (yet): it is checked when played


def repeats(seatings: Sequence[tuple[str, ...]]) -> list[int]:
    """For each seating (the spec at each seat), how many earlier ones are the same.

    >>> repeats([("h", "r"), ("r", "h"), ("h", "r"), ("r", "r"), ("r", "r")])
    [0, 0, 1, 0, 1]
    """
    seen: dict[tuple[str, ...], int] = {}
    counts = []
    for seating in seatings:
        counts.append(seen.get(seating, 0))
        seen[seating] = counts[-1] + 1
    return counts


def play_task(task: GameTask) -> GameResult:
    """Play one scheduled game (in whichever process or node runs it)."""
    played = play_timed(load(task.game, **task.options), task.specs, task.seed)
    state = played.state
    return GameResult(
        index=task.index,
        seed=task.seed,
        seats=list(task.seats),
        specs=list(task.specs),
        scores=list(state.scores),
        winners=list(state.winners),
        decisions=played.decisions,
        seconds=played.seconds,
        record=state.record(),
    )


def default_workers() -> int:
    return os.cpu_count() or 1


def run(
    tasks: list[GameTask],
    workers: int | None = None,
    backend: str = "local",
    on_result: Callable[[GameResult], None] = lambda result: None,
) -> Outcome:
    """Play the tasks; on ``KeyboardInterrupt`` stop and keep the games that finished."""
    workers = default_workers() if workers is None else workers
    outcome = Outcome(tasks)
    outcome.results, outcome.interrupted = run_all(play_task, tasks, workers, backend, on_result)
    outcome.results.sort(key=lambda result: result.index)
    return outcome


def wilson(successes: float, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    >>> low, high = wilson(80, 100)
    >>> round(low, 3), round(high, 3)
    (0.711, 0.867)
    """
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def ranks(scores: Sequence[float], winners: Iterable[int]) -> list[int]:
    """Places for the rating (lower is better): the winners first, then by score.

    >>> ranks([10, 12, 12], [1, 2])
    [2, 1, 1]
    """
    won = set(winners)
    keys = [(seat not in won, -score) for seat, score in enumerate(scores)]
    order = sorted(set(keys))
    return [order.index(key) + 1 for key in keys]


def standings(specs: Sequence[str], results: Iterable[GameResult]) -> list[Standing]:
    """Each contestant's games, wins with a 95% interval, mean score, time and rating.

    Ratings are openskill's Plackett-Luce model, updated game by game in schedule
    order (so they do not depend on which game finished first).
    """
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = [model.rating(name=str(i)) for i in range(len(specs))]
    table = [Standing(spec) for spec in specs]
    for result in sorted(results, key=lambda r: r.index):
        for seat, contestant in enumerate(result.seats):
            standing = table[contestant]
            standing.games += 1
            standing.score_sum += result.scores[seat]
            standing.decisions += result.decisions[seat]
            standing.seconds += result.seconds[seat]
            if seat in result.winners:
                standing.wins += 1 / len(result.winners)
        teams = [[ratings[contestant]] for contestant in result.seats]
        updated = model.rate(teams, ranks=[float(r) for r in ranks(result.scores, result.winners)])
        for contestant, (rating,) in zip(result.seats, updated, strict=True):
            ratings[contestant] = rating
    for standing, rating in zip(table, ratings, strict=True):
        standing.mu, standing.sigma = rating.mu, rating.sigma
        standing.ci = wilson(standing.wins, standing.games)
    return table


def seat_win_rates(players: int, results: Sequence[GameResult]) -> list[float]:
    """How often each seat won (1/k for a shared victory), to show the seat advantage."""
    wins = [0.0] * players
    for result in results:
        for seat in result.winners:
            wins[seat] += 1 / len(result.winners)
    return [w / len(results) if results else 0.0 for w in wins]


def results_json(
    outcome: Outcome, specs: Sequence[str], seed: int, extra: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Everything about a tournament as JSON: settings, standings and every game's record."""
    first = outcome.tasks[0] if outcome.tasks else None
    table = standings(specs, outcome.results)
    return {
        "format": RESULTS_FORMAT,
        "game": first.game if first else None,
        "options": first.options if first else {},
        "bots": list(specs),
        "seed": seed,
        "games_scheduled": len(outcome.tasks),
        "games_played": len(outcome.results),
        "interrupted": outcome.interrupted,
        **(extra or {}),
        "standings": [
            {
                "contestant": index,
                "spec": s.spec,
                "games": s.games,
                "wins": s.wins,
                "win_rate": s.win_rate,
                "win_rate_ci95": list(s.ci),
                "mean_score": s.mean_score,
                "rating": s.rating,
                "mu": s.mu,
                "sigma": s.sigma,
                "decisions": s.decisions,
                "seconds_per_decision": s.seconds_per_decision,
            }
            for index, s in enumerate(table)
        ],
        "games": [asdict(result) for result in outcome.results],
    }
