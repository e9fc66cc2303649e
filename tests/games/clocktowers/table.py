"""Helpers for scripted ClockTowers scenarios: stacked decks, and a game played in step
with the independent reference (``tests/games/reference/clocktowers_ref.py``).

``Table.do`` checks before every action that the engine's legal notations are exactly the
reference's, applies the action to both, and after each that whose turn it is, the scores
and (at the end) the winners agree.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

import tavola
from tavola import Event, IllegalAction
from tavola.games.clocktowers import ClockTowersState
from tests.games.reference.clocktowers_ref import RefClockTowers

FLOORS = ("1", "1cat", "1mouse", "2", "2cat", "2mouse")
CLOCKS = ("clock", "clock-mouse")
ROOFS = ("roof-red", "roof-blue", "roof-green", "roof-yellow", "roof-purple")
COUNTS = dict(zip((*FLOORS, *CLOCKS, *ROOFS), (5, 5, 4, 5, 5, 4, 9, 9, 4, 4, 4, 4, 4), strict=True))
STARTING_HAND = ("1cat", "1mouse", "clock-mouse")


def cards_left(players: int) -> Counter[str]:
    """The cards that go into the decks: all 66 but the starting hands."""
    left = Counter(COUNTS)
    for card in STARTING_HAND:
        left[card] -= players
    return left


def stack(
    floors: Sequence[str] = (), roofs: Sequence[str] = (), clocks: Sequence[str] = ()
) -> list[str]:
    """The ``deck`` option for three decks given top first."""
    return [*floors, *roofs, *clocks]


class Table:
    """A game with stacked decks, played in step with the reference."""

    def __init__(self, deck: Sequence[str], players: int = 2) -> None:
        game = tavola.load("clocktowers", players=players, deck=list(deck))
        state = game.new_game(seed=0)
        assert isinstance(state, ClockTowersState)
        self.state = state
        self.ref = RefClockTowers(players, list(deck))
        self.events: list[Event] = []

    def legal(self) -> set[str]:
        return set(self.state.legal_notations())

    def check(self) -> None:
        state, ref = self.state, self.ref
        assert self.legal() == ref.legal()
        assert state.current_player == ref.current_player
        assert state.is_over == ref.is_over
        assert state.scores == ref.scores()
        if state.is_over:
            assert state.winners == ref.winners()

    def do(self, *actions: str) -> list[Event]:
        """Apply legal actions one by one; return the events they caused."""
        caused: list[Event] = []
        for action in actions:
            self.check()
            assert action in self.legal(), f"{action!r} not legal: {sorted(self.legal())}"
            caused += self.state.apply(action)
            self.ref.apply(action)
        self.check()
        self.events += caused
        return caused

    def refuse(self, action: str, *words: str) -> IllegalAction:
        """The action is refused, with ``words`` in its reason, and nothing changes."""
        before = self.state.clone()
        assert action not in self.ref.legal()
        with pytest.raises(IllegalAction) as caught:
            self.state.apply(action)
        assert self.state == before
        for word in words:
            assert word in str(caught.value), str(caught.value)
        return caught.value

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return self.state.view(seat)

    def towers(self, seat: int) -> list[list[str]]:
        return [tower["cards"] for tower in self.view()["towers"][seat]]

    def hand(self, seat: int) -> Counter[str]:
        cards = self.view(seat)["hands"][seat]["cards"]
        assert cards is not None
        return Counter(cards)

    def tops(self) -> list[str | None]:
        return [deck["top"] for deck in self.view()["decks"]]

    def sizes(self) -> list[int]:
        return [deck["size"] for deck in self.view()["decks"]]
