"""The raw results next to the page: JSON (figures and every game) and CSV (player rows).

The JSON's ``games`` are the rows a later run reuses (see ``played_games``); each holds the
game's record, which ``tavola.replay`` rebuilds.
"""

from __future__ import annotations

import csv
import io
import math
from dataclasses import asdict, fields
from typing import Any

from tavola.apps.report.analysis import Analysis, SetStats, SourceStats
from tavola.apps.report.played_games import Played
from tavola.apps.report.stats import Estimate

REPORT_FORMAT = "tavola-report/1"
CSV_HEAD = (
    "option_set",
    "part",
    "game",
    "seed",
    "seat",
    "place_in_turn_order",
    "bot",
    "score",
    "win",
    "winning_margin",
    "actions",
    "turns",
    "legal_actions_per_decision",
)


def estimate_json(estimate: Estimate) -> dict[str, Any]:
    """An estimate as JSON (an interval that does not exist is ``null``)."""
    return {
        key: None if isinstance(value, float) and math.isnan(value) else value
        for key, value in asdict(estimate).items()
    }


def source_json(source: SourceStats) -> dict[str, Any]:
    return {
        "name": source.name,
        "points_per_player": estimate_json(source.points),
        "share_of_points": source.share,
        "winner_lead": estimate_json(source.lead),
        "decides": estimate_json(source.decides),
    }


def set_json(stats: SetStats) -> dict[str, Any]:
    """One option set's figures (the lists behind the plots are in the games)."""
    figures: dict[str, Any] = {}
    for field in fields(stats):
        value = getattr(stats, field.name)
        if isinstance(value, Estimate):
            figures[field.name] = estimate_json(value)
    shape = stats.branching
    return {
        "label": stats.option_set.label,
        "options": stats.option_set.options,
        "players": stats.option_set.players,
        "games": stats.games,
        "seat_wins": [estimate_json(e) for e in stats.seat_wins],
        "seat_scores": [estimate_json(e) for e in stats.seat_scores],
        **figures,
        "sources": [source_json(s) for s in stats.sources],
        "source_groups": [source_json(s) for s in stats.groups],
        "skill": [
            {
                "weaker": s.weaker,
                "wins": estimate_json(s.wins),
                "fair_share": s.fair,
                "score_lead": estimate_json(s.gap),
            }
            for s in stats.skill
        ],
        "branching": None
        if shape is None
        else {
            "per_decision": estimate_json(shape.per_game),
            "forced": estimate_json(shape.forced),
            "most": shape.largest,
            "decisions": shape.decisions,
            "by_progress": [
                {"progress": b[0], "quartile1": b[1], "median": b[2], "quartile3": b[3]}
                for b in shape.bins
            ],
        },
    }


def report_json(played: Played, analysis: Analysis, settings: dict[str, Any]) -> dict[str, Any]:
    """Settings, figures and every game of a report."""
    plan = played.plan
    return {
        "format": REPORT_FORMAT,
        "game": plan.game,
        "bots": plan.bots,
        "seed": plan.seed,
        "games_per_set": plan.games,
        "skill_games": plan.skill_games,
        "option_sets": [{"label": s.label, "options": s.options} for s in plan.sets],
        "close_margin": analysis.close_margin,
        "games_planned": played.planned,
        "games_played": len(played.rows),
        "games_reused": played.reused,
        "complete": played.complete,
        **settings,
        "figures": [set_json(stats) for stats in analysis.sets],
        "comparisons": [
            {
                "option_set": analysis.sets[index].option_set.label,
                "against": analysis.sets[0].option_set.label,
                "measure": row.measure,
                "unit": "share (0 to 1)" if row.unit == "pp" else row.unit,
                "difference": estimate_json(row.difference),
                "verdict": row.verdict,
            }
            for index, rows in analysis.comparisons.items()
            for row in rows
        ],
        "games": [row.to_json() for row in played.rows],
    }


def report_csv(played: Played) -> str:
    """One row per player and game, with each source's points as extra columns."""
    sources: list[str] = []
    for row in played.rows:
        sources += [name for name in row.sources if name not in sources]
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow([*CSV_HEAD, *(f"points: {name}" for name in sources)])
    labels = [s.label for s in played.plan.sets]
    for row in played.rows:
        branching = sum(row.branching) / len(row.branching) if row.branching else ""
        for seat in range(row.players):
            win = 1 / len(row.winners) if seat in row.winners else 0
            writer.writerow(
                [
                    labels[row.option_set],
                    row.part,
                    row.index,
                    row.seed,
                    seat,
                    row.position(seat) + 1,
                    row.specs[seat],
                    row.scores[seat],
                    f"{win:g}",
                    row.margin,
                    row.actions,
                    row.turns,
                    f"{branching:.3f}" if branching != "" else "",
                    *(row.sources.get(name, [0] * row.players)[seat] for name in sources),
                ]
            )
    return buffer.getvalue()
