"""When two placements of the drawn tile look the same: a symmetric tile turned half round
(a straight road, the straight river) or a quarter round (a cloister) shows the same picture
on its cell. The engine keeps every rotation (researchers and bots see them all); what a
person is offered, typed (``typed_input``) or on the web's picture (``svg``), is one choice
per look.

>>> from tavola.games.carcassonne.tiles import TILE_INDEX
>>> by_look(TILE_INDEX["river-straight"], [0, 90, 180, 270])
{0: [180], 90: [270]}
>>> by_look(TILE_INDEX["B"], [90, 270]), by_look(TILE_INDEX["E"], [0, 180])
({90: [270]}, {0: [], 180: []})
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from tavola.games.carcassonne.tiles import VARIANTS, variant_id


@cache
def look(tile: int, rotation: int) -> tuple[Any, ...]:
    """What ``tile`` turned ``rotation`` degrees looks like: its edges (the river's too),
    whether it has a cloister, and each side's or half's feature (its kind, pennants and
    where it reaches)."""
    variant = VARIANTS[variant_id(tile, rotation // 90)]
    slots = variant.slots
    features = tuple(
        (variant.kinds[s], variant.pennants[s], frozenset(i for i, t in enumerate(slots) if t == s))
        if s >= 0
        else None
        for s in slots
    )
    return variant.edges, variant.cloister >= 0, features


def by_look(tile: int, rotations: Iterable[int]) -> dict[int, list[int]]:
    """``rotations`` (degrees) of ``tile`` by look: the first of each look, in the order
    given, to the others that look as it does."""
    firsts: dict[tuple[Any, ...], int] = {}
    alike: dict[int, list[int]] = {}
    for rotation in rotations:
        first = firsts.setdefault(look(tile, rotation), rotation)
        if first == rotation:
            alike[rotation] = []
        else:
            alike[first].append(rotation)
    return alike
