"""Drawing one Carcassonne tile, its followers and its follower spots in SVG.

A tile is drawn around its centre, ``SIZE`` units square, north up, in board orientation
(the rotated ``Variant``): green fields, pale roads from the sides to the centre (a small
village where three or four roads end), the blue river, ochre walled cities over their
sides (one shape for a city that joins several sides), a pennant shield, a chapel for a
cloister. Each shape is drawn for one side or pair of sides and turned into place.

>>> body = tile("C", 0)
>>> body.count('fill="#C98F4B"'), body.count("shield")
(1, 1)
"""

from __future__ import annotations

from typing import Final

from tavola.core.svg import INK, escape, seat_colour, seat_letter
from tavola.games.carcassonne.tiles import (
    CITY,
    CLOISTER,
    FIELD,
    ROAD,
    TILE_INDEX,
    VARIANTS,
    Variant,
    variant_id,
)

SIZE: Final = 90
# The board's smallest print, units: 12 px at the scale a phone draws a board too large for
# its box, where a cell to tap is 44 px (board-view.js; playtest 8 #3: at 20, 10.6 px), and
# 10 px on a desktop, where a tile is then 39 px: 12 rows of cells fit its view.
PRINT: Final = 23
H: Final = SIZE / 2
GRASS: Final = "#8DBF5A"
GRASS_EDGE: Final = "#6E9E44"
ROAD_FILL: Final = "#F4EEDC"
ROAD_EDGE: Final = "#9C8B6C"
RIVER_FILL: Final = "#4C9BD6"
RIVER_EDGE: Final = "#2B6DA6"
CITY_FILL: Final = "#C98F4B"
CITY_WALL: Final = "#5B3A1A"
ROOF: Final = "#A8452E"
SHIELD: Final = "#2D5BAA"
TILE_LINE: Final = "#4E5B35"

# Parts (a Part holds: path, kind of stroke) are given for the canonical sides and turned.
# Cities: a cap on N; a corner N+E; a band W-E; three sides N, E, W; all four.
_CAP = f"M{-H},{-H}L{H},{-H}Q0,0 {-H},{-H}Z"
_CAP_WALL = f"M{H},{-H}Q0,0 {-H},{-H}"
_CORNER = f"M{-H},{-H}L{H},{-H}L{H},{H}Q{-0.15 * H:g},{0.15 * H:g} {-H},{-H}Z"
_CORNER_WALL = f"M{H},{H}Q{-0.15 * H:g},{0.15 * H:g} {-H},{-H}"
_BAND_TOP = f"C{-0.3 * H:g},{-0.38 * H:g} {0.3 * H:g},{-0.38 * H:g} {H},{-H}"
_BAND_BOTTOM = f"C{0.3 * H:g},{0.38 * H:g} {-0.3 * H:g},{0.38 * H:g} {-H},{H}"
_BAND = f"M{-H},{-H}{_BAND_TOP}L{H},{H}{_BAND_BOTTOM}Z"
_BAND_WALL = f"M{-H},{-H}{_BAND_TOP}M{H},{H}{_BAND_BOTTOM}"
_THREE = f"M{-H},{-H}L{H},{-H}L{H},{H}Q0,{-0.1 * H:g} {-H},{H}Z"
_THREE_WALL = f"M{H},{H}Q0,{-0.1 * H:g} {-H},{H}"
_FULL = f"M{-H},{-H}H{H}V{H}H{-H}Z"
# Where the knight stands and the shield hangs, per city shape (canonical sides).
_CITY_SPOT = {
    "cap": (0.0, -0.7 * H),
    "corner": (0.3 * H, -0.3 * H),
    "band": (-0.2 * H, 0.0),
    "three": (0.0, -0.25 * H),
    "full": (-0.1 * H, 0.15 * H),
}
_SHIELD_SPOT = {
    "corner": (0.7 * H, -0.7 * H),
    "band": (0.55 * H, 0.0),
    "three": (0.6 * H, -0.6 * H),
    "full": (0.55 * H, -0.55 * H),
    "cap": (0.55 * H, -0.8 * H),
}
# Roads and the river: from N to the centre; W to E; N to E (a bend).
_TO_CENTRE = f"M0,{-H}L0,0"
_STRAIGHT = f"M{-H},0L{H},0"
_BEND = f"M0,{-H}C0,{-0.4 * H:g} {0.4 * H:g},0 {H},0"
_RIVER_AROUND = (  # W to E bowing north, round the cloister south of the river
    f"M{-H},0C{-0.5 * H:g},0 {-0.5 * H:g},{-0.55 * H:g} 0,{-0.55 * H:g}"
    f"C{0.5 * H:g},{-0.55 * H:g} {0.5 * H:g},0 {H},0"
)
ROAD_WIDTH: Final = 10
RIVER_WIDTH: Final = 14
# Follower spots: a field's half as Nl (turned for the others); a road's.
_HALF_SPOT = ((-0.38 * H, -0.7 * H), (0.38 * H, -0.7 * H))
_CORNER_SPOT = (0.64 * H, -0.64 * H)  # NE
_SIDE_SPOT = (0.0, -0.72 * H)  # N
_ROAD_SPOT = {"end": (0.0, -0.55 * H), "straight": (0.0, 0.0), "bend": (0.3 * H, -0.3 * H)}
_CHAPEL_BELOW_RIVER = 0.2 * H

