"""A base for games whose seats take turns in steps: the seat to act, the step of its turn,
and what of the protocol follows from them.

A game numbers its steps (``phase``) and names the last one, the end, in ``OVER``; its
``__init__`` starts with ``_start`` and its ``clone`` with ``_copy_turn``, which copy the
parts every such state has (game, seed, history, seats, the seat to act and the step).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Self

from mypy_extensions import mypyc_attr

from tavola.core.game import Game, State


# Games and plugins subclass it, interpreted or compiled.
@mypyc_attr(allow_interpreted_subclasses=True)
class TurnState(State):
    """A state where seat ``player`` acts in step ``phase`` until ``phase`` is ``OVER``."""

    __slots__ = ("num_players", "over", "phase", "player")

    OVER: ClassVar[int]
    over: int  # ``OVER``, kept by each state: compiled, a class attribute is a lookup by name
    num_players: int
    phase: int
    player: int
    points: list[int]  # per seat, in a game that keeps its score so (a slot of its class)

    def _start(self, game: Game, seed: int, phase: int) -> None:
        """A new game's first turn: seat 0 acts in step ``phase``."""
        self.game = game
        self.seed = seed
        self.history = []
        self.num_players = game.num_players
        self.player = 0
        self.phase = phase
        self.over = self.OVER

    def _copy_turn(self, other: Self | None = None) -> Self:
        """A new state of the same class with this one's game, seed, history (a copy),
        seats, seat to act and step; ``clone`` then copies the game's own parts.

        ``other``: a bare state of the class to fill (a game's constructor called without a
        game makes one, compiled quicker than ``__new__``); by default a new one, made
        without ``__init__`` (a compiled state class allows interpreted subclasses for it).
        """
        if other is None:
            other = type(self).__new__(type(self))
        other.game = self.game
        other.seed = self.seed
        other.history = self.history[:]
        other.num_players = self.num_players
        other.player = self.player
        other.phase = self.phase
        other.over = self.over
        return other

    def view_head(self, player: int | None, phases: Sequence[str]) -> dict[str, Any]:
        """What every view starts with: the game, its public options, the seats, the viewer,
        the seat to act and the step (named by ``phases``)."""
        return {
            "game": self.game.name,
            "options": self.game.public_options(),
            "players": self.num_players,
            "seat": player,
            "current_player": self.current_player,
            "phase": phases[self.phase],
        }

    @property
    def current_player(self) -> int | None:
        return None if self.phase == self.over else self.player

    @property
    def is_over(self) -> bool:
        return self.phase == self.over

    @property
    def scores(self) -> list[int]:
        """``points`` per seat (a game that counts otherwise says so here)."""
        return self.points[:]

    @property
    def winners(self) -> list[int]:
        """Once over, the seats with the most points: tied, they share the victory (a game
        with a tie-break says so here)."""
        if self.phase != self.over:
            return []
        best = max(self.points)
        return [seat for seat, total in enumerate(self.points) if total == best]
