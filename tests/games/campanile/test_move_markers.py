"""Campanile's 2-player option ``move_markers`` (2009), scripted on stacked decks: who may
move a marker, where to, and how a moved marker ranks and scores.

Every expected value is worked out by hand from the rules (2009 section of the rules digest
and the German rulebook). Seats are P0, P1, ...; P0 starts.
"""

from __future__ import annotations

import pytest

import tavola
from tavola.games.campanile import CampanileState
from tavola.testing.properties import refused
from tests.games.campanile.decks import new_game, play
from tests.games.campanile.test_scenarios import three_players
from tests.games.campanile.views import groups, kinds, scorings, supply


@pytest.mark.parametrize("players", [3, 4, 5])
def test_move_markers_needs_two_players(players: int) -> None:
    """Option move_markers is a 2-player rule: refused with 3-5 players."""
    with pytest.raises(tavola.InvalidOption, match="move_markers"):
        tavola.load("campanile", players=players, move_markers=True)


def test_move_markers_is_accepted_with_two_players() -> None:
    """Option move_markers: valid with players=2."""
    game = tavola.load("campanile", players=2, move_markers=True)
    assert game.options["move_markers"] is True


HANDS_MOVE = [["beige", "beige", "yellow"], ["brown", "yellow", "yellow"]]
DISPLAY_MOVE = ["blue", "brown", "red"]
STACK_MOVE = ["red", "red", "intermezzo", "brown", "brown", "red", "brown", "finito"]


def move_game(move_markers: bool = True) -> CampanileState:
    """P0 has a 2-marker under blue, P1 one under brown; P0 has just built 2 floors."""
    state = new_game(HANDS_MOVE, DISPLAY_MOVE, STACK_MOVE, move_markers=move_markers)
    play(state, "build beige 2", "influence blue", "take red")
    play(state, "build brown 2", "influence brown", "take red")
    play(state, "build beige 2")
    return state


def test_move_is_refused_without_the_option() -> None:
    """Without move_markers a placed marker never moves."""
    state = move_game(move_markers=False)
    assert not any(action.startswith("move") for action in state.legal_notations())
    error = refused(state, "move blue brown")
    assert "move_markers" in error.reason


def test_after_building_two_a_placed_two_marker_may_move_to_a_displayed_tower() -> None:
    """move_markers: the moves go from towers with an own 2-marker to displayed others."""
    state = move_game()
    assert state.legal_notations() == [
        "influence blue",
        "influence brown",
        "influence red",
        "pass",
        "move blue brown",
        "move blue red",
    ]


def test_move_to_a_tower_not_on_display_is_refused() -> None:
    """move_markers: the target must be shown on the display (yellow is not)."""
    state = move_game()
    error = refused(state, "move blue yellow")
    assert error.rule.startswith("2-player option")
    assert "yellow" in error.reason


def test_moved_marker_opens_a_new_last_group_and_the_emptied_group_vanishes() -> None:
    """move_markers: the marker leaves blue (group gone) and joins brown after P1."""
    state = move_game()
    play(state, "move blue brown")
    assert groups(state, "blue") == []
    assert groups(state, "brown") == [(1, [2]), (0, [2])]
    assert supply(state, 0) == [5, 2, 1]
    assert state.legal_notations() == ["take blue", "take brown", "take red"]


def test_moved_marker_ranks_by_its_new_group_in_the_intermezzo() -> None:
    """move_markers: at brown P1's earlier group wins the 2-2 tie (2p flag 3/2)."""
    state = move_game()
    play(state, "move blue brown")
    events = play(state, "take brown")
    # Heights: beige 4, brown 2 -> brown ranks 2nd (3/2); blue 3rd has no markers left.
    assert kinds(events) == ["scoring", "reveal"]
    assert state.chips == [(2,), (3,)]


def test_move_is_refused_after_building_one_floor() -> None:
    """move_markers: only after building exactly 2 floors."""
    state = move_game()
    play(state, "move blue brown", "take brown")
    play(state, "build yellow 1")
    assert state.legal_notations() == [
        "influence blue",
        "influence brown",
        "influence red",
        "pass",
    ]
    error = refused(state, "move brown blue")
    assert "2 floors" in error.reason


def advanced_move_game() -> CampanileState:
    """After P0's move to brown and P1's 1-marker under blue; P0 has just built 2."""
    state = move_game()
    play(state, "move blue brown", "take brown")
    play(state, "build yellow 1", "influence blue", "take brown")
    play(state, "build yellow 2")
    return state


def test_move_needs_an_own_two_marker_under_the_source_tower() -> None:
    """move_markers: P0 has no marker under blue (only P1 has), so it cannot move from it."""
    state = advanced_move_game()
    assert groups(state, "blue") == [(1, [1])]
    error = refused(state, "move blue red")
    assert "blue" in error.reason
    assert [a for a in state.legal_notations() if a.startswith("move")] == [
        "move brown blue",
        "move brown red",
    ]