# A meeple 20 units high around its centre; the letter goes on its chest.
MEEPLE: Final = (
    "M-2.6,-3.4L-8.5,-1.6Q-10,-0.9 -9.3,0.7L-4.6,1.4L-7.6,8.3Q-8,10 -6.2,10L-1.6,10"
    "L0,6.4L1.6,10L6.2,10Q8,10 7.6,8.3L4.6,1.4L9.3,0.7Q10,-0.9 8.5,-1.6L2.6,-3.4"
    "A3.8,3.8 0 1 0 -2.6,-3.4Z"
)


def turn(point: tuple[float, float], quarter: int) -> tuple[float, float]:
    """A point turned clockwise by ``quarter`` quarters around the tile's centre."""
    x, y = point
    for _ in range(quarter % 4):
        x, y = -y, x
    return x, y


def _rotate(quarter: int) -> str:
    return f' transform="rotate({90 * quarter})"' if quarter % 4 else ""


def _city_shape(sides: list[int]) -> tuple[str, int]:
    """The shape of a city reaching ``sides`` and the quarter turns it needs."""
    if len(sides) == 1:
        return "cap", sides[0]
    if len(sides) == 2:
        a, b = sides
        if b - a == 2:
            return "band", (a + 1) % 2
        return "corner", 3 if (a, b) == (0, 3) else a
    if len(sides) == 3:
        missing = next(s for s in range(4) if s not in sides)
        return "three", missing - 2
    return "full", 0


_CITY_PATHS = {
    "cap": (_CAP, _CAP_WALL),
    "corner": (_CORNER, _CORNER_WALL),
    "band": (_BAND, _BAND_WALL),
    "three": (_THREE, _THREE_WALL),
    "full": (_FULL, ""),
}


def sides_of(variant: Variant, local: int) -> list[int]:
    return [side for side in range(4) if variant.slots[side] == local]


def _road_shape(variant: Variant, sides: list[int]) -> tuple[str, int]:
    if len(sides) == 1:
        return "end", sides[0]
    a, b = sides
    if b - a == 2:
        return "straight", (a + 1) % 2
    return "bend", 3 if (a, b) == (0, 3) else a


_ROAD_PATHS = {"end": _TO_CENTRE, "straight": _STRAIGHT, "bend": _BEND}


def _field_halves(variant: Variant) -> dict[int, int]:
    """Each half's field, the halves under a city or road end given to a field beside them
    (so that a field's shape has no gaps under the city drawn over it)."""
    owner = {h: variant.slots[4 + h] for h in range(8) if variant.slots[4 + h] >= 0}
    for _ in range(4):
        for half in range(8):
            if half in owner:
                continue
            corner = (half + 1) % 8 if half % 2 else (half - 1) % 8
            for other in (corner, half ^ 1):
                if other in owner:
                    owner[half] = owner[other]
                    break
    return owner


# Each half is a wedge from the centre: its side's corner and middle, clockwise from NW.
_RIM = (
    (-H, -H),
    (0.0, -H),
    (H, -H),
    (H, 0.0),
    (H, H),
    (0.0, H),
    (-H, H),
    (-H, 0.0),
)


