"""The properties every game has, checked over random games of every registered game.

Each game is played at every player count, with its default options and with each other
value of each option that has a closed set of values (one option changed at a time;
combinations the game refuses are skipped). Game-specific properties (what a view may
hide, scoring) live with each game's own tests.
"""

from __future__ import annotations

import json
import math
import random
from typing import Any
from xml.etree import ElementTree

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tavola
from tavola.core.errors import IllegalAction, InvalidOption
from tavola.core.game import Game, State
from tavola.core.options import Option

MAX_ACTIONS = 20_000  # far beyond any real game: a game that runs longer is stuck
ILLEGAL_SAMPLES = 10


def _alternatives(spec: Option) -> list[Any]:
    if spec.choices is not None:
        return [value for value in spec.choices if value != spec.default]
    if spec.value_kind is bool:
        return [not spec.default]
    return []


def configurations() -> list[tuple[str, dict[str, Any]]]:
    """(game, options) for every player count and every one-option change that is valid."""
    found = []
    for name, game_class in tavola.game_classes().items():
        specs = {spec.name: spec for spec in game_class.option_specs}
        counts = specs["players"].choices or (specs["players"].default,)
        variants: list[dict[str, Any]] = [{}]
        for spec in specs.values():
            if spec.name != "players" and not spec.secret:
                variants += [{spec.name: value} for value in _alternatives(spec)]
        for players in counts:
            for variant in variants:
                options = {"players": players, **variant}
                try:
                    game_class(**options)
                except InvalidOption:
                    continue
                found.append((name, options))
    return found


CONFIGURATIONS = configurations()
IDS = [
    f"{name}-" + "-".join(f"{key}={value}" for key, value in options.items())
    for name, options in CONFIGURATIONS
]

