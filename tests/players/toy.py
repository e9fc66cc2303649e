"""A tiny game for testing bots on positions whose best move is known: Nim with one pile.

Players take 1 to 3 counters in turn; whoever takes the last one wins. With ``n``
counters left, the winning move leaves a multiple of 4. Optionally, ``target`` ends the
game when the pile reaches exactly that size with a shared victory, to test rewards.
The game is not registered, so it never appears among the real games.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, Self

from tavola.core.errors import IllegalAction, NotationError
from tavola.core.events import Event
from tavola.core.game import Game, State
from tavola.core.options import Option


class ToyGame(Game):
    """A toy game: its title is its name, its rules its summary, its tensor one number of
    its view (``observed``)."""

    observed: ClassVar[str]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.title = cls.name.title()
        cls.rules_summary = cls.summary

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (1,)

    def _encode_view(self, view: dict[str, Any]) -> list[float]:
        return [float(view[self.observed])]


class Nim(ToyGame):
    name: ClassVar[str] = "nim"
    summary: ClassVar[str] = "take 1-3 counters; the last one wins"
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("players", 2, "number of players", choices=(2, 3)),
        Option("pile", 5, "counters at the start"),
        Option("tie_at", -1, "a shared victory when the pile reaches this size (-1: never)"),
    )
    observed: ClassVar[str] = "pile"

    def new_game(self, seed: int | None = None) -> NimState:
        pile = self.options["pile"]
        assert isinstance(pile, int)
        return NimState(self, 0 if seed is None else self.seed_for(seed), pile)

    @property
    def num_distinct_actions(self) -> int:
        return 3

    def _action_to_string(self, action: int) -> str:
        if not 0 <= action < 3:
            raise NotationError(f"no action {action}")
        return f"take {action + 1}"

    def _parse_action(self, text: str) -> int:
        return int(text.split()[-1]) - 1

    def _render(
        self, view: dict[str, Any], color: bool, width: int | None, height: int | None
    ) -> str:
        return f"{view['pile']} counters"

    def svg(self, view: dict[str, Any], actions: Sequence[str] = ()) -> str:
        return f'<svg xmlns="http://www.w3.org/2000/svg"><text>{view["pile"]}</text></svg>'

    def _evaluate(self, state: State, player: int) -> float:
        """Good for the player who just moved when the pile is a multiple of 4."""
        assert isinstance(state, NimState)
        just_moved = (state.player - 1) % self.num_players
        sign = 1.0 if state.pile % 4 == 0 else -1.0
        return sign if player == just_moved else -sign


class ToyState(State):
    """A toy game's state: a win scores 1."""

    __slots__ = ()

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.history = []

    @property
    def scores(self) -> list[int]:
        return [int(seat in self.winners) for seat in range(self.game.num_players)]


class NimState(ToyState):
    __slots__ = ("over", "pile", "player", "shared")

    game: Nim

    def __init__(self, game: Nim, seed: int, pile: int) -> None:
        super().__init__(game, seed)
        self.pile = pile
        self.player = 0
        self.over = False
        self.shared = False

    @property
    def current_player(self) -> int | None:
        return None if self.over else self.player

    def legal_actions(self) -> list[int]:
        return [] if self.over else list(range(min(3, self.pile)))

    def _apply(self, action: int) -> list[Event]:
        if action not in self.legal_actions():
            raise IllegalAction("take 1 to 3 counters", f"cannot take {action + 1}")
        self.pile -= action + 1
        if self.pile == 0:
            self.over = True
        elif self.pile == self.game.options["tie_at"]:
            self.over = self.shared = True
        else:
            self.player = (self.player + 1) % self.game.num_players
        return []

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def winners(self) -> list[int]:
        if not self.over:
            return []
        return list(range(self.game.num_players)) if self.shared else [self.player]

    def _view(self, player: int | None) -> dict[str, Any]:
        return {
            "game": self.game.name,
            "players": self.game.num_players,
            "pile": self.pile,
            "current_player": self.current_player,
        }

    def clone(self) -> Self:
        other = type(self)(self.game, self.seed, self.pile)
        other.history = self.history[:]
        other.player, other.over, other.shared = self.player, self.over, self.shared
        return other

    def _determinize(self, player: int, rng: random.Random) -> Self:
        return self.clone()  # nothing is hidden

    def _key(self) -> tuple[Any, ...]:
        return (self.pile, self.player, self.over, self.shared, self.history)


