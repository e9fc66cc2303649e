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

from tavola.core.i18n import LOCALE_DIR, Catalog, Message, Text

CATALOG: Final = Catalog("campanile", LOCALE_DIR)
lazy = CATALOG.lazy
_ = CATALOG.gettext
ngettext = CATALOG.ngettext


def N_(msgid: str) -> str:
    """``msgid`` unchanged: marked for the catalog, translated where it is used."""
    return msgid


# The styles in the order of ``components.STYLES`` (the towers, the cards, the notation).
STYLE_NAMES: Final = (lazy("beige"), lazy("blue"), lazy("brown"), lazy("yellow"), lazy("red"))


def style_name(style: str) -> str:
    """A style's name in the current language (``style`` as the notation and views say it)."""
    return _(style)


def listed(items: Sequence[Text], conjunction: str = N_("{first} and {second}")) -> Text:
    """``a and b and c`` (or another ``{first} ... {second}`` message), each in the
    language of the moment."""
    if not items:
        return ""
    text = items[0]
    for item in items[1:]:
        text = Message(CATALOG, conjunction, {"first": text, "second": item})
    return text


def listed_now(items: Sequence[str], conjunction: str = N_("{first} and {second}")) -> str:
    """``listed`` in the current language, as text."""
    return str(listed(items, conjunction))
