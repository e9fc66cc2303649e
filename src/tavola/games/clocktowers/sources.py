"""ClockTowers' sources of points: complete towers, by the animals in them (5, 4, 3 or 2
points; the balance report's split of the scores, ``tavola.core.points``).

>>> [source.name for source in point_sources()][:2]
['Towers without animals (5)', 'Towers with cats only (4)']
"""

from __future__ import annotations

from tavola.core.events import Event
from tavola.core.points import Award, Source

TOWERS = {
    5: "Towers without animals (5)",
    4: "Towers with cats only (4)",
    3: "Towers with cats and mice (3)",
    2: "Towers with mice only (2)",
}
"""A complete tower's points and the source they come from."""


def point_sources() -> list[Source]:
    return [Source(name, name) for name in TOWERS.values()]


def event_points(event: Event) -> list[Award]:
    """A complete tower's points to the seat that completed it."""
    if event.kind != "tower":
        return []
    value = int(event.data["points"])
    return [Award(TOWERS[value], int(event.data["player"]), value)]
