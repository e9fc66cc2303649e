"""Dudo (Liar's Dice) for tavola: a game in a package of its own, found by its entry point.

>>> import tavola
>>> tavola.load("dudo", players=2).title
'Dudo'
"""

from tavola_dudo.game import Dudo
from tavola_dudo.state import DudoState

__all__ = ["Dudo", "DudoState"]
