"""What the Carcassonne picture says and offers about a move: the area of a tile each
follower spot takes for a tap, and in words what placing the drawn tile on a cell does.

A spot's tap area is its share of the tile (every point goes to the nearest spot), so that
spots a few units apart still get targets a finger can hit:

>>> [round(area(cell), 1) for cell in hit_cells([(-20.0, 0.0), (20.0, 0.0)], 45.0)]
[4050.0, 4050.0]
"""

from __future__ import annotations

from itertools import combinations
from math import dist
from typing import Any, Final

from tavola.core.i18n import N_
from tavola.core.svg import INK, clickable, escape, seat_colour
from tavola.games.carcassonne.svg_features import Feature, Features, follower_local, variant_of
from tavola.games.carcassonne.svg_tiles import SIZE, spot
from tavola.games.carcassonne.tile_names import tile_name
from tavola.games.carcassonne.tiles import (
    CITY,
    HALVES,
    ROAD,
    SIDES,
    TILE_INDEX,
    VARIANTS,
    Variant,
    variant_id,
)
from tavola.games.carcassonne.translations import cell_words, gettext, ngettext

Point = tuple[float, float]
# Where on the tile, in words: a side for a road or a city, a half side for a field (seen
# from the tile's centre looking out over the side: l the left half, r the right half).
WHERE_WORDS: Final = {  # msgids: shown with gettext
    "N": N_("on the north side"),
    "E": N_("on the east side"),
    "S": N_("on the south side"),
    "W": N_("on the west side"),
    "Nl": N_("by the north side, west half"),
    "Nr": N_("by the north side, east half"),
    "El": N_("by the east side, north half"),
    "Er": N_("by the east side, south half"),
    "Sl": N_("by the south side, east half"),
    "Sr": N_("by the south side, west half"),
    "Wl": N_("by the west side, south half"),
    "Wr": N_("by the west side, north half"),
}
FOLLOWER_WORDS: Final = {  # msgids: shown with gettext
    "road": N_("a thief on the road"),
    "city": N_("a knight in the city"),
    "field": N_("a farmer on the field"),
    "cloister": N_("a monk in the cloister"),
}
TURN_WORDS: Final = {  # msgids: a rotation as a player says it (clockwise, as drawn)
    0: N_("not turned"),
    90: N_("turned a quarter right"),
    180: N_("turned upside down"),
    270: N_("turned a quarter left"),
}
# Across each side (N, E, S, W) of a cell: the neighbour's offset (y grows northwards).
ACROSS: Final = ((0, 1), (1, 0), (0, -1), (-1, 0))
RING: Final = 3.0  # the width of a follower circle's outline (tile units)


def _clip(polygon: list[Point], normal: Point, limit: float) -> list[Point]:
    """The part of a convex polygon where ``normal . p <= limit``."""
    out: list[Point] = []
    for index, one in enumerate(polygon):
        other = polygon[(index + 1) % len(polygon)]
        a = normal[0] * one[0] + normal[1] * one[1] - limit
        b = normal[0] * other[0] + normal[1] * other[1] - limit
        if a <= 0:
            out.append(one)
        if (a < 0 < b) or (b < 0 < a):
            t = a / (a - b)
            out.append((one[0] + t * (other[0] - one[0]), one[1] + t * (other[1] - one[1])))
    return out


def hit_cells(points: list[Point], half: float) -> list[list[Point]]:
    """Each point's share of the square ``[-half, half]²``: where it is the nearest point."""
    square = [(-half, -half), (half, -half), (half, half), (-half, half)]
    cells = []
    for index, (px, py) in enumerate(points):
        cell = square
        for other, (qx, qy) in enumerate(points):
            if other != index and (qx, qy) != (px, py):
                limit = (qx * qx + qy * qy - px * px - py * py) / 2
                cell = _clip(cell, (qx - px, qy - py), limit)
        cells.append(cell)
    return cells


def area(polygon: list[Point]) -> float:
    """The area of a polygon (shoelace)."""
    twice = sum(
        x * polygon[(i + 1) % len(polygon)][1] - polygon[(i + 1) % len(polygon)][0] * y
        for i, (x, y) in enumerate(polygon)
    )
    return abs(twice) / 2


def path(polygon: list[Point], scale: float = 1.0) -> str:
    """A polygon as an SVG path."""
    if not polygon:
        return ""
    return "M" + "L".join(f"{x * scale:.1f},{y * scale:.1f}" for x, y in polygon) + "Z"


def holders(view: dict[str, Any], feature: Feature, who: Any) -> str:
    """A road or city in words with who holds it: "your road", "the city of B"."""
    road = feature.kind == ROAD
    owners = feature.owners
    if owners == [view["seat"]]:
        return gettext("your road") if road else gettext("your city")
    if owners:
        names = " / ".join(who(view, seat) for seat in owners)
        return (gettext("the road of {names}") if road else gettext("the city of {names}")).format(
            names=names
        )
    return gettext("a free road") if road else gettext("a free city")


