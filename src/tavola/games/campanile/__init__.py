"""Campanile (Hanno & Wilfried Kuhn): the 2009 edition (DDD Verlag, the default) and the
1996 edition (Blatz Spiele, ``edition="1996"``)."""

from tavola.games.campanile.edition1996 import Campanile1996State
from tavola.games.campanile.edition2009 import CampanileState
from tavola.games.campanile.game import Campanile

__all__ = ["Campanile", "Campanile1996State", "CampanileState"]
