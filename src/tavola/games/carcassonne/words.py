"""Carcassonne's texts for people: its message catalog and the words its texts share.

The engine's events and refusals keep :class:`~tavola.core.i18n.Message` objects (``lazy``),
shown in the language of the moment; the pictures (``render``, ``svg``) translate as they
draw (``gettext``). Notation (``place 1,0 90``, ``deploy road E``), tile letters and
seat names (``P0``, ``A``) are the same in every language.

>>> from tavola.core.i18n import language
>>> names = seat_list(["P0", "P1", "P2"])
>>> str(names)
'P0 and P1 and P2'
>>> with language("it"):
...     str(names)
'P0 e P1 e P2'
"""

from __future__ import annotations

from collections.abc import Sequence

from tavola.core.i18n import LOCALE_DIR, Catalog, Text

CATALOG = Catalog("carcassonne", LOCALE_DIR)
lazy = CATALOG.lazy
gettext = CATALOG.gettext
ngettext = CATALOG.ngettext


def N_(msgid: str) -> str:
    """Mark a text for translation where it is defined; ``gettext`` shows it translated."""
    return msgid


def seat_list(names: Sequence[Text]) -> Text:
    """Names joined by "and" (``P0 and P1 and P2``), translated when shown."""
    joined = names[0]
    for name in names[1:]:
        joined = lazy("{first} and {second}", first=joined, second=name)
    return joined


def both(names: Sequence[str]) -> str:
    """Names joined by "and" in the current language, now (for pictures)."""
    return str(seat_list(names)) if names else ""
