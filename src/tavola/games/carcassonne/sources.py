"""Carcassonne's sources of points: features scored when completed, or unfinished at the
end, and farms (the balance report's split of the scores, ``tavola.core.points``).

>>> [source.group for source in point_sources()][-2:]
['Cloisters', 'Farms']
"""

from __future__ import annotations

from tavola.core.events import Event
from tavola.core.points import Award, Source

FEATURES = {"road": "Roads", "city": "Cities", "cloister": "Cloisters"}
"""Each kind of feature and the group of its sources."""


def point_sources() -> list[Source]:
    """Each feature completed, then unfinished at the end, then the farms."""
    sources = [Source(f"{group}, completed", group) for group in FEATURES.values()]
    sources += [Source(f"{group}, unfinished at the end", group) for group in FEATURES.values()]
    return [*sources, Source("Farms", "Farms")]


def event_points(event: Event) -> list[Award]:
    """A completed feature's points to each of its owners; the final scoring's summary
    (per seat: roads, cities, cloisters, farms) to the unfinished features and farms."""
    if event.kind == "scoring":
        name = f"{FEATURES[str(event.data['feature'])]}, completed"
        return [Award(name, seat, int(event.data["points"])) for seat in event.data["players"]]
    if event.kind == "final_summary":
        unfinished = [f"{group}, unfinished at the end" for group in FEATURES.values()]
        return [
            Award(name, seat, int(value))
            for seat, by_kind in enumerate(event.data["points"])
            for name, value in zip([*unfinished, "Farms"], by_kind, strict=True)
        ]
    return []
