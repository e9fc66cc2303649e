"""The heuristic bot's evaluation of a Campanile position.

A seat's value is its points plus the final-scoring flags it would win if the game
ended now (towers ranked by their current height, majorities as they stand), minus
the same figure for the best other seat. Building a tower up, placing a marker where
it turns a majority, and keeping ahead of the leader all raise it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tavola.games.campanile import scoring

if TYPE_CHECKING:
    from tavola.games.campanile.state import CampanileState


def projected_points(state: CampanileState) -> list[int]:
    """Each seat's points plus the flags a final scoring now would hand it."""
    points = list(state.scores)
    if state.is_over:
        return points
    result = scoring.score(
        "finito", state.num_players, state.heights, state.game.positions, state.groups
    )
    for _, seat, value in result.awards:
        points[seat] += value
    return points


def evaluate(state: CampanileState, player: int) -> float:
    """Projected points of ``player`` minus those of the best other seat."""
    points = projected_points(state)
    others = max(points[seat] for seat in range(len(points)) if seat != player)
    return float(points[player] - others)
