"""The features of a Carcassonne view for its picture: what each road, city, field, cloister
and the river is, who holds it and what it would score now, computed from the view alone.

Tile segments are joined across matching edges (as the engine does, with ``Variant.links``);
a road or city is complete when none of its sides faces an empty cell. The scores follow
``scoring.py``: a completed road 1 per tile, city 2 per tile and pennant (a 2-tile city
2 + 1 per pennant with ``small_city="2"``), cloister 9; what is incomplete scores as at the
end: road 1 per tile, city 1 per tile and pennant, cloister 1 + its neighbours; a farm 3
per completed city it touches (4 per city with ``farm_scoring="per-city"``).

>>> view = {"board": [{"tile": "D", "x": 0, "y": 0, "rotation": 0}], "followers": [],
...         "options": {}, "players": 2}
>>> [(f.kind_name, f.points) for f in features(view).all]
[('city', 1), ('road', 1), ('field', 0), ('field', 0)]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from tavola.core.i18n import listed
from tavola.core.svg import seat_letter
from tavola.games.carcassonne.tiles import (
    BOX_COUNTS,
    CITY,
    CLOISTER,
    HALVES,
    IS_RIVER,
    KINDS,
    RIVER,
    ROAD,
    SIDES,
    TILE_INDEX,
    TILE_NAMES,
    VARIANTS,
    Variant,
    variant_id,
)
from tavola.games.carcassonne.translations import gettext, ngettext

Cell = tuple[int, int]
Node = tuple[int, int, int]  # x, y and the local segment (-1: the river)
NEIGHBOUR: Final = ((0, 1), (1, 0), (0, -1), (-1, 0))  # N, E, S, W with y to the north
RING: Final = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)


def variant_of(tile: dict[str, Any]) -> Variant:
    """The rotated variant of a tile of ``view["board"]``."""
    return VARIANTS[variant_id(TILE_INDEX[tile["tile"]], tile["rotation"] // 90)]


def follower_local(variant: Variant, feature: str) -> int:
    """The local segment a follower's feature (``"city N"``, ``"field Sl"``...) names."""
    kind, _, where = feature.partition(" ")
    if kind == "cloister":
        return variant.cloister
    if kind == "field":
        return variant.slots[4 + HALVES.index(where)]
    return variant.slots[SIDES.index(where)]


@dataclass
class Feature:
    """One road, city, field, cloister or the river, spread over tiles."""

    key: str
    kind: int
    nodes: list[Node] = field(default_factory=list)
    pennants: int = 0
    open_sides: int = 0
    followers: dict[int, int] = field(default_factory=dict)  # seat -> count
    cities: list[Feature] = field(default_factory=list)  # fields: the cities they touch
    neighbours: int = 0  # cloisters: tiles around it
    points: int = 0
    title: str = ""

    @property
    def kind_name(self) -> str:
        return KINDS[self.kind]

    @property
    def tiles(self) -> int:
        return len({(x, y) for x, y, _ in self.nodes})

    @property
    def complete(self) -> bool:
        if self.kind == CLOISTER:
            return self.neighbours == 8
        return self.kind in (ROAD, CITY) and not self.open_sides

    @property
    def owners(self) -> list[int]:
        """The seats with the most followers on it (ties: all of them)."""
        if not self.followers:
            return []
        best = max(self.followers.values())
        return sorted(seat for seat, count in self.followers.items() if count == best)


@dataclass
class Features:
    all: list[Feature]
    of_node: dict[Node, Feature]


