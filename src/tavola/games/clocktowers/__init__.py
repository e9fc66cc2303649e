"""ClockTowers (Alan R. Moon and Aaron Weissblum; Jolly Roger Games 2004)."""

from tavola.games.clocktowers.game import ClockTowers
from tavola.games.clocktowers.state import ClockTowersState

__all__ = ["ClockTowers", "ClockTowersState"]
