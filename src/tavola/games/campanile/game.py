"""Campanile as a game of the engine: options, setup and notation."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from tavola.core.game import Game, State, check_players
from tavola.core.options import Option
from tavola.core.registry import register
from tavola.games.campanile import actions, encoding, heuristic, render
from tavola.games.campanile.components import (
    CARD_NAMES,
    DISPLAY_SIZE,
    FINITO,
    FINITO_BOTTOM,
    HAND_SIZE,
    INTERMEZZO,
    INTERMEZZO_SPREAD,
    NUM_STYLES,
    STYLES,
    cards_per_style,
)
from tavola.games.campanile.state import CampanileState


@register
class Campanile(Game):
    """Campanile (Hanno & Wilfried Kuhn): build five towers, bet on the tallest.

    >>> state = Campanile(players=2).new_game(seed=3)
    >>> state.legal_notations()[:2]
    ['build blue 1', 'build blue 2']
    """

    name: ClassVar[str] = "campanile"
    title: ClassVar[str] = "Campanile"
    summary: ClassVar[str] = "2-5 players; raise five towers and bet on the tallest (DDD 2009)"
    rules_summary: ClassVar[str] = render.RULES_SUMMARY
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("players", 4, "number of players", choices=(2, 3, 4, 5)),
        Option("edition", "2009", "rules edition", choices=("2009",)),
        Option(
            "move_markers",
            False,
            "2-player optional rule: after building 2 floors, move a placed 2-marker",
        ),
        Option(
            "towers",
            STYLES,
            "tower styles from the display outwards (ties in height go to the nearer)",
            item_choices=STYLES,
        ),
        Option(
            "deck",
            None,
            "stacked card order, top first: the hands (3 per seat in seat order), the display, "
            "then the stack with intermezzo and finito where they lie",
            item_choices=CARD_NAMES,
            kind=tuple,
            secret=True,
        ),
    )

    positions: list[int]  # position of each style's tower, 0 nearest the display
    seat_names: list[str]
    _stacked: list[int]

    def check_options(self) -> None:
        check_players(self, (2, 3, 4, 5))
        if self.options["move_markers"] and self.num_players != 2:
            raise self.invalid("move_markers is a 2-player rule; it needs players=2")
        towers = self.options["towers"]
        assert isinstance(towers, tuple)
        if sorted(towers) != sorted(STYLES):
            raise self.invalid(f"towers must name each of {', '.join(STYLES)} once")
        self.positions = [towers.index(style) for style in STYLES]
        self.seat_names = [f"P{seat}" for seat in range(self.num_players)]
        deck = self.options["deck"]
        if deck is not None:
            assert isinstance(deck, tuple)
            self._stacked = self._check_deck([CARD_NAMES.index(card) for card in deck])

    def _check_deck(self, cards: list[int]) -> list[int]:
        limit = cards_per_style(self.num_players)
        for style in range(NUM_STYLES):
            if cards.count(style) > limit:
                raise self.invalid(f"deck: at most {limit} {STYLES[style]} cards")
        if cards.count(INTERMEZZO) != 1 or cards.count(FINITO) != 1:
            raise self.invalid("deck: exactly one intermezzo and one finito")
        if cards.index(FINITO) < cards.index(INTERMEZZO):
            raise self.invalid("deck: the intermezzo lies above the finito")
        dealt = HAND_SIZE * self.num_players + DISPLAY_SIZE
        if cards.index(INTERMEZZO) < dealt:
            raise self.invalid(f"deck: the first {dealt} cards (hands and display) are tower cards")
        return cards

    def new_game(self, seed: int | None = None) -> CampanileState:
        seed = self.fresh_seed() if seed is None else seed
        if self.options["deck"] is not None:
            return CampanileState(self, seed, self._stacked[:])
        rng = random.Random(seed)
        per_style = cards_per_style(self.num_players)
        cards = [style for style in range(NUM_STYLES) for _ in range(per_style)]
        rng.shuffle(cards)
        dealt = HAND_SIZE * self.num_players
        stack = cards[dealt:]
        middle = len(stack) // 2
        above = rng.randint(middle - INTERMEZZO_SPREAD, middle + INTERMEZZO_SPREAD)
        stack.insert(above, INTERMEZZO)
        stack.insert(len(stack) - rng.randint(0, FINITO_BOTTOM), FINITO)
        return CampanileState(self, seed, cards[:dealt] + stack)

    @property
    def num_distinct_actions(self) -> int:
        return actions.NUM_ACTIONS

    def action_to_string(self, action: int) -> str:
        return actions.action_to_string(action)

    def parse_action(self, text: str) -> int:
        return actions.parse_action(text)

    def render(self, view: dict[str, Any]) -> str:
        return render.render(view)

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (encoding.observation_size(self.num_players),)

    def encode_view(self, view: dict[str, Any]) -> list[float]:
        return encoding.encode(view)

    def evaluate(self, state: State, player: int) -> float:
        assert isinstance(state, CampanileState)
        return heuristic.evaluate(state, player)
