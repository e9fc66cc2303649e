"""The game protocol: a ``Game`` (rules plus validated options) makes ``State``s.

>>> import tavola
>>> game = tavola.load("campanile", players=3)
>>> state = game.new_game(seed=7)
>>> state.current_player
0
>>> events = state.apply(state.legal_actions()[0])

Actions are small integers (an id per action of the game and its options, so they
double as a flat action space); every action also has a short notation, and
``apply`` accepts either.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Self

from tavola.core.errors import InvalidOption
from tavola.core.events import Event
from tavola.core.options import Option, OptionValue, resolve_options

RECORD_FORMAT = "tavola-record/1"


class Game(ABC):
    """A game's rules with one set of validated options; a factory of states."""

    name: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str]
    rules_summary: ClassVar[str]  # the rules in a few lines, for the terminal
    option_specs: ClassVar[tuple[Option, ...]]

    def __init__(self, **options: Any) -> None:
        self.options: dict[str, OptionValue] = resolve_options(self.option_specs, options)
        self.check_options()

    def check_options(self) -> None:
        """Refuse combinations of options that make no sense (override per game)."""

    @property
    def num_players(self) -> int:
        players = self.options["players"]
        assert isinstance(players, int)
        return players

    def option_json(self) -> dict[str, Any]:
        """The options as written in a record."""
        return self._options_json(lambda spec: True)

    def public_options(self) -> dict[str, Any]:
        """The options every seat may know (secret ones, such as a stacked deck, left out)."""
        return self._options_json(lambda spec: not spec.secret)

    def changed_options(self) -> dict[str, Any]:
        """``players`` and the options that differ from their defaults, as in records."""
        return self._options_json(
            lambda spec: spec.name == "players" or self.options[spec.name] != spec.default
        )

    def _options_json(self, keep: Callable[[Option], bool]) -> dict[str, Any]:
        return {
            spec.name: spec.to_json(self.options[spec.name])
            for spec in self.option_specs
            if keep(spec)
        }

    def invalid(self, message: str) -> InvalidOption:
        return InvalidOption(f"{self.name}: {message}")

    @abstractmethod
    def new_game(self, seed: int | None = None) -> State:
        """A new game; all chance is resolved from ``seed`` (a random one if ``None``)."""

    @property
    @abstractmethod
    def num_distinct_actions(self) -> int:
        """Action ids are ``0 .. num_distinct_actions - 1``."""

    @abstractmethod
    def action_to_string(self, action: int) -> str:
        """The canonical notation of an action id."""

    @abstractmethod
    def parse_action(self, text: str) -> int:
        """The action id a notation names; raises ``NotationError`` if it names none."""

    @abstractmethod
    def render(
        self,
        view: dict[str, Any],
        *,
        color: bool = False,
        width: int | None = None,
        height: int | None = None,
    ) -> str:
        """A text picture of a view, for terminals: plain, or with ANSI colours if ``color``.

        ``width`` and ``height`` are the room on screen in characters (``None``: the game's
        default width, any height); a game may fit its picture to them or ignore them.
        """

    @property
    @abstractmethod
    def observation_shape(self) -> tuple[int, ...]:
        """The shape of ``encode_view``'s tensor (fixed for the game and its options)."""

    @abstractmethod
    def encode_view(self, view: dict[str, Any]) -> list[float]:
        """A seat's view as a flat tensor of ``prod(observation_shape)`` numbers.

        Built from the view alone, so it can hold nothing the seat may not know.
        """

    @abstractmethod
    def evaluate(self, state: State, player: int) -> float:
        """How good ``state`` looks for ``player``: the heuristic bot's one-ply evaluation.

        Bots call it on determinized states only; higher is better for ``player``.
        """

    def public_notation(self, action: int) -> str:
        """The notation as the other seats see it (a game hides secret parts here)."""
        return self.action_to_string(action)

    @staticmethod
    def fresh_seed() -> int:
        return random.SystemRandom().randrange(2**32)


class State(ABC):
    """One position of a game. ``apply`` changes it in place; ``clone`` copies it."""

    __slots__ = ("game", "history", "seed")

    game: Game
    seed: int
    history: list[int]

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` when the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[int]:
        """Every legal action id, in ascending order."""

    @abstractmethod
    def _apply(self, action: int) -> list[Event]:
        """Check and apply an action id; raise ``IllegalAction`` before changing anything."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def scores(self) -> list[int]:
        """Points per seat, as they stand now."""

    @property
    @abstractmethod
    def winners(self) -> list[int]:
        """The winning seats once the game is over (several for a shared victory), else []."""

    @abstractmethod
    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may know (``None``: a spectator), as JSON-serialisable data."""

    @abstractmethod
    def clone(self) -> Self: ...

    def determinize(self, player: int, rng: random.Random) -> Self:
        """A full state drawn from those consistent with ``view(player)``.

        It keeps no trace of the true game: its history is empty (past actions may
        name hidden cards) and its seed is drawn from ``rng``.
        """
        state = self._determinize(player, rng)
        if state is self:  # never clear the true game's history
            state = state.clone()
        state.history = []
        state.seed = rng.randrange(2**32)
        return state

    @abstractmethod
    def _determinize(self, player: int, rng: random.Random) -> Self:
        """Redeal what ``player`` cannot see (``determinize`` then clears the history)."""

    def apply(self, action: int | str) -> list[Event]:
        """Play one action (an id or its notation); return the events it caused.

        An illegal action raises ``IllegalAction`` and leaves the state unchanged.
        """
        if isinstance(action, str):
            action = self.read_action(action)
        events = self._apply(action)
        self.history.append(action)
        return events

    def read_action(self, text: str) -> int:
        """The action a notation (or a game's input shortcut) names in this position.

        Games whose notation depends on the position (a feature named by any of its
        sides) override it; ``apply`` reads text through it.
        """
        return self.game.parse_action(text)

    @property
    def reads_numbers(self) -> bool:
        """Whether ``read_action`` reads a bare number as something the picture numbers
        (the terminal then leaves the legal actions unnumbered)."""
        return False

    def legal_notations(self) -> list[str]:
        to_string = self.game.action_to_string
        return [to_string(a) for a in self.legal_actions()]

    def record(self) -> dict[str, Any]:
        """Everything needed to rebuild this state: game, options, seed and actions."""
        to_string = self.game.action_to_string
        return {
            "format": RECORD_FORMAT,
            "game": self.game.name,
            "options": self.game.option_json(),
            "seed": self.seed,
            "actions": [to_string(a) for a in self.history],
        }

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return (
            self.game.name == other.game.name
            and self.game.options == other.game.options
            and self.seed == other.seed
            and self.history == other.history
            and self._key() == other._key()
        )

    def __hash__(self) -> int:
        raise TypeError("states are mutable and unhashable")

    @abstractmethod
    def _key(self) -> tuple[Any, ...]:
        """The game's own position, for equality (game, options, seed, history aside)."""


def check_players(game: Game, allowed: Sequence[int]) -> None:
    if game.num_players not in allowed:
        raise game.invalid(f"players must be one of {', '.join(map(str, allowed))}")
