"""Concrete situations for the ClockTowers reference (tests/games/reference/clocktowers_ref.py).

Most scenarios are "mirrored": with 2 players, seat 1 repeats each move of seat 0 right
after it, so every deck lists each card twice (seat 0's copy, then seat 1's).
"""

from __future__ import annotations

import pytest

from tests.games.reference.clocktowers_ref import (
    RefClockTowers,
    RefTower,
    tower_points,
    winners_from,
)

Script = list[tuple[str, str | None]]


def act(game: RefClockTowers, *moves: str) -> None:
    for move in moves:
        assert move in game.legal(), (move, sorted(game.legal()))
        game.apply(move)


def mirrored(game: RefClockTowers, script: Script) -> None:
    """Each (move, draw) is done by seat 0 then seat 1; draw None = no draw action."""
    for move, draw in script:
        for seat in (0, 1):
            assert game.current_player == seat
            act(game, move)
            if draw is not None:
                act(game, f"draw {draw}")
            assert game.phase in ("play", "over")


def doubled(*cards: str) -> list[str]:
    return [card for card in cards for _ in (0, 1)]


# --- start, clocks and roofs ---------------------------------------------------


def test_start_clock_on_no_tower_refused() -> None:
    game = RefClockTowers(2, ["1", "clock", "roof-red"])
    assert game.current_player == 0
    assert game.legal() == {
        "play 1cat new",
        "play 1mouse new",
        "discard 1cat",
        "discard 1mouse",
        "discard clock-mouse",
    }
    for bad in ("play clock-mouse new", "play clock-mouse 1", "play 1cat 1", "draw floors"):
        with pytest.raises(ValueError, match="illegal"):
            game.apply(bad)
    assert game.hands[0] == ["1cat", "1mouse", "clock-mouse"]
    assert game.towers[0] == []
    assert game.phase == "play"


def test_roof_without_clock_refused_and_draw_choice() -> None:
    game = RefClockTowers(2, ["roof-red", "1", "1"])
    act(game, "play 1cat new")
    assert game.phase == "draw"
    assert game.legal() == {"draw floors", "draw roofs"}
    act(game, "draw roofs")
    # Seat 1: only floors left -> its top is drawn automatically, turn passes.
    act(game, "discard 1cat")
    assert game.hands[1] == ["1mouse", "clock-mouse", "1"]
    assert game.decks["floors"] == ["1"]
    assert game.current_player == 0
    act(game, "play 1mouse 1")  # tower 1: 2 floors, no clock; auto draw of the last "1"
    assert game.towers[0][0].floor_count() == 2
    assert game.hands[0] == ["clock-mouse", "roof-red", "1"]
    act(game, "discard clock-mouse")  # seat 1: all decks empty, no draw
    assert game.hands[1] == ["1mouse", "1"]
    assert game.current_player == 0
    assert "play roof-red 1" not in game.legal()
    with pytest.raises(ValueError, match="illegal"):
        game.apply("play roof-red 1")
    assert game.legal() == {
        "discard clock-mouse",
        "discard roof-red",
        "discard 1",
        "play clock-mouse 1",
        "play 1 1",
        "play 1 new",
    }


def test_one_floor_tower_refuses_first_roof_but_a_2_card_counts_2() -> None:
    deck = doubled("2") + doubled("clock") + doubled("roof-green")
    game = RefClockTowers(2, deck)
    mirrored(
        game,
        [
            ("play 1cat new", "floors"),  # T1 [1cat]
            ("play clock-mouse 1", "roofs"),  # T1 [1cat] + clock-mouse; floors now empty
        ],
    )
    # Seat 0 holds 1mouse, 2, roof-green; only the clocks deck is left (auto draws).
    act(game, "play 2 new")  # T2 [2]
    assert game.hands[0] == ["1mouse", "roof-green", "clock"]
    assert game.current_player == 1
    act(game, "play 2 new")
    assert "play roof-green 1" not in game.legal()  # T1 has 1 floor, the first needs 2
    mirrored(game, [("play clock 2", None)])
    assert game.decks == {"floors": [], "roofs": [], "clocks": []}
    assert game.legal() == {
        "discard 1mouse",
        "discard roof-green",
        "play 1mouse new",
        "play roof-green 2",
    }
    mirrored(game, [("play roof-green 2", None)])
    assert game.towers[0][1] == RefTower(["2"], "clock", "roof-green")
    assert game.scores() == [5, 5]
    assert not game.is_over
    mirrored(game, [("play 1mouse new", None)])
    assert game.is_over
    assert game.current_player is None
    assert game.legal() == set()
    assert game.scores() == [5, 5]
    assert game.winners() == [0, 1]  # no top floor card with an animal: shared


