"""Where a game's points come from: the named sources a balance report adds up.

A *source* is one kind of points a designer can act on (a scoring's flag on the tallest
tower, completed roads, farms); sources of one kind share a *group*. A game lists its
sources (``Game.point_sources``) and says what each of its events gives
(``Game.event_points``: ``Award``s); a game that does neither has one source, its whole
score (``ALL_POINTS``).

>>> Award("Farms", 1, 6)
Award(source='Farms', seat=1, points=6)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple


@dataclass(frozen=True)
class Source:
    """A named source of points and the coarser group it belongs to."""

    name: str
    group: str

    def __reduce__(self) -> tuple[type[Source], tuple[str, str]]:
        # Compiled by mypyc, a frozen dataclass cannot be unpickled field by field.
        return (Source, (self.name, self.group))


class Award(NamedTuple):
    """Points an event gives one seat, from one source (named as in ``Source.name``)."""

    source: str
    seat: int
    points: int


ALL_POINTS = Source("Points", "Points")
"""The one source of a game that names none: its whole score."""