def placing_effects(
    view: dict[str, Any], found: Features, name: str, x: int, y: int, rotation: int, who: Any
) -> list[str]:
    """What placing tile ``name`` at ``x,y`` turned ``rotation`` does to the roads and cities
    on the board, in words ("joins the city of B (3 tiles)", "extends your road")."""
    variant = VARIANTS[variant_id(TILE_INDEX[name], rotation // 90)]
    placed = {(t["x"], t["y"]): t for t in view["board"]}
    touched: dict[int, list[Feature]] = {}  # the new tile's local feature -> what it meets
    for side, (dx, dy) in enumerate(ACROSS):
        local = variant.slots[side]
        neighbour = placed.get((x + dx, y + dy))
        if local < 0 or neighbour is None or variant.kinds[local] not in (ROAD, CITY):
            continue
        across = variant_of(neighbour).slots[(side + 2) % 4]
        feature = found.of_node.get((x + dx, y + dy, across))
        if feature is not None and feature not in touched.setdefault(local, []):
            touched[local].append(feature)
    words = []
    for met in touched.values():
        said = [
            ngettext("{what} ({count} tile)", "{what} ({count} tiles)", f.tiles).format(
                what=holders(view, f, who), count=f.tiles
            )
            for f in met
        ]
        if len(said) > 1:
            words.append(
                gettext("connects {one} and {other}").format(
                    one=", ".join(said[:-1]), other=said[-1]
                )
            )
        elif met[0].kind == CITY:
            words.append(gettext("joins {city}").format(city=said[0]))
        else:
            words.append(gettext("extends {road}").format(road=said[0]))
    return words


def move_words(notation: str, tile: str = "") -> str:
    """One move (canonical notation) in words, as a log says what a player did; ``tile`` is
    the tile a placement puts down (its name).

    >>> move_words("place 1,-2 90", "U")
    'placed the straight road at column 1, row -2, turned a quarter right'
    >>> move_words("deploy cloister")
    'deployed a monk in the cloister'
    """
    verb, *rest = notation.split()
    if verb == "place":
        x, y = rest[0].split(",")
        return turned(
            gettext("placed the {tile} at {cell}").format(
                tile=tile_name(tile), cell=cell_words(x, y)
            ),
            int(rest[1]),
        )
    if verb == "pass":
        return gettext("deployed no follower")
    follower = gettext(FOLLOWER_WORDS[rest[0]])
    if rest[0] == "cloister":
        return gettext("deployed {follower}").format(follower=follower)
    return gettext("deployed {follower} {where}").format(
        follower=follower, where=gettext(WHERE_WORDS[rest[1]])
    )


def turned(words: str, rotation: int) -> str:
    """``words`` (placing a tile) with how it is turned, where it is.

    >>> turned("Place it", 0), turned("Place it", 270)
    ('Place it', 'Place it, turned a quarter left')
    """
    if not rotation:
        return words
    return gettext("{placing}, {turned}").format(
        placing=words, turned=gettext(TURN_WORDS[rotation])
    )


def said_moves(view: dict[str, Any]) -> list[str]:
    """Every move a log of this game may show, in words (``data-said``, unseen): placing each
    tile on the board, deploying on each kind of spot, passing."""
    tiles = {f"place {p['x']},{p['y']} {p['rotation']}": p["tile"] for p in view["board"]}
    kinds = {"road": SIDES, "city": SIDES, "field": HALVES}
    deploys = [f"deploy {kind} {where}" for kind, places in kinds.items() for where in places]
    moves = ["pass", *tiles, *deploys, "deploy cloister"]
    return [
        f'<desc data-said="{escape(m)}">{escape(move_words(m, tiles.get(m, "")))}</desc>'
        for m in moves
    ]


def spot_radius(points: list[Point], zoom: float) -> float:
    """The radius of the follower circles at ``points``: as large as can be seen, but each
    circle, its outline included, inside its own share of the tile (the tap area), so that
    no circle covers another (a bent road has its inner field close beside it)."""
    radius = 13.0 if zoom > 1 else 11.0
    for one, other in combinations(points, 2):
        radius = min(radius, dist(one, other) / 2 - RING / 2 - 0.5)
    return radius


def targets(
    view: dict[str, Any], acts: set[str], found: Features, placed: dict[str, Any], zoom: float
) -> str:
    """The free follower spots of the tile just placed, as round targets (tile units), each
    with its share of the tile to tap and its feature in words."""
    variant: Variant = variant_of(placed)
    seat = view["current_player"]
    colour = seat_colour(seat) if seat is not None else INK
    spots = [
        (action, follower_local(variant, action.removeprefix("deploy ")))
        for action in sorted(acts)
        if action.startswith("deploy ")
    ]
    points = [spot(variant, local) for _, local in spots]
    radius = spot_radius(points, zoom)
    out = []
    for (action, local), (sx, sy), cell in zip(
        spots, points, hit_cells(points, SIZE / 2), strict=True
    ):
        kind, _, where = action.removeprefix("deploy ").partition(" ")
        follower = gettext(FOLLOWER_WORDS[kind])
        label = (
            gettext("Deploy {follower} {where}").format(
                follower=follower, where=gettext(WHERE_WORDS[where])
            )
            if where
            else gettext("Deploy {follower}").format(follower=follower)
        )
        # what it stands on and who holds that: the spot's description (a <desc>)
        feature = found.of_node.get((placed["x"], placed["y"], local))
        about = f"<desc>{escape(feature.title)}</desc>" if feature is not None else ""
        out.append(
            f"<g{clickable(action, label)}><title>{escape(label)}</title>{about}"
            f'<path d="{path(cell)}" fill="#FFFFFF" fill-opacity="0"/>'
            f'<circle class="hit" cx="{sx:g}" cy="{sy:g}" r="{radius:.3g}" fill="#FFFFFF" '
            f'fill-opacity="0.8" stroke="{colour}" stroke-width="{RING:g}"/>'
            f'<circle cx="{sx:g}" cy="{sy:g}" r="4" fill="{colour}"/></g>'
        )
    return "".join(out)
