"""Every public entry point refuses what it does not take, with a ``TavolaError`` naming the
argument (an ``ArgumentTypeError``, also a ``TypeError``, for a wrong type), and leaves the
state as it was. The server passes network input straight to these calls."""

from __future__ import annotations

import contextlib
import copy
import random
from collections.abc import Callable
from typing import Any

import pytest

import tavola
from tavola import ArgumentTypeError, InvalidArgument, NotationError, TavolaError
from tavola.core.game import State
from tavola.players import make_bot
from tavola.testing.suite import case_id, configurations

CONFIGURATIONS = [(name, opts) for name in tavola.game_classes() for opts in configurations(name)]
IDS = [case_id(name, options) for name, options in CONFIGURATIONS]

# One configuration per game and edition is enough: the checks live in the core.
GAMES: list[tuple[str, dict[str, Any]]] = [("campanile", {}), ("carcassonne", {})]
GAMES += [("campanile", {"edition": "1996"}), ("carcassonne", {"river": True})]
GAMES += [("clocktowers", {})]
GAME_IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in options.items())}" for name, options in GAMES]

NOT_ACTIONS = [None, {}, [], b"build blue 1", 3.0, 1.0, True, False, object()]


def value_id(value: object) -> str:
    """A test id for a value, the same in every process (``repr`` of an object has its address,
    and pytest-xdist's workers must collect the same ids)."""
    return "object()" if type(value) is object else repr(value)


def midgame(name: str, options: dict[str, Any], steps: int = 7) -> State:
    state = tavola.load(name, **options).new_game(seed=5)
    rng = random.Random(2)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.fixture(params=GAMES, ids=GAME_IDS)
def state(request: pytest.FixtureRequest) -> State:
    name, options = request.param
    return midgame(name, options)


@pytest.mark.parametrize("action", NOT_ACTIONS, ids=value_id)
def test_apply_refuses_what_is_no_action_and_changes_nothing(state: State, action: Any) -> None:
    before = state.clone()
    with pytest.raises(ArgumentTypeError, match="apply: action must be") as caught:
        state.apply(action)
    assert isinstance(caught.value, TypeError)
    assert isinstance(caught.value, TavolaError)
    assert state == before


@pytest.mark.parametrize("action", [-1, 10**30, 2**63])
def test_apply_refuses_ids_outside_the_action_space(state: State, action: int) -> None:
    before = state.clone()
    with pytest.raises(TavolaError):
        state.apply(action)
    assert state == before


def test_bool_is_no_action_even_where_its_int_is_legal() -> None:
    state = tavola.load("campanile", players=2).new_game(0)
    assert 1 in state.legal_actions()
    with pytest.raises(ArgumentTypeError):
        state.apply(True)
    assert state.history == []


def test_an_integer_type_such_as_numpys_is_an_action() -> None:
    class Index:  # what numpy.int64 offers: __index__
        def __init__(self, value: int) -> None:
            self.value = value

        def __index__(self) -> int:
            return self.value

    state = tavola.load("campanile", players=2).new_game(3)
    first = state.legal_actions()[0]
    state.apply(Index(first))
    assert state.history == [first]
    assert type(state.history[0]) is int


@pytest.mark.parametrize(
    "text", ["x" * 101, "build blue 1" + " " * 200, "1" * 5000, "²" * 2000], ids=len
)
def test_a_long_text_is_refused_without_being_echoed(state: State, text: str) -> None:
    before = state.clone()
    for call in (state.apply, state.read_action, state.game.parse_action):
        with pytest.raises(NotationError) as caught:
            call(text)
        assert len(str(caught.value)) < 200
        assert text[:50] not in str(caught.value)
    assert state == before


@pytest.mark.parametrize("text", ["²", "1 ²", "place ²,0 0", "play 1cat ²", "b blue ²", "٣"])
def test_digits_that_int_cannot_read_are_refused_as_notation(state: State, text: str) -> None:
    before = state.clone()
    with pytest.raises(TavolaError):
        state.apply(text)
    assert state == before


