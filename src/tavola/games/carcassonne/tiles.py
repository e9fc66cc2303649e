"""Carcassonne's tiles: the table of the rules digest, and every rotated variant precomputed.

Sides are numbered N 0, E 1, S 2, W 3; field halves Nl 0, Nr 1, El 2, Er 3, Sl 4, Sr 5,
Wl 6, Wr 7 (named from the tile's centre looking out over that side: ``Nl`` is the west
half of the north side). Rotating by 90 degrees clockwise moves side ``s`` to ``s + 1`` and
half ``h`` to ``h + 2`` (mod 4, mod 8). Edge types: field 0, road 1, city 2, river 3.

>>> VARIANTS[variant_id(TILE_INDEX["D"], 1)].edges  # D turned 90: city E, road N-S
(1, 2, 1, 0)
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Final

from tavola.core.randomness import shuffle

# Tuples read by index are typed ``tuple[str, ...]``: compiled, a tuple typed item by item is
# kept unboxed and boxed again (a new tuple) at every read by an index known only at run time.
SIDES: Final[tuple[str, ...]] = ("N", "E", "S", "W")
HALVES: Final[tuple[str, ...]] = ("Nl", "Nr", "El", "Er", "Sl", "Sr", "Wl", "Wr")
EDGE_LETTERS: Final = "FRCI"
FIELD: Final = 0
ROAD: Final = 1
CITY: Final = 2
RIVER: Final = 3
CLOISTER: Final = 4
KINDS: Final[tuple[str, ...]] = ("field", "road", "city", "river", "cloister")
ROTATIONS: Final[tuple[int, ...]] = (0, 90, 180, 270)
HALVES_OF_SIDE: Final[tuple[tuple[int, int], ...]] = ((0, 1), (2, 3), (4, 5), (6, 7))

# (name, count, edges N E S W, features separated by ";"). A feature is its kind and the
# sides (roads, cities, river) or halves (fields) it reaches; "+" marks a pennant; a
# field's "adj" lists the cities it touches, each by one of its sides.
ALL = "Nl Nr El Er Sl Sr Wl Wr"
BASE_TABLE: Final = (
    ("A", 2, "FFRF", f"cloister; road S; field {ALL}"),
    ("B", 4, "FFFF", f"cloister; field {ALL}"),
    ("C", 1, "CCCC", "city N E S W +"),
    ("D", 4, "CRFR", "city N; road W E; field El Wr adj N; field Er Sl Sr Wl"),
    ("E", 5, "CFFF", "city N; field El Er Sl Sr Wl Wr adj N"),
    ("F", 2, "FCFC", "city W E +; field Nl Nr adj E; field Sl Sr adj E"),
    ("G", 1, "FCFC", "city W E; field Nl Nr adj E; field Sl Sr adj E"),
    ("H", 3, "CFCF", "city N; city S; field El Er Wl Wr adj N S"),
    ("I", 2, "CFFC", "city N; city W; field El Er Sl Sr adj N W"),
    ("J", 3, "CRRF", "city N; road E S; field El Wl Wr Sr adj N; field Er Sl"),
    ("K", 3, "CFRR", "city N; road S W; field Wr El Er Sl adj N; field Wl Sr"),
    ("L", 3, "CRRR", "city N; road E; road S; road W; field Wr El adj N; field Wl Sr; field Er Sl"),
    ("M", 2, "CFFC", "city N W +; field El Er Sl Sr adj N"),
    ("N", 3, "CFFC", "city N W; field El Er Sl Sr adj N"),
    ("O", 2, "CRRC", "city N W +; road E S; field El Sr adj N; field Er Sl"),
    ("P", 3, "CRRC", "city N W; road E S; field El Sr adj N; field Er Sl"),
    ("Q", 1, "CCFC", "city N E W +; field Sl Sr adj N"),
    ("R", 3, "CCFC", "city N E W; field Sl Sr adj N"),
    ("S", 2, "CCRC", "city N E W +; road S; field Sl adj N; field Sr adj N"),
    ("T", 1, "CCRC", "city N E W; road S; field Sl adj N; field Sr adj N"),
    ("U", 8, "FRFR", "road W E; field Wr Nl Nr El; field Er Sl Sr Wl"),
    ("V", 9, "FFRR", "road W S; field Wr Nl Nr El Er Sl; field Sr Wl"),
    ("W", 4, "FRRR", "road E; road S; road W; field Wr Nl Nr El; field Er Sl; field Sr Wl"),
    (
        "X",
        1,
        "RRRR",
        "road N; road E; road S; road W; field Wr Nl; field Nr El; field Er Sl; field Sr Wl",
    ),
)
RIVER_TABLE: Final = (
    ("spring", 1, "FIFF", f"river E; field {ALL}"),
    ("lake", 1, "FFFI", f"river W; field {ALL}"),
    ("river-cities", 1, "CICI", "river W E; city N; city S; field El Wr adj N; field Er Wl adj S"),
    (
        "river-city-road",
        1,
        "CIRI",
        "river W E; city N; road S; field El adj N; field Wr adj N; field Er Sl; field Wl Sr",
    ),
    (
        "river-cloister",
        1,
        "FIRI",
        "river W E; cloister; road S; field Wr Nl Nr El; field Er Sl; field Wl Sr",
    ),
    (
        "river-bridge",
        1,
        "IRIR",
        "river N S; road W E; field Wr Nl; field Nr El; field Er Sl; field Wl Sr",
    ),
    ("river-straight", 2, "FIFI", "river W E; field Wr Nl Nr El; field Wl Sl Sr Er"),
    ("river-city-curve", 1, "CIIC", "city N W; river S E; field Sr El adj N; field Er Sl"),
    (
        "river-road-curve",
        1,
        "RRII",
        "road N E; river W S; field Wr Nl Er Sl; field Nr El; field Wl Sr",
    ),
    ("river-curve", 2, "FFII", "river W S; field Wr Nl Nr El Er Sl; field Wl Sr"),
)
TABLE: Final = BASE_TABLE + RIVER_TABLE
TILE_NAMES: Final = tuple(row[0] for row in TABLE)
TILE_INDEX: Final = {name: index for index, name in enumerate(TILE_NAMES)}
NUM_TILES: Final = len(TILE_NAMES)
BOX_COUNTS: Final = tuple(row[1] for row in TABLE)
IS_RIVER: Final = tuple(name not in "ABCDEFGHIJKLMNOPQRSTUVWX" for name in TILE_NAMES)
START: Final = TILE_INDEX["D"]
SPRING: Final = TILE_INDEX["spring"]
LAKE: Final = TILE_INDEX["lake"]

# Deploy offsets (added to the first deploy action id): road N E S W, city N E S W,
# field Nl .. Wr, cloister, and pass last.
DEPLOY_ROAD, DEPLOY_CITY, DEPLOY_FIELD, DEPLOY_CLOISTER, DEPLOY_PASS = 0, 4, 8, 16, 17
NUM_DEPLOY: Final = 18


@dataclass(frozen=True)
class Segment:
    """One feature of a tile as printed (rotation 0)."""

    kind: int  # FIELD, ROAD, CITY, RIVER or CLOISTER
    sides: tuple[int, ...]  # roads, cities, river
    halves: tuple[int, ...]  # fields
    pennants: int
    adjacent: tuple[int, ...]  # fields: indices of the city segments they touch

    def __reduce__(self) -> tuple[type[Segment], tuple[object, ...]]:
        # Compiled by mypyc, a frozen dataclass cannot be unpickled field by field.
        return (Segment, (self.kind, self.sides, self.halves, self.pennants, self.adjacent))


def parse_features(text: str) -> tuple[Segment, ...]:
    """Read a table row's features (see ``BASE_TABLE``)."""
    words_list = [part.split() for part in text.split(";")]
    city_of_side: dict[int, int] = {}
    for index, words in enumerate(words_list):
        if words[0] == "city":
            for word in words[1:]:
                if word in SIDES:
                    city_of_side[SIDES.index(word)] = index
    segments = []
    for words in words_list:
        kind = KINDS.index(words[0])
        body, _, adj = " ".join(words[1:]).partition("adj")
        items = body.split()
        sides = tuple(SIDES.index(w) for w in items if w in SIDES)
        halves = tuple(sorted(HALVES.index(w) for w in items if w in HALVES))
        adjacent = tuple(sorted(city_of_side[SIDES.index(w)] for w in adj.split()))
        segments.append(Segment(kind, tuple(sorted(sides)), halves, items.count("+"), adjacent))
    return tuple(segments)


