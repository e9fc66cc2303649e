"""The heuristic bot's evaluation of a ClockTowers position.

A seat's value is its points plus, for each unfinished tower, the points it would score
if completed with its animals as they are (a roof adds none), weighted by how near it
is to a legal roof:

- clock on it and its floors exactly what some roof colour needs now: 0.7;
- clock on it, fewer floors than it has are needed by some colour (reachable after
  completing lower towers of that colour): 0.2; no colour can ever fit it: 0;
- floors only, exactly a needed height: 0.4; lower than the tallest need: 0.3
  (it can grow into one); taller than every need: 0.1.

The evaluation is that value minus the best other seat's, plus 0.01 for a complete
tower with a mouse (and 0.005 with a cat) on its topmost floor, the tie-breaks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tavola.games.clocktowers import scoring
from tavola.games.clocktowers.components import CLOCKED, COMPLETE, HAS_CAT, HAS_MOUSE

if TYPE_CHECKING:
    from tavola.games.clocktowers.state import ClockTowersState


def seat_value(state: ClockTowersState, seat: int) -> float:
    """Points plus the weighted points of unfinished towers (see the module docstring)."""
    needs = state.needs(seat)
    lowest, highest = min(needs), max(needs)
    value = float(state.points[seat])
    points = scoring.tower_points
    for status, floors, cards in state.towers[seat]:
        if status == COMPLETE:
            top = cards[-3]  # scoring.top_floor
            value += 0.01 * HAS_MOUSE[top] + 0.005 * HAS_CAT[top]
            continue
        if status == CLOCKED:
            weight = 0.7 if floors in needs else 0.2 if floors > lowest else 0.0
        else:
            weight = 0.4 if floors in needs else 0.3 if floors < highest else 0.1
        value += weight * points(cards)
    return value


def evaluate(state: ClockTowersState, player: int) -> float:
    """``player``'s value minus the best other seat's."""
    values = [seat_value(state, seat) for seat in range(state.num_players)]
    return values[player] - max(values[:player] + values[player + 1 :])
