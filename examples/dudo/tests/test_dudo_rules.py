"""Dudo's own rules, on positions set up by hand (the kit checks the rest)."""

from __future__ import annotations

import pytest
from tavola_dudo import DudoState

import tavola
from tavola import IllegalAction


def position(dice: list[tuple[int, ...]], wild_ones: bool = True) -> DudoState:
    state = tavola.load("dudo", players=len(dice), dice=3, wild_ones=wild_ones).new_game(1)
    assert isinstance(state, DudoState)
    state.dice = dice
    return state


def test_a_bid_must_raise_and_ones_are_not_bid_when_wild() -> None:
    state = position([(1, 2, 5), (5, 5, 6)])
    assert "doubt" not in state.legal_notations()
    assert "1x1" not in state.legal_notations()
    state.apply("2x5")
    for lower in ("2x4", "1x6", "2x5"):
        with pytest.raises(IllegalAction):
            state.apply(lower)
    assert state.legal_notations()[:2] == ["2x6", "3x2"]
    assert state.legal_notations()[-1] == "doubt"


@pytest.mark.parametrize(
    ("bid", "wild", "loser"),
    [("4x5", True, 1), ("5x5", True, 0), ("3x5", False, 1), ("4x5", False, 0)],
)
def test_a_doubt_counts_the_face_and_wild_ones(bid: str, wild: bool, loser: int) -> None:
    """Three fives and a one: 4x5 holds with wild ones, not without."""
    state = position([(1, 2, 5), (5, 5, 6)], wild_ones=wild)
    state.apply(bid)
    events = state.apply("doubt")
    assert events[0].kind == "reveal"
    assert events[0].data["loser"] == loser
    assert state.scores[loser] == 2
    assert state.current_player == loser  # the loser opens the next round
    assert state.view(None)["last_round"]["dice"] == [[1, 2, 5], [5, 5, 6]]


def test_views_show_only_the_seats_own_dice_and_the_end_has_one_winner() -> None:
    state = position([(2, 3, 4), (6, 6, 6), (1, 1, 1)])
    assert state.view(0)["dice"] == [[2, 3, 4], None, None]
    assert state.view(None)["dice"] == [None, None, None]
    state.counts = [1, 0, 1]
    state.dice = [(2,), (), (3,)]
    state.apply("2x2")
    state.apply("doubt")  # one 2 and no one: the bidder, seat 0, loses its last die
    assert state.is_over
    assert state.winners == [2]
    assert state.scores == [0, 0, 1]
