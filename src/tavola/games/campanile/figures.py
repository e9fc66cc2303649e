"""The rulebook's pictures: positions of real games on stacked decks (``Figure``).

A three-player game of the 2009 edition, told in the rulebook turn by turn: seats A, B
and C raise the blue, brown and red towers, the Intermezzo is turned up after six turns
and the Finito after six more. A two-player game of the 1996 edition shows its three
piles and its end. Each deck lists the hands, then (2009) the
display and the stack top first, or (1996) each pile top first and its Finito card;
the cards nobody draws lie under the last Finito.

>>> from tavola.games.campanile.game import Campanile
>>> [FIGURES[name].state(Campanile).scores for name in ("intermezzo-scored", "finito")]
[[4, 5, 3], [11, 16, 11]]
"""

from __future__ import annotations

from collections import Counter

from tavola.core.pages import Figure
from tavola.games.campanile.components import STYLES, cards_per_style

HANDS = ("blue", "blue", "red"), ("brown", "blue", "yellow"), ("red", "brown", "beige")
DISPLAY = ("blue", "brown", "red")
STACK = (
    *("yellow", "beige", "blue", "red", "brown", "intermezzo"),
    *("yellow", "red", "beige", "yellow", "brown", "red", "finito"),
)
FIRST_TURNS = (
    *("build blue 3", "influence blue", "take blue"),  # A
    *("build brown 2", "influence brown", "take brown"),  # B
    *("build red 3", "influence red", "take red"),  # C
)
BEFORE_INTERMEZZO = (
    *FIRST_TURNS,
    *("build blue 2", "influence blue", "take yellow"),
    *("build blue 1", "influence blue", "take blue"),
    *("build brown 2", "influence brown"),  # C takes beige: the Intermezzo turns up
)
TO_THE_FINITO = (
    *(*BEFORE_INTERMEZZO, "take beige"),
    *("build yellow 1", "influence yellow", "take red"),
    *("build yellow 2", "influence yellow", "take yellow"),
    *("build red 1", "influence red", "take brown"),
    *("build red 2", "influence red", "take beige"),
    *("build brown 3", "influence brown", "take yellow"),
    *("build beige 3", "take red"),  # no 3-marker left: no influence; the Finito turns up
)

HANDS_1996 = ("blue", "red", "brown"), ("yellow", "blue", "beige")
PILES_1996 = (
    ("red", "beige", "blue", "yellow"),
    ("yellow", "brown"),
    ("blue", "red", "brown", "beige", "red"),
)
TURNS_1996 = (
    *("build blue 2", "bet blue 3"),  # A draws the yellow on top of pile 2
    *("build yellow 1", "bet red 1"),  # B draws the red of pile 1
)
TO_THE_END_1996 = (
    *TURNS_1996,
    *("build red 1", "bet beige 2"),  # A draws the beige of pile 1
    *("build blue 2", "pass"),  # B draws the brown: pile 2 is empty, the game ends
)


def deck(players: int, dealt: tuple[str, ...], edition: str = "2009") -> tuple[str, ...]:
    """The ``deck`` option: ``dealt`` (hands, display or piles, stack), then the tower
    cards nobody will draw."""
    used = Counter(card for card in dealt if card in STYLES)
    limit = cards_per_style(players, edition)
    rest = tuple(style for style in STYLES for _ in range(limit - used[style]))
    if edition == "1996":  # the last pile ends with its Finito: the rest goes above it
        return (*dealt[:-1], *rest, dealt[-1])
    return (*dealt, *rest)


GAME_2009 = {"players": 3, "deck": deck(3, (*sum(HANDS, ()), *DISPLAY, *STACK))}
GAME_1996 = {
    "players": 2,
    "edition": "1996",
    "deck": deck(
        2,
        (*sum(HANDS_1996, ()), *(card for pile in PILES_1996 for card in (*pile, "finito"))),
        "1996",
    ),
}

FIGURES: dict[str, Figure] = {
    "first-turns": Figure(GAME_2009, FIRST_TURNS),
    "before-intermezzo": Figure(GAME_2009, BEFORE_INTERMEZZO),
    "intermezzo-scored": Figure(GAME_2009, (*BEFORE_INTERMEZZO, "take beige"), scores=(4, 5, 3)),
    "finito": Figure(GAME_2009, TO_THE_FINITO, scores=(11, 16, 11)),
    "piles-1996": Figure(GAME_1996, TURNS_1996),
    "end-1996": Figure(GAME_1996, TO_THE_END_1996, scores=(10, 4)),
}
"""The pictures by name, as the rulebook shows them (``![caption](figure:name)``)."""