def test_second_roof_of_a_colour_needs_one_more_floor() -> None:
    floors = doubled("1", "1", "1", "2", "1", "1")
    deck = floors + doubled("clock", "clock") + doubled("roof-blue", "roof-blue")
    game = RefClockTowers(2, deck)
    mirrored(
        game,
        [
            ("play 1cat new", "roofs"),
            ("play 1mouse 1", "floors"),
            ("play clock-mouse 1", "floors"),
        ],
    )
    # First blue roof on 2 floors (1cat, 1mouse) + clock: allowed.
    assert game.hands[0] == ["roof-blue", "1", "1"]
    assert game.legal() == {
        "discard roof-blue",
        "discard 1",
        "play 1 new",
        "play roof-blue 1",
    }
    mirrored(
        game,
        [
            ("play roof-blue 1", "clocks"),
            ("play 1 new", "roofs"),  # T2 [1]; roofs now empty
        ],
    )
    assert game.towers[0][0].is_complete()
    assert game.scores() == [3, 3]
    act(game, "play 1 2")  # T2 [1, 1]
    assert game.legal() == {"draw floors", "draw clocks"}  # the empty roofs deck is skipped
    act(game, "draw floors")
    act(game, "play 1 2", "draw floors")
    assert game.legal() == {
        "discard clock",
        "discard roof-blue",
        "discard 1",
        "play 1 new",
        "play 1 2",
        "play clock 2",
    }
    mirrored(game, [("play clock 2", "floors")])
    # T2 has 2 floors and a clock: the second blue roof needs 3 floors.
    assert game.hands[0] == ["roof-blue", "1", "2"]
    assert "play roof-blue 2" not in game.legal()
    with pytest.raises(ValueError, match="illegal"):
        game.apply("play roof-blue 2")
    mirrored(
        game,
        [
            ("play 1 new", "clocks"),  # T3 [1]; clocks now empty, only floors left
            ("play 2 3", None),  # T3 [1, 2] = 3 floors; auto draw
            ("play clock 3", None),  # auto draw: the floors deck is now empty
        ],
    )
    assert game.decks == {"floors": [], "roofs": [], "clocks": []}
    assert game.hands[0] == ["roof-blue", "1", "1"]
    assert game.towers[0][2].floor_count() == 3
    assert "play roof-blue 3" in game.legal()
    assert "play roof-blue 2" not in game.legal()
    # The last rounds: no drawing, hands shrink, the game ends with the last card.
    mirrored(game, [("play roof-blue 3", None), ("play 1 new", None)])
    assert game.hands == [["1"], ["1"]]
    act(game, "play 1 4")
    assert game.current_player == 1
    assert not game.is_over
    act(game, "play 1 4")
    assert game.is_over
    assert game.legal() == set()
    with pytest.raises(ValueError, match="illegal"):
        game.apply("discard 1")
    assert [t.points() for t in game.towers[0]] == [3, 0, 5, 0]
    assert game.scores() == [8, 8]
    assert game.winners() == [0, 1]


# --- scoring -------------------------------------------------------------------


def test_every_scoring_case_in_one_game() -> None:
    floors = doubled("1", "1", "1cat", "1", "1mouse", "1", "2")
    clocks = doubled("clock", "clock", "clock", "clock-mouse")
    roofs = doubled("roof-green", "roof-red", "roof-blue", "roof-yellow", "roof-purple")
    game = RefClockTowers(2, floors + clocks + roofs)
    mirrored(
        game,
        [
            ("play 1cat new", "roofs"),
            ("play 1mouse 1", "floors"),
            ("play clock-mouse 1", "floors"),
            ("play roof-green 1", "clocks"),  # T1 [1cat, 1mouse] + clock-mouse: 3
            ("play 1 new", "roofs"),
            ("play 1 2", "floors"),
            ("play clock 2", "floors"),
            ("play roof-red 2", "clocks"),  # T2 [1, 1] + clock: 5
            ("play 1cat new", "roofs"),
            ("play 1 3", "floors"),
            ("play clock 3", "floors"),
            ("play roof-blue 3", "clocks"),  # T3 [1cat, 1] + clock: 4
            ("play 1mouse new", "roofs"),
            ("play 1 4", "floors"),  # floors now empty
            ("play clock 4", "clocks"),
            ("play roof-yellow 4", None),  # T4 [1mouse, 1] + clock: 2; auto draw
            ("play 2 new", None),
            ("play clock-mouse 5", None),
        ],
    )
    assert game.scores() == [14, 14]
    assert game.hands == [["roof-purple"], ["roof-purple"]]
    mirrored(game, [("play roof-purple 5", None)])  # T5 [2] + clock-mouse: 2
    assert game.is_over
    assert [t.points() for t in game.towers[0]] == [3, 5, 4, 2, 2]
    assert [t.points() for t in game.towers[1]] == [3, 5, 4, 2, 2]
    assert game.scores() == [16, 16]
    assert game.winners() == [0, 1]  # both have a mouse-topped tower, neither a cat-topped


