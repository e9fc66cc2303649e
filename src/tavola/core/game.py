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

The public calls take their arguments as ``object`` and check them before the typed
``_``-methods: compiled by mypyc, a declared type is checked on entry, and a wrong one
would raise mypyc's own ``TypeError`` (or pass ``True`` as ``1``) before the engine's
refusal named the argument.
"""

from __future__ import annotations

import inspect
import random
import secrets
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, ClassVar, Protocol, Self, TypeVar, cast

from mypy_extensions import mypyc_attr

from tavola.core.checks import (
    check_action,
    check_index,
    check_metadata,
    check_rng,
    check_seat,
    check_seed,
    check_size,
    check_text,
    check_view,
)
from tavola.core.errors import ArgumentTypeError, InvalidArgument, InvalidOption
from tavola.core.events import Event
from tavola.core.i18n import DEFAULT_LANGUAGE, LANGUAGES, Message, Text
from tavola.core.lessons import Lesson, read_lessons
from tavola.core.options import Option, OptionValue, check_applicable, resolve_options
from tavola.core.pages import Figure, read_page
from tavola.core.points import ALL_POINTS, Award, Source
from tavola.core.randomness import randrange
from tavola.core.review_budget import Budget

RECORD_FORMAT = "tavola-record/1"

T = TypeVar("T")


def _attributes(holder: object) -> dict[str, Any]:
    """Every attribute ``holder`` has a value for, by name: the slots and compiled attributes
    of each class of its chain, and its ``__dict__`` (``__getstate__`` of ``Game`` and
    ``State``: mypyc's own keeps only the compiled attributes, not a plugin's own)."""
    names: dict[str, None] = {}  # ordered, once each
    for cls in type(holder).__mro__:
        slots = cls.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            private = name.startswith("__") and not name.endswith("__")
            names[f"_{cls.__name__.lstrip('_')}{name}" if private else name] = None
        names.update(dict.fromkeys(cls.__dict__.get("__mypyc_attrs__", ())))
    found = {}
    for name in names:
        if name not in ("__dict__", "__weakref__") and hasattr(holder, name):
            found[name] = getattr(holder, name)
    found.update(getattr(holder, "__dict__", {}))
    return found


def _restore(holder: object, found: Mapping[str, Any]) -> None:
    """Set the attributes ``_attributes`` found (``__setstate__`` of ``Game`` and ``State``)."""
    for name, value in found.items():
        setattr(holder, name, value)


class Tensor(Protocol):
    """Where an observation is written: a list of floats, a NumPy array, a memoryview of one."""

    def __getitem__(self, index: int, /) -> Any: ...

    def __setitem__(self, index: int, value: float, /) -> None: ...


# Games and plugins subclass it, interpreted or compiled.
@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC):
    """A game's rules with one set of validated options; a factory of states."""

    name: ClassVar[str]
    title: ClassVar[str]
    # What people read about the game: plain or translatable text (``str`` shows it in the
    # language of the moment).
    summary: ClassVar[Text]
    rules_summary: ClassVar[Text]  # the rules in a few lines, for the terminal
    input_help: ClassVar[Text] = ""  # the terminal's help on this game: picture and input
    # What a seat's score counts, where it is not points ("Dice"): the seat list's column
    # head; empty: "Score".
    score_name: ClassVar[Text] = ""
    option_specs: ClassVar[tuple[Option, ...]]
    # How hard ``tavola review`` and the hints look at a decision: each game sets its own,
    # measured with benchmarks/review.py (docs/review.md).
    review_budget: ClassVar[Budget] = Budget()

    def __init__(self, /, **options: Any) -> None:
        self.options: dict[str, OptionValue] = resolve_options(self.option_specs, options)
        self.check_options()
        check_applicable(self.option_specs, self.options)
        # what each view says, to check views by; built once (options never change)
        self.view_options = self._options_json(lambda spec: not spec.secret)

    def __getstate__(self) -> dict[str, Any]:
        return _attributes(self)

    def __setstate__(self, state: dict[str, Any]) -> None:
        _restore(self, state)

    def check_options(self) -> None:
        """Refuse combinations of options that make no sense (override per game)."""

    @property
    def num_players(self) -> int:
        players = self.options["players"]
        assert isinstance(players, int)
        return players

    def rating_category(self) -> str:
        """The rating pool a match with these options is rated in: players are rated
        against the others of their pool only. By default one pool per player count
        (``"2p"``, ``"3p"``...); a game whose editions or counts play alike groups them.
        """
        return f"{self.num_players}p"

    def drawn_words(self, before: State, after: State) -> Text | None:
        """What a chance event between two states showed, in words, where the game's events
        do not say it (the review's luck); None by default."""
        return None

    def move_words(self, state: State, action: int) -> str | None:
        """``action`` in words for people, as a log says what a player did ("built the blue
        tower 2 floors higher"), in the language of the moment; ``state`` is the position
        before it (a move not played is said from there: the tile it places). None by
        default: the notation shows."""
        return None

    def option_json(self) -> dict[str, Any]:
        """The options as written in a record."""
        return self._options_json(lambda spec: True)

    def public_options(self) -> dict[str, Any]:
        """The options every seat may know (secret ones, such as a stacked deck, left out):
        a copy of ``view_options``, which every view and state message carries."""
        return dict(self.view_options)

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
        """A new game; all chance is resolved from ``seed`` (a random one if ``None``).

        A game reads ``seed`` through ``seed_for``, which refuses anything but an integer
        from 0 to 2**64 - 1 (a compiled game declares ``seed: object``: mypyc would refuse
        another type with its own ``TypeError`` before ``seed_for`` names the argument).
        """

    def seed_for(self, seed: object) -> int:
        """The seed a new game is dealt from: ``seed`` checked, or a fresh one for ``None``."""
        return self.fresh_seed() if seed is None else check_seed("new_game", seed)

    @property
    @abstractmethod
    def num_distinct_actions(self) -> int:
        """Action ids are ``0 .. num_distinct_actions - 1``."""

    def action_to_string(self, action: object) -> str:
        """The canonical notation of an action id; ``NotationError`` if it is none."""
        if type(action) is not int:
            action = check_index("action_to_string", "action", action)
        return self._action_to_string(action)

    @abstractmethod
    def _action_to_string(self, action: int) -> str:
        """``action_to_string`` once the argument is known to be an ``int``."""

    def parse_action(self, text: object) -> int:
        """The action id a notation names; raises ``NotationError`` if it names none."""
        return self._parse_action(check_text("parse_action", "text", text))

    @abstractmethod
    def _parse_action(self, text: str) -> int:
        """``parse_action`` once the argument is known to be a short ``str``."""

    def render(
        self,
        view: object,
        *,
        color: object = False,
        width: object = None,
        height: object = None,
    ) -> str:
        """A text picture of a view, for terminals: plain, or with ANSI colours if ``color``.

        ``width`` and ``height`` are the room on screen in characters (``None``: the game's
        default width, any height); a game may fit its picture to them or ignore them.
        """
        columns = check_size("render", "width", width)
        rows = check_size("render", "height", height)
        checked = check_view("render", view, self)
        return self._guarded("render", lambda: self._render(checked, bool(color), columns, rows))

    @abstractmethod
    def _render(
        self, view: dict[str, Any], color: bool, width: int | None, height: int | None
    ) -> str:
        """``render`` once the view is known to be one of this game's."""

    @property
    @abstractmethod
    def observation_shape(self) -> tuple[int, ...]:
        """The shape of ``encode_view``'s tensor (fixed for the game and its options)."""

    def encode_view(self, view: object) -> list[float]:
        """A seat's view as a flat tensor of ``prod(observation_shape)`` numbers.

        Built from the view alone, so it can hold nothing the seat may not know.
        """
        checked = check_view("encode_view", view, self)
        return self._guarded("encode_view", lambda: self._encode_view(checked))

    @abstractmethod
    def _encode_view(self, view: dict[str, Any]) -> list[float]:
        """``encode_view`` once the view is known to be one of this game's."""

    def encode_view_into(self, view: object, out: Tensor) -> None:
        """``encode_view(view)`` written into ``out``, which holds ``prod(observation_shape)``
        zeros: only the numbers that are not zero are set, and no list is built."""
        checked = check_view("encode_view_into", view, self)
        self._guarded("encode_view_into", lambda: self._encode_view_into(checked, out))

    def _encode_view_into(self, view: dict[str, Any], out: Tensor) -> None:
        """``encode_view_into`` once the view is checked; by default through the list
        (a game overrides it to write directly)."""
        for index, value in enumerate(self._encode_view(view)):
            if value:
                out[index] = value

    def encode_state_into(self, state: object, player: object, out: Tensor) -> None:
        """``encode_view(state.view(player))`` written into ``out`` (zeros, as for
        ``encode_view_into``), straight from the state: the research adapters' fast path."""
        game = getattr(state, "game", None)
        if game is not self and (  # a state of this very game is the common case, and quick
            not isinstance(state, State)
            or state.game.name != self.name
            or state.game.view_options != self.view_options
        ):
            raise ArgumentTypeError(
                f"encode_state_into: state must be a state of this game ({self.name}, "
                f"{self.num_players} players), not {type(state).__name__}"
            )
        seat = (
            None
            if player is None
            else check_seat("encode_state_into", player, self.num_players, spectator=True)
        )
        self._encode_state_into(cast(State, state), seat, out)

    def _encode_state_into(self, state: State, player: int | None, out: Tensor) -> None:
        """``encode_state_into`` once checked; by default through the view (a game
        overrides it to read its state directly)."""
        self._encode_view_into(state._view(player), out)

    def _guarded(self, call: str, work: Callable[[], T]) -> T:
        """``work()``, a view's reader: a view that is not as the engine makes them (edited
        by hand, or from another edition) raises ``InvalidArgument``, not a Python error."""
        try:
            return work()
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as error:
            if isinstance(error, InvalidArgument):
                raise
            raise InvalidArgument(
                f"{call}: view is not a view of this game as the engine makes them "
                f"({type(error).__name__}: {error})"
            ) from error

    def evaluate(self, state: object, player: object) -> float:
        """How good ``state`` looks for ``player``: the heuristic bot's one-ply evaluation.

        Bots call it on determinized states only; higher is better for ``player``.
        """
        if not isinstance(state, State) or state.game.name != self.name:
            raise ArgumentTypeError(
                f"evaluate: state must be a state of {self.name}, not {type(state).__name__}"
            )
        seat = check_seat("evaluate", player, self.num_players, spectator=False)
        assert seat is not None
        return self._evaluate(state, seat)

    @abstractmethod
    def _evaluate(self, state: State, player: int) -> float:
        """``evaluate`` once its arguments are checked."""

    @abstractmethod
    def svg(self, view: dict[str, Any], actions: Sequence[str] = ()) -> str:
        """A picture of a view as one SVG document (see ``tavola.core.svg``).

        ``actions`` are the canonical notations of the viewing seat's legal actions (empty
        for a spectator or a seat not to move); exactly those are clickable, each element
        carrying ``data-action``. Built from the view alone, so it shows nothing the seat
        may not know.
        """

    def public_notation(self, action: object) -> str:
        """The notation as the other seats see it (a game hides secret parts here)."""
        if type(action) is not int:
            action = check_index("public_notation", "action", action)
        return self._public_notation(action)

    def _public_notation(self, action: int) -> str:
        """``public_notation`` once the argument is an ``int`` (override to hide secrets)."""
        return self._action_to_string(action)

    @classmethod
    def document(cls, page: str, lang: str = DEFAULT_LANGUAGE) -> str | None:
        """The Markdown text of one of the game's pages (``"rules"``, ``"notation"``) in
        ``lang``, or ``None`` if the game has no such page in that language.

        By default ``pages/<page>.md`` (``pages/<page>.<lang>.md`` translated) in the
        package of the game's class, read as package data (``tavola.core.pages``).
        """
        return read_page(cls._package(), page, lang)

    @classmethod
    def _package(cls) -> str:
        """The package of the game's class, where its pages and lessons are shipped."""
        module = inspect.getmodule(cls)
        return (module.__package__ if module is not None else None) or ""

    @classmethod
    def document_languages(cls, page: str) -> tuple[str, ...]:
        """The languages ``page`` is written in, English first (empty: no such page)."""
        return tuple(lang for lang in LANGUAGES if cls.document(page, lang) is not None)

    @classmethod
    def figures(cls) -> Mapping[str, Figure]:
        """The rulebook's pictures by name (``figure:<name>`` in a page): positions the
        engine reaches, drawn by ``svg`` (``tavola.core.pages.Figure``). By default none."""
        return {}

    @classmethod
    def lessons(cls) -> tuple[Lesson, ...]:
        """The game's guided lessons, in order (``tavola.core.lessons``): by default the
        files ``lessons/*.json`` of its package, their texts in the catalog of its
        ``summary`` (a plain ``summary``: shown as written). By default none."""
        summary = cls.summary
        catalog = summary.catalog if isinstance(summary, Message) else None
        return read_lessons(cls._package(), catalog) if cls._package() else ()

    def point_sources(self) -> list[Source]:
        """The sources of this game's points with its options, in the order a balance
        report lists them (``tavola.core.points``). By default one, the whole score."""
        return [ALL_POINTS]

    def event_points(self, event: Event) -> list[Award]:
        """The points ``event`` gives, each to one seat from one of ``point_sources``
        (by default none: the whole score is the one source)."""
        return []

    @staticmethod
    def fresh_seed() -> int:
        """A random seed of 63 bits: far too many to find a deal's seed by trying them
        (32 bits were found in hours from the tiles a spectator sees)."""
        return secrets.randbits(63)


