"""The heuristic bot's evaluation of a Campanile position.

A seat's value is its points plus the final-scoring flags it would win if the game
ended now (towers ranked by their current height, majorities as they stand; the Finito
flags in 2009, the flags 8/4 6/3 4/2 2/1 in 1996), minus the same figure for the best
other seat. Building a tower up, placing a marker where
it turns a majority, and keeping ahead of the leader all raise it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tavola.games.campanile import scoring
from tavola.games.campanile.components import FINAL_1996

if TYPE_CHECKING:
    from tavola.games.campanile.towers import TowersState


def projected_points(state: TowersState) -> list[int]:
    """Each seat's points plus the flags a final scoring now would hand it."""
    points = list(state.scores)
    if state.is_over:
        return points
    kind = FINAL_1996 if state.rules.edition == "1996" else "finito"
    result = scoring.score(
        kind, state.num_players, state.heights, state.rules.positions, state.groups
    )
    for _, seat, value in result.awards:
        points[seat] += value
    return points


def evaluate(state: TowersState, player: int) -> float:
    """Projected points of ``player`` minus those of the best other seat."""
    points = projected_points(state)
    others = max(points[seat] for seat in range(len(points)) if seat != player)
    return float(points[player] - others)
