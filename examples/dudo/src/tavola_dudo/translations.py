"""Dudo's texts for people, in the four languages tavola speaks: its own gettext catalog,
shipped in the package (``locale/<lang>/LC_MESSAGES/dudo.po``, compiled to ``.mo`` when the
package is built: see ``setup.py``).

Events and options keep messages (``lazy``), shown in the reader's language; the picture
translates as it draws (``gettext``, ``ngettext``). The notation (``3x5``, ``doubt``) is the
same in every language.

>>> from tavola.core.i18n import language
>>> with language("it"):
...     bid_words(1, 5), bid_words(3, 5)
('1 dado che mostra 5', '3 dadi che mostrano 5')
"""

from __future__ import annotations

from pathlib import Path

from tavola.core.i18n import Catalog

CATALOG = Catalog("dudo", Path(__file__).resolve().parent / "locale")
lazy = CATALOG.lazy
gettext = CATALOG.gettext
ngettext = CATALOG.ngettext


def bid_words(quantity: int, face: int) -> str:
    """A bid in words, now: "3 dice showing 5"."""
    words = ngettext("{count} die showing {face}", "{count} dice showing {face}", quantity)
    return words.format(count=quantity, face=face)