def features(view: dict[str, Any]) -> Features:
    """Every feature on the board, keyed ``road-1``, ``city-2``, ...; ``river`` for the river.
    Their titles are in the current language."""
    tiles = {(t["x"], t["y"]): variant_of(t) for t in view["board"]}
    parent: dict[Node, Node] = {}

    def find(node: Node) -> Node:
        while parent[node] != node:
            parent[node] = node = parent[parent[node]]
        return node

    for (x, y), variant in sorted(tiles.items()):
        for local in range(len(variant.kinds)):
            parent[(x, y, local)] = (x, y, local)
        if variant.river_sides:
            parent[(x, y, -1)] = (x, y, -1)
    for (x, y), variant in sorted(tiles.items()):
        for side, (dx, dy) in enumerate(NEIGHBOUR):
            other = tiles.get((x + dx, y + dy))
            if other is None:
                continue
            for local, slot, _ in variant.links[side]:
                a, b = find((x, y, local)), find((x + dx, y + dy, other.slots[slot]))
                if a != b:
                    parent[max(a, b)] = min(a, b)
            if side in variant.river_sides:
                a, b = find((x, y, -1)), find((x + dx, y + dy, -1))
                parent[max(a, b)] = min(a, b)
    found: dict[Node, Feature] = {}
    of_node: dict[Node, Feature] = {}
    counts = dict.fromkeys(KINDS, 0)
    for node in sorted(parent, key=lambda n: (-n[1], n[0], n[2])):  # reading order
        root = find(node)
        feature = found.get(root)
        x, y, local = node
        variant = tiles[(x, y)]
        kind = RIVER if local < 0 else variant.kinds[local]
        if feature is None:
            name = KINDS[kind]
            counts[name] += 1
            key = "river" if kind == RIVER else f"{name}-{counts[name]}"
            feature = found[root] = Feature(key, kind)
        feature.nodes.append(node)
        of_node[node] = feature
        if local >= 0:
            feature.pennants += variant.pennants[local]
            if kind in (ROAD, CITY):
                sides = [s for s in range(4) if variant.slots[s] == local]
                feature.open_sides += sum(
                    (x + NEIGHBOUR[s][0], y + NEIGHBOUR[s][1]) not in tiles for s in sides
                )
            elif kind == CLOISTER:
                feature.neighbours = sum((x + dx, y + dy) in tiles for dx, dy in RING)
    for follower in view["followers"]:
        x, y = follower["x"], follower["y"]
        feature = of_node[(x, y, follower_local(tiles[(x, y)], follower["feature"]))]
        seat = follower["player"]
        feature.followers[seat] = feature.followers.get(seat, 0) + 1
    for (x, y), variant in tiles.items():  # the cities each field touches
        for local, adjacent in enumerate(variant.adjacent):
            farm = of_node[(x, y, local)]
            for city_local in adjacent:
                city = of_node[(x, y, city_local)]
                if city not in farm.cities:
                    farm.cities.append(city)
    every = list(found.values())
    options = view.get("options", {})
    for feature in every:
        _score(feature, options)
    return Features(every, of_node)


def _points(count: int) -> str:
    return ngettext("{count} point", "{count} points", count).format(count=count)


def _score(feature: Feature, options: dict[str, Any]) -> None:
    """The points it would give now, and the title that says so in words."""
    kind, tiles, pennants = feature.kind, feature.tiles, feature.pennants
    if kind == RIVER:
        feature.title = ngettext(
            "The river, {count} tile (no follower stands on it)",
            "The river, {count} tiles (no follower stands on it)",
            tiles,
        ).format(count=tiles)
        return
    if kind == ROAD:
        feature.points = tiles
        what = ngettext("Road of {count} tile", "Road of {count} tiles", tiles).format(count=tiles)
        rule = gettext("1 per tile")
    elif kind == CITY:
        what = ngettext("City of {count} tile", "City of {count} tiles", tiles).format(count=tiles)
        if pennants:
            flags = ngettext("{count} pennant", "{count} pennants", pennants).format(count=pennants)
            what = gettext("{city} with {pennants}").format(city=what, pennants=flags)
        if not feature.complete:
            feature.points = tiles + pennants
            rule = gettext("1 per tile and pennant")
        elif tiles == 2 and str(options.get("small_city", "2")) == "2":
            feature.points = 2 + pennants
            rule = gettext("a small city: 2 + 1 per pennant")
        else:
            feature.points = 2 * (tiles + pennants)
            rule = gettext("2 per tile and pennant")
    elif kind == CLOISTER:
        around = feature.neighbours
        feature.points = 9 if around == 8 else 1 + around
        what = gettext("Cloister with {around} of 8 neighbours").format(around=around)
        rule = gettext("9 when surrounded") if around == 8 else gettext("1 + 1 per neighbour")
    else:
        _score_field(feature, options)
        return
    if kind == CLOISTER:
        state = gettext("surrounded") if feature.complete else gettext("not surrounded")
    else:
        state = gettext("complete") if feature.complete else gettext("incomplete")
    if feature.complete:
        when = gettext("scored when completed")
    else:
        when = gettext("if the game ended now")
    feature.title = gettext("{what}, {state}: worth {points} ({rule}; {when}). {holders}").format(
        what=what,
        state=state,
        points=_points(feature.points),
        rule=rule,
        when=when,
        holders=_holders(feature),
    )


