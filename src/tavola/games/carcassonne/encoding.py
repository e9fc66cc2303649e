"""Carcassonne's tensor observation: a seat's view as a flat list of numbers
(the functions of ``tavola.core.package_game.EncodingModule``).

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

from typing import TYPE_CHECKING, Any, Final

from tavola.core.game import Tensor
from tavola.games.carcassonne.actions import PASS, PLACES, SPAN, deploy_name
from tavola.games.carcassonne.tiles import (
    DEPLOY_PASS,
    NUM_TILES,
    TILE_INDEX,
    VARIANTS,
    variant_id,
)

if TYPE_CHECKING:
    from tavola.games.carcassonne.state import CarcassonneState

WINDOW: Final = 21
CELL_FEATURES: Final = 21
PHASES: Final[tuple[str, ...]] = ("place", "deploy", "over")
DEPLOY_NAMES: Final = tuple(deploy_name(offset) for offset in range(DEPLOY_PASS))
CANDIDATE: Final = 19  # the features of a cell: the drawn tile may go there
LAST: Final = 20  # it is the tile just placed
# Per variant, the features of its cell that are not zero: (offset in the cell, value).
VARIANT_FEATURES: Final = tuple(
    (
        (0, 1.0),
        *((1 + 4 * side + edge, 1.0) for side, edge in enumerate(variant.edges)),
        *(((17, 1.0),) if variant.cloister >= 0 else ()),
        *(((18, float(sum(variant.pennants))),) if sum(variant.pennants) else ()),
    )
    for variant in VARIANTS
)


def observation_size(num_players: int) -> int:
    n = num_players
    cells = WINDOW * WINDOW * (CELL_FEATURES + n)
    return cells + 2 * n + len(PHASES) + NUM_TILES + len(DEPLOY_NAMES) + 2 * n + 2


def encode(view: dict[str, Any]) -> list[float]:
    """The flat tensor of a view (see the module docstring for the layout)."""
    out = [0.0] * observation_size(view["players"])
    encode_view_into(view, out)
    return out


def encode_view_into(view: dict[str, Any], out: Tensor) -> None:
    """Write the tensor of a view into ``out`` (zeros): only the numbers that are not zero."""
    n: int = view["players"]
    width = CELL_FEATURES + n
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
        vid = variant_id(TILE_INDEX[tile["tile"]], tile["rotation"] // 90)
        for offset, value in VARIANT_FEATURES[vid]:
            out[at + offset] = value
    for candidate in view["candidates"]:
        at = cell(candidate["x"], candidate["y"])
        if at >= 0:
            out[at + CANDIDATE] = 1.0
    if view["last"] is not None:
        at = cell(view["last"]["x"], view["last"]["y"])
        if at >= 0:
            out[at + LAST] = 1.0
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
    _write_tail(out, at + len(DEPLOY_NAMES), view["supply"], view["scores"])
    at += len(DEPLOY_NAMES) + 2 * n
    out[at] = float(view["tiles_left"])
    out[at + 1] = float(outside)


def encode_state_into(state: CarcassonneState, player: int | None, out: Tensor) -> None:
    """``encode_view_into(state.view(player), out)``, read straight from the state."""
    from tavola.games.carcassonne.state import PLACE_PHASE

    n = state.num_players
    width = CELL_FEATURES + n
    board = state.board
    # A cell key is column * SPAN + row, the column and the row counted from the far
    # south-west: x = column - RADIUS, y = row - RADIUS.
    columns = [key // SPAN for key in board]
    rows = [key % SPAN for key in board]
    west = (min(columns) + max(columns)) // 2 - WINDOW // 2
    north = (min(rows) + max(rows)) // 2 + WINDOW // 2
    edge = WINDOW * width  # a row of the window

    outside = 0
    features = VARIANT_FEATURES
    for key, (vid, _) in board.items():
        column, row = divmod(key, SPAN)
        column -= west
        row = north - row
        if 0 <= column < WINDOW and 0 <= row < WINDOW:
            at = row * edge + column * width
            for offset, value in features[vid]:
                out[at + offset] = value
        else:
            outside += 1
    legal = state.legal_ids()
    phase = state.phase
    if phase == PLACE_PHASE:
        for key in {action >> 2 for action in legal}:
            column, row = divmod(key, SPAN)
            column -= west
            row = north - row
            if 0 <= column < WINDOW and 0 <= row < WINDOW:
                out[row * edge + column * width + CANDIDATE] = 1.0
    marks = [(state.last, LAST)] if state.last >= 0 else []
    marks += [(key, CELL_FEATURES + seat) for _, seat, key, _ in state.followers]
    for key, offset in marks:
        column, row = divmod(key, SPAN)
        column -= west
        row = north - row
        if 0 <= column < WINDOW and 0 <= row < WINDOW:
            out[row * edge + column * width + offset] += 1.0
    at = WINDOW * edge
    if player is not None:
        out[at + player] = 1.0
    current = state.current_player
    if current is not None:
        out[at + n + current] = 1.0
    at += 2 * n
    out[at + phase] = 1.0
    at += len(PHASES)
    if phase == PLACE_PHASE:
        out[at + state.tile] = 1.0
    at += NUM_TILES
    for action in legal:
        if PLACES <= action < PASS:
            out[at + action - PLACES] = 1.0
    _write_tail(out, at + len(DEPLOY_NAMES), state.supply, state.points)
    at += len(DEPLOY_NAMES) + 2 * n
    out[at] = float(state.tiles_left)
    out[at + 1] = float(outside)


def _write_tail(out: Tensor, at: int, supply: list[int], scores: list[int]) -> None:
    for seat, followers in enumerate(supply):
        if followers:
            out[at + 2 * seat] = float(followers)
        if scores[seat]:
            out[at + 2 * seat + 1] = float(scores[seat])