def _field_path(halves: list[int]) -> str:
    """The wedges of ``halves`` as polygons, each run of neighbouring halves as one."""
    if len(halves) == 8:
        return f"M{-H},{-H}H{H}V{H}H{-H}Z"
    inside = set(halves)
    starts = [h for h in halves if (h - 1) % 8 not in inside]
    parts = []
    for start in starts:
        points = [(0.0, 0.0), _RIM[start]]
        half = start
        while half in inside:
            points.append(_RIM[(half + 1) % 8])
            half = (half + 1) % 8
            if half == start:
                break
        parts.append("M" + "L".join(f"{x:g},{y:g}" for x, y in points) + "Z")
    return "".join(parts)


def _has_river_round_cloister(variant: Variant) -> bool:
    return variant.cloister >= 0 and len(variant.river_sides) == 2


def _cloister_quarter(variant: Variant) -> int:
    """The turn of a river-side cloister: drawn with its road S and the river bowing N."""
    road = next(side for side in range(4) if variant.edges[side] == ROAD)
    return (road - 2) % 4


def chapel_spot(variant: Variant) -> tuple[float, float]:
    if _has_river_round_cloister(variant):
        return turn((0.0, _CHAPEL_BELOW_RIVER), _cloister_quarter(variant))
    return (0.0, 0.0)


def spot(variant: Variant, local: int) -> tuple[float, float]:
    """Where a follower on a segment stands (tile units around the centre, y down)."""
    kind = variant.kinds[local]
    if kind == CLOISTER:
        return chapel_spot(variant)
    if kind == FIELD:
        return _field_spot(variant, local)
    sides = sides_of(variant, local)
    if kind == CITY:
        shape, quarter = _city_shape(sides)
        return turn(_CITY_SPOT[shape], quarter)
    shape, quarter = _road_shape(variant, sides)
    if shape == "end" and variant.cloister >= 0:
        return turn((0.0, -0.74 * H), quarter)  # clear of the monk
    if shape == "straight" and variant.river_sides:
        return turn((-0.55 * H, 0.0), quarter)  # beside the bridge
    return turn(_ROAD_SPOT[shape], quarter)


