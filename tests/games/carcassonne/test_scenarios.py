"""Scenario tests with stacked tiles and exact points.

The start tile D lies at (0,0): city N, road W-E, field S. Coordinates: y grows north.
"""

from __future__ import annotations

import pytest

import tavola
from tavola import IllegalAction
from tavola.games.carcassonne import CarcassonneState
from tests.games.carcassonne.helpers import new_game, play, scorings, turn


def test_a_road_closing_into_a_loop_scores_each_tile_once() -> None:
    # D(0,0) -> V(1,0) -> V(1,-1) -> U(0,-1) -> V(-1,-1) -> V(-1,0) -> back into D.
    state, events = play(
        ["V", "V", "U", "V", "V"],
        [
            ("place 1,0 0", "deploy road S"),  # P0: a thief on the curve W-S
            ("place 1,-1 90", "pass"),
            ("place 0,-1 0", "pass"),
            ("place -1,-1 180", "pass"),
        ],
    )
    assert scorings(events) == []
    assert state.supply == [6, 7]
    events = turn(state, "place -1,0 270", "pass")
    assert scorings(events) == [("road", 6, [0])]
    assert state.supply == [7, 7]
    assert state.is_over
    assert state.scores == [6, 0]


def test_a_city_touching_one_tile_twice_counts_that_tile_once() -> None:
    # I at (0,-1) turned 180 has two separate cities, E and S; three corner cities close
    # a ring from its E city round to its S city: 4 tiles, 5 segments.
    state, events = play(
        ["I", "N", "N", "N"],
        [
            ("place 0,-1 180", "deploy city E"),
            ("place 1,-1 270", "pass"),
            ("place 1,-2 0", "pass"),
            ("place 0,-2 90", "pass"),
        ],
    )
    assert scorings(events) == [("city", 8, [0])]  # 2 x 4 tiles, not 2 x 5
    assert state.scores == [8, 0]


def test_two_cities_joined_into_one_score_for_both_knights() -> None:
    state, events = play(
        ["G", "U", "B", "E", "N"],
        [
            ("place 0,1 90", "deploy city N"),  # P0: city D+G, open north
            ("place 1,0 0", "pass"),
            ("place 1,1 0", "pass"),
            ("place 1,2 270", "deploy city W"),  # P1: a one-tile city, open west
            ("place 0,2 180", "pass"),  # P0: the corner joins both and closes them
        ],
    )
    assert scorings(events) == [("city", 8, [0, 1])]  # 4 tiles, both score in full
    assert state.supply == [7, 7]
    assert state.scores == [8, 8]
    assert state.winners == [0, 1]


def test_a_cloister_completed_by_the_last_of_its_eight_neighbours() -> None:
    turns = [
        ("place 0,-1 0", "deploy cloister"),  # P0's monk, the D tile is its 1st neighbour
        ("place -1,0 0", "pass"),
        ("place 1,0 0", "pass"),
        ("place -1,-1 0", "pass"),
        ("place 1,-1 0", "pass"),
        ("place 0,-2 0", "pass"),
        ("place -1,-2 0", "pass"),
    ]
    state, events = play(["B", "U", "U", "B", "B", "B", "A", "A"], turns)
    assert scorings(events) == []
    assert state.supply[0] == 6
    events = turn(state, "place 1,-2 0", "pass")
    assert scorings(events) == [("cloister", 9, [0])]
    assert state.supply[0] == 7
    assert state.scores == [9, 0]


def test_deploy_and_score_in_the_same_turn() -> None:
    state, events = play(
        ["A", "A"],
        [
            ("place 1,0 90", "deploy cloister"),  # the road W ends at this cloister
            ("place -1,0 270", "deploy road E"),  # P1 closes the road and stands on it
        ],
    )
    assert scorings(events) == [("road", 3, [1])]
    # The thief came back at once; the monk stays (the final scoring leaves the picture).
    assert state.supply == [6, 7]
    # The monk's cloister is incomplete: 1 + its one neighbour (the start tile).
    assert state.scores == [2, 3]


def test_a_tile_that_fits_nowhere_is_removed_and_the_player_draws_again() -> None:
    state = new_game(["E", "C", "U"])
    turn(state, "place 0,1 180", "pass")  # closes the start city: no cell takes C now
    assert state.current_player == 1
    assert state.current_tile == "U"
    assert state.view(None)["discarded"] == ["C"]
    assert state.tiles_left == 0


def test_the_discard_is_reported_as_an_event() -> None:
    state = new_game(["E", "C", "U"])
    events = turn(state, "place 0,1 180", "pass")
    assert [e.data for e in events if e.kind == "discard"] == [{"tile": "C", "player": 1}]


@pytest.mark.parametrize(("small_city", "points"), [("2", 2), ("4", 4)])
def test_a_two_tile_city_by_the_small_city_option(small_city: str, points: int) -> None:
    state, events = play(["E", "U"], [("place 0,1 180", "deploy city S")], small_city=small_city)
    assert scorings(events) == [("city", points, [0])]
    assert state.supply[0] == 7


def test_end_of_game_scores_incomplete_features() -> None:
    state, events = play(
        ["M", "A", "U"],
        [
            ("place 0,1 180", "deploy city E"),  # city D+M with a pennant, open east
            ("place 1,0 90", "deploy cloister"),  # the road ends here
            ("place -1,0 0", "deploy road E"),  # road U-D-A, open west
        ],
    )
    assert state.is_over
    final = [e for e in events if e.kind == "final_scoring"]
    assert len(final) == 1
    table = final[0].table
    assert table is not None
    rows = {(row[0], row[2], row[3]) for row in table.rows}
    assert rows == {
        ("city of 2 tiles, 1 pennant", "3", "P0"),  # 1 per tile + 1 per pennant
        ("road of 3 tiles", "3", "P0"),
        ("cloister with 2 of 8 neighbours", "3", "P1"),  # 1 + the start tile and M
    }
    assert state.scores == [6, 3]
    assert state.winners == [0]


def test_followers_only_on_features_with_no_follower() -> None:
    state = new_game(["U", "U"])
    turn(state, "place 1,0 0", "deploy road E")  # the road through D is now occupied
    state.apply("place -1,0 0")
    assert "deploy road E" not in state.legal_notations()
    assert "deploy field Nl" in state.legal_notations()
    with pytest.raises(IllegalAction) as error:
        state.apply("deploy road W")  # the same road, named by its other side
    assert "no follower" in error.value.rule


def test_no_follower_step_without_followers_in_supply() -> None:
    state = tavola.load("carcassonne").new_game(seed=5)
    assert isinstance(state, CarcassonneState)
    empty_turns = 0
    while not state.is_over:
        player = state.current_player
        assert player is not None
        supply = state.supply[player]
        state.apply(state.legal_actions()[0])
        if state.phase == 1 and state.current_player == player:
            assert supply > 0
            # P0 deploys whenever it can, P1 never does.
            state.apply(state.legal_actions()[0] if player == 0 else state.legal_actions()[-1])
        elif supply == 0:
            empty_turns += 1
        on_board = sum(1 for _, seat, _, _ in state.followers if seat == 0)
        assert state.supply[0] + on_board == 7
    assert empty_turns > 0  # P0 ran out and went on placing tiles only
