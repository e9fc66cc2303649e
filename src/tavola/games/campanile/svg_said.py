"""Campanile's moves in words, for a log to show instead of their notation.

The picture carries them unseen (``<desc data-said="build blue 2">``): the match page's
log reads the words of each move from there, in the page's language.

>>> said = said_moves(is_1996=False)
>>> '<desc data-said="build blue 2">built the blue tower 2 floors higher</desc>' in said
True
>>> any('data-said="bet' in desc for desc in said)
False
"""

from __future__ import annotations

from tavola.core.errors import NotationError
from tavola.core.svg import escape
from tavola.games.campanile.actions import (
    NUM_ACTIONS,
    NUM_ACTIONS_1996,
    action_to_string,
    action_to_string_1996,
)
from tavola.games.campanile.translations import _, ngettext, style_name


def move_words(notation: str) -> str:
    """One move (canonical notation) in words, as a log says what a player did."""
    verb, *rest = notation.split()
    names = [style_name(word) for word in rest[:2]]
    if verb == "build":
        floors = int(rest[1])
        return ngettext(
            "built the {tower} tower {floors} floor higher",
            "built the {tower} tower {floors} floors higher",
            floors,
        ).format(tower=names[0], floors=floors)
    if verb == "influence":
        return _("placed a marker under the {tower} tower").format(tower=names[0])
    if verb == "take":
        return _("took a {card} card from the display").format(card=names[0])
    if verb == "move":
        return _("moved a 2-marker from the {tower} tower to the {target} tower").format(
            tower=names[0], target=names[1]
        )
    if verb == "bet":
        return _("bet the {value}-marker under the {tower} tower").format(
            value=rest[1], tower=names[0]
        )
    return _("placed no marker")


def said_moves(is_1996: bool) -> list[str]:
    """Every move of the edition in words, as unseen ``<desc data-said>`` elements."""
    name, count = (
        (action_to_string_1996, NUM_ACTIONS_1996) if is_1996 else (action_to_string, NUM_ACTIONS)
    )
    said = []
    for action in range(count):
        try:
            notation = name(action)
        except NotationError:
            continue  # an id that names no action
        said.append(f'<desc data-said="{escape(notation)}">{escape(move_words(notation))}</desc>')
    return said