def test_moved_marker_joins_the_own_group_and_a_tower_can_be_left_empty() -> None:
    """move_markers: P0 opens a group at blue; then P1's move joins its own first group."""
    state = advanced_move_game()
    play(state, "move brown blue", "take red")
    assert groups(state, "blue") == [(1, [1]), (0, [2])]
    assert groups(state, "brown") == [(1, [2])]
    play(state, "build yellow 2")
    refused(state, "move blue red")  # P1's only marker under blue is a 1
    play(state, "move brown blue", "take brown")
    assert groups(state, "blue") == [(1, [1, 2]), (0, [2])]
    assert groups(state, "brown") == []


def test_move_is_refused_after_building_three_floors_and_the_game_scores_the_moves() -> None:
    """move_markers: no move after building 3; blue (lowest, flag 2) goes to P1 3 > P0 2."""
    state = advanced_move_game()
    play(state, "move brown blue", "take red")
    play(state, "build yellow 2", "move brown blue", "take brown")
    play(state, "build red 3")
    error = refused(state, "move blue red")
    assert "2 floors" in error.reason
    events = play(state, "pass", "take blue")
    assert kinds(events) == ["scoring", "game_over"]
    # Heights: yellow 5, beige 4, red 3, brown 2, blue 0.
    assert [(t["style"], t["awards"]) for t in scorings(events)[0].data["towers"]] == [
        ("blue", [[1, 2]]),
        ("brown", []),
        ("red", []),
        ("beige", []),
        ("yellow", []),
    ]
    assert state.chips == [(2,), (3, 2)]
    assert state.winners == [1]


def twos_placed(move_markers: bool) -> CampanileState:
    """P0 has placed its three 2-markers (two under blue, one under brown); P1 built one
    floor a turn and passed; P0 is to build."""
    state = new_game(
        [["beige", "beige", "yellow"], ["yellow", "yellow", "beige"]],
        ["blue", "brown", "red"],
        ["red", "red", "brown", "brown", "red", "red", "intermezzo", "blue", "finito"],
        move_markers=move_markers,
    )
    play(state, "build beige 2", "influence blue", "take red")
    play(state, "build yellow 1", "pass", "take red")
    play(state, "build beige 2", "influence blue", "take brown")
    play(state, "build yellow 1", "pass", "take brown")
    play(state, "build yellow 2", "influence brown", "take red")
    play(state, "build beige 1", "pass", "take red")
    return state


def test_with_no_two_marker_left_only_moves_and_pass_remain() -> None:
    """move_markers: all 2-markers placed; building 2 offers moves but no placement."""
    state = twos_placed(move_markers=True)
    assert supply(state, 0) == [5, 0, 1]
    play(state, "build red 2")
    assert state.legal_notations() == [
        "pass",
        "move blue brown",
        "move blue red",
        "move brown blue",
        "move brown red",
    ]
    error = refused(state, "influence red")
    assert error.rule.startswith("influence")
    assert "no marker of value 2" in error.reason
    play(state, "move blue red")
    assert groups(state, "blue") == [(0, [2])]
    assert groups(state, "red") == [(0, [2])]


def test_without_the_option_no_two_marker_left_skips_the_influence_step() -> None:
    """Influence: with all 2-markers placed and no option, building 2 goes to take."""
    state = twos_placed(move_markers=False)
    play(state, "build red 2")
    assert state.legal_notations() == ["take blue", "take brown", "take red"]


# -- action ids that are no actions ------------------------------------------------------


@pytest.mark.parametrize("action", [-1, 51, 1000])
def test_an_id_outside_the_action_space_is_refused(action: int) -> None:
    """Action ids run 0..50; anything else is refused as illegal."""
    state = three_players()
    error = refused(state, action)
    assert "not an action" in error.reason


@pytest.mark.parametrize("step", ["build", "take"])
@pytest.mark.parametrize("action", [26, 32, 38, 44, 50])
def test_a_move_to_the_same_tower_id_is_refused_as_illegal(action: int, step: str) -> None:
    """Ids of 'move x x' are no actions; applying one is an IllegalAction, as for id 51."""
    state = three_players()
    if step == "take":
        play(state, "build red 1", "pass")
    refused(state, action)


@pytest.mark.parametrize("action", [26, 32, 38, 44, 50])
def test_a_move_to_the_same_tower_id_is_refused_in_the_influence_step(action: int) -> None:
    """Ids of 'move x x' are refused as illegal after building, with or without the option."""
    for move_markers in (False, True):
        state = move_game(move_markers)
        assert refused(state, action).rule.startswith("2-player option")


def test_a_move_to_the_same_tower_id_is_refused_with_a_true_reason() -> None:
    """A refusal's reason must be true: blue is on display, the move is to the same tower."""
    state = move_game()
    assert "blue" in state.view(None)["display"]
    error = refused(state, 32)
    assert "no blue card is on display" not in error.reason
