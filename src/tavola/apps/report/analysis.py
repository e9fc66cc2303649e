"""The figures of a report, computed from its games: every one an ``Estimate`` with N.

The unit of every interval is the game (games are independent deals; the seats of one
game are not independent of each other), so a mean per player is the mean over games of
the game's mean over its seats.

A source *decides* a game when the winner's lead from that source alone is at least the
winning margin, so that without it the winner would not have won outright (the winner's
points less the source's would not beat some other seat's less the source's). Several
sources may decide one game, or none (a win built on many sources). A game whose top
score is shared is decided by a tie-break or shared, and no source decides it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tavola.apps.report.plan import EQUAL, SKILL, OptionSet
from tavola.apps.report.played_games import Played
from tavola.apps.report.rows import GameRow
from tavola.apps.report.sources import OTHER, sources_of
from tavola.apps.report.stats import (
    Estimate,
    difference_of_means,
    difference_of_proportions,
    mean,
    mean_share,
    proportion,
    quantiles,
    verdict,
)
from tavola.core.points import Source

PROGRESS_BINS = 10


@dataclass
class SourceStats:
    """One source (or group of sources) over an option set's equal-bot games."""

    name: str
    points: Estimate  # points per player per game
    share: float  # of all points scored
    decides: Estimate  # share of games it decides
    lead: Estimate  # the winner's points from it less the runner-up's, per game
    per_game: list[float] = field(repr=False)  # points per player, game by game


@dataclass
class SkillStats:
    """The reference bot at one seat against a weaker bot at the others."""

    weaker: str
    wins: Estimate  # the stronger bot's win rate (a shared victory counts 1/k)
    fair: float  # its win rate if skill did not matter: 1 / players
    gap: Estimate  # its score less the weaker bots' mean score, per game


@dataclass
class Branching:
    """Legal actions per decision over a game."""

    per_game: Estimate  # mean legal actions per decision, per game
    forced: Estimate  # share of decisions with one legal action, per game
    largest: int
    bins: list[tuple[float, float, float, float]]  # (progress %, quartile 1, median, quartile 3)
    means: list[float]  # mean legal actions in each progress bin
    decisions: int
    per_game_values: list[float] = field(repr=False)


@dataclass
class SetStats:
    """Everything the report says about one option set."""

    option_set: OptionSet
    games: int
    seat_wins: list[Estimate]  # by position in the turn order: the first player first
    seat_scores: list[Estimate]
    score: Estimate  # per player
    winning_score: Estimate
    margin: Estimate
    close: Estimate  # share of games decided by at most the close margin
    tie_broken: Estimate  # share of games won alone on a tie-break (top score shared)
    shared: Estimate  # share of shared victories
    actions: Estimate
    turns: Estimate
    sources: list[SourceStats]
    groups: list[SourceStats]  # empty when every group is a single source
    skill: list[SkillStats]
    branching: Branching | None
    scores: list[int] = field(repr=False)  # every seat of every game
    margins: list[int] = field(repr=False)
    lengths: list[int] = field(repr=False)
    turn_counts: list[int] = field(repr=False)

    @property
    def fair(self) -> float:
        return 1 / self.option_set.players


@dataclass
class Comparison:
    """One measure of an option set against the base set."""

    measure: str
    base: str
    other: str
    difference: Estimate
    unit: str  # "pp" (percentage points) or a unit of the measure

    @property
    def verdict(self) -> str:
        return verdict(self.difference)


@dataclass
class Analysis:
    """A report's figures: one ``SetStats`` per option set and the comparisons."""

    game: str
    title: str
    bots: list[str]
    close_margin: int
    sets: list[SetStats]
    comparisons: dict[int, list[Comparison]]  # by option set (1, 2, ...) against set 0


def win_share(row: GameRow, seat: int) -> float:
    """A seat's win: 1, 1/k of a victory shared by k, or 0."""
    return 1 / len(row.winners) if seat in row.winners else 0.0


def decided_by(row: GameRow, points: dict[str, list[int]]) -> set[str]:
    """The sources that each alone account for the winner's lead (see the module)."""
    if len(row.winners) != 1:
        return set()
    winner = row.winners[0]
    others = [seat for seat in range(row.players) if seat != winner]
    if any(row.scores[seat] >= row.scores[winner] for seat in others):
        return set()
    return {
        name
        for name, by_seat in points.items()
        if any(
            row.scores[winner] - by_seat[winner] <= row.scores[seat] - by_seat[seat]
            for seat in others
        )
    }


