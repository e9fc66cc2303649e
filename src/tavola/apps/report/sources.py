"""Where points come from: each game's scoring events grouped into named sources.

A *source* is one kind of points a designer can act on (Campanile: a scoring's flag on
the tower of one rank; Carcassonne: completed roads, or farms; ClockTowers: towers by
the animals in them). ``points_by_source`` reads a finished game's events and returns
the points of each source per seat; they add up to the final scores (a game whose
events explain less gets an "Other" source holding the rest).

>>> [s.name for s in sources_of("clocktowers", {"players": 2})][:2]
['Towers without animals (5)', 'Towers with cats only (4)']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tavola.core.events import Event

OTHER = "Other (not in the scoring events)"
RANKS = ("tallest tower", "2nd tower", "3rd tower", "4th tower", "5th tower")


@dataclass(frozen=True)
class Source:
    """A named source of points and the coarser group it belongs to."""

    name: str
    group: str


Points = dict[str, list[int]]


# -- Campanile: each scoring's flags, by the rank of the tower that carries them -------------


def _campanile_scorings(options: Mapping[str, Any]) -> list[str]:
    return ["final"] if str(options.get("edition", "2009")) == "1996" else ["intermezzo", "finito"]


def _campanile_group(kind: str) -> str:
    return "Final scoring (1996)" if kind == "final" else kind.capitalize()


def _campanile_source(kind: str, rank: int) -> str:
    return f"{_campanile_group(kind)}: {RANKS[rank - 1]}"


def _campanile_sources(options: Mapping[str, Any]) -> list[Source]:
    from tavola.games.campanile.components import flags_for

    players = int(options.get("players", 4))
    return [
        Source(_campanile_source(kind, rank + 1), _campanile_group(kind))
        for kind in _campanile_scorings(options)
        for rank, flag in enumerate(flags_for(kind, players))
        if flag
    ]


def _campanile_points(events: Iterable[Event], points: Points) -> None:
    for event in events:
        if event.kind != "scoring":
            continue
        kind = str(event.data["kind"])
        for tower in event.data["towers"]:
            name = _campanile_source(kind, int(tower["rank"]))
            for seat, value in tower["awards"]:
                points[name][seat] += int(value)


# -- Carcassonne: features scored when completed, or unfinished at the end, and farms --------

_FEATURES = {"road": "Roads", "city": "Cities", "cloister": "Cloisters"}


def _carcassonne_sources(options: Mapping[str, Any]) -> list[Source]:
    sources = [Source(f"{group}, completed", group) for group in _FEATURES.values()]
    sources += [Source(f"{group}, unfinished at the end", group) for group in _FEATURES.values()]
    return [*sources, Source("Farms", "Farms")]


def _carcassonne_points(events: Iterable[Event], points: Points) -> None:
    for event in events:
        if event.kind == "scoring":
            name = f"{_FEATURES[str(event.data['feature'])]}, completed"
            for seat in event.data["players"]:
                points[name][seat] += int(event.data["points"])
        elif event.kind == "final_summary":
            # Per seat: roads, cities, cloisters, farms of the final scoring.
            for seat, by_kind in enumerate(event.data["points"]):
                roads, cities, cloisters, farms = (int(value) for value in by_kind)
                points["Roads, unfinished at the end"][seat] += roads
                points["Cities, unfinished at the end"][seat] += cities
                points["Cloisters, unfinished at the end"][seat] += cloisters
                points["Farms"][seat] += farms


# -- ClockTowers: complete towers, by the animals in them (5, 4, 3 or 2 points) --------------

_TOWERS = {
    5: "Towers without animals (5)",
    4: "Towers with cats only (4)",
    3: "Towers with cats and mice (3)",
    2: "Towers with mice only (2)",
}


def _clocktowers_sources(options: Mapping[str, Any]) -> list[Source]:
    return [Source(name, name) for name in _TOWERS.values()]


def _clocktowers_points(events: Iterable[Event], points: Points) -> None:
    for event in events:
        if event.kind == "tower":
            value = int(event.data["points"])
            points[_TOWERS[value]][int(event.data["player"])] += value


@dataclass(frozen=True)
class Scheme:
    """How one game's events become sources."""

    sources: Callable[[Mapping[str, Any]], list[Source]]
    read: Callable[[Iterable[Event], Points], None]


SCHEMES: dict[str, Scheme] = {
    "campanile": Scheme(_campanile_sources, _campanile_points),
    "carcassonne": Scheme(_carcassonne_sources, _carcassonne_points),
    "clocktowers": Scheme(_clocktowers_sources, _clocktowers_points),
}


def sources_of(game: str, options: Mapping[str, Any]) -> list[Source]:
    """The sources of a game with these options, in the order a report lists them."""
    scheme = SCHEMES.get(game)
    return scheme.sources(options) if scheme else [Source("Points", "Points")]


def points_by_source(
    game: str, options: Mapping[str, Any], events: Iterable[Event], scores: Sequence[int]
) -> Points:
    """Each source's points per seat in one finished game; they add up to ``scores``."""
    players = len(scores)
    points: Points = {source.name: [0] * players for source in sources_of(game, options)}
    scheme = SCHEMES.get(game)
    if scheme is None:
        points["Points"] = list(scores)
        return points
    scheme.read(events, points)
    rest = [
        score - sum(source[seat] for source in points.values()) for seat, score in enumerate(scores)
    ]
    if any(rest):
        points[OTHER] = rest
    return points
