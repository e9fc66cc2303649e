"""Carcassonne's tiles in words: what a player sees on each, for the picture and its log.

A tile's name in ``tiles.TABLE`` (``"U"``, ``"river-city-road"``) is notation: it stays in
records and the notation box; people read what the tile shows.

>>> tile_name("river-city-road"), tile_name("U")
('river with a city and a road', 'straight road')
>>> from tavola.games.carcassonne.tiles import TILE_NAMES
>>> sorted(set(TILE_NAMES) - set(TILE_WORDS))
[]
"""

from __future__ import annotations

from typing import Final

from tavola.core.i18n import N_, Text
from tavola.games.carcassonne.translations import gettext, lazy

# Each tile as printed (rotation 0: its first side is north), in words.
TILE_WORDS: Final = {
    "A": N_("cloister with a road"),
    "B": N_("cloister"),
    "C": N_("city on every side, with a pennant"),
    "D": N_("city edge with a straight road"),
    "E": N_("city edge"),
    "F": N_("city across the tile, with a pennant"),
    "G": N_("city across the tile"),
    "H": N_("two city edges facing away"),
    "I": N_("two city edges at a corner"),
    "J": N_("city edge with a road bending right"),
    "K": N_("city edge with a road bending left"),
    "L": N_("city edge with a three-way crossing"),
    "M": N_("corner city with a pennant"),
    "N": N_("corner city"),
    "O": N_("corner city with a pennant and a curved road"),
    "P": N_("corner city with a curved road"),
    "Q": N_("city on three sides, with a pennant"),
    "R": N_("city on three sides"),
    "S": N_("city on three sides, with a pennant and a road"),
    "T": N_("city on three sides, with a road"),
    "U": N_("straight road"),
    "V": N_("curved road"),
    "W": N_("three-way crossing"),
    "X": N_("four-way crossing"),
    "spring": N_("river spring"),
    "lake": N_("river lake"),
    "river-cities": N_("river between two cities"),
    "river-city-road": N_("river with a city and a road"),
    "river-cloister": N_("river with a cloister and a road"),
    "river-bridge": N_("river under a road bridge"),
    "river-straight": N_("straight river"),
    "river-city-curve": N_("river bend by a corner city"),
    "river-road-curve": N_("river bend beside a road bend"),
    "river-curve": N_("river bend"),
}


def tile_name(name: str) -> str:
    """The tile ``name`` (its notation) in words, in the language of the moment."""
    words = TILE_WORDS.get(name)
    return gettext(words) if words is not None else name


def tile_text(name: str) -> Text:
    """The tile ``name`` in words, translated when shown (for events)."""
    words = TILE_WORDS.get(name)
    return lazy(words) if words is not None else name
