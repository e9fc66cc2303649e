"""The OpenSpiel adapter: OpenSpiel's own random simulation test (with serialization), the
observers, resampling, records, and its Python IS-MCTS bot playing every game to the end."""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import pytest

pytest.importorskip("pyspiel")

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation

import tavola
from tavola.core.game import State
from tavola.interop import openspiel
from tavola.interop.common import zero_sum_rewards
from tests.interop.cases import (
    Case,
    all_cases,
    default_cases,
    random_positions,
    smallest_cases,
)


def spiel_game(case: Case) -> Any:
    return openspiel.load_game(case.name, players=case.players, **case.options)


def test_every_game_is_registered() -> None:
    names = openspiel.register_all()
    assert names == sorted(f"tavola_{name}" for name in tavola.game_classes())
    registered = {game.short_name for game in pyspiel.registered_games()}
    assert set(names) <= registered


@pytest.mark.parametrize("case", default_cases(), ids=lambda case: case.id)
def test_openspiel_random_sim_test_passes(case: Case) -> None:
    pyspiel.random_sim_test(spiel_game(case), num_sims=2, serialize=True, verbose=False)


def option_cases_at_fewest_players() -> list[Case]:
    fewest = {case.name: case.players for case in smallest_cases()}
    return [c for c in all_cases() if c.options and c.players == fewest[c.name]]


@pytest.mark.parametrize("case", option_cases_at_fewest_players(), ids=lambda c: c.id)
def test_openspiel_random_sim_test_passes_with_each_option_value(case: Case) -> None:
    pyspiel.random_sim_test(spiel_game(case), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("case", all_cases(), ids=lambda case: case.id)
def test_options_are_game_parameters_that_read_back(case: Case) -> None:
    game = spiel_game(case)
    assert game.tavola.options == case.load().options
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game)
    assert again.tavola.options == case.load().options
    assert game.num_players() == case.players
    assert game.num_distinct_actions() == case.load().num_distinct_actions


def test_parameters_given_the_openspiel_way() -> None:
    game = pyspiel.load_game("tavola_campanile(players=2,move_markers=True)")
    assert game.tavola.options == tavola.load("campanile", players=2, move_markers=True).options
    with pytest.raises(tavola.InvalidOption):
        pyspiel.load_game("tavola_campanile", {"players": 9})


def play_to_the_middle(case: Case, seed: int) -> tuple[Any, State]:
    """An OpenSpiel state and its tavola twin, a third of the way into a random game."""
    positions = list(random_positions(case.load(), seed))
    state = positions[len(positions) // 3]
    return openspiel.from_record(state.record()), state


@pytest.mark.parametrize("case", default_cases(), ids=lambda case: case.id)
def test_a_state_is_its_seed_bytes_then_its_actions(case: Case) -> None:
    spiel_state, state = play_to_the_middle(case, seed=0x01020304)
    assert openspiel.tavola_state(spiel_state) == state
    assert spiel_state.history() == [4, 3, 2, 1, *state.history]
    serialized = pyspiel.serialize_game_and_state(spiel_state.get_game(), spiel_state)
    _, again = pyspiel.deserialize_game_and_state(serialized)
    assert openspiel.tavola_state(again) == state
    assert again.history() == spiel_state.history()
    assert str(again) == str(spiel_state)


@pytest.mark.parametrize("case", default_cases(), ids=lambda case: case.id)
def test_observers_give_the_seats_view(case: Case) -> None:
    spiel_state, state = play_to_the_middle(case, seed=5)
    game = spiel_state.get_game()
    tavola_game = state.game
    own_counts = np.zeros((case.players, tavola_game.num_distinct_actions), np.float32)
    replay = tavola_game.new_game(state.seed)
    for action in state.history:
        own_counts[replay.current_player, action] += 1
        replay.apply(action)
    public = make_observation(
        game,
        pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE),
    )
    for seat in range(case.players):
        view = state.view(seat)
        encoded = np.asarray(tavola_game.encode_view(view), np.float32)
        assert json.loads(spiel_state.observation_string(seat)) == view
        assert np.array_equal(spiel_state.observation_tensor(seat), encoded)
        info_tensor = np.asarray(spiel_state.information_state_tensor(seat))
        assert np.array_equal(info_tensor[: encoded.size], encoded)
        assert np.array_equal(info_tensor[encoded.size :], own_counts[seat])
        text, own = spiel_state.information_state_string(seat).split("\nown actions: ")
        assert json.loads(text) == view
        assert len(json.loads(own)) == own_counts[seat].sum()
        public.set_from(spiel_state, seat)
        spectator = np.asarray(tavola_game.encode_view(state.view(None)), np.float32)
        assert np.array_equal(public.tensor, spectator)


