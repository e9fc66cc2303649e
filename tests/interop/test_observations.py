"""The NumPy observations (``tavola.interop.observations``) against the pure-Python encoding.

For every game, player count and notable option value, in every position of random games
and for every seat and the spectator: the array written straight from the state, the array
written from the view, and the pure-Python ``encode_view_into`` of a list all equal
``encode_view(view)``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("numpy")

import numpy as np

import tavola
from tavola.core.game import Game
from tavola.interop.observations import Observations
from tests.interop.cases import Case, all_cases, random_positions

SEEDS = (4, 5)


def seeds(case: Case) -> tuple[int, ...]:
    """Two random games with two players at default options, one otherwise."""
    return SEEDS if not case.options and case.players == 2 else SEEDS[:1]


@pytest.mark.parametrize("case", all_cases(), ids=lambda case: case.id)
def test_numpy_and_pure_python_observations_are_equal(case: Case) -> None:
    game = case.load()
    observations = Observations(game)
    buffer = np.full(game.observation_shape, np.nan, np.float32)  # out= is overwritten whole
    size = observations.size
    for seed in seeds(case):
        for state in random_positions(game, seed):
            for seat in [None, *range(game.num_players)]:
                view = state.view(seat)
                expected = game.encode_view(view)
                as_array = np.asarray(expected, np.float32)
                from_state = observations.of_state(state, seat)
                assert from_state.dtype == np.float32
                assert from_state.shape == game.observation_shape
                assert np.array_equal(from_state, as_array)
                assert np.array_equal(observations.of_view(view), as_array)
                assert observations.of_state(state, seat, out=buffer) is buffer
                assert np.array_equal(buffer, as_array)
                listed = [0.0] * size
                game.encode_state_into(state, seat, listed)
                assert listed == expected
                listed = [0.0] * size
                game.encode_view_into(view, listed)
                assert listed == expected


def test_the_default_encoding_into_goes_through_the_view() -> None:
    """A game that overrides neither ``_encode_view_into`` nor ``_encode_state_into``."""
    game = tavola.load("campanile", players=3)
    rng = random.Random(1)
    for state in random_positions(game, 6):
        if rng.random() < 0.7:
            continue
        seat = state.current_player
        through_view = [0.0] * Observations(game).size
        Game._encode_state_into(game, state, seat, through_view)
        assert through_view == game.encode_view(state.view(seat))


def test_masks_hold_ones_at_the_legal_ids_only() -> None:
    game = tavola.load("carcassonne", players=2)
    observations = Observations(game)
    state = game.new_game(3)
    legal = state.legal_actions()
    mask = observations.mask(legal)
    assert mask.dtype == np.int8
    assert mask.shape == (game.num_distinct_actions,)
    assert np.flatnonzero(mask).tolist() == legal
    reused = np.ones(game.num_distinct_actions, np.int8)
    assert observations.mask(legal[:1], out=reused) is reused
    assert np.flatnonzero(reused).tolist() == legal[:1]
    assert not observations.mask([]).any()


@pytest.mark.parametrize(
    ("out", "message"),
    [
        (np.zeros(3, np.float32), "shape"),
        (np.zeros(133, np.float64), "float32"),
        (np.zeros((133, 2), np.float32)[:, 0], "contiguous"),
    ],
)
def test_a_wrong_buffer_is_refused(out: Any, message: str) -> None:
    game = tavola.load("campanile", players=2)
    with pytest.raises(ValueError, match=message):
        Observations(game).of_state(game.new_game(1), 0, out=out)
    with pytest.raises(ValueError, match="int8"):
        Observations(game).mask([0], out=np.zeros(3, np.int8))


def test_encoding_a_state_checks_its_arguments() -> None:
    game = tavola.load("campanile", players=2)
    state = game.new_game(1)
    out = [0.0] * Observations(game).size
    with pytest.raises(tavola.ArgumentTypeError):
        game.encode_state_into(tavola.load("campanile", players=3).new_game(1), 0, out)
    with pytest.raises(tavola.ArgumentTypeError):
        game.encode_state_into(tavola.load("clocktowers", players=2).new_game(1), 0, out)
    with pytest.raises(tavola.ArgumentTypeError):
        game.encode_state_into(state.view(0), 0, out)
    with pytest.raises(tavola.InvalidArgument):
        game.encode_state_into(state, 2, out)
    with pytest.raises(tavola.InvalidArgument):
        game.encode_view_into({**state.view(0), "players": 3}, out)
    with pytest.raises(tavola.InvalidArgument, match="not a view of this game as the engine"):
        game.encode_view_into({**state.view(0), "towers": None}, out)
    # Another Game object with the same options is the same game.
    again = tavola.load("campanile", players=2)
    out = [0.0] * len(out)
    again.encode_state_into(state, 1, out)
    assert out == game.encode_view(state.view(1))
