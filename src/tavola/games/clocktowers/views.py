"""What a seat sees of a ClockTowers position: its own hand, what is known of the others'
(the hands they may hold, worked out from the public record), the decks' tops and sizes,
every tower, each seat's roof needs, the discards, scores and winners."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tavola.games.clocktowers import knowledge, scoring
from tavola.games.clocktowers.components import (
    CARD_CODES,
    COLOURS,
    COMPLETE,
    DECKS,
    FIRST_ROOF,
    FLOORS_ONLY,
    Tower,
)

if TYPE_CHECKING:
    from tavola.games.clocktowers.state import ClockTowersState


def view(state: ClockTowersState, player: int | None) -> dict[str, Any]:
    """The view of ``player`` (``None``: a spectator)."""
    from tavola.games.clocktowers.state import PHASES

    n = state.num_players
    hands = []
    for seat in range(n):
        possible = state.possible_hands(seat)
        known = knowledge.known_cards(possible)
        hands.append(
            {
                "size": len(state.hands[seat]),
                "cards": codes(state._hand_tuple(seat)) if seat == player else None,
                "known": codes(known),
                "unknown": len(state.hands[seat]) - len(known),
                "possible": [codes(hand) for hand in possible],
            }
        )
    return {
        **state.view_head(player, PHASES),
        "decks": [
            {
                "name": DECKS[deck],
                "size": state.left[deck],
                "top": CARD_CODES[state.decks[deck][state.left[deck] - 1]]
                if state.left[deck]
                else None,
            }
            for deck in range(3)
        ],
        "towers": [
            [tower_view(number, tower) for number, tower in enumerate(towers, 1)]
            for towers in state.towers
        ],
        "needs": [dict(zip(COLOURS, state.needs(seat), strict=True)) for seat in range(n)],
        "hands": hands,
        "discarded": state.discarded[:],
        "scores": state.scores,
        "winners": state.winners,
    }


def codes(cards: tuple[int, ...] | list[int]) -> list[str]:
    return [CARD_CODES[card] for card in cards]


def tower_view(number: int, tower: Tower) -> dict[str, Any]:
    status, floors, cards = tower
    complete = status == COMPLETE
    return {
        "number": number,
        "cards": codes(cards),
        "floors": floors,
        "clock": status != FLOORS_ONLY,
        "complete": complete,
        "roof": COLOURS[cards[-1] - FIRST_ROOF] if complete else None,
        "points": scoring.tower_points(cards) if complete else None,
    }
