"""The features on a Carcassonne board as a view gives them: a summary of each road, city,
field, cloister and the river, read from the engine's union-find and scored by ``scoring``.

Each summary (JSON data, in ``view["features"]``) holds:

- ``key``: ``road-1``, ``city-2``, ... numbered per kind in the reading order of their first
  segment (the north row first, west to east, a tile's segments in order); ``river``;
- ``kind``: ``road``, ``city``, ``field``, ``cloister`` or ``river``;
- ``segments``: ``[x, y, local]`` of each tile segment it covers, in that order (``local``
  numbers the features of the placed variant, ``tiles.VARIANTS``; -1 is the river);
- ``tiles`` it spreads over and its ``pennants``;
- ``complete``: a road or city with no open end, a surrounded cloister (never a field);
- ``followers`` on it per seat, and its ``owners``: the seats with most (ties: all);
- ``points`` it gives now: once complete, as scored during play; otherwise as the final
  scoring would count it (a field: 3 per completed city it touches, 4 with ``per-city``);
- a cloister's ``neighbours`` (tiles around it), a field's ``cities`` (keys it touches).

>>> import tavola
>>> state = tavola.load("carcassonne", tiles=["E"]).new_game(seed=1)
>>> [(f["key"], f["tiles"], f["points"]) for f in state.view(None)["features"]]
[('city-1', 1, 1), ('road-1', 1, 1), ('field-1', 1, 0), ('field-2', 1, 0)]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from mypy_extensions import mypyc_attr

from tavola.games.carcassonne.actions import SPAN, cell_xy
from tavola.games.carcassonne.scoring import FARM_POINTS, owners, points_now, ring
from tavola.games.carcassonne.tiles import CLOISTER, FIELD, KINDS, RIVER, VARIANTS

if TYPE_CHECKING:
    from tavola.games.carcassonne.state import CarcassonneState

# A segment is gathered as ``SEGMENT_CODE * cell key + local + 1`` (the river's local is -1).
SEGMENT_CODE: Final = 16
NO_CITIES: Final[list[int]] = []
NO_CITY_KEYS: Final[list[str]] = []


@mypyc_attr(acyclic=True)
class Feature:
    """One feature as ``gather`` reads it off the board: what its summary holds, to compare
    with an earlier position's (``views`` keeps the summary of one that did not change)."""

    __slots__ = (
        "cities",
        "city_keys",
        "codes",
        "complete",
        "key",
        "kind",
        "last_cell",
        "neighbours",
        "packed",
        "pennants",
        "points",
        "root",
        "summary",
        "tiles",
    )

    def __init__(self, key: str, kind: int, root: int, pennants: int) -> None:
        self.key = key
        self.kind = kind
        self.root = root  # the root segment (-1: the river)
        self.pennants = pennants
        self.codes: list[int] = []  # each segment's, in order (``SEGMENT_CODE``)
        self.tiles = 0
        self.last_cell = -1  # the cell of its last segment gathered
        self.neighbours = 0  # a cloister's tiles around it
        # a field's: the roots of the cities it touches, and their keys (others share
        # empty lists, never added to: fewer objects made per view)
        self.cities: list[int] = [] if kind == FIELD else NO_CITIES
        self.city_keys: list[str] = [] if kind == FIELD else NO_CITY_KEYS
        self.packed = 0  # the followers on it (``meeples``)
        self.complete = False
        self.points = 0
        self.summary: dict[str, Any] | None = None  # made once, by ``summary_of``

    def same(self, other: Feature) -> bool:
        """Whether ``other`` (of the same key) has the same summary."""
        return (
            self.tiles == other.tiles
            and self.packed == other.packed
            and self.points == other.points
            and self.complete == other.complete
            and self.pennants == other.pennants
            and self.neighbours == other.neighbours
            and self.codes == other.codes
            and self.city_keys == other.city_keys
        )

    def summary_of(self, players: int) -> dict[str, Any]:
        """The summary (JSON data), made at the first asking."""
        if self.summary is not None:
            return self.summary
        packed = self.packed
        segments = []
        for code in self.codes:
            x, y = cell_xy(code // SEGMENT_CODE)
            segments.append([x, y, code % SEGMENT_CODE - 1])
        summary: dict[str, Any] = {
            "key": self.key,
            "kind": KINDS[self.kind],
            "segments": segments,
            "tiles": self.tiles,
            "pennants": self.pennants,
            "complete": self.complete,
            "followers": [(packed >> (4 * seat)) & 15 for seat in range(players)],
            "owners": list(owners(packed, players)) if packed else [],
            "points": self.points,
        }
        if self.kind == CLOISTER:
            summary["neighbours"] = self.neighbours
        elif self.kind == FIELD:
            summary["cities"] = self.city_keys
        self.summary = summary
        return summary


def gather(state: CarcassonneState) -> list[Feature]:
    """Every feature on the board, in the order of their keys' first segments, without
    their summaries."""
    parent, open_ends, pennants = state.parent, state.open_ends, state.pennants
    counts = [0] * len(KINDS)
    by_root: list[Feature | None] = [None] * len(parent)
    found: list[Feature] = []
    river: Feature | None = None
    board = state.board
    # each cell's place in reading order (the north row first, west to east), sorted
    places = sorted((SPAN - 1 - key % SPAN) * SPAN + key // SPAN for key in board)
    for place in places:
        key = place % SPAN * SPAN + SPAN - 1 - place // SPAN
        vid, base = board[key]
        variant = VARIANTS[vid]
        code = SEGMENT_CODE * key + 1
        if variant.river_sides:
            if river is None:
                river = Feature("river", RIVER, -1, 0)
                found.append(river)
            river.codes.append(code - 1)
            river.tiles += 1
        for local, kind in enumerate(variant.kinds):
            root = base + local
            while parent[root] != root:
                root = parent[root]
            feature = by_root[root]
            if feature is None:
                counts[kind] += 1
                feature = Feature(f"{KINDS[kind]}-{counts[kind]}", kind, root, pennants[root])
                by_root[root] = feature
                found.append(feature)
                if kind == CLOISTER:
                    feature.neighbours = ring(state, key)
            feature.codes.append(code + local)
            if feature.last_cell != key:
                feature.last_cell = key
                feature.tiles += 1
        for local, adjacent in variant.field_cities:
            farm = base + local
            while parent[farm] != farm:
                farm = parent[farm]
            field = by_root[farm]
            assert field is not None
            cities = field.cities
            for city in adjacent:
                root = base + city
                while parent[root] != root:
                    root = parent[root]
                if root not in cities:
                    cities.append(root)
    small_city = state.game.options["small_city"] == "2"
    farm_points = FARM_POINTS[str(state.game.options["farm_scoring"])]
    meeples = state.meeples
    for feature in found:
        kind = feature.kind
        if kind == RIVER:
            continue
        root = feature.root
        feature.packed = meeples[root]
        if kind == FIELD:
            complete = 0
            for city in feature.cities:
                touched = by_root[city]
                assert touched is not None
                feature.city_keys.append(touched.key)
                if not open_ends[city]:
                    complete += 1
            feature.points = farm_points * complete
        elif kind == CLOISTER:
            around = feature.neighbours
            feature.complete = around == 8
            feature.points = points_now(kind, 1 + around, 0, around == 8, small_city)
        else:
            feature.complete = not open_ends[root]
            feature.points = points_now(
                kind, feature.tiles, feature.pennants, feature.complete, small_city
            )
    return found