# Each example is a whole game checked at every step: fewer examples than a unit property.
few = settings(max_examples=max(5, settings().max_examples // 5))


def play_randomly(game: Game, seed: int, rng: random.Random, check: Any = None) -> State:
    state = game.new_game(seed)
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            return state
        if check is not None:
            check(state)
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"{game.name}: no end after {MAX_ACTIONS} actions")


def key(state: State) -> tuple[Any, ...]:
    return (state._key(), tuple(state.history))


seeds = st.integers(min_value=0, max_value=2**32 - 1)


@pytest.mark.parametrize(("name", "options"), CONFIGURATIONS, ids=IDS)
@few
@given(seed=seeds)
def test_every_game_ends_with_consistent_results(
    name: str, options: dict[str, Any], seed: int
) -> None:
    game = tavola.load(name, **options)
    seats = range(game.num_players)

    def check(state: State) -> None:
        player = state.current_player
        assert player in seats
        legal = state.legal_actions()
        assert legal, "a player to act always has an action"
        assert legal == sorted(set(legal))
        assert all(0 <= action < game.num_distinct_actions for action in legal)
        assert state.winners == []
        assert len(state.scores) == game.num_players

    state = play_randomly(game, seed, random.Random(seed), check)
    assert state.current_player is None
    assert state.legal_actions() == []
    assert state.winners, "a finished game has at least one winner"
    assert set(state.winners) <= set(seats)
    best = max(state.scores)
    assert all(state.scores[seat] <= best for seat in state.winners)


@pytest.mark.parametrize(("name", "options"), CONFIGURATIONS, ids=IDS)
@few
@given(seed=seeds, stop=st.floats(min_value=0, max_value=1))
def test_replaying_a_record_rebuilds_the_state(
    name: str, options: dict[str, Any], seed: int, stop: float
) -> None:
    game = tavola.load(name, **options)
    full = play_randomly(game, seed, random.Random(seed))
    partial = game.new_game(seed)
    for action in full.history[: int(stop * len(full.history))]:
        partial.apply(action)
    for state in (partial, full):
        record = json.loads(json.dumps(state.record()))
        assert tavola.replay(record) == state
        assert tavola.replay(record).history == state.history


@pytest.mark.parametrize(("name", "options"), CONFIGURATIONS, ids=IDS)
@few
@given(seed=seeds)
def test_each_step_refuses_illegal_ids_and_keeps_clones_apart(
    name: str, options: dict[str, Any], seed: int
) -> None:
    game = tavola.load(name, **options)
    rng = random.Random(seed)

    def check(state: State) -> None:
        legal = set(state.legal_actions())
        before = key(state)
        for action in rng.sample(range(game.num_distinct_actions), ILLEGAL_SAMPLES):
            if action in legal:
                continue
            with pytest.raises(IllegalAction):
                state.apply(action)
            assert key(state) == before
        for action in (-1, game.num_distinct_actions):
            with pytest.raises(IllegalAction):
                state.apply(action)
            assert key(state) == before
        clone = state.clone()
        assert clone == state
        clone.apply(rng.choice(sorted(legal)))
        assert key(state) == before

    play_randomly(game, seed, random.Random(seed), check)


@pytest.mark.parametrize(("name", "options"), CONFIGURATIONS, ids=IDS)
@few
@given(seed=seeds)
def test_notation_names_each_legal_action_once(
    name: str, options: dict[str, Any], seed: int
) -> None:
    game = tavola.load(name, **options)

    def check(state: State) -> None:
        legal = state.legal_actions()
        notations = [game.action_to_string(action) for action in legal]
        assert len(set(notations)) == len(notations)
        assert [game.parse_action(text) for text in notations] == legal
        assert [state.read_action(text) for text in notations] == legal

    play_randomly(game, seed, random.Random(seed), check)


@pytest.mark.parametrize(("name", "options"), CONFIGURATIONS, ids=IDS)
@few
@given(seed=seeds)
def test_views_tensors_and_determinizations_agree(
    name: str, options: dict[str, Any], seed: int
) -> None:
    game = tavola.load(name, **options)
    rng = random.Random(seed)
    size = math.prod(game.observation_shape)

    def check(state: State) -> None:
        player = state.current_player
        assert player is not None
        for seat in (player, None):
            view = state.view(seat)
            assert json.loads(json.dumps(view)) == view
        view = state.view(player)
        tensor = game.encode_view(view)
        assert len(tensor) == size
        assert all(math.isfinite(number) for number in tensor)
        sample = state.determinize(player, rng)
        assert sample.view(player) == view
        assert sample.history == [], "past actions may name hidden cards"
        assert sample.legal_actions() == state.legal_actions()
        assert math.isfinite(game.evaluate(sample, player))

    play_randomly(game, seed, rng, check)


@pytest.mark.parametrize(("name", "options"), CONFIGURATIONS, ids=IDS)
@settings(max_examples=5)  # pictures are slow to draw; each game's own SVG tests go further
@given(seed=seeds)
def test_views_say_the_turn_and_scores_and_pictures_play_exactly_the_legal_actions(
    name: str, options: dict[str, Any], seed: int
) -> None:
    """What the server reads from a view (it sends nothing else), and the SVG's contract."""
    game = tavola.load(name, **options)
    rng = random.Random(seed)

    def check(state: State) -> None:
        for seat in (*range(game.num_players), None):
            view = state.view(seat)
            assert view["current_player"] == state.current_player
            assert view["scores"] == state.scores
            assert view["winners"] == state.winners
        if rng.random() > 0.05:
            return
        for seat in (state.current_player, None):
            mine = state.legal_notations() if seat == state.current_player else []
            root = ElementTree.fromstring(game.svg(state.view(seat), mine))
            played = {e.get("data-action") for e in root.iter() if e.get("data-action")}
            assert played == set(mine)

    final = play_randomly(game, seed, rng, check)
    assert final.view(None)["winners"] == final.winners
    ElementTree.fromstring(final._repr_svg_())


def test_every_game_is_covered() -> None:
    covered = {name for name, _ in CONFIGURATIONS}
    assert covered == set(tavola.game_classes())