SEGMENTS: Final = tuple(parse_features(row[3]) for row in TABLE)


def rotate_side(side: int, rotation: int) -> int:
    return (side + rotation) % 4


def rotate_half(half: int, rotation: int) -> int:
    return (half + 2 * rotation) % 8


def opposite_half(half: int) -> int:
    """The half of the neighbour's side that meets ``half`` (``Nl`` meets ``Sr``)."""
    return ((half ^ 1) + 4) % 8


class Variant:
    """A tile in one rotation, in board orientation, with what the engine needs of it.

    Features are numbered locally; the river is not a feature (nothing may stand on it).
    ``slots`` maps sides 0-3 (road or city there) and halves 4-11 (field there) to the
    local feature, -1 if none; ``links[side]`` lists ``(local, neighbour slot, open
    ends closed)`` for joining with the neighbour across that side.
    """

    __slots__ = (
        "adjacent",
        "alias",
        "cloister",
        "constraint_parts",
        "deploys",
        "edge_features",
        "edges",
        "field_cities",
        "fresh_meeples",
        "fresh_sizes",
        "kinds",
        "links",
        "multi",
        "name",
        "opens",
        "pennants",
        "river_sides",
        "rotation",
        "slots",
        "tile",
    )

    def __init__(self, tile: int, rotation: int) -> None:
        self.tile = tile
        self.name = TILE_NAMES[tile]
        self.rotation = rotation
        letters = TABLE[tile][2]
        edges = [0] * 4
        for side in range(4):
            edges[rotate_side(side, rotation)] = EDGE_LETTERS.index(letters[side])
        self.edges = tuple(edges)
        segments = [s for s in SEGMENTS[tile] if s.kind != RIVER]
        local_of = {id(s): i for i, s in enumerate(segments)}
        printed = SEGMENTS[tile]
        self.river_sides = tuple(
            sorted(
                rotate_side(side, rotation) for s in printed if s.kind == RIVER for side in s.sides
            )
        )
        self.kinds = tuple(s.kind for s in segments)
        # each new segment's size and followers, laid as they are (no list made per tile)
        self.fresh_sizes = (1,) * len(segments)
        self.fresh_meeples = (0,) * len(segments)
        self.pennants = tuple(s.pennants for s in segments)
        self.opens = tuple(len(s.sides) for s in segments)
        self.cloister = next((i for i, s in enumerate(segments) if s.kind == CLOISTER), -1)
        slots = [-1] * 12
        rotated_sides: list[tuple[int, ...]] = []
        rotated_halves: list[tuple[int, ...]] = []
        for local, seg in enumerate(segments):
            sides = tuple(sorted(rotate_side(side, rotation) for side in seg.sides))
            halves = tuple(sorted(rotate_half(half, rotation) for half in seg.halves))
            rotated_sides.append(sides)
            rotated_halves.append(halves)
            for side in sides:
                slots[side] = local
            for half in halves:
                slots[4 + half] = local
        self.slots = tuple(slots)
        self.adjacent = tuple(
            tuple(local_of[id(printed[a])] for a in seg.adjacent) for seg in segments
        )
        self.field_cities = tuple((i, a) for i, a in enumerate(self.adjacent) if a)
        self.edge_features = tuple(i for i, s in enumerate(segments) if s.kind in (ROAD, CITY))
        links: list[tuple[tuple[int, int, int], ...]] = []
        for side in range(4):
            found: list[tuple[int, int, int]] = []
            if self.edges[side] in (ROAD, CITY):
                found.append((slots[side], (side + 2) % 4, 2))
            for half in HALVES_OF_SIDE[side]:
                if slots[4 + half] >= 0:
                    found.append((slots[4 + half], 4 + opposite_half(half), 0))
            links.append(tuple(found))
        self.links = tuple(links)
        # Deploy offsets: each feature by the first of its sides or halves (board order).
        deploys: list[tuple[int, int]] = []
        alias: dict[int, int] = {}
        for local, seg in enumerate(segments):
            if seg.kind == CLOISTER:
                names = [DEPLOY_CLOISTER]
            elif seg.kind == FIELD:
                names = [DEPLOY_FIELD + h for h in rotated_halves[local]]
            else:
                base = DEPLOY_ROAD if seg.kind == ROAD else DEPLOY_CITY
                names = [base + side for side in rotated_sides[local]]
            deploys.append((names[0], local))
            for name in names:
                alias[name] = names[0]
        self.deploys = tuple(sorted(deploys))
        self.alias = alias
        groups = []
        for kind in (ROAD, CITY):
            same = tuple(i for i, s in enumerate(segments) if s.kind == kind)
            if len(same) > 1:
                groups.append(same)
        self.multi = tuple(groups)
        # A neighbour's constraint gains (edge + 1) * 5**(side it faces).
        self.constraint_parts: tuple[int, ...] = tuple(  # (int: a ** is typed Any)
            (self.edges[side] + 1) * 5 ** ((side + 2) % 4) for side in range(4)
        )


