"""Carcassonne (Klaus-Juergen Wrede) with the River expansion."""

from tavola.games.carcassonne.game import Carcassonne
from tavola.games.carcassonne.state import CarcassonneState

__all__ = ["Carcassonne", "CarcassonneState"]