def test_tower_points_table() -> None:
    assert tower_points(["1", "2"], "clock", "roof-red") == 5
    assert tower_points(["2cat"], "clock", "roof-red") == 4
    assert tower_points(["1cat", "2mouse"], "clock", "roof-red") == 3
    assert tower_points(["1cat"], "clock-mouse", "roof-red") == 3  # the clock's mouse
    assert tower_points(["2mouse", "1mouse"], "clock", "roof-red") == 2
    assert tower_points(["2"], "clock-mouse", "roof-red") == 2  # the clock's mouse
    assert tower_points(["1", "1"], "clock", None) == 0
    assert tower_points(["1", "1"], None, None) == 0


# --- winners and tie-breaks ----------------------------------------------------


def test_tie_break_step_1_mouse_on_top() -> None:
    game = RefClockTowers(2, ["roof-red", "roof-red"])
    act(game, "play 1cat new", "play 1mouse new")  # auto draws of the roofs
    act(game, "play 1mouse 1", "play 1cat 1")
    act(game, "play clock-mouse 1", "play clock-mouse 1")
    act(game, "play roof-red 1", "play roof-red 1")
    assert game.is_over
    assert game.scores() == [3, 3]
    # Seat 0's top floor card is 1mouse, seat 1's is 1cat: the mouse wins first.
    assert game.winners() == [0]


def test_tie_break_step_2_cat_on_top_when_nobody_has_a_mouse_on_top() -> None:
    game = RefClockTowers(2, ["1", "1", "roof-red", "roof-red"])
    act(game, "play 1mouse new", "draw roofs")
    act(game, "play 1cat new", "draw floors")
    act(game, "play 1cat 1", "draw floors")  # seat 0: T1 [1mouse, 1cat]
    act(game, "play 1 1")  # seat 1: T1 [1cat, 1]; auto draw of the last roof
    assert game.decks == {"floors": [], "roofs": [], "clocks": []}
    act(game, "play clock-mouse 1", "play clock-mouse 1")
    act(game, "play roof-red 1", "play roof-red 1")
    act(game, "discard 1", "discard 1mouse")
    assert game.is_over
    assert game.scores() == [3, 3]
    assert game.winners() == [0]


def test_tie_break_filters_are_successive() -> None:
    # Seats 0 and 1 have a mouse on top, seat 2 a cat: seat 2 is out at step 1, and
    # neither survivor has a cat on top, so they share.
    game = RefClockTowers(3, ["roof-red", "roof-red", "roof-red"])
    act(game, "play 1cat new", "play 1cat new", "play 1mouse new")
    act(game, "play 1mouse 1", "play 1mouse 1", "play 1cat 1")
    for _ in range(3):
        act(game, "play clock-mouse 1")
    for _ in range(3):
        act(game, "play roof-red 1")
    assert game.is_over
    assert game.scores() == [3, 3, 3]
    assert game.winners() == [0, 1]


def test_incomplete_tower_does_not_count_for_the_tie_break() -> None:
    game = RefClockTowers(2, ["1", "1", "roof-red", "roof-red"])
    act(game, "play 1cat new", "draw floors")
    act(game, "play 1cat new", "draw floors")  # only the roofs deck is left
    act(game, "play 1 1", "play 1 1")  # both T1 [1cat, 1]; auto draws of the roofs
    assert game.decks == {"floors": [], "roofs": [], "clocks": []}
    act(game, "play clock-mouse 1", "play clock-mouse 1")
    act(game, "play roof-red 1", "play roof-red 1")
    act(game, "play 1mouse new", "discard 1mouse")  # seat 0's mouse tops only a floor stack
    assert game.is_over
    assert game.scores() == [3, 3]
    assert game.winners() == [0, 1]


def test_most_points_wins_before_any_tie_break() -> None:
    game = RefClockTowers(2, ["1", "1", "clock", "clock", "roof-red", "roof-red"])
    act(game, "discard 1cat", "draw floors")
    act(game, "play 1cat new", "draw floors")
    act(game, "play 1 new", "draw clocks")  # seat 0: T1 [1]
    act(game, "play 1 1", "draw clocks")  # seat 1: T1 [1cat, 1]
    act(game, "discard 1mouse")  # only the roofs deck is left: auto draw
    act(game, "play clock-mouse 1")  # seat 1; auto draw of the last roof
    assert game.hands == [["clock-mouse", "clock", "roof-red"], ["1mouse", "clock", "roof-red"]]
    act(game, "play clock 1", "discard clock")
    act(game, "discard clock-mouse", "play roof-red 1")
    act(game, "discard roof-red", "play 1mouse new")
    assert game.is_over
    assert game.scores() == [0, 3]
    assert game.winners() == [1]


def test_winners_from_direct() -> None:
    assert winners_from([3, 5], [True, False], [True, False]) == [1]
    assert winners_from([5, 5, 5], [False, True, True], [True, False, True]) == [2]
    assert winners_from([5, 5, 5], [False, False, False], [True, False, True]) == [0, 2]
    assert winners_from([0, 0], [False, False], [False, False]) == [0, 1]
