"""The report's key findings in words, each with its figure, interval and N.

Words follow the intervals: a seat has an advantage only when its interval lies above
the fair share, a source decides more games than another only when their intervals do
not overlap, an option set differs from the base only when the interval of the
difference excludes zero. Otherwise the sentence says the run cannot tell.
"""

from __future__ import annotations

from tavola.apps.report.analysis import Analysis, Comparison, SetStats, SourceStats
from tavola.apps.report.stats import Estimate, against


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th ...

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '22nd']
    """
    teen = 10 <= number % 100 <= 20
    suffix = "th" if teen else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def seat_finding(stats: SetStats) -> str:
    first = stats.seat_wins[0]
    fair = 100 * stats.fair
    verdicts = {
        "above": "an advantage",
        "below": "a disadvantage",
        "level": "no clear advantage at this N",
    }
    text = (
        f"The first player wins {first.percent()} of {first.n} games between equal bots "
        f"(a fair share is {fair:.0f}%): {verdicts[against(first, stats.fair)]}."
    )
    others = [
        f"the {ordinal(place + 1)} player wins {e.percent()}, "
        f"{'more' if against(e, stats.fair) == 'above' else 'less'}"
        for place, e in enumerate(stats.seat_wins)
        if place > 0 and against(e, stats.fair) != "level"
    ]
    if others:
        text += " Also off a fair share: " + "; ".join(others) + "."
    return text


def margin_finding(stats: SetStats, close_margin: int) -> str:
    text = (
        f"The winner leads the runner-up by {stats.margin.number()} points on average; "
        f"{stats.close.percent()} of games are decided by at most {close_margin} "
        f"point{'s' * (close_margin != 1)}"
    )
    if stats.tie_broken.value > 0:
        text += f", {stats.tie_broken.percent()} by a tie-break on equal points"
    if stats.shared.value > 0:
        text += f", {stats.shared.percent()} end in a shared victory"
    return text + "."


def length_finding(stats: SetStats) -> str:
    return (
        f"A game lasts {stats.actions.number()} actions in {stats.turns.number()} turns "
        f"(N={stats.games})."
    )


def ranked(sources: list[SourceStats]) -> list[SourceStats]:
    return sorted(sources, key=lambda s: -s.decides.value)


def source_finding(stats: SetStats) -> str:
    """Where most points come from (by group when there are several), and which source
    decides the most games, if the intervals can tell."""
    sources = stats.groups if len(stats.groups) > 1 else stats.sources
    if not sources:
        return ""
    richest = max(sources, key=lambda s: s.share)
    text = f"Most points come from {richest.name} ({100 * richest.share:.0f}% of all points)."
    order = ranked(stats.sources)
    if len(order) == 1:
        return text
    top, second = order[0], order[1]
    if top.decides.low > second.decides.high:
        return text + (
            f" {top.name} decides the most games: {top.decides.percent()}, clearly more "
            f"than the next, {second.name} ({second.decides.percent()})."
        )
    return text + (
        f" {top.name} ({top.decides.percent()}) and {second.name} "
        f"({second.decides.percent()}) decide the most games; the run cannot tell which "
        "decides more."
    )


def skill_finding(stats: SetStats, strong: str) -> list[str]:
    found = []
    for skill in stats.skill:
        fair = 100 * skill.fair
        words = {
            "above": "skill clearly matters",
            "below": "the weaker bot does better",
            "level": "no clear effect of skill at this N",
        }[against(skill.wins, skill.fair)]
        found.append(
            f"{strong} wins {skill.wins.percent()} of {skill.wins.n} games against "
            f"{skill.weaker} (a fair share is {fair:.0f}%): {words}; it scores "
            f"{skill.gap.number(signed=True)} points more than its opponents' mean."
        )
    return found


def branching_finding(stats: SetStats) -> str:
    shape = stats.branching
    if shape is None:
        return ""
    if shape.forced.value == 0:
        forced = "no decision is forced"
    elif shape.forced.value < 0.001:
        forced = "fewer than 0.1% of decisions are forced (one legal action)"
    else:
        forced = f"{shape.forced.percent()} of decisions are forced (one legal action)"
    return (
        f"A decision offers {shape.per_game.number()} legal actions on average, up to "
        f"{shape.largest}; {forced}."
    )


def signed(estimate: Estimate, unit: str, words: bool = True) -> str:
    """A difference with its sign and interval: shares in percentage points ("pp")."""
    scale = 100 if unit == "pp" else 1
    moved = Estimate(
        scale * estimate.value, scale * estimate.low, scale * estimate.high, estimate.n
    )
    if not words:
        return moved.number(signed=True)
    return f"{moved.number(signed=True)} {'percentage points' if unit == 'pp' else unit}"


def comparison_finding(base: SetStats, other: SetStats, rows: list[Comparison]) -> str:
    clear = [row for row in rows if row.verdict != "no clear difference"]
    unclear = [row for row in rows if row.verdict == "no clear difference"]
    label = f"{other.option_set.label} against {base.option_set.label}"
    if not clear:
        return f"{label}: no clear difference in any measure at this N."
    parts = [f"{_measure(row)} {signed(row.difference, row.unit)}" for row in clear]
    text = f"{label}: " + "; ".join(parts) + "."
    if unclear:
        text += f" No clear difference in {len(unclear)} other measure" + "s" * (len(unclear) > 1)
        text += "."
    return text


def _measure(row: Comparison) -> str:
    if row.unit in ("actions", "turns") and row.measure == "Game length":
        return f"game length ({row.unit})"
    return row.measure[0].lower() + row.measure[1:]


def set_findings(analysis: Analysis, stats: SetStats) -> list[str]:
    found = [
        seat_finding(stats),
        margin_finding(stats, analysis.close_margin),
        length_finding(stats),
        source_finding(stats),
        *skill_finding(stats, analysis.bots[0]),
        branching_finding(stats),
    ]
    return [text for text in found if text]


def findings(analysis: Analysis) -> dict[str, list[str]]:
    """Sentences by option set label, then the comparisons under ``"comparisons"``."""
    found = {stats.option_set.label: set_findings(analysis, stats) for stats in analysis.sets}
    found["comparisons"] = [
        comparison_finding(analysis.sets[0], analysis.sets[index], rows)
        for index, rows in analysis.comparisons.items()
    ]
    return found
