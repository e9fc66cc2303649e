"""Carcassonne's texts for people: its message catalog and the words its texts share.

The engine's events and refusals keep :class:`~tavola.core.i18n.Message` objects (``lazy``),
shown in the language of the moment; the pictures (``render``, ``svg``) translate as they
draw (``gettext``). Notation (``place 1,0 90``, ``deploy road E``), tile letters and
seat names (``P0``, ``A``) are the same in every language.
"""

from __future__ import annotations

from tavola.core.i18n import LOCALE_DIR, Catalog, Message

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
