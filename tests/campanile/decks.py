"""Helpers for scripted Campanile (2009) scenarios: stacked decks and checked turns.

A scenario names each seat's hand, the display and the top of the stack (with the
Intermezzo and the Finito where they lie); ``stacked_deck`` turns that into the
``deck`` option (the full card order, top first) and puts the tower cards nobody will
draw below the Finito. ``play`` applies a turn's actions one by one and, before each,
checks the engine's legal actions against the independent reference; after each it
checks every scoring the action caused against the reference scoring, and the
winners at the end against the reference winners.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import tavola
from tavola import Event
from tavola.games.campanile import CampanileState
from tests.reference.campanile_ref import ref_legal_actions, ref_scoring, ref_winners

STYLES = ("beige", "blue", "brown", "yellow", "red")
SPECIALS = ("intermezzo", "finito")


def cards_per_style(players: int) -> int:
    """12 tower cards per style; 6 of each are removed with 2 players."""
    return 6 if players == 2 else 12


def stacked_deck(
    hands: Sequence[Sequence[str]],
    display: Sequence[str],
    stack: Sequence[str],
) -> tuple[str, ...]:
    """The ``deck`` option: hands in seat order, the display, the stack prefix, the rest.

    The stack prefix is top first and must hold the Intermezzo and the Finito; the
    tower cards it leaves unused are appended after it (below the Finito, never drawn).
    """
    players = len(hands)
    if not 2 <= players <= 5:
        raise ValueError("2 to 5 hands")
    if any(len(hand) != 3 for hand in hands) or len(display) != 3:
        raise ValueError("3 cards per hand and 3 on display")
    if list(stack).count("intermezzo") != 1 or list(stack).count("finito") != 1:
        raise ValueError("the stack prefix holds one intermezzo and one finito")
    cards = [card for hand in hands for card in hand] + list(display) + list(stack)
    limit = cards_per_style(players)
    used = Counter(card for card in cards if card not in SPECIALS)
    for style, count in used.items():
        if style not in STYLES:
            raise ValueError(f"no card {style!r}")
        if count > limit:
            raise ValueError(f"{count} {style} cards; at most {limit}")
    rest = [style for style in STYLES for _ in range(limit - used[style])]
    return (*cards, *rest)


def new_game(
    hands: Sequence[Sequence[str]],
    display: Sequence[str],
    stack: Sequence[str],
    **options: Any,
) -> CampanileState:
    """A new game with one player per hand and the stacked deck."""
    deck = stacked_deck(hands, display, stack)
    state = tavola.load("campanile", players=len(hands), deck=deck, **options).new_game(seed=0)
    assert isinstance(state, CampanileState)
    return state


def play(state: CampanileState, *actions: str) -> list[Event]:
    """Apply actions in order, cross-checked with the reference; return all their events."""
    move_markers = bool(state.game.options["move_markers"])
    events: list[Event] = []
    for action in actions:
        seat = state.current_player
        assert seat is not None, f"the game is over; cannot {action!r}"
        legal = set(state.legal_notations())
        assert legal == ref_legal_actions(state.view(seat), move_markers), action
        assert action in legal, f"{action!r} is not legal for P{seat}: {sorted(legal)}"
        caused = state.apply(action)
        for event in caused:
            if event.kind == "scoring":
                assert awards(event) == reference_awards(state, event.data["kind"])
            if event.kind == "game_over":
                assert state.winners == ref_winners([list(chips) for chips in state.chips])
        events += caused
    return events


def awards(event: Event) -> list[tuple[str, int, int]]:
    """A scoring event's chips as ``(style, seat, value)``, in the order handed out."""
    return [
        (tower["style"], seat, value)
        for tower in event.data["towers"]
        for seat, value in tower["awards"]
    ]


def reference_awards(state: CampanileState, kind: str) -> list[tuple[str, int, int]]:
    """The chips the reference scoring hands out for the state's towers and markers."""
    towers = sorted(state.view(None)["towers"], key=lambda tower: tower["position"])
    heights = [tower["height"] for tower in towers]
    placements = [
        [(group["player"], value) for group in tower["groups"] for value in group["markers"]]
        for tower in towers
    ]
    result = ref_scoring(kind, state.game.num_players, heights, placements)
    return [(towers[position]["style"], seat, value) for position, seat, value in result]


def scorings(events: Sequence[Event]) -> list[Event]:
    return [event for event in events if event.kind == "scoring"]


def kinds(events: Sequence[Event]) -> list[str]:
    return [event.kind for event in events]


def groups(state: CampanileState, style: str) -> list[tuple[int, list[int]]]:
    """The marker groups under a tower, from the base: ``(seat, [values in order])``."""
    tower = next(t for t in state.view(None)["towers"] if t["style"] == style)
    return [(group["player"], group["markers"]) for group in tower["groups"]]


def display(state: CampanileState) -> Counter[str]:
    return Counter(state.view(None)["display"])


def hand(state: CampanileState, seat: int) -> Counter[str]:
    cards = state.view(seat)["hands"][seat]["cards"]
    assert cards is not None
    return Counter(cards)


def height(state: CampanileState, style: str) -> int:
    tower = next(t for t in state.view(None)["towers"] if t["style"] == style)
    height: int = tower["height"]
    return height


def supply(state: CampanileState, seat: int) -> list[int]:
    """A seat's markers in supply: ``[ones, twos, threes]``."""
    markers: list[int] = state.view(None)["supply"][seat]
    return markers


def chip_supply(state: CampanileState) -> dict[int, int]:
    return {int(value): count for value, count in state.view(None)["chip_supply"].items()}
