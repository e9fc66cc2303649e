"""Campanile's components, with what the two editions share and what differs side by side.

=======================  ============================  ==================================
                         2009 (DDD Verlag)             1996 (Blatz Spiele)
=======================  ============================  ==================================
tower cards              12 per style                  14 per style
removed before the deal  6 per style with 2 players    5 / 3 / 1 / 0 per style (2-5 p.)
cards turned face up     a display of 3                the tops of 3 numbered piles
special cards            Intermezzo, Finito            3 Finito cards under the piles
scorings                 Intermezzo and Finito         one, at the end
flags                    see ``FLAGS_2009``            8/4, 6/3, 4/2, 2/1
points                   victory point chips           points per seat, no chips
=======================  ============================  ==================================

Shared: five styles, bases in a row, 9 influence markers per player (5 of value 1,
3 of value 2, 1 of value 3), and the hand of 3 cards.
"""

from __future__ import annotations

from typing import Final

# -- shared by both editions -----------------------------------------------------------------

EDITIONS: Final[tuple[str, ...]] = ("2009", "1996")

# Tuples read by index are typed ``tuple[str, ...]``: compiled, a tuple typed item by item is
# kept unboxed and boxed again (a new tuple) at every read by an index known only at run time.
STYLES: Final[tuple[str, ...]] = ("beige", "blue", "brown", "yellow", "red")
NUM_STYLES: Final = 5

# Card codes: 0..4 are tower cards of that style; two special cards.
INTERMEZZO: Final = 5
FINITO: Final = 6
CARD_NAMES: Final[tuple[str, ...]] = (*STYLES, "intermezzo", "finito")

HAND_SIZE: Final = 3

# Markers per player: 5 of value 1, 3 of value 2, 1 of value 3 (index = value - 1).
MARKERS_PER_PLAYER: Final[tuple[int, ...]] = (5, 3, 1)

Flag = tuple[int, ...]

# -- edition 2009 ------------------------------------------------------------------------------

CARDS_PER_STYLE: Final = 12
CARDS_REMOVED_PER_STYLE_2P: Final = 6
DISPLAY_SIZE: Final = 3

# Victory point chips in the supply, by value: 4x1, 5x2, 3x3, 3x4, 1x5, 1x6.
CHIP_SUPPLY: Final = {1: 4, 2: 5, 3: 3, 4: 3, 5: 1, 6: 1}

# Intermezzo: k cards above it, k uniform in R//2-2 .. R//2+2 (R: the stack after dealing).
INTERMEZZO_SPREAD: Final = 2
# Finito: shuffled into the bottom 10 cards (uniform over the 11 bottom positions).
FINITO_BOTTOM: Final = 10

# Flag values by tower rank (tallest first); () is no flag.
FLAGS: Final[dict[tuple[str, bool], tuple[Flag, ...]]] = {
    ("intermezzo", True): ((4, 2), (3, 2), (2, 1), (1,), ()),
    ("intermezzo", False): ((4, 2), (3, 1), (2,), (1,), ()),
    ("finito", True): ((6, 3), (5, 2), (4, 1), (3, 1), (2,)),
    ("finito", False): ((6, 4, 2), (5, 3, 1), (4, 2), (3, 1), (2,)),
}

# -- edition 1996 ------------------------------------------------------------------------------

CARDS_PER_STYLE_1996: Final = 14
CARDS_REMOVED_PER_STYLE_1996: Final = {2: 5, 3: 3, 4: 1, 5: 0}
NUM_PILES: Final = 3  # numbered 1, 2, 3: building n floors draws from pile n
FINAL_1996: Final = "final"  # the name of the 1996 edition's one scoring
FLAGS_1996: Final[tuple[Flag, ...]] = ((8, 4), (6, 3), (4, 2), (2, 1), ())


def flags_for(kind: str, num_players: int) -> tuple[Flag, ...]:
    """The flags of a scoring by tower rank: ``"intermezzo"``, ``"finito"`` (2009) or
    ``"final"`` (1996).

    >>> flags_for("final", 4)[0]
    (8, 4)
    """
    if kind == FINAL_1996:
        return FLAGS_1996
    return FLAGS[kind, num_players == 2]


def cards_per_style(num_players: int, edition: str = "2009") -> int:
    """Tower cards of each style in the game, after the removals for the player count.

    >>> cards_per_style(2), cards_per_style(4, "1996")
    (6, 13)
    """
    if edition == "1996":
        return CARDS_PER_STYLE_1996 - CARDS_REMOVED_PER_STYLE_1996[num_players]
    return CARDS_PER_STYLE - (CARDS_REMOVED_PER_STYLE_2P if num_players == 2 else 0)


def pile_size_1996(num_players: int) -> int:
    """The size of each of the three 1996 piles: the cards left after dealing, split evenly.

    >>> [pile_size_1996(n) for n in (2, 3, 4, 5)]
    [13, 15, 17, 18]
    """
    left = len(STYLES) * cards_per_style(num_players, "1996") - HAND_SIZE * num_players
    return left // NUM_PILES
