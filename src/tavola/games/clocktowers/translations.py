"""ClockTowers' texts for people: its message catalog and the words its texts share.

The engine's events and refusals keep :class:`~tavola.core.i18n.Message` objects (``lazy``),
shown in the language of the moment; the pictures (``render``, ``svg``) translate as they
draw (``gettext``). Notation (``play 1cat new``, ``draw floors``) and card codes
(``roof-red``) are the same in every language, and people read neither: the texts name
the cards in words (``CARDS``).
"""

from __future__ import annotations

from tavola.core.i18n import LOCALE_DIR, Catalog, Message

CATALOG = Catalog("clocktowers", LOCALE_DIR)
lazy = CATALOG.lazy
gettext = CATALOG.gettext
ngettext = CATALOG.ngettext


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
# Each card's label on its face: its name, the animal of a floor or a clock said too (the
# picture's cat or mouse is small).
CARD_LABELS = CARDS
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
