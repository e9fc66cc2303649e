"""Points of complete towers and the winners with their tie-break filters.

A tower is a tuple of card codes from the base up: floor cards, then a clock, then a
roof once it is complete.

>>> tower_points((1, 3, 7, 8))   # 1cat, 2, clock-mouse, roof-red: cats and mice
3
>>> tower_points((0, 3, 6, 9))   # 1, 2, clock, roof-blue: no animals
5
"""

from __future__ import annotations

from collections.abc import Sequence

from tavola.core.events import Event, Table
from tavola.core.i18n import Joined
from tavola.games.clocktowers.components import CARD_CODES, HAS_CAT, HAS_MOUSE
from tavola.games.clocktowers.translations import lazy

Tower = tuple[int, ...]

# Points by (any cat, any mouse).
POINTS = {(False, False): 5, (True, False): 4, (True, True): 3, (False, True): 2}
# The same by animal bits (1: a cat, 2: a mouse), and each card's bits.
_POINTS_BY_BITS = tuple(POINTS[bool(bits & 1), bool(bits & 2)] for bits in range(4))
_ANIMAL_BITS = tuple(cat | mouse << 1 for cat, mouse in zip(HAS_CAT, HAS_MOUSE, strict=True))


def tower_points(cards: Tower) -> int:
    """A complete tower's points: 5 no animals, 4 cats only, 3 cats and mice, 2 mice only.

    A mouse on the clock counts as a mouse; roofs show no animals.
    """
    bits = 0
    for card in cards:
        bits |= _ANIMAL_BITS[card]
    return _POINTS_BY_BITS[bits]


def top_floor(cards: Tower) -> int:
    """The topmost floor card of a complete tower: the one directly under the clock."""
    return cards[-3]


def winners(scores: Sequence[int], complete: Sequence[Sequence[Tower]]) -> list[int]:
    """Most points; ties go through the filters of the rules, each kept only if it bites.

    1. a complete tower whose topmost floor card shows a mouse;
    2. then a complete tower whose topmost floor card shows a cat;
    3. whoever is left shares the victory.

    >>> winners([2, 4, 4], [[(2, 6, 8)], [(1, 6, 8)], [(1, 0, 6, 9)]])  # a cat on top
    [1]
    >>> winners([4, 4], [[(1, 6, 8)], [(1, 6, 9)]])
    [0, 1]
    """
    best = max(scores)
    tied = [seat for seat, points in enumerate(scores) if points == best]
    for animal in (HAS_MOUSE, HAS_CAT):
        keep = [seat for seat in tied if any(animal[top_floor(tower)] for tower in complete[seat])]
        if keep:
            tied = keep
    return tied


def final_scoring(complete: Sequence[Sequence[Tower]], seat_names: Sequence[str]) -> Event:
    """The end-of-game scoring: every complete tower of every seat with its points."""
    rows = []
    data = []
    for seat, towers in enumerate(complete):
        points = [tower_points(tower) for tower in towers]
        rows.append(
            (
                seat_names[seat],
                str(len(towers)),
                " + ".join(map(str, points)) or "-",
                str(sum(points)),
            )
        )
        data.append(
            {
                "towers": [[CARD_CODES[card] for card in tower] for tower in towers],
                "points": points,
                "total": sum(points),
            }
        )
    scores = Joined("; ", [f"{row[0]} {row[3]}" for row in rows])  # " ; " in French
    return Event(
        "scoring",
        lambda: lazy("Final scoring: {scores}", scores=scores),
        {"seats": data},
        lambda: _table(rows),
    )


def _table(rows: list[tuple[str, str, str, str]]) -> Table:
    columns = (lazy("seat"), lazy("complete towers"), lazy("points each"), lazy("total"))
    return Table(lazy("Final scoring"), columns, rows)
