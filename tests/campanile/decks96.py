"""Helpers for scripted Campanile 1996 scenarios: stacked piles and checked turns.

A scenario names each seat's hand and the three piles (top first); ``stacked_deck``
turns them into the ``deck`` option (the hands, then each pile followed by its Finito
card). ``play`` applies actions one by one and, before each, checks the engine's legal
actions against the independent reference (``tests/reference/campanile1996_ref.py``);
after each it checks every scoring the action caused against the reference scoring,
and the winners at the end against the reference winners.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import tavola
from tavola import Event
from tavola.games.campanile import Campanile1996State
from tests.reference.campanile1996_ref import ref96_legal_bets, ref96_scoring, ref96_winners

STYLES = ("beige", "blue", "brown", "yellow", "red")
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


def reference_legal(state: Campanile1996State) -> set[str]:
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
    events: list[Event] = []
    for action in actions:
        seat = state.current_player
        assert seat is not None, f"the game is over; cannot {action!r}"
        legal = set(state.legal_notations())
        assert legal == reference_legal(state), action
        assert action in legal, f"{action!r} is not legal for P{seat}: {sorted(legal)}"
        caused = state.apply(action)
        for event in caused:
            if event.kind == "scoring":
                assert sorted(awards(event)) == reference_awards(state)
            if event.kind == "game_over":
                assert state.winners == ref96_winners(state.scores)
        events += caused
    return events


def awards(event: Event) -> list[tuple[str, int, int]]:
    """A scoring event's points as ``(style, seat, points)``, in the order handed out."""
    return [
        (tower["style"], seat, value)
        for tower in event.data["towers"]
        for seat, value in tower["awards"]
    ]


def reference_awards(state: Campanile1996State) -> list[tuple[str, int, int]]:
    """The points the reference scoring hands out for the state's towers and markers."""
    towers = state.view(None)["towers"]
    heights = {tower["style"]: tower["height"] for tower in towers}
    positions = {tower["style"]: tower["position"] for tower in towers}
    placements = {
        tower["style"]: [
            (group["player"], value) for group in tower["groups"] for value in group["markers"]
        ]
        for tower in towers
    }
    return ref96_scoring(heights, positions, placements)


def kinds(events: Sequence[Event]) -> list[str]:
    return [event.kind for event in events]


def piles(state: Campanile1996State) -> list[tuple[str | None, int]]:
    """Each pile's face-up top and size, piles 1, 2, 3, as a spectator sees them."""
    return [(pile["top"], pile["size"]) for pile in state.view(None)["piles"]]


def groups(state: Campanile1996State, style: str) -> list[tuple[int, list[int]]]:
    """The marker groups under a tower, from the base: ``(seat, [values in order])``."""
    tower = next(t for t in state.view(None)["towers"] if t["style"] == style)
    return [(group["player"], group["markers"]) for group in tower["groups"]]


def hand(state: Campanile1996State, seat: int) -> Counter[str]:
    cards = state.view(seat)["hands"][seat]["cards"]
    assert cards is not None
    return Counter(cards)


def known(state: Campanile1996State, seat: int) -> Counter[str]:
    """The cards of ``seat``'s hand that everybody knows (drawn face up, not yet played)."""
    return Counter(state.view(None)["hands"][seat]["known"])


def height(state: Campanile1996State, style: str) -> int:
    tower = next(t for t in state.view(None)["towers"] if t["style"] == style)
    value: int = tower["height"]
    return value


def supply(state: Campanile1996State, seat: int) -> list[int]:
    """A seat's markers in supply: ``[ones, twos, threes]``."""
    markers: list[int] = state.view(None)["supply"][seat]
    return markers