def _score_field(feature: Feature, options: dict[str, Any]) -> None:
    done = [city for city in feature.cities if city.complete]
    rule = str(options.get("farm_scoring", "per-farm-once"))
    cities = ngettext("{count} completed city", "{count} completed cities", len(done)).format(
        count=len(done)
    )
    what = ngettext(
        "Field of {count} tile touching {cities}",
        "Field of {count} tiles touching {cities}",
        feature.tiles,
    ).format(count=feature.tiles, cities=cities)
    if len(feature.cities) > len(done):
        what = gettext("{field} (and {count} incomplete)").format(
            field=what, count=len(feature.cities) - len(done)
        )
    if rule == "per-city":
        feature.points = 4 * len(done)
        worth = gettext(
            "fields score at the end: each completed city gives 4 to the players with most "
            "farmers in all the fields touching it"
        )
    else:
        feature.points = 3 * len(done)
        if rule == "per-farm-once":
            worth = gettext(
                "fields score at the end: {points} (3 per completed city, a player counting "
                "each city once)"
            )
        else:
            worth = gettext("fields score at the end: {points} (3 per completed city)")
        worth = worth.format(points=_points(feature.points))
    feature.title = gettext("{what}; {worth}. {holders}").format(
        what=what, worth=worth, holders=_holders(feature)
    )


def _followers(kind: int, count: int) -> str:
    """``count`` followers of a feature's kind: thieves, knights, monks or farmers."""
    if kind == ROAD:
        words = ngettext("{count} thief", "{count} thieves", count)
    elif kind == CITY:
        words = ngettext("{count} knight", "{count} knights", count)
    elif kind == CLOISTER:
        words = ngettext("{count} monk", "{count} monks", count)
    else:
        words = ngettext("{count} farmer", "{count} farmers", count)
    return words.format(count=count)


def _holders(feature: Feature) -> str:
    if not feature.followers:
        return gettext("No follower on it.")
    held = ", ".join(
        f"{seat_letter(seat)} {_followers(feature.kind, count)}"
        for seat, count in sorted(feature.followers.items())
    )
    owners = [seat_letter(seat) for seat in feature.owners]
    if len(owners) > 1:
        says = gettext("Followers: {held}; {owners} take its points.")
    else:
        says = gettext("Followers: {held}; {owners} takes its points.")
    return says.format(held=held, owners=str(listed(owners)))


def bag(view: dict[str, Any]) -> dict[str, int]:
    """The tiles still face down, by kind: the box less the board, the drawn tile and the
    tiles removed (River tiles only with the River)."""
    river = bool(view.get("options", {}).get("river"))
    left = {
        name: BOX_COUNTS[index]
        for index, name in enumerate(TILE_NAMES)
        if river or not IS_RIVER[index]
    }
    seen = [t["tile"] for t in view["board"]] + list(view["discarded"])
    if view.get("tile"):
        seen.append(view["tile"])
    for name in seen:
        left[name] -= 1
    return left
