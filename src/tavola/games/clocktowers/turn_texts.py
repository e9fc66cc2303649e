"""What a ClockTowers turn says in words: the rules a refusal cites, what a refusal, a draw
and the end of the game say (translated when shown)."""

from __future__ import annotations

from typing import Final

from tavola.core.i18n import Joined, Text, listed
from tavola.games.clocktowers.components import CARD_CODES, CLOCKED
from tavola.games.clocktowers.translations import CARDS, EMPTY_DECKS, lazy

RULE_TURN: Final = lazy("a turn is: play a card or discard one face down, then draw a visible top")
RULE_HAND: Final = lazy("play or discard one card of your own hand")
RULE_FLOOR: Final = lazy("a floor card starts a new tower or goes on a tower made only of floors")
RULE_CLOCK: Final = lazy(
    "a clock goes only on one of your towers made only of floors (at least one)"
)
RULE_ROOF: Final = lazy(
    "a roof goes only on floors plus a clock, and your k-th tower of a roof colour "
    "has exactly k+1 floors (a 2-floor card counts 2)"
)
RULE_DRAW: Final = lazy("draw the visible top card of a deck that is not empty")
RULE_OVER: Final = lazy("the game ends when the decks are empty and every hand is played out")


def holds(status: int, target: int) -> Text:
    if status == CLOCKED:
        return lazy("tower {target} already has a clock", target=target)
    return lazy("tower {target} is complete", target=target)


def not_held(card: int) -> Text:
    return lazy("you have no {card} in hand", card=CARDS[card])


def drew(name: str, code: str, deck: int, top: str | None) -> Text:
    """The draw in words: what was drawn, then what shows on the deck (codes: notation)."""
    card = CARDS[CARD_CODES.index(code)]
    if deck == 0:
        drew = lazy("{name} draws {card} from the floors", name=name, card=card)
    elif deck == 1:
        drew = lazy("{name} draws {card} from the roofs", name=name, card=card)
    else:
        drew = lazy("{name} draws {card} from the clocks", name=name, card=card)
    if top is None:
        return Joined("; ", (drew, EMPTY_DECKS[deck]))
    then = lazy("{card} is turned up", card=CARDS[CARD_CODES.index(top)])
    return Joined("; ", (drew, then))


def victory(winners: list[int], names: list[str]) -> Text:
    who = listed([names[seat] for seat in winners])
    if len(winners) > 1:
        return lazy("{names} share the victory", names=who)
    return lazy("{names} wins", names=who)