@pytest.mark.parametrize(
    ("name", "text"),
    [("carcassonne", "²"), ("carcassonne", "1 ²"), ("clocktowers", "play 1cat ²")],
)
def test_digits_int_cannot_read_where_numbers_are_read(name: str, text: str) -> None:
    """``"²".isdigit()`` is true, but ``int("²")`` fails: a ValueError, not a notation error."""
    state = tavola.load(name).new_game(1)
    with pytest.raises(TavolaError):
        state.apply(text)
    assert state.history == []


@pytest.mark.parametrize("player", [99, -1, 5, "0", True, False, 1.0, [0], object()], ids=value_id)
def test_view_refuses_what_is_no_seat(state: State, player: Any) -> None:
    with pytest.raises(InvalidArgument, match="view: player"):
        state.view(player)


@pytest.mark.parametrize("player", [99, -1, None, "0", True, 1.0], ids=repr)
def test_determinize_refuses_what_is_no_seat(state: State, player: Any) -> None:
    before = state.clone()
    with pytest.raises(InvalidArgument, match="determinize: player"):
        state.determinize(player, random.Random(1))
    assert state == before


@pytest.mark.parametrize("rng", [None, 1, "seed", random], ids=repr)
def test_determinize_refuses_what_is_no_rng(state: State, rng: Any) -> None:
    with pytest.raises(ArgumentTypeError, match="determinize: rng"):
        state.determinize(0, rng)


@pytest.mark.parametrize(("name", "options"), CONFIGURATIONS, ids=IDS)
@pytest.mark.parametrize("seed", ["abc", 1.5, True, -1, 2**64, b"1", [1]], ids=repr)
def test_new_game_refuses_seeds_that_would_not_replay(
    name: str, options: dict[str, Any], seed: Any
) -> None:
    game = tavola.load(name, **options)
    with pytest.raises(InvalidArgument, match="new_game: seed"):
        game.new_game(seed)


@pytest.mark.parametrize("seed", [0, 2**64 - 1, None])
def test_every_seed_new_game_takes_replays(seed: int | None) -> None:
    state = tavola.load("clocktowers").new_game(seed)
    assert tavola.replay(state.record()) == state


@pytest.mark.parametrize("text", [None, 3, ["pass"], b"pass", True], ids=repr)
def test_parse_and_read_action_refuse_what_is_no_text(state: State, text: Any) -> None:
    with pytest.raises(ArgumentTypeError, match="parse_action: text"):
        state.game.parse_action(text)
    with pytest.raises(ArgumentTypeError, match="read_action: text"):
        state.read_action(text)


@pytest.mark.parametrize("action", [None, "1", 3.0, True, [1]], ids=repr)
def test_notation_calls_refuse_what_is_no_action_id(state: State, action: Any) -> None:
    with pytest.raises(ArgumentTypeError, match="action_to_string: action"):
        state.game.action_to_string(action)
    with pytest.raises(ArgumentTypeError, match="public_notation: action"):
        state.game.public_notation(action)


@pytest.mark.parametrize(
    "view", [None, {}, [], "view", {"game": "chess", "players": 2}, {"game": "campanile"}]
)
def test_encode_view_and_render_refuse_what_is_no_view_of_the_game(state: State, view: Any) -> None:
    for call in (state.game.encode_view, state.game.render):
        with pytest.raises(InvalidArgument, match="view"):
            call(view)


def test_a_view_edited_by_hand_is_refused_not_a_python_error(state: State) -> None:
    view = state.view(0)
    for key in [k for k in view if k not in ("game", "players")]:
        broken = {**view, key: None}
        for call in (state.game.encode_view, state.game.render):
            with contextlib.suppress(InvalidArgument):  # or a key the call does not read
                call(broken)


def test_a_view_of_another_edition_is_refused() -> None:
    view = tavola.load("campanile", players=4, edition="1996").new_game(1).view(0)
    with pytest.raises(InvalidArgument):
        tavola.load("campanile", players=4).encode_view(view)


