"""ClockTowers as a game of the engine: options, setup and notation."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, ClassVar

from tavola.core.game import State, check_players
from tavola.core.i18n import Text
from tavola.core.options import Option
from tavola.core.package_game import GameModules, PackageGame
from tavola.core.points import Source
from tavola.core.randomness import shuffle
from tavola.core.review_budget import Budget
from tavola.games.clocktowers import actions, encoding, figures, heuristic, render, sources, svg
from tavola.games.clocktowers.components import (
    CARD_CODES,
    DECK_OF,
    NUM_CARDS,
    REMOVED_FROM_DECK,
    cards_left_after_hands,
)
from tavola.games.clocktowers.state import ClockTowersState
from tavola.games.clocktowers.svg_said import move_words as log_words
from tavola.games.clocktowers.translations import lazy


class ClockTowers(PackageGame):
    """ClockTowers (Alan R. Moon, Aaron Weissblum): build clock towers free of cats and mice.

    >>> state = ClockTowers(players=2).new_game(seed=3)
    >>> state.legal_notations()
    ['play 1cat new', 'play 1mouse new', 'discard 1cat', 'discard 1mouse', 'discard clock-mouse']
    """

    name: ClassVar[str] = "clocktowers"
    title: ClassVar[str] = "ClockTowers"
    summary: ClassVar[Text] = lazy(
        "2-4 players; build clock towers of the right heights (Jolly Roger 2004)"
    )
    rules_summary: ClassVar[Text] = render.RULES_SUMMARY
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option(
            "players",
            2,
            lazy("number of players"),
            choices=(2, 3, 4),
            label=lazy("players"),
        ),
        Option(
            "deck",
            None,
            lazy(
                "stacked decks, top first: each card goes to the deck of its type in this order; "
                "the cards left out count as removed"
            ),
            item_choices=CARD_CODES,
            kind=tuple,
            secret=True,
        ),
    )
    review_budget = Budget(samples=24, depth=25, scale=4.7)
    state_class = ClockTowersState
    modules = GameModules(actions, encoding, svg, figures, sources, heuristic)

    seat_names: list[str]
    _stacked: list[tuple[int, ...]] | None

    def check_options(self) -> None:
        check_players(self, (2, 3, 4))
        self.seat_names = [f"P{seat}" for seat in range(self.num_players)]
        self._stacked = None
        deck = self.options["deck"]
        if deck is not None:
            assert isinstance(deck, tuple)
            cards = [CARD_CODES.index(code) for code in deck]
            left = cards_left_after_hands(self.num_players)
            counts = Counter(cards)
            for card, count in sorted(counts.items()):
                if count > left[card]:
                    raise self.invalid(
                        f"deck: at most {left[card]} {CARD_CODES[card]!r} cards are left after "
                        f"the starting hands with {self.num_players} players"
                    )
            # Top first in the option; a deck is kept from the bottom up.
            self._stacked = [
                tuple(card for card in reversed(cards) if DECK_OF[card] == deck_index)
                for deck_index in range(3)
            ]

    def new_game(self, seed: object = None) -> ClockTowersState:
        seed = self.seed_for(seed)
        left = cards_left_after_hands(self.num_players)
        if self._stacked is not None:
            in_decks = Counter(card for deck in self._stacked for card in deck)
            removed = tuple(
                card for card in range(NUM_CARDS) for _ in range(left[card] - in_decks[card])
            )
            return ClockTowersState(self, seed, list(self._stacked), removed)
        rng = random.Random(seed)
        decks = []
        removed_cards: list[int] = []
        for deck in range(3):
            cards = [
                card
                for card in range(NUM_CARDS)
                if DECK_OF[card] == deck
                for _ in range(left[card])
            ]
            shuffle(rng, cards)
            cut = REMOVED_FROM_DECK[deck]
            removed_cards += cards[:cut]
            decks.append(tuple(cards[cut:]))
        return ClockTowersState(self, seed, decks, tuple(sorted(removed_cards)))

    def _public_notation(self, action: int) -> str:
        """An action as the other seats see it: a discard without its card.

        >>> game = ClockTowers()
        >>> game.public_notation(game.parse_action("discard 2cat"))
        'discard'
        """
        text = actions.action_to_string(action)
        return "discard" if text.startswith("discard") else text

    def move_words(self, state: State, action: int) -> str | None:
        """The move in the live log's words (a discard names its card)."""
        return log_words(actions.action_to_string(action))

    def _render(
        self, view: dict[str, Any], color: bool, width: int | None, height: int | None
    ) -> str:
        return render.render(view)  # plain text whatever the screen

    def point_sources(self) -> list[Source]:
        return sources.point_sources()
