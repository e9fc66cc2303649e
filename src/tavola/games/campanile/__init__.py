"""Campanile (Hanno & Wilfried Kuhn; DDD Verlag 2009)."""

from tavola.games.campanile.game import Campanile
from tavola.games.campanile.state import CampanileState

__all__ = ["Campanile", "CampanileState"]
