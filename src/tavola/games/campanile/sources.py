"""Campanile's sources of points: each scoring's flags, by the rank of the tower that
carries them (the balance report's split of the scores, ``tavola.core.points``).

>>> [source.name for source in point_sources("1996", 4)][:2]
['Final scoring (1996): tallest tower', 'Final scoring (1996): 2nd tower']
"""

from __future__ import annotations

from tavola.core.events import Event
from tavola.core.points import Award, Source
from tavola.games.campanile.components import FINAL_1996, flags_for

RANKS = ("tallest tower", "2nd tower", "3rd tower", "4th tower", "5th tower")


def _scorings(edition: str) -> list[str]:
    return [FINAL_1996] if edition == "1996" else ["intermezzo", "finito"]


def _group(kind: str) -> str:
    return "Final scoring (1996)" if kind == FINAL_1996 else kind.capitalize()


def _source(kind: str, rank: int) -> str:
    return f"{_group(kind)}: {RANKS[rank - 1]}"


def point_sources(edition: str, players: int) -> list[Source]:
    """A source per flag of each scoring of ``edition`` (the flags depend on ``players``)."""
    return [
        Source(_source(kind, rank + 1), _group(kind))
        for kind in _scorings(edition)
        for rank, flag in enumerate(flags_for(kind, players))
        if flag
    ]


def event_points(event: Event) -> list[Award]:
    """A scoring's awards, each from the flag of its tower's rank."""
    if event.kind != "scoring":
        return []
    kind = str(event.data["kind"])
    return [
        Award(_source(kind, int(tower["rank"])), seat, int(value))
        for tower in event.data["towers"]
        for seat, value in tower["awards"]
    ]
