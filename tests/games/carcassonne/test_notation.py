"""Notation: canonical forms, lenient reading, features named by any side, shortcuts."""

from __future__ import annotations

import pytest

import tavola
from tavola import IllegalAction, NotationError
from tavola.games.carcassonne.actions import (
    NUM_ACTIONS,
    PASS,
    PLACES,
    action_to_string,
    cell_key,
    parse_action,
)
from tavola.testing.properties import refused
from tests.games.carcassonne.helpers import new_game


@pytest.mark.parametrize("action", [*range(PLACES, NUM_ACTIONS), 0, 4 * cell_key(84, 84) + 3])
def test_every_notation_reads_back(action: int) -> None:
    assert parse_action(action_to_string(action)) == action


def test_placements_read_leniently() -> None:
    assert parse_action("PLACE 1 , -2   90") == parse_action("place 1,-2 90")
    assert action_to_string(parse_action("p -3,4 270")) == "place -3,4 270"
    assert action_to_string(parse_action("d knight n")) == "deploy city N"
    assert action_to_string(parse_action("deploy monk")) == "deploy cloister"
    assert parse_action(" Pass ") == PASS


@pytest.mark.parametrize(
    "text",
    [
        "",
        "place 1,2",
        "place 1,2 45",
        "place 99,0 0",
        "deploy road",
        "deploy field N",
        "deploy city Nl",
        "deploy river E",
        "build blue 2",
        "pass now",
        "place a,b 90",
    ],
)
def test_bad_text_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)


def test_ids_outside_the_space_are_refused() -> None:
    state = tavola.load("carcassonne").new_game(seed=1)
    for action in (-1, NUM_ACTIONS, PASS):
        with pytest.raises(IllegalAction):
            state.apply(action)


def test_features_are_named_in_board_orientation_by_their_first_side() -> None:
    state = new_game(["N"])
    state.apply("place 0,1 180")  # the city corner N-W turned 180: city S-E, field N-W
    assert state.legal_notations() == ["deploy city E", "deploy field Nl", "pass"]


@pytest.mark.parametrize(
    ("written", "recorded"),
    [("deploy city S", "deploy city E"), ("d farmer wr", "deploy field Nl")],
)
def test_any_side_of_a_feature_names_it(written: str, recorded: str) -> None:
    state = new_game(["N"])
    state.apply("place 0,1 180")
    assert state.read_action(written) == state.game.parse_action(recorded)
    state.apply(written)
    assert state.record()["actions"] == ["place 0,1 180", recorded]
    assert tavola.replay(state.record()) == state


def test_a_side_that_is_no_feature_of_the_tile_is_illegal() -> None:
    state = new_game(["N"])
    state.apply("place 0,1 180")
    for text in ("deploy road E", "deploy city N", "deploy field Sl", "deploy cloister"):
        refused(state, text)


def test_candidate_number_and_rotation() -> None:
    state = new_game(["V"])
    # In reading order (north row first, west to east); no V fits the city side (0,1).
    assert state.view(0)["candidates"] == [
        {"x": -1, "y": 0, "rotations": [180, 270]},
        {"x": 1, "y": 0, "rotations": [0, 90]},
        {"x": 0, "y": -1, "rotations": [0, 270]},
    ]
    cells = [(-1, 0), (1, 0), (0, -1)]
    number = 2
    assert state.read_action(f"{number} 0") == state.game.parse_action("place 1,0 0")
    assert state.read_action(f"{number}, 90") == state.game.parse_action("place 1,0 90")
    with pytest.raises(IllegalAction):
        state.read_action(f"{len(cells) + 1} 0")
    with pytest.raises(IllegalAction):
        state.read_action("1 45")
    assert state.read_action("place 1,0 0") == state.game.parse_action("place 1,0 0")