def variant_id(tile: int, rotation_index: int) -> int:
    return 4 * tile + rotation_index


VARIANTS: Final = tuple(Variant(tile, r) for tile in range(NUM_TILES) for r in range(4))


def _fits(variant: Variant, constraint: int) -> bool:
    for side in range(4):
        wanted = constraint % 5
        constraint //= 5
        if wanted and wanted - 1 != variant.edges[side]:
            return False
    return True


NUM_CONSTRAINTS: Final = 5**4
# Every set of rotation indices, by its bit mask: ``FITS`` holds only these 16 tuples, so
# the ones a lookup reaches stay in the processor's cache.
ROTATION_SETS: Final = tuple(tuple(r for r in range(4) if mask >> r & 1) for mask in range(16))
# FITS[tile][constraint]: the rotation indices in which the tile matches every neighbour;
# a constraint holds, per side s, (edge type of the neighbour facing it + 1) * 5**s.
FITS: Final = tuple(
    tuple(
        ROTATION_SETS[sum(1 << r for r in range(4) if _fits(VARIANTS[variant_id(tile, r)], c))]
        for c in range(NUM_CONSTRAINTS)
    )
    for tile in range(NUM_TILES)
)


def land_box(with_river: bool) -> list[int]:
    """The land tiles to shuffle: all 72 with the River, else all but the start tile."""
    tiles = [t for t in range(NUM_TILES) if not IS_RIVER[t] for _ in range(BOX_COUNTS[t])]
    if not with_river:
        tiles.remove(START)
    return tiles


