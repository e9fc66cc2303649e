"""A Carcassonne tile as the terminal draws it: a block of 5 columns and 3 rows (its north
edge on top, west and east on the sides, south below), where followers stand in it, and the
styles and ANSI colours of its characters (see ``render`` for the legend)."""

from __future__ import annotations

from tavola.games.carcassonne.tiles import (
    CITY,
    FIELD,
    RIVER,
    ROAD,
    TILE_INDEX,
    VARIANTS,
    Variant,
    variant_id,
)

TILE_H = 3
# Where a follower stands, (row, column) in the 5-column block.
SIDE_SPOT = ((0, 2), (1, 4), (2, 2), (1, 0))
HALF_SPOT = ((0, 1), (0, 3), (0, 4), (2, 4), (2, 3), (2, 1), (2, 0), (0, 0))
MID = {CITY: "#", RIVER: "~", FIELD: "."}

# Styles of the characters, and their ANSI codes (16 colours: every terminal has them).
TERRAIN = {
    "#": "city",
    "*": "pennant",
    "-": "road",
    "|": "road",
    "+": "road",
    "o": "road",
    "~": "river",
    "=": "river",
    ".": "field",
    "^": "cloister",
}
CODES = {
    "city": "33",
    "pennant": "1;33",
    "road": "1",
    "river": "1;36",
    "field": "32",
    "cloister": "1;31",
    "candidate": "1;7",
    "label": "2",
    "seat0": "1;97;41",  # red
    "seat1": "1;97;44",  # blue
    "seat2": "1;30;42",  # green
    "seat3": "1;30;43",  # yellow
    "seat4": "1;97;45",  # magenta, for the black followers
}


def tile_block(name: str, rotation: int) -> list[str]:
    """The 3 rows of 5 characters of a tile in a rotation.

    >>> print("\\n".join(tile_block("D", 0)))
    .###.
    -----
    .....
    """
    variant = VARIANTS[variant_id(TILE_INDEX[name], rotation // 90)]
    edges = variant.edges

    def mid(side: int) -> str:
        if edges[side] == ROAD:
            return "|" if side in (0, 2) else "-"
        return MID[edges[side]]

    def half(side: int) -> str:
        return "#" if edges[side] == CITY else "."

    def inner(side: int) -> str:
        return {CITY: "#", ROAD: "-", RIVER: "~", FIELD: " "}[edges[side]]

    def corner(a: int, b: int) -> str:
        same = edges[a] == edges[b] == CITY and variant.slots[a] == variant.slots[b]
        return "#" if same else "."

    return [
        corner(3, 0) + half(0) + mid(0) + half(0) + corner(0, 1),
        mid(3) + inner(3) + _centre(variant) + inner(1) + mid(1),
        corner(3, 2) + half(2) + mid(2) + half(2) + corner(2, 1),
    ]


def _centre(variant: Variant) -> str:
    if variant.cloister >= 0:
        return "^"
    edges = variant.edges
    for local, kind in enumerate(variant.kinds):
        sides = [side for side in range(4) if variant.slots[side] == local]
        if kind == CITY and len(sides) >= 2:
            return "*" if variant.pennants[local] else "#"
    roads = [side for side in range(4) if edges[side] == ROAD]
    rivers = variant.river_sides
    if rivers and (not roads or rivers in ((0, 2), (1, 3))):
        return "=" if roads else "~"  # a road crossing a straight river: a bridge
    if len(roads) == 2 and variant.slots[roads[0]] == variant.slots[roads[1]]:
        return {(0, 2): "|", (1, 3): "-"}.get((roads[0], roads[1]), "+")
    if len(roads) >= 3 or (roads and CITY not in edges):
        return "o"
    if roads:  # a road that ends at the city
        return "|" if roads[0] in (0, 2) else "-"
    if sum(variant.pennants):
        return "*"
    return " "