def runner_up(row: GameRow) -> tuple[int, int]:
    """The winner (the first if shared) and the best other seat (the first if tied)."""
    top = row.winners[0] if row.winners else max(range(row.players), key=row.scores.__getitem__)
    others = [seat for seat in range(row.players) if seat != top]
    return top, max(others, key=lambda seat: (row.scores[seat], -seat))


def source_list(game: str, option_set: OptionSet, rows: Sequence[GameRow]) -> list[Source]:
    sources = sources_of(game, option_set.options)
    if any(OTHER in row.sources for row in rows):
        sources.append(Source(OTHER, OTHER))
    return sources


def grouped(row: GameRow, sources: Sequence[Source]) -> dict[str, list[int]]:
    """A game's points per seat by group of sources."""
    groups: dict[str, list[int]] = {}
    for source in sources:
        points = row.sources.get(source.name, [0] * row.players)
        total = groups.setdefault(source.group, [0] * row.players)
        for seat, value in enumerate(points):
            total[seat] += value
    return groups


def source_stats(
    rows: Sequence[GameRow], names: Sequence[str], points: Sequence[dict[str, list[int]]]
) -> list[SourceStats]:
    total = sum(sum(row.scores) for row in rows) or 1
    decided = [decided_by(row, by_source) for row, by_source in zip(rows, points, strict=True)]
    pairs = [runner_up(row) for row in rows]
    stats = []
    for name in names:
        per_game = [
            sum(p.get(name, [0])) / row.players for row, p in zip(rows, points, strict=True)
        ]
        scored = sum(sum(p.get(name, [0])) for p in points)
        decides = proportion(sum(name in d for d in decided), len(rows))
        leads = [
            p[name][top] - p[name][second] if name in p else 0
            for p, (top, second) in zip(points, pairs, strict=True)
        ]
        stats.append(
            SourceStats(name, mean(per_game), scored / total, decides, mean(leads), per_game)
        )
    return stats


