"""Random Campanile games for the property tests of both editions: a setup (players,
options, seed) that Hypothesis draws, the random generators the tests play with, and the
frame of the trackers that follow a game from its notations and events."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

import tavola
from tavola import Event, Game, State
from tests.games.campanile.views import STYLES

EDITIONS = ("2009", "1996")

# A random player whose choices Hypothesis shrinks; ``seeded`` is a plain seeded Random, for
# tests that draw too much for the shrinkable one (deck shuffles, playing many samples out).
# The player (``tavola.testing.properties.choose_by_verb``) picks a verb first (build,
# influence, pass, move, take; 1996: build, bet, pass).
choices = st.randoms(use_true_random=False)
seeded = st.randoms(use_true_random=True)


@dataclass(frozen=True)
class Setup:
    players: int
    options: tuple[tuple[str, Any], ...]  # beside ``players``, as ``tavola.load`` takes them
    seed: int

    def game(self) -> Game:
        return tavola.load("campanile", players=self.players, **dict(self.options))

    def new_game(self) -> State:
        return self.game().new_game(self.seed)

    @property
    def move_markers(self) -> bool:
        """The 2009 2-player rule (never on in 1996)."""
        return bool(dict(self.options).get("move_markers", False))


@st.composite
def setups(draw: st.DrawFn, edition: str = "2009") -> Setup:
    """2009: any player count, ``move_markers`` with 2 players; 1996: ``edition`` and the
    variant ``bet_on_built_tower``. Towers in the usual order or any other."""
    players = draw(st.integers(2, 5))
    if edition == "2009":
        options: dict[str, Any] = {"move_markers": players == 2 and draw(st.booleans())}
    else:
        options = {"edition": edition, "bet_on_built_tower": draw(st.booleans())}
    options["towers"] = draw(st.just(STYLES) | st.permutations(STYLES).map(tuple))
    seed = draw(st.integers(0, 2**32 - 1))
    return Setup(players, tuple(options.items()), seed)


class Tracker(ABC):
    """A Campanile game rebuilt from the notations played and the public events, each
    edition's rules in a subclass: what the tests expect a view to show."""

    def __init__(self, game: Game) -> None:
        towers = game.options["towers"]
        assert isinstance(towers, tuple)
        self.players = game.num_players
        self.position = {style: index for index, style in enumerate(towers)}
        self.known: list[Counter[str]] = [Counter() for _ in range(self.players)]
        self.played: Counter[str] = Counter()
        self.actions = 0
        self.last_events: list[Event] = []

    def apply(self, state: State, action: int) -> list[Event]:
        """Play ``action`` and follow it: its notation, then the events it caused."""
        seat = state.current_player
        assert seat is not None
        notation = state.game.action_to_string(action)
        events = state.apply(action)
        self.actions += 1
        self._follow(seat, notation)
        for event in events:
            self._observe(seat, event)
        self._check_turn(state, seat, notation, events)
        self.last_events = events
        return events

    def _built(self, seat: int, style: str) -> None:
        """A card of ``style`` left ``seat``'s hand for a tower: one the others knew, if any."""
        self.played[style] += 1
        if self.known[seat][style]:
            self.known[seat][style] -= 1

    @abstractmethod
    def _follow(self, seat: int, notation: str) -> None:
        """What ``seat`` playing ``notation`` changed."""

    @abstractmethod
    def _observe(self, seat: int, event: Event) -> None:
        """What an event of ``seat``'s action showed."""

    def _check_turn(self, state: State, seat: int, notation: str, events: list[Event]) -> None:
        """What the rules say of the events an action causes (nothing here)."""