def river_box() -> list[int]:
    """The 10 River tiles drawn before the lake (spring and lake left out)."""
    return [
        t
        for t in range(NUM_TILES)
        if IS_RIVER[t] and t not in (SPRING, LAKE)
        for _ in range(BOX_COUNTS[t])
    ]


def unseen(drawn: list[int], with_river: bool) -> list[int]:
    """The tiles of the box not on the table, removed or ``drawn``, sorted: River tiles only
    while no land tile (nor the lake) has been drawn, as the River tiles come first."""
    box = land_box(with_river)
    if with_river and all(IS_RIVER[t] and t != LAKE for t in drawn):
        box += [*river_box(), LAKE]
    left = Counter(box)
    left.subtract(drawn)
    return sorted(left.elements())


def reshuffled(rest: list[int], rng: random.Random) -> list[int]:
    """Face-down tiles ``rest`` in a new order: River tiles among themselves, the lake last
    of them, then land tiles, each shuffled from sorted order (so the order depends on which
    tiles they are and on ``rng`` alone)."""
    river = [t for t in rest if IS_RIVER[t] and t != LAKE]
    lake = [t for t in rest if t == LAKE]
    land = [t for t in rest if not IS_RIVER[t]]
    river.sort()
    land.sort()
    shuffle(rng, river)
    shuffle(rng, land)
    return river + lake + land
