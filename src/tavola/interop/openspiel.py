"""Every tavola game as an OpenSpiel game; importing this module registers them all.

>>> import pyspiel
>>> from tavola.interop import openspiel
>>> game = pyspiel.load_game("tavola_campanile", {"players": 2})
>>> state = openspiel.new_state(game, seed=7)
>>> state.history()  # the seed, 7, drawn a byte at a time by four chance nodes
[7, 0, 0, 0]
>>> openspiel.tavola_state(state) == game.tavola.new_game(7)
True
>>> first = state.legal_actions()[0]
>>> state.action_to_string(first) == game.tavola.action_to_string(first)
True

- Each game is registered as ``tavola_<name>``; its options are the game parameters (see
  ``tavola.interop.parameters`` for how lists and unset options are written).
- Chance: tavola resolves all chance inside the state from its seed. OpenSpiel sees this as
  ``EXPLICIT_STOCHASTIC``: a game opens with ``SEED_BYTES`` chance nodes, each drawing one
  byte of the seed uniformly; then ``tavola.load(...).new_game(seed)`` is dealt and every
  further node is a decision. So ``history()`` is the seed bytes then the action ids, a
  state serializes as that (the tavola record inside) and deserializes by replaying it.
  ``new_state(game, seed)`` starts from a chosen seed, ``from_record(record)`` from a record.
- Returns are zero-sum and come at the end only (``tavola.interop.common``).
- Observations (``perfect_recall=False``) are the seat's view: the string is the view as
  compact JSON, the tensor ``Game.encode_view(view)``, written straight from the state into
  the observer's array (``Game.encode_state_into``). With ``private_info=NONE`` they are the
  spectator's view. Strings are built only when asked for (``string_from``), never by
  ``set_from`` or by a step.
- Information states (``perfect_recall=True``) add the seat's own past actions: the string
  holds their notations, the tensor counts them per action id. A tavola view already holds
  what the seat knows of the table; its own choices are what memory adds.
- ``resample_from_infostate`` is ``State.determinize``: a state consistent with the seat's view.

Use OpenSpiel's Python algorithms (``open_spiel.python.algorithms.ismcts``, ``mcts``...):
its C++ search bots are known to crash on games written in Python.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from tavola.core.game import Game, State
from tavola.core.registry import game_classes, load
from tavola.interop.common import player_counts, reward_range, zero_sum_rewards
from tavola.interop.observations import writable
from tavola.interop.parameters import (
    canonical_parameters,
    options_from_parameters,
    parameter_specification,
)

PREFIX = "tavola_"
SEED_BYTES = 4
SEED_OUTCOMES = 256
# An upper bound on any game's number of decisions, which OpenSpiel wants declared.
MAX_GAME_LENGTH = 10_000

_registered: dict[str, type[Game]] = {}


def spiel_name(name: str) -> str:
    """The name under which the tavola game ``name`` is registered in OpenSpiel."""
    return PREFIX + name


def register_all() -> list[str]:
    """Register every tavola game not registered yet; return all registered names."""
    for name, game_class in game_classes().items():
        short_name = spiel_name(name)
        if short_name not in _registered:
            game_type = _game_type(game_class)
            # A class per game, as OpenSpiel's own Python games register: a plain function
            # held only by OpenSpiel's registry would be freed after the interpreter, and crash.
            spiel_class = type(
                f"Spiel{game_class.__name__}",
                (SpielGame,),
                {"game_class": game_class, "game_type": game_type},
            )
            pyspiel.register_game(game_type, spiel_class)
            _registered[short_name] = game_class
    return sorted(_registered)


def load_game(name: str, **options: Any) -> Any:
    """The OpenSpiel game of tavola's ``name`` with tavola options (as ``tavola.load``)."""
    register_all()
    game_class = game_classes()[name]
    tavola_game = game_class(**options)
    params = canonical_parameters(tavola_game.options, game_class.option_specs)
    return pyspiel.load_game(spiel_name(name), params)


def new_state(game: Any, seed: int) -> Any:
    """A state of the OpenSpiel ``game`` dealt from ``seed`` (its chance nodes done)."""
    if not 0 <= seed < SEED_OUTCOMES**SEED_BYTES:
        raise ValueError(f"seed must be in 0..{SEED_OUTCOMES**SEED_BYTES - 1}")
    state = game.new_initial_state()
    for index in range(SEED_BYTES):
        state.apply_action((seed >> (8 * index)) & 0xFF)
    return state


