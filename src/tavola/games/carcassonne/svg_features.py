"""The features of a Carcassonne view for its picture: each road, city, field, cloister and
the river as the engine summarises it in the view (``view["features"]``, made by
``features``: who holds it, its size, what it would score now), with the tile segments it
covers and its title in words.

>>> import tavola
>>> view = tavola.load("carcassonne", tiles=["E"]).new_game(seed=1).view(None)
>>> [(f.kind_name, f.points) for f in features(view).all]
[('city', 1), ('road', 1), ('field', 0), ('field', 0)]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tavola.core.i18n import listed
from tavola.core.svg import seat_name
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

Node = tuple[int, int, int]  # x, y and the local segment (-1: the river)


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
    """One road, city, field, cloister or the river, spread over tiles (a summary of the
    view's ``features``)."""

    key: str
    kind: int
    nodes: list[Node]
    tiles: int
    pennants: int
    complete: bool
    points: int
    owners: list[int]  # the seats with the most followers on it (ties: all of them)
    followers: dict[int, int] = field(default_factory=dict)  # seat -> count
    cities: list[Feature] = field(default_factory=list)  # fields: the cities they touch
    neighbours: int = 0  # cloisters: tiles around it
    title: str = ""

    @property
    def kind_name(self) -> str:
        return KINDS[self.kind]


@dataclass
class Features:
    all: list[Feature]
    of_node: dict[Node, Feature]


def features(view: dict[str, Any]) -> Features:
    """Every feature on the board, keyed ``road-1``, ``city-2``, ...; ``river`` for the river.
    Their titles are in the current language."""
    every: list[Feature] = []
    by_key: dict[str, Feature] = {}
    of_node: dict[Node, Feature] = {}
    for summary in view["features"]:
        feature = Feature(
            summary["key"],
            KINDS.index(summary["kind"]),
            [(x, y, local) for x, y, local in summary["segments"]],
            summary["tiles"],
            summary["pennants"],
            summary["complete"],
            summary["points"],
            summary["owners"],
            {seat: count for seat, count in enumerate(summary["followers"]) if count},
            neighbours=summary.get("neighbours", 0),
        )
        every.append(feature)
        by_key[feature.key] = feature
        for node in feature.nodes:
            of_node[node] = feature
    for summary, feature in zip(view["features"], every, strict=True):
        feature.cities = [by_key[key] for key in summary.get("cities", ())]
    for feature in every:
        _title(feature, view)
    return Features(every, of_node)


def _points(count: int) -> str:
    return ngettext("{count} point", "{count} points", count).format(count=count)


def _title(feature: Feature, view: dict[str, Any]) -> None:
    """The title that says in words what it is, who holds it and what it gives now."""
    options = view.get("options", {})
    kind, tiles, pennants = feature.kind, feature.tiles, feature.pennants
    if kind == RIVER:
        feature.title = ngettext(
            "The river, {count} tile (no follower stands on it)",
            "The river, {count} tiles (no follower stands on it)",
            tiles,
        ).format(count=tiles)
        return
    if kind == ROAD:
        what = ngettext("Road of {count} tile", "Road of {count} tiles", tiles).format(count=tiles)
        rule = gettext("1 per tile")
    elif kind == CITY:
        what = ngettext("City of {count} tile", "City of {count} tiles", tiles).format(count=tiles)
        if pennants:
            flags = ngettext("{count} pennant", "{count} pennants", pennants).format(count=pennants)
            what = gettext("{city} with {pennants}").format(city=what, pennants=flags)
        if not feature.complete:
            rule = gettext("1 per tile and pennant")
        elif tiles == 2 and str(options.get("small_city", "2")) == "2":
            rule = gettext("a small city: 2 + 1 per pennant")
        else:
            rule = gettext("2 per tile and pennant")
    elif kind == CLOISTER:
        around = feature.neighbours
        what = gettext("Cloister with {around} of 8 neighbours").format(around=around)
        rule = gettext("9 when surrounded") if around == 8 else gettext("1 + 1 per neighbour")
    else:
        _field_title(feature, view)
        return
    if kind == CLOISTER:
        state = gettext("surrounded") if feature.complete else gettext("not surrounded")
    else:
        state = gettext("complete") if feature.complete else gettext("incomplete")
    if view.get("phase") == "over":  # the final scoring is done: what it scored
        when = gettext("when completed") if feature.complete else gettext("at the game's end")
        says = gettext("{what}, {state}: scored {points} ({rule}; {when}). {holders}")
    else:
        if feature.complete:
            when = gettext("scored when completed")
        else:
            when = gettext("if the game ended now")
        says = gettext("{what}, {state}: worth {points} ({rule}; {when}). {holders}")
    feature.title = says.format(
        what=what,
        state=state,
        points=_points(feature.points),
        rule=rule,
        when=when,
        holders=_holders(feature, view),
    )


def _field_title(feature: Feature, view: dict[str, Any]) -> None:
    options = view.get("options", {})
    done = [city for city in feature.cities if city.complete]
    rule = str(options.get("farm_scoring", "per-farm-once"))
    # the cities it touches: the completed, then the incomplete ones, no part that is zero
    open_ = len(feature.cities) - len(done)
    if done:
        cities = ngettext("{count} completed city", "{count} completed cities", len(done))
    elif open_:
        cities = ngettext("{count} incomplete city", "{count} incomplete cities", open_)
    else:
        cities = ngettext(
            "Field of {count} tile touching no city",
            "Field of {count} tiles touching no city",
            feature.tiles,
        )
    if done or open_:
        what = ngettext(
            "Field of {count} tile touching {cities}",
            "Field of {count} tiles touching {cities}",
            feature.tiles,
        ).format(count=feature.tiles, cities=cities.format(count=len(done) or open_))
    else:
        what = cities.format(count=feature.tiles)
    if done and open_:
        what = ngettext(
            "{field} (and {count} incomplete)", "{field} (and {count} incomplete ones)", open_
        ).format(field=what, count=open_)
    over = view.get("phase") == "over"  # the final scoring is done: what they scored
    if rule == "per-city" and over:
        worth = gettext(
            "fields scored at the end: each completed city gave 4 to the players with most "
            "farmers in all the fields touching it"
        )
    elif rule == "per-city":
        worth = gettext(
            "fields score at the end: each completed city gives 4 to the players with most "
            "farmers in all the fields touching it"
        )
    elif rule == "per-farm-once" and over:
        worth = gettext(
            "fields scored at the end: {points} (3 per completed city, a player counting "
            "each city once)"
        ).format(points=_points(feature.points))
    elif rule == "per-farm-once":
        worth = gettext(
            "fields score at the end: {points} (3 per completed city, a player counting "
            "each city once)"
        ).format(points=_points(feature.points))
    elif over:
        worth = gettext("fields scored at the end: {points} (3 per completed city)").format(
            points=_points(feature.points)
        )
    else:
        worth = gettext("fields score at the end: {points} (3 per completed city)").format(
            points=_points(feature.points)
        )
    feature.title = gettext("{what}; {worth}. {holders}").format(
        what=what, worth=worth, holders=_holders(feature, view)
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


def _holders(feature: Feature, view: dict[str, Any]) -> str:
    if not feature.followers:
        return gettext("No follower on it.")
    held = ", ".join(
        f"{seat_name(view, seat)} ({_followers(feature.kind, count)})"
        for seat, count in sorted(feature.followers.items())
    )
    owners = [seat_name(view, seat) for seat in feature.owners]
    if view.get("phase") == "over":
        says = gettext("Followers: {held}; {owners} took its points.")
    elif len(owners) > 1:
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
