"""The heuristic bot's evaluation of a Carcassonne position.

A seat's value is its points now, plus what the final scoring would give it if the game
ended now (its incomplete roads, cities and cloisters, and its farms by the completed
cities they touch), plus ``SUPPLY_VALUE`` per follower still in supply while tiles remain
(a follower in hand can still earn), minus the same figure for the best other seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tavola.games.carcassonne.scoring import final_awards

if TYPE_CHECKING:
    from tavola.games.carcassonne.state import CarcassonneState

SUPPLY_VALUE: Final = 1.5


def projected_points(state: CarcassonneState) -> list[float]:
    """Points plus the final scoring as it would be now, plus the followers' worth."""
    points = [float(p) for p in state.points]
    if state.is_over:
        return points
    for award in final_awards(state):
        for seat in award.owners:
            points[seat] += award.points
    # A follower in supply is worth less as the game nears its end.
    worth = SUPPLY_VALUE * min(1.0, state.tiles_left / 20)
    for seat, supply in enumerate(state.supply):
        points[seat] += worth * supply
    return points


def evaluate(state: CarcassonneState, player: int) -> float:
    """Projected points of ``player`` minus those of the best other seat."""
    points = projected_points(state)
    others = max(points[seat] for seat in range(len(points)) if seat != player)
    return points[player] - others
