"""One package per game; importing this registers them all."""

from tavola.games import campanile, carcassonne, clocktowers

__all__ = ["campanile", "carcassonne", "clocktowers"]