def branching(rows: Sequence[GameRow]) -> Branching | None:
    played = [row for row in rows if row.branching]
    if not played:
        return None
    binned: list[list[int]] = [[] for _ in range(PROGRESS_BINS)]
    for row in played:
        for step, legal in enumerate(row.branching):
            binned[min(PROGRESS_BINS - 1, step * PROGRESS_BINS // len(row.branching))].append(legal)
    bins = []
    means = []
    for number, values in enumerate(binned):
        middle = 100 * (number + 0.5) / PROGRESS_BINS
        q1, q2, q3 = quantiles(values, [0.25, 0.5, 0.75]) if values else (0.0, 0.0, 0.0)
        bins.append((middle, q1, q2, q3))
        means.append(sum(values) / len(values) if values else 0.0)
    per_game = [sum(row.branching) / len(row.branching) for row in played]
    forced = [sum(1 for n in row.branching if n == 1) / len(row.branching) for row in played]
    return Branching(
        per_game=mean(per_game),
        forced=mean_share(forced),
        largest=max(max(row.branching) for row in played),
        bins=bins,
        means=means,
        decisions=sum(len(row.branching) for row in played),
        per_game_values=per_game,
    )


def skill_stats(rows: Sequence[GameRow], weaker: str, players: int) -> SkillStats:
    wins = 0.0
    gaps = []
    for row in rows:
        strong = row.seats.index(0)
        wins += win_share(row, strong)
        weak = [score for seat, score in enumerate(row.scores) if seat != strong]
        gaps.append(row.scores[strong] - sum(weak) / len(weak))
    return SkillStats(weaker, proportion(wins, len(rows)), 1 / players, mean(gaps))


def set_stats(
    game: str,
    option_set: OptionSet,
    rows: Sequence[GameRow],
    skill: dict[str, list[GameRow]],
    close_margin: int,
) -> SetStats:
    """The figures of one option set from its equal-bot games and its skill games."""
    n = len(rows)
    players = option_set.players
    wins = [0.0] * players
    seat_scores: list[list[float]] = [[] for _ in range(players)]
    for row in rows:
        for seat in range(players):
            wins[row.position(seat)] += win_share(row, seat)
            seat_scores[row.position(seat)].append(row.scores[seat])
    sources = source_list(game, option_set, rows)
    fine = [row.sources for row in rows]
    groups = [grouped(row, sources) for row in rows]
    group_names = list(dict.fromkeys(source.group for source in sources))
    tied = sum(1 for row in rows if len(row.winners) == 1 and row.margin == 0)
    return SetStats(
        option_set=option_set,
        games=n,
        seat_wins=[proportion(w, n) for w in wins],
        seat_scores=[mean(values) for values in seat_scores],
        score=mean([sum(row.scores) / players for row in rows]),
        winning_score=mean([max(row.scores) for row in rows]),
        margin=mean([row.margin for row in rows]),
        close=proportion(sum(1 for row in rows if row.margin <= close_margin), n),
        tie_broken=proportion(tied, n),
        shared=proportion(sum(1 for row in rows if len(row.winners) > 1), n),
        actions=mean([row.actions for row in rows]),
        turns=mean([row.turns for row in rows]),
        sources=source_stats(rows, [source.name for source in sources], fine),
        groups=(source_stats(rows, group_names, groups) if len(group_names) < len(sources) else []),
        skill=[skill_stats(games, weak, players) for weak, games in skill.items() if games],
        branching=branching(rows),
        scores=[score for row in rows for score in row.scores],
        margins=[row.margin for row in rows],
        lengths=[row.actions for row in rows],
        turn_counts=[row.turns for row in rows],
    )


def close_margin_for(rows: Sequence[GameRow]) -> int:
    """ "A few points": a tenth of the median winning score, at least 1."""
    if not rows:
        return 1
    (median,) = quantiles([max(row.scores) for row in rows], [0.5])
    return max(1, round(median / 10))


def compare(base: SetStats, other: SetStats) -> list[Comparison]:
    """The measures of ``other`` against ``base``, each difference with its interval."""
    rows: list[Comparison] = []

    def shares(measure: str, a: Estimate, b: Estimate, shift: float = 0.0) -> None:
        difference = difference_of_proportions(b, a)
        moved = Estimate(
            difference.value - shift, difference.low - shift, difference.high - shift, difference.n
        )
        rows.append(Comparison(measure, a.percent(), b.percent(), moved, "pp"))

    def means(measure: str, a: Sequence[float], b: Sequence[float], unit: str) -> None:
        rows.append(
            Comparison(measure, mean(a).number(), mean(b).number(), difference_of_means(b, a), unit)
        )

    if base.option_set.players == other.option_set.players:
        shares("First player's win rate", base.seat_wins[0], other.seat_wins[0])
    else:
        shift = other.fair - base.fair
        shares(
            "First player's win rate above a fair share",
            base.seat_wins[0],
            other.seat_wins[0],
            shift,
        )
    means("Points per player", _per_player(base), _per_player(other), "points")
    means("Winning margin", base.margins, other.margins, "points")
    shares("Games decided by a few points", base.close, other.close)
    means("Game length", base.lengths, other.lengths, "actions")
    means("Game length", base.turn_counts, other.turn_counts, "turns")
    if base.branching and other.branching:
        means(
            "Legal actions per decision",
            base.branching.per_game_values,
            other.branching.per_game_values,
            "actions",
        )
    # Sources by group where a game groups them (the fine ones are in each set's tables).
    theirs = {s.name: s for s in other.groups or other.sources}
    for source in base.groups or base.sources:
        if source.name in theirs:
            means(
                f"{source.name}: points per player",
                source.per_game,
                theirs[source.name].per_game,
                "points",
            )
            shares(f"{source.name}: games it decides", source.decides, theirs[source.name].decides)
    skills = {s.weaker: s for s in other.skill}
    same = base.option_set.players == other.option_set.players
    for skill in base.skill:
        if skill.weaker in skills:
            measure = f"Stronger bot's win rate against {skill.weaker}"
            if not same:  # fair shares differ: compare the edge over each
                measure += " above a fair share"
            match = skills[skill.weaker]
            shares(measure, skill.wins, match.wins, match.fair - skill.fair)
    return rows


def _per_player(stats: SetStats) -> list[float]:
    players = stats.option_set.players
    return [
        sum(stats.scores[i : i + players]) / players for i in range(0, len(stats.scores), players)
    ]


def analyse(played: Played, close_margin: int | None = None) -> Analysis:
    """Every figure of a report from its games."""
    plan = played.plan
    base_rows = played.of(0, EQUAL)
    margin = close_margin if close_margin is not None else close_margin_for(base_rows)
    sets = []
    for index, option_set in enumerate(plan.sets):
        skill = {weak: played.of(index, SKILL + weak) for weak in plan.weaker}
        rows = played.of(index, EQUAL)
        if rows:
            sets.append(set_stats(plan.game, option_set, rows, skill, margin))
    comparisons = {index: compare(sets[0], stats) for index, stats in enumerate(sets) if index > 0}
    return Analysis(plan.game, plan.title, plan.bots, margin, sets, comparisons)
