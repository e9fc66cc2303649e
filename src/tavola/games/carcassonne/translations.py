"""Carcassonne's texts for people: its message catalog and the words its texts share.

The engine's events and refusals keep :class:`~tavola.core.i18n.Message` objects (``lazy``),
shown in the language of the moment; the pictures (``render``, ``svg``) translate as they
draw (``gettext``). Notation (``place 1,0 90``, ``deploy road E``), tile letters and
seat names (``P0``, ``A``) are the same in every language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tavola.core.i18n import LOCALE_DIR, Catalog, Message
from tavola.core.svg import seat_name

CATALOG = Catalog("carcassonne", LOCALE_DIR)
lazy = CATALOG.lazy
gettext = CATALOG.gettext
ngettext = CATALOG.ngettext


def cell_words(x: int | str, y: int | str) -> Message:
    """A cell in words, as every text for people says it (the notation says ``x,y``).

    >>> str(cell_words(4, -1))
    'column 4, row -1'
    """
    return lazy("column {x}, row {y}", x=x, y=y)


def chip_name(view: Mapping[str, Any], seat: int) -> str:
    """``seat``'s name as its chip says it: "(you)" after the viewer's (a name that takes
    the third person: "Posto A (tu) e Posto B vincono", never "tu e Posto B vincono")."""
    mine = gettext("{seat} (you)") if seat == view["seat"] else "{seat}"
    return mine.format(seat=seat_name(view, seat))
