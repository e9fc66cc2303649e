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
from tavola import Event, State
from tavola.games.campanile import CampanileState
from tests.games.campanile.views import STYLES, awards, placements_of, play_checked
from tests.games.reference.campanile_ref import ref_legal_actions, ref_scoring, ref_winners

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
    return play_checked(
        state,
        actions,
        lambda now: ref_legal_actions(now.view(now.current_player), move_markers),
        check_event,
    )


def check_event(state: State, event: Event) -> None:
    """A scoring hands out the reference's chips; the end names the reference's winners."""
    assert isinstance(state, CampanileState)
    if event.kind == "scoring":
        assert awards(event) == reference_awards(state, event.data["kind"])
    if event.kind == "game_over":
        assert state.winners == ref_winners([list(chips) for chips in state.chips])


def reference_awards(state: CampanileState, kind: str) -> list[tuple[str, int, int]]:
    """The chips the reference scoring hands out for the state's towers and markers."""
    towers = sorted(state.view(None)["towers"], key=lambda tower: tower["position"])
    heights = [tower["height"] for tower in towers]
    placements = [placements_of(tower) for tower in towers]
    result = ref_scoring(kind, state.game.num_players, heights, placements)
    return [(towers[position]["style"], seat, value) for position, seat, value in result]
