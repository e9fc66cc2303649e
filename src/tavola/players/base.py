"""What a bot is, and the window through which it sees a game.

A bot never holds the true state: it gets a ``Seat``, which offers the seat's view,
its legal actions and determinizations drawn from what the seat may know.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, Protocol

from tavola.core.game import Game, State
from tavola.core.i18n import LOCALE_DIR, Catalog

CATALOG = Catalog("players", LOCALE_DIR)
"""The bots' words for people: the reasons they give (gettext domain ``players``)."""
gettext = CATALOG.gettext


@dataclass(frozen=True, slots=True)
class Decision:
    """An action a bot chose, and in a few words why (``None`` when it has no reason), in
    the language of the moment it chose."""

    action: int
    reason: str | None = None


class Seat:
    """One seat's window on a game: its view, its legal actions, determinizations."""

    __slots__ = ("_state", "player")

    def __init__(self, state: State, player: int) -> None:
        self._state = state
        self.player = player

    @property
    def game(self) -> Game:
        return self._state.game

    def view(self) -> dict[str, Any]:
        return self._state.view(self.player)

    def legal_actions(self) -> list[int]:
        return self._state.legal_actions()

    def information_key(self) -> Hashable:
        """A key of what this seat knows (``State.information_key``)."""
        return self._state.information_key(self.player)

    def determinize(self, rng: random.Random) -> State:
        """A full state consistent with this seat's view; search on it freely."""
        state = self._state.determinize(self.player, rng)
        # A game with nothing hidden may hand back the state itself: never let a bot touch it.
        return state.clone() if state is self._state else state


class Bot(Protocol):
    """Anything that picks an action for a seat."""

    spec: str

    def choose(self, seat: Seat) -> Decision: ...


def format_spec(name: str, options: dict[str, Any]) -> str:
    """The spec of a bot with the options it was given (those left at ``None`` omitted).

    >>> format_spec("ismcts", {"iterations": 1000, "time": None, "c": 0.5})
    'ismcts:iterations=1000,c=0.5'
    """
    given = ",".join(
        f"{key}={value:g}" if isinstance(value, float) else f"{key}={value}"
        for key, value in options.items()
        if value is not None
    )
    return f"{name}:{given}" if given else name
