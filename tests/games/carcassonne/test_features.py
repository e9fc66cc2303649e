"""The engine's feature summaries (``view["features"]``) against an independent count: the
view's tiles joined across matching edges afresh, each feature scored by the rulebook."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tavola
from tavola.games.carcassonne import CarcassonneState
from tavola.games.carcassonne.svg_features import follower_local, variant_of
from tavola.games.carcassonne.tiles import (
    CITY,
    CLOISTER,
    FIELD,
    KINDS,
    RIVER,
    ROAD,
)
from tavola.testing import checks

Node = tuple[int, int, int]  # x, y and the local segment (-1: the river)
NEIGHBOUR = ((0, 1), (1, 0), (0, -1), (-1, 0))  # N, E, S, W with y to the north
RING = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)


def count(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The features of a view's board, joined and scored from its tiles and followers."""
    tiles = {(t["x"], t["y"]): variant_of(t) for t in view["board"]}
    parent: dict[Node, Node] = {}

    def find(node: Node) -> Node:
        while parent[node] != node:
            node = parent[node]
        return node

    for (x, y), variant in tiles.items():
        for local in range(len(variant.kinds)):
            parent[(x, y, local)] = (x, y, local)
        if variant.river_sides:
            parent[(x, y, -1)] = (x, y, -1)
    for (x, y), variant in tiles.items():
        for side, (dx, dy) in enumerate(NEIGHBOUR):
            other = tiles.get((x + dx, y + dy))
            if other is None:
                continue
            pairs = [
                ((x, y, local), (x + dx, y + dy, other.slots[slot]))
                for local, slot, _ in variant.links[side]
            ]
            if side in variant.river_sides:
                pairs.append(((x, y, -1), (x + dx, y + dy, -1)))
            for one, two in pairs:
                a, b = find(one), find(two)
                parent[max(a, b)] = min(a, b)
    found: dict[Node, dict[str, Any]] = {}
    numbers = dict.fromkeys(KINDS, 0)
    for node in sorted(parent, key=lambda n: (-n[1], n[0], n[2])):  # reading order
        x, y, local = node
        variant = tiles[(x, y)]
        kind = RIVER if local < 0 else variant.kinds[local]
        feature = found.get(find(node))
        if feature is None:
            numbers[KINDS[kind]] += 1
            key = "river" if kind == RIVER else f"{KINDS[kind]}-{numbers[KINDS[kind]]}"
            feature = found[find(node)] = {
                "key": key,
                "kind": KINDS[kind],
                "segments": [],
                "pennants": 0,
                "open": 0,
                "followers": [0] * view["players"],
                "cities": [],
            }
        feature["segments"].append([x, y, local])
        if local >= 0:
            feature["pennants"] += variant.pennants[local]
            sides = [s for s in range(4) if variant.slots[s] == local]
            feature["open"] += sum(
                (x + NEIGHBOUR[s][0], y + NEIGHBOUR[s][1]) not in tiles for s in sides
            )
            if kind == CLOISTER:
                feature["neighbours"] = sum((x + dx, y + dy) in tiles for dx, dy in RING)
    for follower in view["followers"]:
        x, y = follower["x"], follower["y"]
        node = (x, y, follower_local(tiles[(x, y)], follower["feature"]))
        found[find(node)]["followers"][follower["player"]] += 1
    for (x, y), variant in sorted(tiles.items(), key=lambda item: (-item[0][1], item[0][0])):
        for local, adjacent in enumerate(variant.adjacent):
            cities = found[find((x, y, local))]["cities"]
            for city in adjacent:
                key = found[find((x, y, city))]["key"]
                if key not in cities:
                    cities.append(key)
    features = list(found.values())
    by_key = {f["key"]: f for f in features}
    for feature in sorted(features, key=lambda f: f["kind"] == "field"):  # fields last
        _score(feature, by_key, view["options"])
    return features


def _score(feature: dict[str, Any], by_key: dict[str, Any], options: dict[str, Any]) -> None:
    """As the rulebook scores it: what is complete as during play, the rest as at the end."""
    kind = KINDS.index(feature["kind"])
    feature["tiles"] = len({(x, y) for x, y, _ in feature["segments"]})
    tiles, pennants = feature["tiles"], feature["pennants"]
    most = max(feature["followers"])
    feature["owners"] = [s for s, n in enumerate(feature["followers"]) if most and n == most]
    open_ends = feature.pop("open")
    feature["complete"] = kind in (ROAD, CITY) and not open_ends
    cities = feature.pop("cities")
    if kind == CLOISTER:
        feature["complete"] = feature["neighbours"] == 8
        feature["points"] = 9 if feature["complete"] else 1 + feature["neighbours"]
    elif kind == ROAD:
        feature["points"] = tiles
    elif kind == CITY and not feature["complete"]:
        feature["points"] = tiles + pennants
    elif kind == CITY:
        small = tiles == 2 and options["small_city"] == "2"
        feature["points"] = 2 + pennants if small else 2 * (tiles + pennants)
    elif kind == FIELD:
        feature["cities"] = cities
        done = sum(by_key[key]["complete"] for key in cities)
        feature["points"] = (4 if options["farm_scoring"] == "per-city" else 3) * done
    else:
        feature["points"] = 0


GAMES = [
    (1, 2, False, {}),
    (2, 3, True, {"small_city": "4"}),
    (3, 5, False, {"farm_scoring": "per-city"}),
    (4, 4, True, {"farm_scoring": "per-farm"}),
]


@pytest.mark.parametrize(("seed", "players", "river", "options"), GAMES)
def test_the_summaries_are_the_independent_count(
    seed: int, players: int, river: bool, options: dict[str, str]
) -> None:
    game = tavola.load("carcassonne", players=players, river=river, **options)
    kinds: set[str] = set()
    for state in checks.random_positions(game, seed, 2):
        assert isinstance(state, CarcassonneState)
        view = state.view(None)
        assert view["features"] == count(view)
        complete = {f["kind"] for f in view["features"] if f["complete"]}
        kinds |= complete | {f["kind"] for f in view["features"] if f["points"]}
    assert {"road", "city", "cloister", "field"} <= kinds


@pytest.mark.parametrize(("seed", "players", "river", "options"), GAMES[:2])
def test_a_view_keeps_the_unchanged_parts_of_the_one_before_and_equals_it_rebuilt(
    seed: int, players: int, river: bool, options: dict[str, str]
) -> None:
    """Each position's view reuses the objects of the view before that did not change
    (``views.shared_view``): at every step of a random game it equals the view of the
    same position built afresh, and most of its features' summaries are kept."""
    game = tavola.load("carcassonne", players=players, river=river, **options)
    state = game.new_game(seed)
    rng = random.Random(seed)
    played: list[int] = []
    before = state.view(0)
    kept = changed = 0
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        state.apply(action)
        played.append(action)
        view = state.view(rng.choice([None, 0]))
        afresh = game.new_game(seed)
        for earlier in played:
            afresh.apply(earlier)
        assert view == afresh.view(view["seat"])
        earlier_ids = {id(summary) for summary in before["features"]}
        kept += sum(id(summary) in earlier_ids for summary in view["features"])
        changed += sum(id(summary) not in earlier_ids for summary in view["features"])
        before = view
    assert kept > 2 * changed
