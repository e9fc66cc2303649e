"""ClockTowers' moves and decks in words: a log's words for each move instead of its
notation, the decks' descriptions and the labels of drawing from them.

The picture carries them unseen (``<desc data-said="play 1cat new">``): the match page's
log reads the words of each move from there, in the page's language.

>>> move_words("draw floors"), move_words("discard")
('drew from the floors deck', 'discarded a card face down')
>>> move_words("discard clock-mouse")
'discarded clock with a mouse face down'
"""

from __future__ import annotations

from typing import Any

from tavola.core.svg import escape
from tavola.games.clocktowers.actions import NUM_ACTIONS, action_to_string
from tavola.games.clocktowers.svg_pieces import card_name
from tavola.games.clocktowers.translations import gettext, ngettext


def move_words(notation: str) -> str:
    """One move (canonical notation) in words, as a log says what a player did."""
    verb, *rest = notation.split()
    if verb == "play" and rest[1] == "new":
        return gettext("started a new tower with {card}").format(card=card_name(rest[0]))
    if verb == "play":
        return gettext("played {card} on tower {number}").format(
            card=card_name(rest[0]), number=rest[1]
        )
    if verb == "discard" and rest:  # the seat's own discard names its card
        return gettext("discarded {card} face down").format(card=card_name(rest[0]))
    if verb == "discard":  # as the other seats see it
        return gettext("discarded a card face down")
    if rest[0] == "floors":
        return gettext("drew from the floors deck")
    if rest[0] == "roofs":
        return gettext("drew from the roofs deck")
    return gettext("drew from the clocks deck")


def said_moves(view: dict[str, Any]) -> list[str]:
    """Every move onto the towers there are (or a new one) in words, as unseen ``<desc
    data-said>`` elements; and a discard as the other seats' log shows it (``discard``, the
    card unsaid)."""
    most = max((len(towers) for towers in view["towers"]), default=0)
    said = []
    for notation in ["discard", *map(action_to_string, range(NUM_ACTIONS))]:
        target = notation.split()[-1]
        if target.isdigit() and int(target) > most:
            continue  # onto a tower nobody has yet
        said.append(f'<desc data-said="{escape(notation)}">{escape(move_words(notation))}</desc>')
    return said


def deck_words(name: str, size: int) -> str:
    """A deck and its size in words."""
    if name == "floors":
        words = ngettext("the floors deck, {count} card", "the floors deck, {count} cards", size)
    elif name == "roofs":
        words = ngettext("the roofs deck, {count} card", "the roofs deck, {count} cards", size)
    else:
        words = ngettext("the clocks deck, {count} card", "the clocks deck, {count} cards", size)
    return words.format(count=size)


def draw_words(name: str, card: str) -> str:
    """The label of drawing ``card`` (in words) from a deck."""
    if name == "floors":
        words = gettext("Draw the {card} from the floors deck")
    elif name == "roofs":
        words = gettext("Draw the {card} from the roofs deck")
    else:
        words = gettext("Draw the {card} from the clocks deck")
    return words.format(card=card)
