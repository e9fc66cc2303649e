"""Campanile's components: styles, cards, markers, flags and chips (2009 edition)."""

from __future__ import annotations

from typing import Final

STYLES: Final = ("beige", "blue", "brown", "yellow", "red")
NUM_STYLES: Final = 5

# Card codes: 0..4 are tower cards of that style; two special cards.
INTERMEZZO: Final = 5
FINITO: Final = 6
CARD_NAMES: Final = (*STYLES, "intermezzo", "finito")

CARDS_PER_STYLE: Final = 12
CARDS_REMOVED_PER_STYLE_2P: Final = 6
HAND_SIZE: Final = 3
DISPLAY_SIZE: Final = 3

# Markers per player: 5 of value 1, 3 of value 2, 1 of value 3 (index = value - 1).
MARKERS_PER_PLAYER: Final = (5, 3, 1)

# Victory point chips in the supply, by value: 4x1, 5x2, 3x3, 3x4, 1x5, 1x6.
CHIP_SUPPLY: Final = {1: 4, 2: 5, 3: 3, 4: 3, 5: 1, 6: 1}

# Intermezzo: k cards above it, k uniform in R//2-2 .. R//2+2 (R: the stack after dealing).
INTERMEZZO_SPREAD: Final = 2
# Finito: shuffled into the bottom 10 cards (uniform over the 11 bottom positions).
FINITO_BOTTOM: Final = 10

Flag = tuple[int, ...]
# Flag values by tower rank (tallest first); () is no flag.
FLAGS: Final[dict[tuple[str, bool], tuple[Flag, ...]]] = {
    ("intermezzo", True): ((4, 2), (3, 2), (2, 1), (1,), ()),
    ("intermezzo", False): ((4, 2), (3, 1), (2,), (1,), ()),
    ("finito", True): ((6, 3), (5, 2), (4, 1), (3, 1), (2,)),
    ("finito", False): ((6, 4, 2), (5, 3, 1), (4, 2), (3, 1), (2,)),
}


def flags_for(kind: str, num_players: int) -> tuple[Flag, ...]:
    """The flags of a scoring (``"intermezzo"`` or ``"finito"``) by tower rank."""
    return FLAGS[kind, num_players == 2]


def cards_per_style(num_players: int) -> int:
    return CARDS_PER_STYLE - (CARDS_REMOVED_PER_STYLE_2P if num_players == 2 else 0)