def from_record(record: dict[str, Any]) -> Any:
    """The OpenSpiel state a tavola record describes."""
    tavola_game = load(str(record["game"]), **(record.get("options") or {}))
    game = load_game(tavola_game.name, **tavola_game.options)
    state = new_state(game, int(record["seed"]))
    for notation in record["actions"]:
        state.apply_action(tavola_game.parse_action(notation))
    return state


def tavola_state(state: Any) -> State:
    """The tavola state inside an OpenSpiel state (after its chance nodes)."""
    held: Held = state.held
    if held.state is None:
        raise ValueError("the seed is not drawn yet: no tavola state")
    return held.state


def _load_by_string(text: str) -> Any:
    register_all()
    return pyspiel.load_game(text)


def _game_type(game_class: type[Game]) -> Any:
    counts = player_counts(game_class)
    return pyspiel.GameType(
        short_name=spiel_name(game_class.name),
        long_name=f"tavola {game_class.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=counts[-1],
        min_num_players=counts[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(game_class.option_specs),
    )


class SpielGame(pyspiel.Game):  # type: ignore[misc]
    """A tavola game with one set of options, as an OpenSpiel game (a subclass per game)."""

    game_class: type[Game]
    game_type: Any

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        specs = self.game_class.option_specs
        self.tavola = self.game_class(**options_from_parameters(specs, params or {}))
        players = self.tavola.num_players
        low, high = reward_range(players)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.tavola.num_distinct_actions,
            max_chance_outcomes=SEED_OUTCOMES,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(self.game_type, info, canonical_parameters(self.tavola.options, specs))

    def __reduce__(self) -> tuple[Any, ...]:
        return _load_by_string, (str(self),)

    def new_initial_state(self) -> SpielState:
        return SpielState(self, Held(self.tavola))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        return Observer(self.tavola, iig_obs_type, params)


class Held:
    """What an OpenSpiel state holds: the seed bytes drawn, then the tavola state.

    ``moves`` lists ``(seat, action)`` in order. OpenSpiel copies a state by deep-copying
    this (so it clones the tavola state) and serializes it by pickling (so it pickles the
    record and replays it; a determinized state has no record that replays, so it is
    pickled whole).
    """

    __slots__ = ("exact", "game", "moves", "seed_bytes", "state")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.seed_bytes: list[int] = []
        self.state: State | None = None
        self.moves: list[tuple[int, int]] = []
        self.exact = True  # False once determinized: the record no longer describes it

    def draw(self, byte: int) -> None:
        if not 0 <= byte < SEED_OUTCOMES or self.state is not None:
            raise ValueError(f"no chance outcome {byte} here")
        self.seed_bytes.append(byte)
        if len(self.seed_bytes) == SEED_BYTES:
            seed = sum(b << (8 * index) for index, b in enumerate(self.seed_bytes))
            self.state = self.game.new_game(seed)

    def play(self, action: int) -> None:
        state = self.state
        assert state is not None
        seat = state.current_player
        assert seat is not None
        state.apply(action)
        self.moves.append((seat, action))
        if len(self.moves) > MAX_GAME_LENGTH:
            raise RuntimeError(f"{self.game.name} ran past MAX_GAME_LENGTH ({MAX_GAME_LENGTH})")

    def copy(self, state: State | None) -> Held:
        held = Held(self.game)
        held.seed_bytes = self.seed_bytes[:]
        held.state = state
        held.moves = self.moves[:]
        held.exact = self.exact
        return held

    def __deepcopy__(self, memo: dict[int, Any]) -> Held:
        return self.copy(None if self.state is None else self.state.clone())

    def __reduce__(self) -> tuple[Any, ...]:
        if self.exact:
            return _rebuild, (self.game.name, self.game.option_json(), self.seed_bytes, self.moves)
        return _rebuild_exactly, (self.game, self.seed_bytes, self.state, self.moves)


def _rebuild(
    name: str, options: dict[str, Any], seed_bytes: list[int], moves: list[tuple[int, int]]
) -> Held:
    held = Held(load(name, **options))
    for byte in seed_bytes:
        held.draw(byte)
    for _, action in moves:
        held.play(action)
    return held


def _rebuild_exactly(
    game: Game, seed_bytes: list[int], state: State | None, moves: list[tuple[int, int]]
) -> Held:
    held = Held(game)
    held.seed_bytes, held.state, held.moves, held.exact = seed_bytes, state, moves, False
    return held


class SpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state around a tavola state (see the module docstring)."""

    def __init__(self, game: SpielGame, held: Held) -> None:
        super().__init__(game)
        self.held = held

    def current_player(self) -> int:
        state = self.held.state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        player = state.current_player
        return int(pyspiel.PlayerId.TERMINAL) if player is None else player

    def _legal_actions(self, player: int) -> list[int]:
        state = self.held.state
        assert state is not None
        assert player == state.current_player
        return state.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(byte, 1.0 / SEED_OUTCOMES) for byte in range(SEED_OUTCOMES)]

    def _apply_action(self, action: int) -> None:
        if self.held.state is None:
            self.held.draw(action)
        else:
            self.held.play(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}"
        return str(self.held.game.action_to_string(action))

    def is_terminal(self) -> bool:
        state = self.held.state
        return state is not None and state.is_over

    def returns(self) -> list[float]:
        state = self.held.state
        players = self.held.game.num_players
        if state is None or not state.is_over:
            return [0.0] * players
        return zero_sum_rewards(state.winners, players)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpielState:
        """A state ``player_id`` cannot tell from this one: ``State.determinize``."""
        clone: SpielState = self.clone()
        state = self.held.state
        if state is not None:
            rng = random.Random(int(probability_sampler() * 2**53))
            drawn = state.determinize(player_id, rng)
            held = self.held.copy(drawn.clone() if drawn is state else drawn)
            held.exact = False
            clone.held = held
        return clone

    def __str__(self) -> str:
        """The seed and the actions so far: cheap, and they name the position.

        For a picture, ``game.tavola.render(openspiel.tavola_state(state).view(None))``.
        """
        held = self.held
        if held.state is None:
            return f"{held.game.title}, seed bytes so far {held.seed_bytes}"
        to_string = held.game.action_to_string
        actions = ", ".join(to_string(action) for _, action in held.moves)
        kind = "" if held.exact else " (determinized)"
        return f"{held.game.title}, seed {held.state.seed}{kind}: {actions}"


class Observer:
    """OpenSpiel's observer of a seat: its view (and own actions for information states)."""

    def __init__(self, game: Game, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        obs_type = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if not obs_type.public_info:
            raise ValueError("every tavola observation holds public information")
        private = obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("a tavola view holds one seat's secrets, not every seat's")
        self.game = game
        self.spectator = private == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = bool(obs_type.perfect_recall)
        if self.spectator and self.perfect_recall:
            raise ValueError("perfect recall needs a seat: use private_info=SINGLE_PLAYER")
        shape = tuple(game.observation_shape)
        size = int(np.prod(shape))
        pieces = [("observation", size, shape)]
        if self.perfect_recall:
            actions = game.num_distinct_actions
            pieces.append(("own_actions", actions, (actions,)))
        self.tensor = np.zeros(sum(piece[1] for piece in pieces), np.float32)
        self.dict: dict[str, np.ndarray] = {}
        start = 0
        for name, length, piece_shape in pieces:
            self.dict[name] = self.tensor[start : start + length].reshape(piece_shape)
            start += length
        # The game and the counts write through memoryviews: item by item, far faster.
        self._observation = writable(self.tensor[:size])
        self._own = writable(self.tensor[size:])

    def set_from(self, state: SpielState, player: int) -> None:
        self.tensor.fill(0.0)
        held = state.held
        if held.state is None:
            return
        seat = None if self.spectator else player
        self.game.encode_state_into(held.state, seat, self._observation)
        if self.perfect_recall:
            own = self._own
            for mover, action in held.moves:
                if mover == player:
                    own[action] += 1.0

    def string_from(self, state: SpielState, player: int) -> str:
        held = state.held
        if held.state is None:
            return "drawing the seed"
        view = held.state.view(None if self.spectator else player)
        text = json.dumps(view, sort_keys=True, separators=(",", ":"))
        if not self.perfect_recall:
            return text
        to_string = self.game.action_to_string
        own = [to_string(action) for seat, action in held.moves if seat == player]
        return text + "\nown actions: " + json.dumps(own)


register_all()
