"""The core protocol: the registry, options, errors, records and replays (through Campanile)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import tavola
from tavola import (
    IllegalAction,
    InvalidOption,
    NotationError,
    ReplayError,
    TavolaError,
    UnknownGame,
)
from tavola.core import Option
from tavola.core.options import parse_assignments

STYLES = ("beige", "blue", "brown", "yellow", "red")
OPTION_NAMES = ("bet_on_built_tower", "deck", "edition", "move_markers", "players", "towers")


def some_deck(blue: int = 12) -> list[str]:
    """A valid stacked deck: tower cards, then the Intermezzo and the Finito at the end."""
    cards = ["blue"] * blue + [style for style in STYLES if style != "blue" for _ in range(6)]
    return [*cards, "intermezzo", *["red"] * 3, "finito"]


def played(seed: int, steps: int, **options: Any) -> tavola.State:
    """A game after ``steps`` actions, always the first legal one."""
    state = tavola.load("campanile", **options).new_game(seed)
    for _ in range(steps):
        state.apply(state.legal_actions()[0])
    return state


# -- errors --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "error", [UnknownGame, InvalidOption, NotationError, IllegalAction, ReplayError]
)
def test_every_error_is_a_tavola_error_and_a_value_error(error: type[Exception]) -> None:
    assert issubclass(error, TavolaError)
    assert issubclass(error, ValueError)


def test_illegal_action_names_the_rule_and_the_reason() -> None:
    state = tavola.load("campanile", players=2).new_game(1)
    with pytest.raises(IllegalAction) as caught:
        state.apply("take beige")
    assert caught.value.rule
    assert caught.value.reason
    assert caught.value.rule in str(caught.value)
    assert caught.value.reason in str(caught.value)


def test_replay_error_names_its_step() -> None:
    assert ReplayError(0, "why").step == 0
    assert "setup" in str(ReplayError(0, "why"))
    error = ReplayError(3, "why")
    assert error.step == 3
    assert "action 3" in str(error)
    assert "why" in str(error)


# -- the registry --------------------------------------------------------------------------


def test_registry_lists_campanile() -> None:
    games = tavola.game_classes()
    assert "campanile" in games
    assert list(games) == sorted(games)
    campanile = games["campanile"]
    assert campanile.name == "campanile"
    assert campanile.title
    assert campanile.summary
    assert tuple(sorted(spec.name for spec in campanile.option_specs)) == OPTION_NAMES


def test_load_gives_the_game_with_its_options() -> None:
    game = tavola.load("campanile", players=3)
    assert isinstance(game, tavola.Game)
    assert game.name == "campanile"
    assert game.num_players == 3
    assert game.options == {
        "players": 3,
        "edition": "2009",
        "move_markers": False,
        "bet_on_built_tower": False,
        "towers": STYLES,
        "deck": None,
    }
    assert tavola.load("campanile").num_players == 4  # the default


def test_load_of_an_unknown_game_lists_the_available_games() -> None:
    with pytest.raises(UnknownGame) as caught:
        tavola.load("chess")
    message = str(caught.value)
    assert "chess" in message
    for name in tavola.game_classes():
        assert name in message


# -- options -------------------------------------------------------------------------------


def test_an_unknown_option_lists_the_valid_options() -> None:
    with pytest.raises(InvalidOption) as caught:
        tavola.load("campanile", colour="red")
    message = str(caught.value)
    assert "colour" in message
    for name in OPTION_NAMES:
        assert name in message


@pytest.mark.parametrize(
    ("options", "valid"),
    [
        ({"players": 7}, ["2", "3", "4", "5"]),
        ({"players": 1}, ["2", "3", "4", "5"]),
        ({"players": "x"}, ["2", "3", "4", "5"]),
        ({"players": True}, ["2", "3", "4", "5"]),
        ({"players": 2.5}, ["2", "3", "4", "5"]),
        ({"players": None}, ["2", "3", "4", "5"]),
        ({"move_markers": "maybe"}, ["true", "false"]),
        ({"move_markers": 2}, ["true", "false"]),
        ({"edition": "1997"}, ["2009", "1996"]),
        ({"towers": ("beige", "beige", "brown", "yellow", "red")}, list(STYLES)),
        ({"towers": "beige,blue,brown,yellow"}, list(STYLES)),
        ({"towers": "beige,blue,brown,yellow,red,red"}, list(STYLES)),
        ({"towers": "beige,blue,brown,yellow,pink"}, list(STYLES)),
        ({"towers": 5}, ["comma-separated"]),
        ({"deck": [*some_deck(), "joker"]}, [*STYLES, "intermezzo", "finito"]),
    ],
)
def test_a_bad_value_says_what_is_valid(options: dict[str, Any], valid: list[str]) -> None:
    with pytest.raises(InvalidOption) as caught:
        tavola.load("campanile", **options)
    message = str(caught.value)
    for word in valid:
        assert word in message, (options, message)


@pytest.mark.parametrize(
    ("players", "deck", "valid"),
    [
        (3, some_deck(blue=13), "at most 12 blue"),
        (2, some_deck(blue=7), "at most 6 blue"),
        (3, [card for card in some_deck() if card != "finito"], "one finito"),
        (3, [card for card in some_deck() if card != "intermezzo"], "one intermezzo"),
        (3, [*some_deck(), "finito"], "one finito"),
        (3, [*some_deck(), "intermezzo"], "one intermezzo"),
        (
            3,
            [{"intermezzo": "finito", "finito": "intermezzo"}.get(c, c) for c in some_deck()],
            "intermezzo lies above the finito",
        ),
        (3, ["intermezzo", *(c for c in some_deck() if c != "intermezzo")], "first 12 cards"),
        (2, ["blue", "red", "intermezzo", "finito"], "first 9 cards"),
    ],
)
def test_a_bad_deck_says_what_is_valid(players: int, deck: list[str], valid: str) -> None:
    with pytest.raises(InvalidOption, match=valid):
        tavola.load("campanile", players=players, deck=deck)


def test_move_markers_needs_two_players() -> None:
    with pytest.raises(InvalidOption, match="players=2"):
        tavola.load("campanile", players=3, move_markers=True)
    assert tavola.load("campanile", players=2, move_markers=True).options["move_markers"]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ({"players": "3"}, {"players": 3}),
        ({"players": " 5 "}, {"players": 5}),
        ({"players": "2", "move_markers": "true"}, {"players": 2, "move_markers": True}),
        ({"players": "2", "move_markers": "Yes"}, {"players": 2, "move_markers": True}),
        ({"players": "2", "move_markers": "on"}, {"players": 2, "move_markers": True}),
        ({"move_markers": "false"}, {"move_markers": False}),
        ({"move_markers": "0"}, {"move_markers": False}),
        ({"edition": 2009}, {"edition": "2009"}),
        ({"towers": "Red, yellow,brown,blue,beige"}, {"towers": STYLES[::-1]}),
        ({"towers": list(STYLES[::-1])}, {"towers": STYLES[::-1]}),
        ({"deck": ",".join(some_deck())}, {"deck": tuple(some_deck())}),
        ({"deck": None}, {"deck": None}),
    ],
)
def test_options_given_as_text_parse_like_python_values(
    text: dict[str, Any], value: dict[str, Any]
) -> None:
    assert tavola.load("campanile", **text).options == tavola.load("campanile", **value).options


def test_options_from_the_command_line() -> None:
    given = parse_assignments(
        ["players = 2", "move_markers=yes", "towers=red,blue,beige,brown,yellow"]
    )
    assert given == {"players": "2", "move_markers": "yes", "towers": "red,blue,beige,brown,yellow"}
    game = tavola.load("campanile", **given)
    assert game.options["players"] == 2
    assert game.options["move_markers"] is True
    assert game.options["towers"] == ("red", "blue", "beige", "brown", "yellow")
    for bad in ("players", "=3", " =3"):
        with pytest.raises(InvalidOption, match="name=value"):
            parse_assignments([bad])


def test_an_option_describes_its_valid_values() -> None:
    players = Option("players", 4, "number of players", choices=(2, 3, 4, 5))
    assert players.parse("3") == 3
    assert players.valid_values() == "2, 3, 4, 5"
    flag = Option("flag", False, "a switch")
    assert flag.valid_values() == "true, false"
    assert flag.parse("TRUE") is True
    names = Option("names", ("a", "b"), "names", item_choices=("a", "b", "c"))
    assert names.parse("c, A") == ("c", "a")
    assert names.to_json(("c", "a")) == ["c", "a"]
    assert "a, b, c" in names.valid_values()


# -- records -------------------------------------------------------------------------------


def test_a_record_is_json_with_game_options_seed_and_notations() -> None:
    state = played(11, 8, players="2", move_markers="true", towers="red,blue,beige,brown,yellow")
    record = state.record()
    assert set(record) == {"format", "game", "options", "seed", "actions"}
    assert record["format"] == "tavola-record/1"
    assert record["game"] == "campanile"
    assert record["seed"] == 11
    assert record["options"] == {
        "players": 2,
        "edition": "2009",
        "move_markers": True,
        "towers": ["red", "blue", "beige", "brown", "yellow"],
        "deck": None,
    }
    assert record["actions"] == [state.game.action_to_string(a) for a in state.history]
    assert len(record["actions"]) == 8
    assert json.loads(json.dumps(record)) == record
    assert tavola.replay(record) == state


def test_a_game_without_a_seed_gets_one_and_replays() -> None:
    game = tavola.load("campanile", players=3)
    state = game.new_game()
    assert isinstance(state.seed, int)
    state.apply(state.legal_actions()[0])
    assert tavola.replay(state.record()) == state


def test_the_seed_decides_the_deal() -> None:
    game = tavola.load("campanile", players=4)
    assert game.new_game(5) == game.new_game(5)
    views = {json.dumps(game.new_game(seed).view(0)) for seed in range(10)}
    assert len(views) > 1


def test_a_stacked_deck_replays() -> None:
    state = played(0, 10, players=3, deck=some_deck())
    assert tavola.replay(json.loads(json.dumps(state.record()))) == state


def test_replay_reads_abbreviated_notations_and_records_canonical_ones() -> None:
    state = tavola.load("campanile", players=2).new_game(3)
    build = state.legal_notations()[0]  # e.g. "build blue 1"
    style = build.split()[1]
    short = f"B {style[:3].upper()} {build.split()[2]}"
    record = {
        "format": "tavola-record/1",
        "game": "campanile",
        "options": {"players": 2},
        "seed": 3,
        "actions": [short],
    }
    again = tavola.replay(record)
    assert again.record()["actions"] == [build]


def test_states_compare_by_value_and_are_unhashable() -> None:
    state = played(2, 5, players=3)
    assert state == played(2, 5, players=3)
    assert state != played(2, 6, players=3)
    assert state != played(3, 5, players=3)
    assert state != "a state"
    with pytest.raises(TypeError):
        hash(state)


# -- replay errors -------------------------------------------------------------------------


def a_record(steps: int = 6) -> dict[str, Any]:
    return played(4, steps, players=2).record()


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"game": "chess"}, "campanile"),
        ({"options": {"players": 7}}, "2, 3, 4, 5"),
        ({"options": {"players": 2, "colour": "red"}}, "valid options"),
        ({"options": ["players", 2]}, "options"),
        ({"format": "tavola-record/0"}, "tavola-record/1"),
        ({"seed": "4"}, "seed"),
        ({"seed": True}, "seed"),
        ({"actions": "build blue 1"}, "actions"),
    ],
)
def test_a_record_that_cannot_be_set_up_fails_at_step_0(change: dict[str, Any], says: str) -> None:
    record = {**a_record(), **change}
    with pytest.raises(ReplayError) as caught:
        tavola.replay(record)
    assert caught.value.step == 0
    assert "setup" in str(caught.value)
    assert says in str(caught.value)


@pytest.mark.parametrize("key", ["game", "seed", "actions"])
def test_a_record_without_a_key_fails_at_step_0(key: str) -> None:
    record = a_record()
    del record[key]
    with pytest.raises(ReplayError, match=key) as caught:
        tavola.replay(record)
    assert caught.value.step == 0


@pytest.mark.parametrize("record", [None, [], "campanile", 3])
def test_a_record_that_is_not_an_object_fails_at_step_0(record: Any) -> None:
    with pytest.raises(ReplayError) as caught:
        tavola.replay(record)
    assert caught.value.step == 0


@pytest.mark.parametrize("step", [1, 2, 3, 4, 5, 6])
def test_an_illegal_action_fails_at_its_step(step: int) -> None:
    record = a_record()
    before = tavola.replay({**record, "actions": record["actions"][: step - 1]})
    illegal = next(
        action
        for action in range(before.game.num_distinct_actions)
        if action not in before.legal_actions() and _has_name(before.game, action)
    )
    record["actions"][step - 1] = before.game.action_to_string(illegal)
    with pytest.raises(ReplayError) as caught:
        tavola.replay(record)
    assert caught.value.step == step
    assert f"action {step}" in str(caught.value)
    assert isinstance(caught.value.__cause__, IllegalAction)


def _has_name(game: tavola.Game, action: int) -> bool:
    try:
        game.action_to_string(action)
    except NotationError:
        return False
    return True


@pytest.mark.parametrize(
    ("step", "bad"),
    [
        # a notation that names no action (its cause: the NotationError)
        *((3, bad) for bad in ("fly away", "build", "build blue 4", "move blue blue", "")),
        # an action that is not a string
        *((4, bad) for bad in (4, None, ["build", "blue", "1"], {"action": "pass"})),
    ],
)
def test_a_bad_action_fails_replay_at_its_step(step: int, bad: Any) -> None:
    record = a_record()
    record["actions"][step - 1] = bad
    with pytest.raises(ReplayError) as caught:
        tavola.replay(record)
    assert caught.value.step == step
    assert f"action {step}" in str(caught.value)
    if isinstance(bad, str):
        assert isinstance(caught.value.__cause__, NotationError)


def test_an_action_after_the_end_fails_at_its_step() -> None:
    state = tavola.load("campanile", players=2).new_game(9)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    record = state.record()
    record["actions"].append("pass")
    with pytest.raises(ReplayError) as caught:
        tavola.replay(record)
    assert caught.value.step == len(record["actions"])
    assert isinstance(caught.value.__cause__, IllegalAction)
