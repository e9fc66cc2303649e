"""The heuristic bot's evaluation of a Carcassonne position.

A seat's value is its points now, plus what the final scoring would give it if the game
ended now (its incomplete roads, cities and cloisters, and its farms by the completed
cities they touch), plus ``SUPPLY_VALUE`` per follower still in supply while tiles remain
(a follower in hand can still earn), minus the same figure for the best other seat.

The search calls it on every leaf, so it reads the union-find directly instead of
building the final scoring's awards (``scoring.final_awards``, which it equals: tested).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tavola.games.carcassonne.actions import RING
from tavola.games.carcassonne.scoring import owners
from tavola.games.carcassonne.tiles import DEPLOY_CITY, DEPLOY_CLOISTER, DEPLOY_FIELD, VARIANTS

if TYPE_CHECKING:
    from tavola.games.carcassonne.state import CarcassonneState

SUPPLY_VALUE: Final = 1.5
FARM_POINTS: Final = {"per-farm-once": 3, "per-farm": 3, "per-city": 4}
# Per variant, each (field, city) pair of its segments that touch: what farms score by.
_FIELD_CITY: Final = tuple(
    tuple((field, city) for field, adjacent in variant.field_cities for city in adjacent)
    for variant in VARIANTS
)


_owners_of: dict[int, tuple[int, ...]] = {}  # packed count * 8 + players -> owners


def _owners(packed: int, players: int) -> tuple[int, ...]:
    """The seats with the most followers in a packed count (4 bits per seat), cached."""
    found = _owners_of.get(packed * 8 + players)
    if found is None:
        found = _owners_of[packed * 8 + players] = owners(packed, players)
    return found


def projected_points(state: CarcassonneState) -> list[float]:
    """Points plus the final scoring as it would be now, plus the followers' worth."""
    points = [float(p) for p in state.points]
    if state.is_over:
        return points
    n = state.num_players
    parent, meeples = state.parent, state.meeples
    features: dict[int, int] = {}  # root -> the follower's deploy offset (its kind)
    cells: dict[int, int] = {}  # cloister root -> its cell
    farms: dict[int, int] = {}  # farm root -> packed farmers
    for segment, _, key, offset in state.followers:
        root = segment
        while parent[root] != root:
            root = parent[root]
        if DEPLOY_FIELD <= offset < DEPLOY_CLOISTER:
            farms[root] = meeples[root]
        elif root not in features:
            features[root] = offset
            if offset == DEPLOY_CLOISTER:
                cells[root] = key
    if features:
        board = state.board
        repeats: dict[int, int] = {}  # root -> segments of one tile counted twice
        for group in state.multi:
            roots: list[int] = []
            for root in group:
                while parent[root] != root:
                    root = parent[root]
                if root in features:
                    if root in roots:  # the tile counts once: its second segment does not
                        repeats[root] = repeats.get(root, 0) + 1
                    else:
                        roots.append(root)
        size, pennants = state.size, state.pennants
        for root, offset in features.items():
            if offset == DEPLOY_CLOISTER:
                key = cells[root]
                value = 1 + sum(1 for step in RING if key + step in board)
            else:
                value = size[root] - repeats.get(root, 0)
                if offset >= DEPLOY_CITY:
                    value += pennants[root]
            for seat in _owners(meeples[root], n):
                points[seat] += value
    if farms:
        _add_farms(state, farms, points)
    # A follower in supply is worth less as the game nears its end.
    worth = SUPPLY_VALUE * min(1.0, state.tiles_left / 20)
    for seat, supply in enumerate(state.supply):
        points[seat] += worth * supply
    return points


def _add_farms(state: CarcassonneState, farms: dict[int, int], points: list[float]) -> None:
    """Add what the farms (root -> packed farmers) score by the completed cities they touch."""
    parent, open_ends, n = state.parent, state.open_ends, state.num_players
    cities: dict[int, set[int]] = {farm: set() for farm in farms}
    for vid, base in state.board.values():
        for field, city in _FIELD_CITY[vid]:
            farm = base + field
            while parent[farm] != farm:
                farm = parent[farm]
            touched = cities.get(farm)
            if touched is not None:
                root = base + city
                while parent[root] != root:
                    root = parent[root]
                if not open_ends[root]:
                    touched.add(root)
    rule = state.game.options["farm_scoring"]
    if rule == "per-city":
        farmers: dict[int, int] = {}
        for farm, touched in cities.items():
            for city in touched:
                farmers[city] = farmers.get(city, 0) + farms[farm]
        for packed in farmers.values():
            for seat in _owners(packed, n):
                points[seat] += FARM_POINTS[rule]
        return
    counted: list[set[int]] = [set() for _ in range(n)]
    for farm, touched in cities.items():
        if not touched:
            continue
        for seat in _owners(farms[farm], n):
            new = touched if rule == "per-farm" else touched - counted[seat]
            counted[seat] |= touched
            points[seat] += FARM_POINTS[str(rule)] * len(new)


def evaluate(state: CarcassonneState, player: int) -> float:
    """Projected points of ``player`` minus those of the best other seat."""
    points = projected_points(state)
    others = max(points[seat] for seat in range(len(points)) if seat != player)
    return points[player] - others
