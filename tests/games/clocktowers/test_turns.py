"""Scenario tests of turns: the draw, empty decks, the automatic draw, the last rounds."""

from __future__ import annotations

import pytest

import tavola
from tavola import IllegalAction, InvalidOption
from tests.games.clocktowers.table import Table, cards_left, stack


def test_the_setup_deals_the_fixed_hands_and_shows_the_three_tops() -> None:
    state = tavola.load("clocktowers", players=3).new_game(seed=11)
    view = state.view(None)
    for hand in view["hands"]:
        assert sorted(hand["known"]) == ["1cat", "1mouse", "clock-mouse"]
        assert hand["unknown"] == 0
        assert hand["size"] == 3
    left = cards_left(3)
    floors = sum(left[c] for c in ("1", "1cat", "1mouse", "2", "2cat", "2mouse"))
    roofs = sum(left[c] for c in left if c.startswith("roof"))
    clocks = left["clock"] + left["clock-mouse"]
    # 5 floor cards and 3 roofs are removed unseen; no clock is.
    assert [deck["size"] for deck in view["decks"]] == [floors - 5, roofs - 3, clocks]
    assert [deck["name"] for deck in view["decks"]] == ["floors", "roofs", "clocks"]
    assert all(deck["top"] is not None for deck in view["decks"])
    assert view["current_player"] == 0
    assert view["phase"] == "play"


def test_a_turn_is_a_play_then_a_draw_and_play_goes_clockwise() -> None:
    table = Table(stack(floors=["2", "1"], roofs=["roof-red", "roof-blue"]), players=3)
    assert table.tops() == ["2", "roof-red", None]
    table.do("play 1cat new")
    assert table.view()["phase"] == "draw"
    assert table.state.current_player == 0
    assert table.legal() == {"draw floors", "draw roofs"}
    events = table.do("draw floors")
    assert [e.kind for e in events] == ["draw"]
    assert events[0].data == {"player": 0, "deck": "floors", "card": "2", "top": "1"}
    assert table.hand(0) == {"1mouse": 1, "clock-mouse": 1, "2": 1}
    assert table.tops() == ["1", "roof-red", None]
    assert table.state.current_player == 1
    table.do("discard 1cat", "draw roofs")
    assert table.state.current_player == 2


def test_drawing_when_a_deck_is_empty() -> None:
    table = Table(stack(floors=["2", "1"], roofs=["roof-red"], clocks=["clock"]))
    table.do("play 1cat new", "draw roofs")
    assert table.tops() == ["2", None, "clock"]
    table.do("discard 1cat")
    assert table.legal() == {"draw floors", "draw clocks"}
    table.refuse("draw roofs", "the roofs deck is empty")
    table.do("draw clocks")
    # One deck left: the draw is automatic, and the next player is to play.
    events = table.do("play 1mouse 1")
    assert [e.kind for e in events] == ["draw"]
    assert events[0].data == {"player": 0, "deck": "floors", "card": "2", "top": "1"}
    assert table.state.current_player == 1
    assert table.view()["phase"] == "play"
    assert table.hand(0) == {"clock-mouse": 1, "roof-red": 1, "2": 1}
    events = table.do("discard clock")
    assert events[-1].data == {"player": 1, "deck": "floors", "card": "1", "top": None}
    assert table.sizes() == [0, 0, 0]


def test_the_last_rounds_have_no_drawing_and_the_game_ends_when_hands_are_empty() -> None:
    table = Table(stack(floors=["2"], roofs=["roof-red"]))
    table.do("play 1cat new", "draw roofs")  # P0 takes roof-red; floors left alone
    events = table.do("discard 1cat")  # P1 draws the 2 automatically: the decks are empty
    assert [e.kind for e in events] == ["discard", "draw"]
    sizes = [table.view()["hands"][seat]["size"] for seat in (0, 1)]
    assert sizes == [3, 3]
    plays = [
        "play 1mouse 1",
        "discard 1mouse",
        "play clock-mouse 1",
        "play 2 new",
        "play roof-red 1",
        "discard clock-mouse",
    ]
    for step, action in enumerate(plays):
        assert not table.state.is_over
        assert table.state.current_player == step % 2
        events = table.do(action)
        assert all(e.kind != "draw" for e in events)
        assert table.view()["phase"] in ("play", "over")
    assert table.state.is_over
    assert table.state.current_player is None
    assert table.legal() == set()
    assert [e.kind for e in events][-2:] == ["scoring", "game_over"]
    assert table.state.scores == [3, 0]
    assert table.state.winners == [0]
    assert events[-1].data == {"scores": [3, 0], "winners": [0]}
    with pytest.raises(IllegalAction):
        table.state.apply("discard 1")


def test_with_empty_decks_each_player_plays_out_three_cards() -> None:
    table = Table([], players=4)
    assert table.sizes() == [0, 0, 0]
    for _ in range(3):
        for seat in range(4):
            assert table.state.current_player == seat
            table.do(min(a for a in table.legal() if a.startswith("discard")))
    assert table.state.is_over
    assert table.state.winners == [0, 1, 2, 3]  # nothing complete: a shared victory


def test_a_stacked_deck_must_fit_in_what_the_starting_hands_leave() -> None:
    with pytest.raises(InvalidOption):
        tavola.load("clocktowers", players=4, deck=["1mouse"])  # 4 hands take all 4
    with pytest.raises(InvalidOption):
        tavola.load("clocktowers", players=2, deck=["roof-red"] * 5)
    with pytest.raises(InvalidOption):
        tavola.load("clocktowers", players=5)
    with pytest.raises(InvalidOption):
        tavola.load("clocktowers", deck=["tower"])
    game = tavola.load("clocktowers", players=2, deck=["1mouse", "1mouse"])
    assert game.new_game(0).view(None)["decks"][0] == {"name": "floors", "size": 2, "top": "1mouse"}
