"""Helpers for scripted Campanile 1996 scenarios: stacked piles and checked turns.

A scenario names each seat's hand and the three piles (top first); ``stacked_deck``
turns them into the ``deck`` option (the hands, then each pile followed by its Finito
card). ``play`` applies actions one by one and, before each, checks the engine's legal
actions against the independent reference (``tests/games/reference/campanile1996_ref.py``);
after each it checks every scoring the action caused against the reference scoring,
and the winners at the end against the reference winners.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import tavola
from tavola import Event, State
from tavola.games.campanile import Campanile1996State
from tests.games.campanile.views import awards, placements_of, play_checked
from tests.games.reference.campanile1996_ref import ref96_legal_bets, ref96_scoring, ref96_winners

REMOVED_PER_STYLE = {2: 5, 3: 3, 4: 1, 5: 0}  # French text: "on retire 5 cartes de chaque tour"


def cards_per_style(players: int) -> int:
    """14 tower cards per style, less the removals for the player count."""
    return 14 - REMOVED_PER_STYLE[players]


def stacked_deck(hands: Sequence[Sequence[str]], piles: Sequence[Sequence[str]]) -> tuple[str, ...]:
    """The ``deck`` option: the hands in seat order, then each pile (top first) and its Finito."""
    if len(piles) != 3 or any(len(hand) != 3 for hand in hands):
        raise ValueError("3 cards per hand and 3 piles")
    cards = [card for hand in hands for card in hand]
    for pile in piles:
        cards += [*pile, "finito"]
    return tuple(cards)


def new_game(
    hands: Sequence[Sequence[str]], piles: Sequence[Sequence[str]], **options: Any
) -> Campanile1996State:
    """A new 1996 game with one player per hand and the stacked piles."""
    game = tavola.load(
        "campanile", players=len(hands), edition="1996", deck=stacked_deck(hands, piles), **options
    )
    state = game.new_game(seed=0)
    assert isinstance(state, Campanile1996State)
    return state


def reference_legal(state: State) -> set[str]:
    """The legal notations by the reference: builds from the hand, or pass and the bets."""
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    if view["phase"] == "build":
        cards = view["hands"][seat]["cards"]
        return {f"build {style} {floors}" for style in set(cards) for floors in (1, 2, 3)}
    assert view["phase"] == "bet"
    tops = [pile["top"] for pile in view["piles"]]
    built = view["built"]
    supply = dict(zip((1, 2, 3), view["supply"][seat], strict=True))
    variant = bool(state.game.options["bet_on_built_tower"])
    bets = ref96_legal_bets(tops, built["style"], built["floors"], supply, variant)
    return {"pass"} | {f"bet {style} {value}" for style, value in bets}


def play(state: Campanile1996State, *actions: str) -> list[Event]:
    """Apply actions in order, cross-checked with the reference; return all their events."""
    return play_checked(state, actions, reference_legal, check_event)


def check_event(state: State, event: Event) -> None:
    """A scoring hands out the reference's points; the end names the reference's winners."""
    if event.kind == "scoring":
        assert sorted(awards(event)) == reference_awards(state)
    if event.kind == "game_over":
        assert state.winners == ref96_winners(state.scores)


def reference_awards(state: State) -> list[tuple[str, int, int]]:
    """The points the reference scoring hands out for the state's towers and markers."""
    towers = state.view(None)["towers"]
    heights = {tower["style"]: tower["height"] for tower in towers}
    positions = {tower["style"]: tower["position"] for tower in towers}
    placements = {tower["style"]: placements_of(tower) for tower in towers}
    return ref96_scoring(heights, positions, placements)
