"""Scenario tests of the placement rules, with stacked decks, checked against the reference.

Each scenario plays whole turns (play or discard, then draw) for both seats; ``Table.do``
compares the engine's legal actions with the reference's before every action.
"""

from __future__ import annotations

from tests.games.clocktowers.table import Table, stack

RULE_CLOCK = "a clock goes only on one of your towers made only of floors (at least one)"
RULE_ROOF_START = "a roof goes only on floors plus a clock"
RULE_FLOOR = "a floor card starts a new tower or goes on a tower made only of floors"


def blue_towers() -> Table:
    """P0 completes a first blue tower of 2 floors; P1 only discards and draws."""
    table = Table(
        stack(
            floors=["2", "1", "2", "2", "1", "1", "2cat"],
            roofs=["roof-blue", "roof-red", "roof-blue", "roof-blue", "roof-green"],
            clocks=["clock"] * 9,
        )
    )
    table.do("play 1cat new", "draw roofs")  # P0 takes roof-blue
    table.do("discard 1cat", "draw roofs")  # P1 takes roof-red
    table.do("play 1mouse 1", "draw floors")  # tower 1: 1cat 1mouse = 2 floors
    table.do("discard 1mouse", "draw clocks")
    table.do("play clock-mouse 1", "draw clocks")
    table.do("discard clock-mouse", "draw clocks")
    return table


def test_the_first_blue_tower_of_two_floors_completes() -> None:
    table = blue_towers()
    assert table.hand(0) == {"2": 1, "clock": 1, "roof-blue": 1}
    assert "play roof-blue 1" in table.legal()
    events = table.do("play roof-blue 1")
    assert [e.kind for e in events] == ["tower"]
    assert events[0].data == {
        "player": 0,
        "tower": 1,
        "cards": ["1cat", "1mouse", "clock-mouse", "roof-blue"],
        "points": 3,
    }
    assert table.towers(0) == [["1cat", "1mouse", "clock-mouse", "roof-blue"]]
    assert table.state.scores == [3, 0]
    assert table.view()["needs"][0] == {"red": 2, "blue": 3, "green": 2, "yellow": 2, "purple": 2}
    assert table.view()["needs"][1] == {"red": 2, "blue": 2, "green": 2, "yellow": 2, "purple": 2}
    tower = table.view()["towers"][0][0]
    assert (tower["complete"], tower["roof"], tower["points"], tower["floors"]) == (
        True,
        "blue",
        3,
        2,
    )


def test_a_second_blue_tower_of_two_floors_is_refused_and_of_three_accepted() -> None:
    table = blue_towers()
    table.do("play roof-blue 1", "draw floors")
    table.do("discard roof-red", "draw clocks")
    table.do("play 2 new", "draw roofs")  # tower 2: 2 floors
    table.do("discard clock", "draw floors")
    table.do("play clock 2", "draw roofs")
    table.do("discard clock", "draw clocks")
    assert table.hand(0) == {"1": 1, "roof-blue": 2}
    assert not any(action.startswith("play roof-blue") for action in table.legal())
    error = table.refuse(
        "play roof-blue 2", "your 2nd blue tower needs exactly 3 floors; tower 2 has 2"
    )
    assert error.rule.startswith(RULE_ROOF_START)
    table.do("play 1 new", "draw floors")  # tower 3: 1 floor
    table.do("discard clock", "draw clocks")
    table.do("play 2 3", "draw clocks")  # tower 3: 1 + 2 = 3 floors
    table.do("discard clock", "draw clocks")
    table.do("play clock 3", "draw floors")
    table.do("discard clock", "draw clocks")
    assert sorted(table.legal()) == [
        "discard 1",
        "discard roof-blue",
        "play 1 new",
        "play roof-blue 3",
    ]
    events = table.do("play roof-blue 3")
    assert events[0].data["points"] == 5
    assert table.towers(0)[2] == ["1", "2", "clock", "roof-blue"]
    assert table.state.scores == [8, 0]
    assert table.view()["needs"][0]["blue"] == 4
    # Tower 2 (2 floors) can still take the first roof of any other colour.
    assert table.state.needs(0) == [2, 4, 2, 2, 2]