# Games and plugins subclass it, interpreted or compiled. Not an ``ABC`` (mypy still checks
# the abstract methods): compiled, a Python base would give every state a ``__dict__``, and
# Python code calling a method of a state whose class has one is not specialized by CPython
# (every ``state.clone()`` from Python looks ``clone`` up through the classes).
@mypyc_attr(allow_interpreted_subclasses=True)
class State:
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

    def view(self, player: object) -> dict[str, Any]:
        """What ``player`` may know (``None``: a spectator), as JSON-serialisable data.

        Read-only: a game may share a view's parts among the views of one position (its
        seats alike), so copy a view before changing it."""
        if player is None:
            return self._view(None)
        return self._view(check_seat("view", player, self.game.num_players, spectator=True))

    @abstractmethod
    def _view(self, player: int | None) -> dict[str, Any]:
        """``view`` once ``player`` is known to be a seat of the game or ``None``."""

    def information_key(self, player: object) -> Hashable:
        """A hashable key of what ``player`` knows: the same in every state the seat
        cannot tell apart, and different wherever its views differ.

        Search bots keep one node per key (an information set of the seat to move). The
        default is the view's ``repr``; a game may give something cheaper built from the
        state's parts the seat knows (the conformance kit checks both halves: a
        determinization keeps the key, and no key stands for two views).
        """
        seat = check_seat("information_key", player, self.game.num_players, spectator=False)
        assert seat is not None
        return self._information_key(seat)

    def _information_key(self, player: int) -> Hashable:
        """``information_key`` once ``player`` is known to be a seat."""
        return repr(self._view(player))

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy (``copy.copy`` and ``copy.deepcopy`` make the same)."""

    def __copy__(self) -> Self:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self.clone()

    def __getstate__(self) -> dict[str, Any]:
        return _attributes(self)

    def __setstate__(self, state: dict[str, Any]) -> None:
        _restore(self, state)

    def determinize(self, player: object, rng: object) -> Self:
        """A full state drawn from those consistent with ``view(player)``.

        It keeps no trace of the true game: its history is empty (past actions may
        name hidden cards) and its seed is drawn from ``rng``.
        """
        seat = check_seat("determinize", player, self.game.num_players, spectator=False)
        assert seat is not None
        checked_rng = check_rng("determinize", rng)
        state = self._determinize(seat, checked_rng)
        if state is self:  # never clear the true game's history
            state = state.clone()
        state.history = []
        state.seed = randrange(checked_rng, 2**32)
        return state

    @abstractmethod
    def _determinize(self, player: int, rng: random.Random) -> Self:
        """Redeal what ``player`` cannot see (``determinize`` then clears the history)."""

    def apply(self, action: object) -> list[Event]:
        """Play one action (an id or its notation); return the events it caused.

        An illegal action raises ``IllegalAction`` and leaves the state unchanged; so
        does anything that is neither (``ArgumentTypeError``: ``True`` is no action).
        """
        if type(action) is not int:
            action = (
                self._read_action(check_text("apply", "action", action))
                if isinstance(action, str)
                else check_action("apply", action)
            )
        events = self._apply(action)
        self.history.append(action)
        return events

    def read_action(self, text: object) -> int:
        """The action a notation (or a game's input shortcut) names in this position."""
        return self._read_action(check_text("read_action", "text", text))

    def _read_action(self, text: str) -> int:
        """``read_action`` once ``text`` is a short ``str``. Games whose notation depends on
        the position (a feature named by any of its sides) override it."""
        return self.game._parse_action(text)

    def input_hint(self) -> str | None:
        """A line telling a person what to type now, shown above the terminal's prompt
        instead of the legal actions (``None``: no hint, the actions are shown)."""
        return None

    @property
    def reads_numbers(self) -> bool:
        """Whether ``read_action`` reads a bare number as something the picture numbers
        (the terminal then leaves the legal actions unnumbered)."""
        return False

    def _repr_svg_(self) -> str:
        """Jupyter shows a state as the picture of the seat to move (a spectator's at the end)."""
        player = self.current_player
        return self.game.svg(
            self.view(player), self.legal_notations() if player is not None else ()
        )

    def legal_notations(self) -> list[str]:
        to_string = self.game.action_to_string
        return [to_string(a) for a in self.legal_actions()]

    def record(
        self, *, seats: Sequence[str] | None = None, names: Sequence[str] | None = None
    ) -> dict[str, Any]:
        """Everything needed to rebuild this state: game, options, seed and actions.

        ``seats`` (who sat where: ``"human"`` or a bot spec) and ``names`` (what to call
        each seat) are optional metadata, one text per seat, added only when given:
        ``replay`` ignores them, ``tavola resume`` seats the same players again.
        """
        to_string = self.game._action_to_string
        record: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "game": self.game.name,
            "options": self.game.option_json(),
            "seed": self.seed,
            "actions": [to_string(a) for a in self.history],
        }
        for key, texts in (("seats", seats), ("names", names)):
            if texts is not None:
                record[key] = check_metadata("record", key, texts, self.game.num_players)
        return record

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
