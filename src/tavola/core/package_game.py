"""``PackageGame``: a ``Game`` whose parts are modules of its package, named on the class.

A built-in game keeps its notation, tensor encoding, picture, figures, point sources and
heuristic each in a module of its own; the class names those modules and the hooks of
``Game`` are answered from them here, once for every game laid out that way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from mypy_extensions import mypyc_attr

from tavola.core.events import Event
from tavola.core.game import Game, State, Tensor
from tavola.core.pages import Figure
from tavola.core.points import Award


class ActionsModule(Protocol):
    """The notation of a game's action ids."""

    @property
    def NUM_ACTIONS(self) -> int: ...

    def action_to_string(self, action: int, /) -> str: ...

    def parse_action(self, text: str, /) -> int: ...


class EncodingModule(Protocol):
    """A seat's view as a flat tensor: ``encode(view)`` builds the list;
    ``encode_view_into(view, out)`` and ``encode_state_into(state, seat, out)`` write the
    same numbers into a zeroed ``out`` (a list or a NumPy array), the latter straight from
    the state (one of the game's own class), without building the view."""

    def observation_size(self, num_players: int, /) -> int: ...

    def encode(self, view: dict[str, Any], /) -> list[float]: ...

    def encode_view_into(self, view: dict[str, Any], out: Tensor, /) -> None: ...

    def encode_state_into(self, state: Any, player: int | None, out: Tensor, /) -> None: ...


class PictureModule(Protocol):
    """A view drawn as one SVG document."""

    def draw(self, view: dict[str, Any], actions: Sequence[str] = (), /) -> str: ...


class FiguresModule(Protocol):
    """The rulebook's pictures by name."""

    @property
    def FIGURES(self) -> Mapping[str, Figure]: ...


class SourcesModule(Protocol):
    """The points each event gives (the game says its sources, which hang on its options)."""

    def event_points(self, event: Event, /) -> list[Award]: ...


class HeuristicModule(Protocol):
    """The heuristic bot's evaluation of a state of the game's own class."""

    def evaluate(self, state: Any, player: int, /) -> float: ...


@dataclass(frozen=True)
class GameModules:
    """The modules of a game's package that answer the hooks of ``Game``."""

    actions: ActionsModule
    encoding: EncodingModule
    picture: PictureModule
    figures: FiguresModule
    sources: SourcesModule
    heuristic: HeuristicModule


# Games and plugins subclass it, interpreted or compiled.
@mypyc_attr(allow_interpreted_subclasses=True)
class PackageGame(Game):
    """A game whose hooks are its modules' functions (``Game`` says what each one does).

    A game overrides the hook whose module takes more than the view or state (an edition,
    say); ``state_class`` is the class of the game's states, checked before the heuristic.
    """

    state_class: ClassVar[type[State]]
    modules: ClassVar[GameModules]

    @property
    def num_distinct_actions(self) -> int:
        return self.modules.actions.NUM_ACTIONS

    def _action_to_string(self, action: int) -> str:
        return self.modules.actions.action_to_string(action)

    def _parse_action(self, text: str) -> int:
        return self.modules.actions.parse_action(text)

    def svg(self, view: dict[str, Any], actions: Sequence[str] = ()) -> str:
        return self.modules.picture.draw(view, actions)

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (self.modules.encoding.observation_size(self.num_players),)

    def _encode_view(self, view: dict[str, Any]) -> list[float]:
        return self.modules.encoding.encode(view)

    def _encode_view_into(self, view: dict[str, Any], out: Tensor) -> None:
        self.modules.encoding.encode_view_into(view, out)

    def _encode_state_into(self, state: State, player: int | None, out: Tensor) -> None:
        # encode_state_into checked that it is a state of this game
        self.modules.encoding.encode_state_into(state, player, out)

    @classmethod
    def figures(cls) -> Mapping[str, Figure]:
        return cls.modules.figures.FIGURES

    def event_points(self, event: Event) -> list[Award]:
        return self.modules.sources.event_points(event)

    def _evaluate(self, state: State, player: int) -> float:
        assert isinstance(state, self.state_class)
        return self.modules.heuristic.evaluate(state, player)