def two_floor_card_tower() -> Table:
    """P0: tower 1 is a single 2-floor card with a clock; tower 2 a 1-floor card with a clock."""
    table = Table(stack(floors=["2", *["1"] * 5], roofs=["roof-red"] * 4, clocks=["clock"] * 9))
    table.do("discard 1cat", "draw floors")  # P0 takes the 2
    table.do("discard 1cat", "draw clocks")
    table.do("play 2 new", "draw roofs")  # tower 1: one card, 2 floors
    table.do("discard 1mouse", "draw clocks")
    table.do("play 1mouse new", "draw clocks")  # tower 2: 1 floor
    table.do("discard clock", "draw clocks")
    table.do("play clock-mouse 1", "draw clocks")
    table.do("discard clock", "draw clocks")
    table.do("play clock 2", "draw floors")
    table.do("discard clock", "draw clocks")
    return table


def test_a_two_floor_card_counts_two_floors() -> None:
    table = two_floor_card_tower()
    assert [t["floors"] for t in table.view()["towers"][0]] == [2, 1]
    assert "play roof-red 1" in table.legal()
    table.refuse("play roof-red 2", "your 1st red tower needs exactly 2 floors; tower 2 has 1")
    events = table.do("play roof-red 1")
    # A 2-floor card, a clock with a mouse: mice and no cats, 2 points.
    assert events[0].data["cards"] == ["2", "clock-mouse", "roof-red"]
    assert events[0].data["points"] == 2
    assert table.state.scores == [2, 0]


def test_a_clock_on_an_empty_tower_is_refused() -> None:
    table = Table(stack(floors=["1"] * 3, roofs=["roof-red"] * 3, clocks=["clock"] * 3))
    assert sorted(table.legal()) == [
        "discard 1cat",
        "discard 1mouse",
        "discard clock-mouse",
        "play 1cat new",
        "play 1mouse new",
    ]
    error = table.refuse("play clock-mouse 1", "you have no tower 1 (no towers yet)")
    assert error.rule == RULE_CLOCK
    table.do("play 1cat new", "draw floors")
    table.do("discard 1cat", "draw floors")
    table.refuse("play clock-mouse 2", "you have no tower 2 (only 1)")
    assert "play clock-mouse 1" in table.legal()


def test_clocks_and_floors_go_only_on_towers_of_floors_alone() -> None:
    table = two_floor_card_tower()
    # Tower 1 has a clock: no floor, no second clock on it.
    assert table.hand(0) == {"1": 1, "roof-red": 1, "clock": 1}
    error = table.refuse("play 1 1", "tower 1 already has a clock")
    assert error.rule == RULE_FLOOR
    error = table.refuse("play clock 2", "tower 2 already has a clock")
    assert error.rule == RULE_CLOCK
    table.do("play roof-red 1", "draw floors")
    table.do("discard clock", "draw clocks")
    # Tower 1 is complete: nothing more goes on it.
    assert table.hand(0) == {"1": 2, "clock": 1}
    table.refuse("play 1 1", "tower 1 is complete")
    table.refuse("play clock 1", "tower 1 is complete")
    table.do("play 1 new", "draw floors")
    table.do("discard clock", "draw floors")
    assert {a for a in table.legal() if a.startswith("play clock")} == {"play clock 3"}


def test_a_roof_without_a_clock_is_refused() -> None:
    table = Table(stack(floors=["1"] * 4, roofs=["roof-green"] * 4, clocks=["clock"] * 4))
    table.do("play 1cat new", "draw roofs")
    table.do("discard 1cat", "draw roofs")
    table.do("play 1mouse 1", "draw roofs")  # tower 1: 2 floors, no clock
    table.do("discard 1mouse", "draw roofs")
    assert table.hand(0) == {"clock-mouse": 1, "roof-green": 2}
    assert "play roof-green 1" not in table.legal()
    error = table.refuse("play roof-green 1", "tower 1 has no clock")
    assert error.rule.startswith(RULE_ROOF_START)
    table.do("play clock-mouse 1", "draw floors")
    table.do("discard roof-green", "draw floors")
    events = table.do("play roof-green 1", "draw floors")
    assert events[0].data["points"] == 3
    table.do("discard roof-green", "draw floors")
    table.refuse("play roof-green 1", "tower 1 is complete")


def test_cards_not_in_hand_are_refused() -> None:
    table = Table(stack(floors=["1"] * 2, roofs=["roof-red"] * 2))
    table.refuse("play 2 new", "you have no 2 floors in hand")
    table.refuse("discard roof-red", "you have no red roof in hand")
    table.refuse("draw floors", "it is time to play or discard a card, not to draw")
    table.do("discard 1cat")
    table.refuse("play 1mouse new", "it is time to draw, not to play or discard")
