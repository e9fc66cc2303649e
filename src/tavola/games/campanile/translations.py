"""Campanile's words for people: its gettext catalog (domain ``campanile``) and the names
of its styles, in the rulebooks' words of each language.

The engine keeps texts as :class:`~tavola.core.i18n.Message` objects (``lazy``) that
become words when shown; the pictures (``render``, ``svg``) are drawn when shown, so
they translate at once (``_``). The notation (``build blue 2``) is never translated.

>>> from tavola.core.i18n import language
>>> with language("de"):
...     str(STYLE_NAMES[1]), style_name("red"), str(listed([STYLE_NAMES[0], "P1", "P2"]))
('Blau', 'Rot', 'Beige und P1 und P2')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tavola.core import i18n
from tavola.core.i18n import LOCALE_DIR, Catalog, Text

CATALOG: Final = Catalog("campanile", LOCALE_DIR)
lazy = CATALOG.lazy
_ = CATALOG.gettext
ngettext = CATALOG.ngettext


# The styles in the order of ``components.STYLES`` (the towers, the cards, the notation).
STYLE_NAMES: Final = (lazy("beige"), lazy("blue"), lazy("brown"), lazy("yellow"), lazy("red"))


def style_name(style: str) -> str:
    """A style's name in the current language (``style`` as the notation and views say it)."""
    return _(style)


def listed(items: Sequence[Text], conjunction: str = "") -> Text:
    """``a and b and c`` (or joined by another ``{first} ... {second}`` message of this
    catalog), each in the language of the moment."""
    return i18n.listed(items, CATALOG, conjunction)


def listed_now(items: Sequence[str], conjunction: str = "") -> str:
    """``listed`` in the current language, as text."""
    return str(listed(items, conjunction))
