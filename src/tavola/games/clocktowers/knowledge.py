"""What everyone knows about a player's hand: the exact set of hands it may be.

All starting cards are known and every drawn card was face up, so a hand becomes
uncertain only through a face-down discard. From the last time a hand was known for
sure (its ``base``), the public operations on it are logged: a card drawn, a card
played (face up), a card discarded (unseen). Replaying the log over sets of possible
hands gives exactly what the others may know; ``known`` and ``unknown`` summarise it.

>>> base = (1, 2, 7)                 # 1cat, 1mouse, clock-mouse
>>> possible_hands(base, [DISCARD])  # one of the three is gone
[(1, 2), (1, 7), (2, 7)]
>>> possible_hands(base, [DISCARD, 3, PLAYED + 1])  # draw a 2, play the 1cat
[(2, 3), (3, 7)]
>>> known_cards([(2, 3), (3, 7)])
[3]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

PLAYED: Final = 16  # log entry PLAYED + card: the card was played face up
DISCARD: Final = 32  # log entry: one card was discarded face down
# Any other log entry is a card code: that card was drawn.

Hand = tuple[int, ...]  # card codes, ascending


def possible_hands(base: Hand, log: Sequence[int]) -> list[Hand]:
    """Every hand consistent with ``base`` and the public operations since, ascending."""
    return advance([base], log)


def advance(hands: Sequence[Hand], log: Sequence[int]) -> list[Hand]:
    """The possible hands after more operations, from the possible hands before them."""
    possible = set(hands)
    for entry in log:
        if entry == DISCARD:
            possible = {hand[:i] + hand[i + 1 :] for hand in possible for i in range(len(hand))}
        elif entry >= PLAYED:
            card = entry - PLAYED
            possible = {_without(hand, card) for hand in possible if card in hand}
        else:
            possible = {tuple(sorted((*hand, entry))) for hand in possible}
    return sorted(possible)


def known_cards(hands: Sequence[Hand]) -> list[int]:
    """The cards every possible hand holds (as a multiset, ascending)."""
    common = list(hands[0])
    for hand in hands[1:]:
        if not common:
            break
        rest = list(hand)
        kept = []
        for card in common:
            if card in rest:
                rest.remove(card)
                kept.append(card)
        common = kept
    return common


def _without(hand: Hand, card: int) -> Hand:
    index = hand.index(card)
    return hand[:index] + hand[index + 1 :]
