"""Every tavola game as a PettingZoo AEC environment.

>>> from tavola.interop.pettingzoo import env
>>> e = env("campanile", players=2)
>>> e.reset(seed=7)
>>> e.agent_selection == f"player_{e.unwrapped.state.current_player}"
True
>>> observation, reward, termination, truncation, info = e.last()
>>> sorted(observation)
['action_mask', 'observation']
>>> int(observation["action_mask"].sum()) == len(e.unwrapped.state.legal_actions())
True

- Agents are ``player_0 .. player_{n-1}``, one per seat; the agent to act is the game's
  current player (a seat may act several times in a row).
- Observations are ``Dict(observation=Box(float32, observation_shape), action_mask=Box(int8))``:
  the game's ``encode_view`` of the agent's own view, and a mask over the flat action space
  with ones at the legal actions (all zeros when it is not the agent's turn). Both are new
  arrays, written straight from the state (``tavola.interop.observations``).
- The agent to act also finds its legal action ids, ascending, in ``info["legal_actions"]``
  (no need to scan the mask: Carcassonne has 114,262 actions); the other agents' infos are
  empty until the end.
- Actions are the game's action ids (``Discrete(num_distinct_actions)``); an illegal one
  raises ``tavola.IllegalAction`` and changes nothing.
- ``reset(seed=s)`` deals the game ``tavola.load(...).new_game(s)`` would: the same seed as in
  the game's records. A later ``reset()`` without a seed draws the next seed from a
  generator seeded by the last seed given (from the system's entropy if none was).
- Rewards come at the end only, zero-sum (see ``tavola.interop.common``); ``infos`` then hold
  the final ``scores`` and ``winners``. Nothing is ever truncated: every game ends.
- ``render()`` draws the spectator's view as text (``render_mode`` ``"ansi"`` returns it,
  ``"human"`` prints it), so it never shows a secret.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from tavola.core.game import Game, State
from tavola.interop.common import game_of, zero_sum_rewards
from tavola.interop.observations import Observations

RENDER_MODES = ("human", "ansi")


def env(game: str | Game, render_mode: str | None = None, **options: Any) -> Any:
    """The AEC environment of ``game`` (a name or a ``Game``), wrapped to enforce call order."""
    return OrderEnforcing(raw_env(game, render_mode=render_mode, **options))


class OrderEnforcing(OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's order-enforcing wrapper, whose ``last()`` asks the environment directly.

    The inherited one reads the environment's attributes through the wrapper's
    ``__getattr__`` eight times a step, a fifth of a Campanile step; here ``last()`` and the
    two attributes read on every step go straight to the environment, with the same checks.
    """

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        return self._reset_env("agent_selection").last(observe)  # type: ignore[no-any-return]

    @property
    def agent_selection(self) -> str:
        return self._reset_env("agent_selection").agent_selection

    @property
    def agents(self) -> list[str]:
        return self._reset_env("agents").agents

    def _reset_env(self, name: str) -> TavolaEnv:
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return self.env  # type: ignore[no-any-return]


def raw_env(game: str | Game, render_mode: str | None = None, **options: Any) -> TavolaEnv:
    """The environment without PettingZoo's order-enforcing wrapper (a little faster)."""
    return TavolaEnv(game_of(game, options), render_mode=render_mode)


class TavolaEnv(AECEnv):  # type: ignore[misc]
    """A tavola game as an AEC environment (see the module docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's convention)
        "render_modes": list(RENDER_MODES),
        "name": "tavola_v0",
        "is_parallelizable": False,
    }

    def __init__(self, game: Game, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None")
        self.game = game
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"tavola_{game.name}_v0"}
        self.possible_agents = [f"player_{seat}" for seat in range(game.num_players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._shape = tuple(game.observation_shape)
        self._num_actions = game.num_distinct_actions
        self._observations = Observations(game)
        self._legal: list[int] = []
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, self._shape, np.float32),
                    "action_mask": spaces.Box(0, 1, (self._num_actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self._num_actions) for agent in self.possible_agents
        }
        self._seeds = random.Random(Game.fresh_seed())
        self.state: State = game.new_game(0)  # replaced by reset()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.randrange(2**32)
        self.state = self.game.new_game(game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[0]
        self._select_current()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        observations = self._observations
        to_act = self.state.current_player == seat
        return {
            "observation": observations.of_state(self.state, seat),
            "action_mask": observations.mask(self._legal if to_act else ()),
        }

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: None is only for agents whose game is over")
        self.state.apply(int(action))
        self._cumulative_rewards[agent] = 0.0
        if self.state.is_over:
            self._legal = []
            rewards = zero_sum_rewards(self.state.winners, self.game.num_players)
            final = {"scores": list(self.state.scores), "winners": list(self.state.winners)}
            for name, reward in zip(self.possible_agents, rewards, strict=True):
                self.rewards[name] = reward
                self.terminations[name] = True
                self.infos[name] = dict(final)
            self._accumulate_rewards()
        else:
            # Rewards are all zero until the end: nothing to accumulate.
            self._select_current()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.game.render(self.state.view(None))
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release: the environment holds no resources."""

    def _select_current(self) -> None:
        """The current player's agent is to act: its legal ids go into its info."""
        player = self.state.current_player
        assert player is not None
        self.infos[self.agent_selection] = {}
        self.agent_selection = self.possible_agents[player]
        self._legal = self.state.legal_actions()
        self.infos[self.agent_selection] = {"legal_actions": self._legal[:]}
