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
>>> [(f["key"], f["tiles"], f["points"]) for f in summaries(state)]
[('city-1', 1, 1), ('road-1', 1, 1), ('field-1', 1, 0), ('field-2', 1, 0)]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tavola.games.carcassonne.actions import cell_xy
from tavola.games.carcassonne.scoring import FARM_POINTS, owners, points_now, ring
from tavola.games.carcassonne.tiles import CLOISTER, FIELD, KINDS, RIVER, VARIANTS

if TYPE_CHECKING:
    from tavola.games.carcassonne.state import CarcassonneState


def summaries(state: CarcassonneState) -> list[dict[str, Any]]:
    """Every feature on the board, in the order of their keys' first segments."""
    parent, open_ends, meeples = state.parent, state.open_ends, state.meeples
    players = state.num_players
    counts = [0] * len(KINDS)
    found: dict[int, dict[str, Any]] = {}  # root segment (-1: the river) -> summary
    last_cell: dict[int, int] = {}  # root -> the cell its last segment lay on
    touched: dict[int, list[int]] = {}  # a field's root -> the roots of its cities
    board = state.board
    cells = sorted((-y, x, y, cell) for cell in board for x, y in (cell_xy(cell),))
    for _, x, y, key in cells:  # in reading order
        vid, base = board[key]
        variant = VARIANTS[vid]
        if variant.river_sides:
            river = found.get(-1)
            if river is None:
                river = found[-1] = _summary("river", RIVER, players)
            river["segments"].append([x, y, -1])
            river["tiles"] += 1
        for local, kind in enumerate(variant.kinds):
            root = base + local
            while parent[root] != root:
                root = parent[root]
            summary = found.get(root)
            if summary is None:
                counts[kind] += 1
                summary = found[root] = _summary(f"{KINDS[kind]}-{counts[kind]}", kind, players)
                summary["pennants"] = state.pennants[root]
                if kind == CLOISTER:
                    summary["neighbours"] = ring(state, key)
                elif kind == FIELD:
                    touched[root] = []
            summary["segments"].append([x, y, local])
            if last_cell.get(root) != key:
                last_cell[root] = key
                summary["tiles"] += 1
        for local, adjacent in variant.field_cities:
            farm = base + local
            while parent[farm] != farm:
                farm = parent[farm]
            cities = touched[farm]
            for city in adjacent:
                root = base + city
                while parent[root] != root:
                    root = parent[root]
                if root not in cities:
                    cities.append(root)
    small_city = state.game.options["small_city"] == "2"
    farm_points = FARM_POINTS[str(state.game.options["farm_scoring"])]
    for root, summary in found.items():
        kind = KINDS.index(summary["kind"])
        packed = meeples[root] if root >= 0 else 0
        if packed:
            summary["followers"] = [(packed >> (4 * seat)) & 15 for seat in range(players)]
            summary["owners"] = list(owners(packed, players))
        if kind == FIELD:
            cities = touched[root]
            summary["cities"] = [found[city]["key"] for city in cities]
            summary["points"] = farm_points * sum(1 for city in cities if not open_ends[city])
        elif kind == CLOISTER:
            around = summary["neighbours"]
            summary["complete"] = around == 8
            summary["points"] = points_now(kind, 1 + around, 0, around == 8, small_city)
        elif kind != RIVER:
            complete = summary["complete"] = not open_ends[root]
            summary["points"] = points_now(
                kind, summary["tiles"], summary["pennants"], complete, small_city
            )
    return list(found.values())


def _summary(key: str, kind: int, players: int) -> dict[str, Any]:
    return {
        "key": key,
        "kind": KINDS[kind],
        "segments": [],
        "tiles": 0,
        "pennants": 0,
        "complete": False,
        "followers": [0] * players,
        "owners": [],
        "points": 0,
    }
