"""ClockTowers' components: 66 cards of 13 kinds in three decks.

Card codes are small ints, indices into ``CARD_CODES``; the text codes are the notation.

>>> CARD_CODES[FLOOR_1_CAT], FLOORS_OF[FLOOR_2_MOUSE], DECKS[DECK_OF[ROOF_RED]]
('1cat', 2, 'roofs')
>>> sum(CARD_COUNTS)
66
"""

from __future__ import annotations

from typing import Final

# Tuples read by index are typed ``tuple[str, ...]``: compiled, a tuple typed item by item is
# kept unboxed and boxed again (a new tuple) at every read by an index known only at run time.
CARD_CODES: Final[tuple[str, ...]] = (
    "1",
    "1cat",
    "1mouse",
    "2",
    "2cat",
    "2mouse",
    "clock",
    "clock-mouse",
    "roof-red",
    "roof-blue",
    "roof-green",
    "roof-yellow",
    "roof-purple",
)
NUM_CARDS: Final = 13

FLOOR_1: Final = 0
FLOOR_1_CAT: Final = 1
FLOOR_1_MOUSE: Final = 2
FLOOR_2: Final = 3
FLOOR_2_CAT: Final = 4
FLOOR_2_MOUSE: Final = 5
CLOCK: Final = 6
CLOCK_MOUSE: Final = 7
ROOF_RED: Final = 8  # the roofs are 8..12, one per colour in the order of COLOURS

NUM_FLOOR_CARDS: Final = 6  # floor cards are 0..5
FIRST_ROOF: Final = ROOF_RED

# Decision: the Italian rules give the roofs 5 colours without naming them.
COLOURS: Final[tuple[str, ...]] = ("red", "blue", "green", "yellow", "purple")
NUM_COLOURS: Final = 5

# How many cards of each kind the game holds (the rules' 66).
CARD_COUNTS: Final[tuple[int, ...]] = (5, 5, 4, 5, 5, 4, 9, 9, 4, 4, 4, 4, 4)

# Floors a card adds to a tower (a 2-floor card counts 2); 0 for clocks and roofs.
FLOORS_OF: Final[tuple[int, ...]] = (1, 1, 1, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0)
HAS_CAT: Final = (False, True, False, False, True, False, False, False, *([False] * 5))
HAS_MOUSE: Final = (False, False, True, False, False, True, False, True, *([False] * 5))

DECKS: Final[tuple[str, ...]] = ("floors", "roofs", "clocks")
FLOORS_DECK: Final = 0
ROOFS_DECK: Final = 1
CLOCKS_DECK: Final = 2
DECK_OF: Final[tuple[int, ...]] = (0, 0, 0, 0, 0, 0, 2, 2, 1, 1, 1, 1, 1)
# Cards each deck loses, unseen, at setup: 5 floors and 3 roofs.
REMOVED_FROM_DECK: Final[tuple[int, ...]] = (5, 3, 0)

# Every player starts with a 1-floor card with a cat, one with a mouse, a clock with a mouse.
STARTING_HAND: Final[tuple[int, ...]] = (FLOOR_1_CAT, FLOOR_1_MOUSE, CLOCK_MOUSE)
HAND_SIZE: Final = 3

# No player can start more towers than there are floor cards.
MAX_TOWERS: Final = 28

# Roofs need exactly FIRST_HEIGHT floors on a player's first tower of their colour,
# one more on each later one.
FIRST_HEIGHT: Final = 2


def is_floor(card: int) -> bool:
    return card < NUM_FLOOR_CARDS


def is_clock(card: int) -> bool:
    return card in (CLOCK, CLOCK_MOUSE)


def is_roof(card: int) -> bool:
    return card >= FIRST_ROOF


def colour_of(card: int) -> int:
    """The colour index of a roof card."""
    return card - FIRST_ROOF


def cards_left_after_hands(num_players: int) -> list[int]:
    """Counts per kind of the cards that go into the decks (before the unseen removal)."""
    left = list(CARD_COUNTS)
    for card in STARTING_HAND:
        left[card] -= num_players
    return left


# A tower's status.
FLOORS_ONLY: Final = 0
CLOCKED: Final = 1
COMPLETE: Final = 2

Tower = tuple[int, int, tuple[int, ...]]  # (status, floors, cards from the base up)
