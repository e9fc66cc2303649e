"""What a seat sees of a Carcassonne position: everything but the order of the face-down tiles.

The features on the board come summarised (``features``: who holds each, its size, what it
gives now), so that the pictures draw them without joining tiles or scoring.

The candidate cells of the drawn tile are listed in reading order (north row first, then
west to east); the terminal numbers them 1, 2, ... in that order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tavola.games.carcassonne.actions import PASS, PLACES, cell_xy, deploy_name, reading_order
from tavola.games.carcassonne.features import summaries
from tavola.games.carcassonne.tiles import ROTATIONS, TILE_NAMES, VARIANTS

if TYPE_CHECKING:
    from tavola.games.carcassonne.state import CarcassonneState


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
    return {**state.view_head(player, PHASES), **shared}


def shared_view(state: CarcassonneState) -> dict[str, Any]:
    """The view but its head: the same for every seat (the whole table is public), so a
    state keeps it until its next action and the views of its seats share it (read-only,
    as every view)."""
    from tavola.games.carcassonne.state import PLACE_PHASE

    board = []
    for key, (vid, _) in state.board.items():
        x, y = cell_xy(key)
        variant = VARIANTS[vid]
        board.append({"tile": variant.name, "x": x, "y": y, "rotation": 90 * variant.rotation})
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
    shared = {
        "tile": TILE_NAMES[state.tile] if state.phase == PLACE_PHASE else None,
        "board": board,
        "last": last,
        "followers": followers,
        "features": summaries(state),
        "candidates": candidates,
        "deploy": deploy,
        "supply": state.supply[:],
        "scores": state.scores,
        "tiles_left": state.tiles_left,
        "discarded": [TILE_NAMES[tile] for tile in state.discarded],
        "winners": state.winners,
    }
    if state.view_before is not None:
        reuse_unchanged(shared, state.view_before)
    return shared


def reuse_unchanged(shared: dict[str, Any], before: dict[str, Any]) -> None:
    """Put in ``shared`` the very objects of the shared view ``before`` (an earlier
    position's) for the values equal to them: each list that did not change, and each
    feature's summary that did not (most of them from one position to the next). So what
    is encoded by identity is encoded once for the positions that share it (the server's
    ``outbox.Parts``). Only equal values are replaced: the view is the same."""
    features = shared["features"]
    earlier = {summary["key"]: summary for summary in before["features"]}
    for index, summary in enumerate(features):
        kept = earlier.get(summary["key"])
        if kept is not None and kept == summary:
            features[index] = kept
    for key, value in shared.items():
        if type(value) is list and value and value == before[key]:
            shared[key] = before[key]
