"""Carcassonne's tensor observation: a seat's view as a flat list of numbers.

The board is seen through a window of ``WINDOW x WINDOW`` cells centred on the middle of
the placed tiles' bounding box (row 0 is the northern row, column 0 the western one);
tiles outside it are only counted. Layout, ``n`` seats:

- per cell, row by row, ``CELL_FEATURES + n`` numbers: occupied; per side N, E, S, W a
  one-hot of field, road, city, river (16); cloister; pennants; the drawn tile may go
  there; it is the tile just placed; then the followers of each seat on it;
- seat one-hot (n), player to act one-hot (n), step one-hot (place, deploy, over);
- the drawn tile one-hot (one per tile name, 34); the deploy offsets open now (17:
  road N E S W, city N E S W, field Nl .. Wr, cloister);
- per seat: followers in supply, points; then tiles left and tiles outside the window.

>>> import tavola
>>> game = tavola.load("carcassonne", players=3)
>>> len(game.encode_view(game.new_game(seed=1).view(0))) == game.observation_shape[0]
True
"""

from __future__ import annotations

from typing import Any, Final

from tavola.games.carcassonne.actions import deploy_name
from tavola.games.carcassonne.tiles import (
    DEPLOY_PASS,
    NUM_TILES,
    TILE_INDEX,
    VARIANTS,
    variant_id,
)

WINDOW: Final = 21
CELL_FEATURES: Final = 21
PHASES: Final = ("place", "deploy", "over")
DEPLOY_NAMES: Final = tuple(deploy_name(offset) for offset in range(DEPLOY_PASS))


def observation_size(num_players: int) -> int:
    n = num_players
    cells = WINDOW * WINDOW * (CELL_FEATURES + n)
    return cells + 2 * n + len(PHASES) + NUM_TILES + len(DEPLOY_NAMES) + 2 * n + 2


def encode(view: dict[str, Any]) -> list[float]:
    """The flat tensor of a view (see the module docstring for the layout)."""
    n: int = view["players"]
    width = CELL_FEATURES + n
    out = [0.0] * observation_size(n)
    board = view["board"]
    xs = [tile["x"] for tile in board]
    ys = [tile["y"] for tile in board]
    west = (min(xs) + max(xs)) // 2 - WINDOW // 2
    north = (min(ys) + max(ys)) // 2 + WINDOW // 2

    def cell(x: int, y: int) -> int:
        column, row = int(x) - west, north - int(y)
        if 0 <= column < WINDOW and 0 <= row < WINDOW:
            return int((row * WINDOW + column) * width)
        return -1

    outside = 0
    for tile in board:
        at = cell(tile["x"], tile["y"])
        if at < 0:
            outside += 1
            continue
        variant = VARIANTS[variant_id(TILE_INDEX[tile["tile"]], tile["rotation"] // 90)]
        out[at] = 1.0
        for side, edge in enumerate(variant.edges):
            out[at + 1 + 4 * side + edge] = 1.0
        out[at + 17] = float(variant.cloister >= 0)
        out[at + 18] = float(sum(variant.pennants))
    for candidate in view["candidates"]:
        at = cell(candidate["x"], candidate["y"])
        if at >= 0:
            out[at + 19] = 1.0
    if view["last"] is not None:
        at = cell(view["last"]["x"], view["last"]["y"])
        if at >= 0:
            out[at + 20] = 1.0
    for follower in view["followers"]:
        at = cell(follower["x"], follower["y"])
        if at >= 0:
            out[at + CELL_FEATURES + follower["player"]] += 1.0
    at = WINDOW * WINDOW * width
    if view["seat"] is not None:
        out[at + view["seat"]] = 1.0
    if view["current_player"] is not None:
        out[at + n + view["current_player"]] = 1.0
    at += 2 * n
    out[at + PHASES.index(view["phase"])] = 1.0
    at += len(PHASES)
    if view["tile"] is not None:
        out[at + TILE_INDEX[view["tile"]]] = 1.0
    at += NUM_TILES
    for name in view["deploy"]:
        out[at + DEPLOY_NAMES.index(name)] = 1.0
    at += len(DEPLOY_NAMES)
    for seat in range(n):
        out[at + 2 * seat] = float(view["supply"][seat])
        out[at + 2 * seat + 1] = float(view["scores"][seat])
    at += 2 * n
    out[at] = float(view["tiles_left"])
    out[at + 1] = float(outside)
    return out
