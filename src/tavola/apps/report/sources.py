"""Where points come from: each game's scoring events grouped into named sources.

A *source* is one kind of points a designer can act on (``tavola.core.points``); the
game names its sources and what each of its events gives (``Game.point_sources`` and
``Game.event_points``). ``points_by_source`` reads a finished game's events and returns
the points of each source per seat; they add up to the final scores (a game whose
events explain less gets an "Other" source holding the rest; a game that names no
sources has one, its whole score).

>>> [s.name for s in sources_of("clocktowers", {"players": 2})][:2]
['Towers without animals (5)', 'Towers with cats only (4)']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tavola.core.events import Event
from tavola.core.game import Game
from tavola.core.points import ALL_POINTS, Source
from tavola.core.registry import game_classes, load

OTHER = "Other (not in the scoring events)"

Points = dict[str, list[int]]


def _rules(game: str, options: Mapping[str, Any]) -> Game | None:
    """The game with these options, or ``None`` for a game not installed here."""
    return load(game, **options) if game in game_classes() else None


def sources_of(game: str, options: Mapping[str, Any]) -> list[Source]:
    """The sources of a game with these options, in the order a report lists them."""
    rules = _rules(game, options)
    return rules.point_sources() if rules is not None else [ALL_POINTS]


def points_by_source(
    game: str, options: Mapping[str, Any], events: Iterable[Event], scores: Sequence[int]
) -> Points:
    """Each source's points per seat in one finished game; they add up to ``scores``."""
    rules = _rules(game, options)
    sources = rules.point_sources() if rules is not None else [ALL_POINTS]
    if rules is None or sources == [ALL_POINTS]:
        return {ALL_POINTS.name: list(scores)}
    points: Points = {source.name: [0] * len(scores) for source in sources}
    for event in events:
        for award in rules.event_points(event):
            points[award.source][award.seat] += award.points
    rest = [
        score - sum(source[seat] for source in points.values()) for seat, score in enumerate(scores)
    ]
    if any(rest):
        points[OTHER] = rest
    return points
