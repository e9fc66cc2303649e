"""One package per game; importing this registers them all."""

from tavola.games import campanile

__all__ = ["campanile"]