def _field_spot(variant: Variant, local: int) -> tuple[float, float]:
    """A farmer lies in a corner of its field, else along a side, else by its first half."""
    inside = [h for h in range(8) if variant.slots[4 + h] == local]
    for half in (1, 3, 5, 7):  # the halves meeting at the NE, SE, SW, NW corners
        if half in inside and (half + 1) % 8 in inside:
            return turn(_CORNER_SPOT, half // 2)
    for side in (1, 3, 0, 2):
        if variant.edges[side] == FIELD and 2 * side in inside and 2 * side + 1 in inside:
            return turn(_SIDE_SPOT, side)
    return turn(_HALF_SPOT[inside[0] % 2], inside[0] // 2)


def _group(body: str, part: tuple[str, str] | None) -> str:
    if part is None:
        return body
    key, title = part
    return f'<g data-feature="{escape(key)}"><title>{escape(title)}</title>{body}</g>'


def tile(
    name: str,
    rotation: int,
    parts: dict[int, tuple[str, str]] | None = None,
) -> str:
    """The SVG of a tile around (0, 0); ``parts`` maps a local segment (-1: the river) to
    its feature's key and title, for ``data-feature``."""
    variant = VARIANTS[variant_id(TILE_INDEX[name], rotation // 90)]
    parts = parts or {}
    out = [f'<rect x="{-H}" y="{-H}" width="{SIZE}" height="{SIZE}" fill="{GRASS}"/>']
    halves = _field_halves(variant)
    for local, kind in enumerate(variant.kinds):
        if kind == FIELD:
            path = _field_path(sorted(h for h, f in halves.items() if f == local))
            out.append(_group(f'<path d="{path}" fill="{GRASS}"/>', parts.get(local)))
    roads = [
        (local, sides_of(variant, local)) for local, k in enumerate(variant.kinds) if k == ROAD
    ]
    ends = [local for local, sides in roads if len(sides) == 1]
    for local, sides in roads:  # roads ending mid-tile go under the river
        if len(sides) == 1:
            out.append(_group(_road(variant, sides), parts.get(local)))
    if variant.river_sides:
        out.append(_group(_river(variant), parts.get(-1)))
    for local, sides in roads:
        if len(sides) == 2:
            river = variant.river_sides
            bridge = len(river) == 2 and river[1] - river[0] == 2 and sides[1] - sides[0] == 2
            out.append(_group(_road(variant, sides, bridge), parts.get(local)))
    for local, kind in enumerate(variant.kinds):
        if kind == CITY:
            out.append(_group(_city(variant, local), parts.get(local)))
    if len(ends) >= 3:
        out.append(_house(0.0, 0.0, "#E8DFC8", "#7A5A3A"))
    if variant.cloister >= 0:
        out.append(_group(_chapel(*chapel_spot(variant)), parts.get(variant.cloister)))
    out.append(
        f'<rect x="{-H}" y="{-H}" width="{SIZE}" height="{SIZE}" fill="none" '
        f'stroke="{TILE_LINE}" stroke-width="1" stroke-opacity="0.5"/>'
    )
    return "".join(out)


def _road(variant: Variant, sides: list[int], bridge: bool = False) -> str:
    shape, quarter = _road_shape(variant, sides)
    path = _ROAD_PATHS[shape]
    rot = _rotate(quarter)
    body = (
        f'<path d="{path}"{rot} fill="none" stroke="{ROAD_EDGE}" '
        f'stroke-width="{ROAD_WIDTH + 3}"/>'
        f'<path d="{path}"{rot} fill="none" stroke="{ROAD_FILL}" stroke-width="{ROAD_WIDTH}"/>'
    )
    if bridge:  # parapets where the road crosses the river
        w = ROAD_WIDTH / 2 + 2
        body += (
            f'<path d="M-12,{-w}H12M-12,{w}H12"{rot} stroke="#6B5B45" stroke-width="2.5" '
            'stroke-linecap="round"/>'
        )
    return body


def _river(variant: Variant) -> str:
    sides = list(variant.river_sides)
    if len(sides) == 1:
        path, quarter = _TO_CENTRE, sides[0]
    elif _has_river_round_cloister(variant):
        path, quarter = _RIVER_AROUND, _cloister_quarter(variant)
    else:
        a, b = sides
        if b - a == 2:
            path, quarter = _STRAIGHT, a + 1
        else:
            path, quarter = _BEND, 3 if (a, b) == (0, 3) else a
    rot = _rotate(quarter)
    out = (
        f'<path d="{path}"{rot} fill="none" stroke="{RIVER_EDGE}" '
        f'stroke-width="{RIVER_WIDTH + 3}"/>'
        f'<path d="{path}"{rot} fill="none" stroke="{RIVER_FILL}" stroke-width="{RIVER_WIDTH}"/>'
    )
    if len(sides) == 1:
        spring = variant.name == "spring"
        rx, ry = (0.28 * H, 0.28 * H) if spring else (0.62 * H, 0.45 * H)
        out += (
            f'<ellipse rx="{rx:g}" ry="{ry:g}" fill="{RIVER_FILL}" stroke="{RIVER_EDGE}" '
            'stroke-width="1.5"/>'
        )
    return out


def _city(variant: Variant, local: int) -> str:
    shape, quarter = _city_shape(sides_of(variant, local))
    path, wall = _CITY_PATHS[shape]
    rot = _rotate(quarter)
    out = f'<path d="{path}"{rot} fill="{CITY_FILL}"/>'
    out += _roofs(shape, quarter)
    if wall:
        out += (
            f'<path d="{wall}"{rot} fill="none" stroke="{CITY_WALL}" stroke-width="3.5" '
            'stroke-linecap="round"/>'
        )
    if variant.pennants[local]:
        x, y = turn(_SHIELD_SPOT[shape], quarter)
        out += shield(x, y)
    return out


# A few roofs in each city shape (canonical), so that a city reads as houses.
_ROOFS = {
    "cap": ((-0.45 * H, -0.82 * H), (0.3 * H, -0.78 * H)),
    "corner": ((0.05 * H, -0.75 * H), (0.75 * H, -0.05 * H), (0.55 * H, -0.85 * H)),
    "band": ((-0.75 * H, -0.55 * H), (0.0, 0.4 * H), (-0.7 * H, 0.55 * H), (0.2 * H, -0.3 * H)),
    "three": ((-0.75 * H, 0.5 * H), (0.75 * H, 0.55 * H), (-0.5 * H, -0.7 * H), (0.2 * H, 0.2 * H)),
    "full": ((-0.7 * H, -0.7 * H), (0.7 * H, 0.7 * H), (-0.65 * H, 0.6 * H), (0.5 * H, -0.1 * H)),
}


def _roofs(shape: str, quarter: int) -> str:
    out = []
    for point in _ROOFS[shape]:
        x, y = turn(point, quarter)
        out.append(
            f'<path data-upright="" d="M{x - 5:g},{y + 2:g}l5,-5l5,5v4h-10z" fill="#B0703A" '
            f'stroke="#8A5428" stroke-width="0.8"/>'
        )
    return "".join(out)


def shield(x: float, y: float, scale: float = 1.0) -> str:
    """A pennant: a small blue and white shield."""
    return (
        f'<g class="shield" data-upright="" transform="translate({x:g},{y:g}) scale({scale:g})">'
        f'<path d="M-7,-8H7V0Q7,6 0,9Q-7,6 -7,0Z" fill="{SHIELD}" stroke="#FFFFFF" '
        'stroke-width="1.5"/><path d="M-7,-3H7M0,-8V8" stroke="#FFFFFF" stroke-width="1.5"/></g>'
    )


def _chapel(x: float, y: float) -> str:
    """A cloister: a small chapel with a red roof and a cross."""
    return (
        f'<g data-upright="" transform="translate({x:g},{y:g})">'
        '<ellipse cx="0" cy="9" rx="19" ry="5" fill="#5E8A36" opacity="0.6"/>'
        '<rect x="-12" y="-4" width="24" height="14" fill="#F2EDE2" stroke="#4A4035" '
        'stroke-width="1.2"/>'
        f'<path d="M-15,-3L0,-14L15,-3Z" fill="{ROOF}" stroke="#4A4035" stroke-width="1.2"/>'
        '<path d="M0,-14V-22M-3.5,-19H3.5" stroke="#4A4035" stroke-width="1.8"/>'
        '<path d="M-3,10V4A3,3 0 0 1 3,4V10Z" fill="#4A4035"/></g>'
    )


def _house(x: float, y: float, wall: str, roof: str) -> str:
    """A small village where roads meet."""
    return (
        f'<g transform="translate({x:g},{y:g})">'
        f'<rect x="-8" y="-4" width="16" height="11" fill="{wall}" stroke="#4A4035" '
        'stroke-width="1"/>'
        f'<path d="M-10,-3L0,-11L10,-3Z" fill="{roof}" stroke="#4A4035" stroke-width="1"/></g>'
    )


def meeple(x: float, y: float, seat: int, lying: bool = False, scale: float = 1.35) -> str:
    """A follower in its seat's colour with the seat's letter (a farmer lies down); the
    letter (class "letter") is hidden with the coordinates on a board fitted under its print."""
    turned = " rotate(-90)" if lying else ""
    if lying:
        scale *= 0.9
    colour = seat_colour(seat)
    letter = max(9.5 * scale, PRINT)  # 10 px where the board is drawn smallest
    return (
        f'<g transform="translate({x:g},{y:g}) scale({scale:g}){turned}">'
        f'<path d="{MEEPLE}" fill="none" stroke="#FFFFFF" stroke-width="2.6" '
        'stroke-linejoin="round"/>'
        f'<path d="{MEEPLE}" fill="{colour}" stroke="{INK}" stroke-width="0.9" '
        'stroke-linejoin="round"/></g>'
        f'<text class="letter" x="{x:g}" y="{y + letter * 0.35:g}" font-size="{letter:g}" '
        'font-weight="bold" '
        f'text-anchor="middle" fill="#FFFFFF" stroke="{INK}" stroke-width="{0.9 * scale:g}" '
        f'paint-order="stroke">{seat_letter(seat)}</text>'
    )
