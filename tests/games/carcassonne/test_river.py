"""The River: setup, continuity, no U-turn, no follower on the river, the lake, ordering."""

from __future__ import annotations

from collections import Counter

import pytest

import tavola
from tavola import IllegalAction, InvalidOption
from tavola.games.carcassonne import CarcassonneState
from tavola.games.carcassonne.tiles import TILE_NAMES
from tests.games.carcassonne.helpers import new_game, turn


def test_the_spring_starts_and_river_tiles_come_first_then_the_lake() -> None:
    state = tavola.load("carcassonne", river=True).new_game(seed=11)
    assert isinstance(state, CarcassonneState)
    assert state.view(None)["board"] == [{"tile": "spring", "x": 0, "y": 0, "rotation": 0}]
    names = [TILE_NAMES[tile] for tile in state.pile]  # the shuffled draw order
    assert all(name.startswith("river-") for name in names[:10])
    assert names[10] == "lake"
    assert Counter(names[11:])["D"] == 4  # the base start tile is shuffled in
    assert len(names) == 10 + 1 + 72


def test_a_river_tile_continues_the_open_end_only() -> None:
    state = new_game(["river-straight"], river=True)
    assert state.legal_notations() == ["place 1,0 0", "place 1,0 180"]
    with pytest.raises(IllegalAction) as error:
        state.apply("place 0,1 0")  # the edges would match, but the river would not flow
    assert "River" in error.value.rule


def test_no_u_turn_two_curves_the_same_way() -> None:
    state = new_game(["river-curve", "river-curve", "lake"], river=True)
    # At (1,0) the curve turns right (exit S) at 0 or left (exit N) at 90.
    assert state.legal_notations() == ["place 1,0 0", "place 1,0 90"]
    turn(state, "place 1,0 0", "pass")  # flowing east, it turns right: south
    # Another right turn would send the river west, back under the spring: refused.
    assert state.legal_notations() == ["place 1,-1 180"]
    before = state.clone()
    with pytest.raises(IllegalAction):
        state.apply("place 1,-1 90")
    assert state == before
    turn(state, "place 1,-1 180", "pass")  # turns left: east again
    assert state.legal_notations() == ["place 2,-1 0"]  # the lake, from the west


def test_a_straight_between_two_curves_allows_the_same_turn_again() -> None:
    state = new_game(["river-curve", "river-straight", "river-curve"], river=True)
    turn(state, "place 1,0 0", "pass")  # right: south
    turn(state, "place 1,-1 90", "pass")  # straight on, south
    assert "place 1,-2 90" in state.legal_notations()  # right again: west


def test_no_follower_on_the_river_and_the_river_separates_fields() -> None:
    state = new_game(["river-straight"], river=True)
    state.apply("place 1,0 0")
    assert state.legal_notations() == ["deploy field Nl", "deploy field Er", "pass"]


def test_features_on_river_tiles_are_normal() -> None:
    state = new_game(["river-cloister"], river=True)
    state.apply("place 1,0 0")  # river W-E, cloister, road S
    assert state.legal_notations() == [
        "deploy road S",
        "deploy field Nl",
        "deploy field Er",
        "deploy field Sr",
        "deploy cloister",
        "pass",
    ]


def test_land_tiles_follow_the_lake_and_never_meet_a_river_edge() -> None:
    state = new_game(["river-straight", "U", "U"], river=True)  # no lake listed
    turn(state, "place 1,0 0", "pass")
    assert state.current_tile == "U"
    cells = {notation.split()[1] for notation in state.legal_notations()}
    assert "2,0" not in cells  # the river's open end: only a River tile may go there
    assert "0,1" in cells


@pytest.mark.parametrize(
    ("tiles", "river"),
    [
        (["river-straight"], False),  # a River tile needs the River
        (["U", "river-straight"], True),  # River tiles come first
        (["lake", "river-straight"], True),  # the lake is the last of them
        (["spring"], True),  # the spring is the start tile
        (["D", "D", "D", "D"], False),  # the fourth D is on the table
        (["river-curve"] * 3, True),  # there are two
    ],
)
def test_stacked_tiles_are_checked(tiles: list[str], river: bool) -> None:
    with pytest.raises(InvalidOption):
        tavola.load("carcassonne", tiles=tiles, river=river)


def test_the_fourth_d_is_in_the_box_with_the_river() -> None:
    state = new_game(["river-straight", "lake", "D", "D", "D", "D"], river=True)
    assert state.tiles_left == 5