class Guess(ToyGame):
    """Seat 1 holds a secret card, 0 to ``cards - 1``. Seat 0 settles (a shared victory) or
    challenges; after a challenge seat 1 names a card and wins if it names its own.

    Settling is right: seat 1 knows its card. A search that lets seat 1 choose as if it
    did not (its choices averaged over the cards seat 0 imagines for it) sees a challenge
    win ``1 - 1/cards`` of the time and challenges.
    """

    name: ClassVar[str] = "guess"
    summary: ClassVar[str] = "settle, or challenge a player who knows its own card"
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("players", 2, "number of players", choices=(2,)),
        Option("cards", 3, "cards seat 1 may hold"),
    )
    observed: ClassVar[str] = "challenged"
    SETTLE, CHALLENGE = 0, 1  # then 2 + card: seat 1 names a card

    @property
    def cards(self) -> int:
        cards = self.options["cards"]
        assert isinstance(cards, int)
        return cards

    def new_game(self, seed: int | None = None) -> GuessState:
        seed = 0 if seed is None else self.seed_for(seed)
        return GuessState(self, seed, random.Random(seed).randrange(self.cards))

    @property
    def num_distinct_actions(self) -> int:
        return 2 + self.cards

    def _action_to_string(self, action: int) -> str:
        return ("settle", "challenge")[action] if action < 2 else f"name {action - 2}"

    def _parse_action(self, text: str) -> int:
        words = text.split()
        return int(words[-1]) + 2 if words[0] == "name" else ("settle", "challenge").index(text)

    def _render(
        self, view: dict[str, Any], color: bool, width: int | None, height: int | None
    ) -> str:
        return str(view)

    def svg(self, view: dict[str, Any], actions: Sequence[str] = ()) -> str:
        return '<svg xmlns="http://www.w3.org/2000/svg"/>'

    def _evaluate(self, state: State, player: int) -> float:
        return 0.0


class GuessState(ToyState):
    __slots__ = ("card", "challenged", "winner")

    game: Guess

    def __init__(self, game: Guess, seed: int, card: int) -> None:
        super().__init__(game, seed)
        self.card = card
        self.challenged = False
        self.winner: list[int] | None = None

    @property
    def current_player(self) -> int | None:
        return None if self.winner is not None else int(self.challenged)

    def legal_actions(self) -> list[int]:
        if self.winner is not None:
            return []
        return list(range(2, self.game.num_distinct_actions)) if self.challenged else [0, 1]

    def _apply(self, action: int) -> list[Event]:
        if action not in self.legal_actions():
            raise IllegalAction("settle or challenge, then name a card", f"not {action}")
        if action == Guess.SETTLE:
            self.winner = [0, 1]
        elif action == Guess.CHALLENGE:
            self.challenged = True
        else:
            self.winner = [1] if action - 2 == self.card else [0]
        return []

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def winners(self) -> list[int]:
        return self.winner or []

    def _view(self, player: int | None) -> dict[str, Any]:
        return {
            "game": self.game.name,
            "players": 2,
            "current_player": self.current_player,
            "challenged": self.challenged,
            "card": self.card if player == 1 else None,
        }

    def clone(self) -> Self:
        other = type(self)(self.game, self.seed, self.card)
        other.history = self.history[:]
        other.challenged, other.winner = self.challenged, self.winner
        return other

    def _determinize(self, player: int, rng: random.Random) -> Self:
        other = self.clone()
        if player != 1:
            other.card = rng.randrange(self.game.cards)
        return other

    def _key(self) -> tuple[Any, ...]:
        return (self.card, self.challenged, self.winner, self.history)
