"""What a seat sees of a Carcassonne position: everything but the order of the face-down tiles.

The features on the board come summarised (``features``: who holds each, its size, what it
gives now), so that the pictures draw them without joining tiles or scoring.

The candidate cells of the drawn tile are listed in reading order (north row first, then
west to east); the terminal numbers them 1, 2, ... in that order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from tavola.games.carcassonne.actions import PASS, PLACES, cell_xy, deploy_name, reading_order
from tavola.games.carcassonne.features import Feature, gather
from tavola.games.carcassonne.tiles import ROTATIONS, TILE_NAMES, VARIANTS

if TYPE_CHECKING:
    from tavola.games.carcassonne.state import CarcassonneState

# A board entry is made from ``PLACED_CODE * cell key + variant``.
PLACED_CODE: Final = len(VARIANTS)


class SharedView:
    """The part of a position's view every seat sees alike (``parts``), with what it was
    made from, so that the next position's reuses what did not change."""

    __slots__ = ("features", "followers", "parts", "placed")

    def __init__(
        self,
        parts: dict[str, Any],
        features: dict[str, Feature],
        placed: list[int],
        followers: list[tuple[int, int, int, int]],
    ) -> None:
        self.parts = parts
        self.features = features  # by key, each with its summary
        self.placed = placed  # each board entry's code (``PLACED_CODE``)
        self.followers = followers  # the state's list (replaced, never changed)


def candidate_cells(state: CarcassonneState) -> list[int]:
    """The cells where the drawn tile fits, in reading order (empty outside the place step)."""
    from tavola.games.carcassonne.state import PLACE_PHASE

    if state.phase != PLACE_PHASE:
        return []
    return sorted({action >> 2 for action in state.legal_ids()}, key=reading_order)


def view(state: CarcassonneState, player: int | None) -> dict[str, Any]:
    from tavola.games.carcassonne.state import PHASES

    shared = state.shared_view
    if shared is None:
        shared = state.shared_view = shared_view(state)
    return {**state.view_head(player, PHASES), **shared.parts}


def shared_view(state: CarcassonneState) -> SharedView:
    """The view but its head: the same for every seat (the whole table is public), so a
    state keeps it until its next action and the views of its seats share it (read-only,
    as every view). Its parts that equal those of the shared view made before
    (``view_before``, an earlier position's) are the very objects of that view: each
    unchanged list, board entry, and feature's summary (most of them from one position to
    the next). So a patch of one position's state to the next (the server's ``patches``)
    passes over them at once: a list compares its items by identity first. Only equal
    values are shared: the view is the same."""
    from tavola.games.carcassonne.state import PLACE_PHASE

    before = state.view_before
    board, placed = board_entries(state, before)
    if before is not None and before.followers is state.followers:
        followers = before.parts["followers"]
    else:
        followers = []
        for _, seat, key, offset in state.followers:
            x, y = cell_xy(key)
            followers.append({"player": seat, "x": x, "y": y, "feature": deploy_name(offset)})
    rotations: dict[int, list[int]] = {}
    if state.phase == PLACE_PHASE:
        for action in state.legal_ids():
            rotations.setdefault(action >> 2, []).append(ROTATIONS[action & 3])
    candidates = []
    for key in candidate_cells(state):
        x, y = cell_xy(key)
        candidates.append({"x": x, "y": y, "rotations": rotations[key]})
    deploy = [deploy_name(a - PLACES) for a in state.legal_ids() if a != PASS and a >= PLACES]
    last = None
    if state.last >= 0:
        x, y = cell_xy(state.last)
        last = {"x": x, "y": y}
    features = feature_summaries(state, before)
    parts = {
        "tile": TILE_NAMES[state.tile] if state.phase == PLACE_PHASE else None,
        "board": board,
        "last": last,
        "followers": followers,
        "features": [feature.summary_of(state.num_players) for feature in features.values()],
        "candidates": candidates,
        "deploy": deploy,
        "supply": state.supply[:],
        "scores": state.scores,
        "tiles_left": state.tiles_left,
        "discarded": [TILE_NAMES[tile] for tile in state.discarded],
        "winners": state.winners,
    }
    if before is not None:
        earlier = before.parts
        for name, value in parts.items():
            if type(value) is list and value and value == earlier[name]:
                parts[name] = earlier[name]
    return SharedView(parts, features, placed, state.followers)


def board_entries(
    state: CarcassonneState, before: SharedView | None
) -> tuple[list[dict[str, Any]], list[int]]:
    """The board's entries in the view, and their codes: those ``before`` has (the same
    tile at the same place in the same order: the board only grows) are its own."""
    earlier: list[dict[str, Any]] = before.parts["board"] if before is not None else []
    known = before.placed if before is not None else []
    board: list[dict[str, Any]] = []
    placed: list[int] = []
    for key, (vid, _) in state.board.items():
        code = PLACED_CODE * key + vid
        index = len(placed)
        placed.append(code)
        if index < len(known) and known[index] == code:
            board.append(earlier[index])
            continue
        x, y = cell_xy(key)
        variant = VARIANTS[vid]
        board.append({"tile": variant.name, "x": x, "y": y, "rotation": 90 * variant.rotation})
    return board, placed


def feature_summaries(state: CarcassonneState, before: SharedView | None) -> dict[str, Feature]:
    """The features on the board by key, in order; each that ``before`` has alike is its
    own (with its summary)."""
    earlier = before.features if before is not None else {}
    features: dict[str, Feature] = {}
    for feature in gather(state):
        kept = earlier.get(feature.key)
        features[feature.key] = kept if kept is not None and feature.same(kept) else feature
    return features