def test_steps_and_tensors_build_no_string(monkeypatch: pytest.MonkeyPatch) -> None:
    """Observation and information-state strings are built only when asked for."""
    built: list[int] = []
    string_from = openspiel.Observer.string_from

    def counted(self: openspiel.Observer, state: Any, player: int) -> str:
        built.append(player)
        return string_from(self, state, player)

    monkeypatch.setattr(openspiel.Observer, "string_from", counted)
    game = openspiel.load_game("clocktowers", players=2)
    state = openspiel.new_state(game, 12)
    rng = random.Random(12)
    while not state.is_terminal():
        seat = state.current_player()
        state.observation_tensor(seat)
        state.information_state_tensor(seat)
        state = state.child(rng.choice(state.legal_actions()))
    assert built == []
    state.information_state_string(1)
    assert built == [1]


def test_observers_before_the_seed_is_drawn_are_empty() -> None:
    game = openspiel.load_game("campanile", players=2)
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert not any(state.observation_tensor(0))
    assert state.observation_string(1) == "drawing the seed"
    with pytest.raises(ValueError, match="seed"):
        openspiel.tavola_state(state)


@pytest.mark.parametrize("case", default_cases(), ids=lambda case: case.id)
def test_resampling_keeps_the_information_state(case: Case) -> None:
    game = spiel_game(case)
    rng = random.Random(case.players)
    state = openspiel.new_state(game, 17)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    step = 0
    while not state.is_terminal():
        if step % 7 == 0:
            for seat in range(case.players):
                other = state.resample_from_infostate(seat, sampler)
                info = state.information_state_string(seat)
                assert other.information_state_string(seat) == info
                assert other.information_state_tensor(seat) == state.information_state_tensor(seat)
                assert other.current_player() == state.current_player()
                if seat == state.current_player():
                    assert other.legal_actions() == state.legal_actions()
                # A determinized state serializes whole (its record would deal another game).
                text = pyspiel.serialize_game_and_state(game, other)
                _, again = pyspiel.deserialize_game_and_state(text)
                assert openspiel.tavola_state(again) == openspiel.tavola_state(other)
        state.apply_action(rng.choice(state.legal_actions()))
        step += 1
    returns = state.returns()
    winners = openspiel.tavola_state(state).winners
    assert returns == zero_sum_rewards(winners, case.players)


@pytest.mark.parametrize("case", smallest_cases(), ids=lambda case: case.id)
def test_openspiels_python_ismcts_plays_whole_games(case: Case) -> None:
    game = spiel_game(case)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bots = [
        ismcts.ISMCTSBot(
            game=game,
            evaluator=evaluator,
            uct_c=2.0,
            max_simulations=4,
            random_state=np.random.RandomState(seat),
        )
        for seat in range(case.players)
    ]
    state = openspiel.new_state(game, 2024)
    while not state.is_terminal():
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    final = openspiel.tavola_state(state)
    assert final.is_over
    assert state.returns() == zero_sum_rewards(final.winners, case.players)
    assert tavola.replay(final.record()) == final


def test_games_and_states_pickle() -> None:
    game = openspiel.load_game("campanile", players=3, move_markers=False)
    state = openspiel.new_state(game, 8)
    for _ in range(5):
        state.apply_action(state.legal_actions()[-1])
    again = pickle.loads(pickle.dumps(state))
    assert openspiel.tavola_state(again) == openspiel.tavola_state(state)
    assert again.history() == state.history()
    game_again = pickle.loads(pickle.dumps(game))
    assert str(game_again) == str(game)
    assert game_again.tavola.options == game.tavola.options


def test_new_state_checks_the_seed() -> None:
    game = openspiel.load_game("campanile", players=2)
    assert openspiel.tavola_state(openspiel.new_state(game, 99)).seed == 99
    with pytest.raises(ValueError, match="seed"):
        openspiel.new_state(game, 2**32)
