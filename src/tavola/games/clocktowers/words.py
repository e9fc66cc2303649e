"""ClockTowers' texts for people: its message catalog and the words its texts share.

The engine's events and refusals keep :class:`~tavola.core.i18n.Message` objects (``lazy``),
shown in the language of the moment; the pictures (``render``, ``svg``) translate as they
draw (``gettext``). Notation (``play 1cat new``, ``draw floors``), card codes (``roof-red``) and
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

from tavola.core.i18n import LOCALE_DIR, Catalog, Message, Text

CATALOG = Catalog("clocktowers", LOCALE_DIR)
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


# A roof, and a tower, of each colour (in the order of ``components.COLOURS``).
ROOFS = (
    lazy("red roof"),
    lazy("blue roof"),
    lazy("green roof"),
    lazy("yellow roof"),
    lazy("purple roof"),
)
TOWERS = (
    lazy("red tower"),
    lazy("blue tower"),
    lazy("green tower"),
    lazy("yellow tower"),
    lazy("purple tower"),
)
# Each card in words (in the order of ``components.CARD_CODES``).
CARDS = (
    lazy("1 floor"),
    lazy("1 floor with a cat"),
    lazy("1 floor with a mouse"),
    lazy("2 floors"),
    lazy("2 floors with a cat"),
    lazy("2 floors with a mouse"),
    lazy("clock"),
    lazy("clock with a mouse"),
    *ROOFS,
)
# Each deck's name in words (in the order of ``components.DECKS``).
DECK_NAMES = (lazy("floors"), lazy("roofs"), lazy("clocks"))
EMPTY_DECKS = (
    lazy("the floors deck is empty"),
    lazy("the roofs deck is empty"),
    lazy("the clocks deck is empty"),
)


def ordinal(k: int) -> Message:
    """``1st``, ``2nd``, ``3rd``, ``4th``... (of a tower), translated when shown."""
    if 10 <= k % 100 <= 20:
        return lazy("{n}th", n=k)
    if k % 10 == 1:
        return lazy("{n}st", n=k)
    if k % 10 == 2:
        return lazy("{n}nd", n=k)
    if k % 10 == 3:
        return lazy("{n}rd", n=k)
    return lazy("{n}th", n=k)
