"""The PettingZoo adapter: PettingZoo's own API and seed tests, for every game and player count."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, seed_test
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

import tavola
from tavola.interop.common import zero_sum_rewards
from tavola.interop.pettingzoo import TavolaEnv, env, raw_env
from tests.interop.cases import Case, all_cases, default_cases

# Warnings PettingZoo's api_test gives every env with Dict observations (it lists its own).
DICT_OBSERVATION_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be",
)


class ShiftedSeeds(TavolaEnv):
    """The environment with every explicit seed shifted, so that api_test, which always
    resets with ``seed=0`` first, plays other deals."""

    shift = 0
    games_finished = 0

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        super().reset(None if seed is None else seed + self.shift, options)

    def step(self, action: Any) -> None:
        over = self.state.is_over
        super().step(action)
        self.games_finished += self.state.is_over and not over


def shifted_env(case: Case, shift: int) -> Any:
    inner = ShiftedSeeds(case.load())
    inner.shift = shift
    return OrderEnforcingWrapper(inner)


def run_api_test(environment: Any) -> list[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(environment, num_cycles=100_000)
    return [str(w.message) for w in caught]


def unexpected(messages: list[str]) -> list[str]:
    return [m for m in messages if not m.startswith(DICT_OBSERVATION_WARNINGS)]


# api_test plays one game per run: five deals per game and player count, one per option value.
API_RUNS = [(case, shift) for case in default_cases() for shift in range(0, 5_000, 1_000)] + [
    (case, 9_000) for case in all_cases() if case.options
]


@pytest.mark.parametrize(("case", "shift"), API_RUNS, ids=lambda x: getattr(x, "id", str(x)))
def test_pettingzoo_api_test_passes(case: Case, shift: int) -> None:
    environment = shifted_env(case, shift)
    assert unexpected(run_api_test(environment)) == []
    assert environment.unwrapped.games_finished >= 1, "api_test played no game to its end"


@pytest.mark.parametrize("case", default_cases(), ids=lambda case: case.id)
def test_pettingzoo_seed_test_passes(case: Case) -> None:
    seed_test(lambda: env(case.name, players=case.players, **case.options))


def play_randomly(environment: Any, seed: int) -> None:
    environment.reset(seed=seed)
    rng = random.Random(seed)
    for agent in environment.agent_iter():
        observation, _, termination, truncation, _ = environment.last()
        if termination or truncation:
            environment.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        environment.step(int(rng.choice(legal)))
        assert agent in environment.possible_agents


@pytest.mark.parametrize("case", default_cases(), ids=lambda case: case.id)
def test_observations_are_the_views_and_masks_the_legal_actions(case: Case) -> None:
    environment = raw_env(case.name, players=case.players)
    environment.reset(seed=5)
    game, rng = environment.game, random.Random(5)
    while not environment.state.is_over:
        state = environment.state
        for seat, agent in enumerate(environment.possible_agents):
            observation = environment.observe(agent)
            expected = np.asarray(game.encode_view(state.view(seat)), np.float32)
            assert np.array_equal(observation["observation"].ravel(), expected)
            mask = np.flatnonzero(observation["action_mask"]).tolist()
            assert mask == (state.legal_actions() if seat == state.current_player else [])
            # The agent to act finds its legal ids in its info; the others find nothing.
            legal = environment.infos[agent].get("legal_actions", [])
            assert legal == (state.legal_actions() if seat == state.current_player else [])
        assert environment.agent_selection == f"player_{state.current_player}"
        _, _, _, _, info = environment.last()
        info["legal_actions"].clear()  # a copy: emptying it changes nothing for the env
        environment.step(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("case", default_cases(), ids=lambda case: case.id)
def test_rewards_come_at_the_end_zero_sum_from_the_winners(case: Case) -> None:
    environment = raw_env(case.name, players=case.players)
    finals: dict[str, float] = {}
    environment.reset(seed=11)
    rng = random.Random(11)
    for agent in environment.agent_iter():
        observation, reward, termination, _, info = environment.last()
        if termination:
            finals[agent] = reward
            assert info["winners"] == environment.state.winners
            environment.step(None)
            continue
        assert reward == 0.0
        environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    state = environment.state
    expected = zero_sum_rewards(state.winners, case.players)
    assert [finals[f"player_{seat}"] for seat in range(case.players)] == expected
    assert sum(expected) == pytest.approx(0.0)
    assert environment.agents == []


def test_reset_with_a_seed_deals_the_game_of_that_seed() -> None:
    environment = raw_env("campanile", players=3)
    environment.reset(seed=123)
    assert environment.state == tavola.load("campanile", players=3).new_game(123)
    first = [environment.state.seed]
    environment.reset()
    first.append(environment.state.seed)
    environment.reset(seed=123)
    environment.reset()
    assert environment.state.seed == first[1], "unseeded resets follow the last seed"


def test_a_game_object_or_a_name_and_options() -> None:
    game = tavola.load("campanile", players=2)
    assert raw_env(game).game is game
    assert raw_env("campanile", players=2).game.options == game.options
    with pytest.raises(TypeError):
        raw_env(game, players=3)


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    environment = raw_env("campanile", players=2)
    environment.reset(seed=3)
    before = environment.state.clone()
    legal = set(environment.state.legal_actions())
    illegal = next(a for a in range(environment.game.num_distinct_actions) if a not in legal)
    with pytest.raises(tavola.IllegalAction):
        environment.step(illegal)
    assert environment.state == before
    with pytest.raises(ValueError, match="None"):
        environment.step(None)


def test_rendering_is_the_spectators_picture(capsys: pytest.CaptureFixture[str]) -> None:
    environment = raw_env("campanile", players=2, render_mode="ansi")
    environment.reset(seed=4)
    picture = environment.game.render(environment.state.view(None))
    assert environment.render() == picture
    human = env("campanile", players=2, render_mode="human")
    human.reset(seed=4)
    human.render()
    assert capsys.readouterr().out == picture + "\n"
    assert raw_env("campanile", players=2).render() is None
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("campanile", render_mode="rgb_array")


def test_play_through_the_wrapped_environment() -> None:
    environment = env("clocktowers" if "clocktowers" in tavola.game_classes() else "campanile")
    play_randomly(environment, seed=9)
    assert environment.agents == []


def test_the_wrapper_refuses_reads_before_reset_and_answers_as_the_environment() -> None:
    wrapped, raw = env("campanile", players=2), raw_env("campanile", players=2)
    for read in (wrapped.last, lambda: wrapped.agents, lambda: wrapped.agent_selection):
        with pytest.raises(AttributeError, match="before reset"):
            read()
    wrapped.reset(seed=3)
    raw.reset(seed=3)
    while raw.agents:
        assert wrapped.agents == raw.agents
        assert wrapped.agent_selection == raw.agent_selection
        mine, theirs = wrapped.last(), raw.last()
        assert mine[1:] == theirs[1:]
        assert all((mine[0][key] == theirs[0][key]).all() for key in theirs[0])
        action = None if theirs[2] else theirs[4]["legal_actions"][0]
        wrapped.step(action)
        raw.step(action)
    assert wrapped.agents == []