@pytest.mark.parametrize("player", [9, -1, True, None, "0"], ids=repr)
def test_evaluate_refuses_what_is_no_seat(state: State, player: Any) -> None:
    with pytest.raises(InvalidArgument, match="evaluate: player"):
        state.game.evaluate(state, player)


def test_evaluate_refuses_a_state_of_another_game(state: State) -> None:
    other = "clocktowers" if state.game.name != "clocktowers" else "campanile"
    for wrong in (midgame(other, {}), state.view(0), None):
        with pytest.raises(ArgumentTypeError, match="evaluate: state"):
            state.game.evaluate(wrong, 0)


@pytest.mark.parametrize("width", [0, -5, 2.5, "80", True], ids=repr)
def test_render_refuses_a_size_that_is_no_size(state: State, width: Any) -> None:
    with pytest.raises(InvalidArgument, match="render: width"):
        state.game.render(state.view(0), width=width)


@pytest.mark.parametrize("copier", [copy.copy, copy.deepcopy], ids=["copy", "deepcopy"])
def test_copies_are_as_independent_as_clones(state: State, copier: Any) -> None:
    snapshot = state.clone()
    double = copier(state)
    assert double == state
    rng = random.Random(4)
    while not double.is_over:
        double.apply(rng.choice(double.legal_actions()))
    assert state == snapshot  # playing the copy to its end left the original alone
    state.apply(state.legal_actions()[0])
    assert double.is_over


@pytest.mark.parametrize("name", [["campanile"], None, 3, b"campanile"], ids=repr)
def test_load_refuses_a_name_that_is_no_text(name: Any) -> None:
    with pytest.raises(ArgumentTypeError, match="load: name"):
        tavola.load(name)


@pytest.mark.parametrize("name", ["Campanile", "CARCASSONNE", " clocktowers "])
def test_game_names_are_read_in_any_case(name: str) -> None:
    assert tavola.load(name).name == name.strip().lower()


def test_an_unknown_game_or_option_is_not_echoed_whole() -> None:
    calls: list[Callable[[], object]] = [
        lambda: tavola.load("x" * 10_000),
        lambda: tavola.load("campanile", players="9" * 10_000),
        lambda: tavola.load("campanile", **{"y" * 10_000: 1}),
    ]
    for call in calls:
        with pytest.raises(TavolaError) as caught:
            call()
        assert len(str(caught.value)) < 300


@pytest.mark.parametrize("spec", [None, 3, ["random"], b"random"], ids=repr)
def test_make_bot_refuses_a_spec_that_is_no_text(spec: Any) -> None:
    with pytest.raises(ArgumentTypeError, match="make_bot: spec"):
        make_bot(spec)


def test_make_bot_reads_names_in_any_case_and_bounds_what_it_echoes() -> None:
    assert make_bot(" RANDOM ").spec == "random"
    assert make_bot("Ismcts:iterations=5").spec == "ismcts:iterations=5"
    with pytest.raises(TavolaError) as caught:
        make_bot("z" * 100_000)
    assert len(str(caught.value)) < 200
    with pytest.raises(ArgumentTypeError, match="make_bot: seed"):
        make_bot("random", seed=1.5)  # type: ignore[arg-type]


def test_records_carry_seats_and_names_only_when_given() -> None:
    state = midgame("campanile", {"players": 2})
    plain = state.record()
    assert set(plain) == {"format", "game", "options", "seed", "actions"}
    full = state.record(seats=["human", "ismcts:iterations=10"], names=["Ann", "Bot"])
    assert full == {**plain, "seats": ["human", "ismcts:iterations=10"], "names": ["Ann", "Bot"]}
    assert tavola.replay(full) == state == tavola.replay(plain)
    with pytest.raises(InvalidArgument, match="one text per seat"):
        state.record(seats=["human"])
    with pytest.raises(ArgumentTypeError, match="seats"):
        state.record(seats="human,random")
