"""Campanile as a game of the engine: options, setup and notation, for both editions."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

from tavola.core.game import State, check_players
from tavola.core.i18n import Text
from tavola.core.options import Option
from tavola.core.package_game import GameModules, PackageGame
from tavola.core.points import Source
from tavola.core.randomness import randint, shuffle
from tavola.core.review_budget import Budget
from tavola.games.campanile import actions, encoding, figures, heuristic, render, sources, svg
from tavola.games.campanile.components import (
    CARD_NAMES,
    DISPLAY_SIZE,
    EDITIONS,
    FINITO,
    FINITO_BOTTOM,
    HAND_SIZE,
    INTERMEZZO,
    INTERMEZZO_SPREAD,
    NUM_PILES,
    NUM_STYLES,
    STYLES,
    cards_per_style,
    pile_size_1996,
)
from tavola.games.campanile.edition1996 import Campanile1996State, check_deck_1996
from tavola.games.campanile.edition2009 import CampanileState
from tavola.games.campanile.svg_said import move_words as log_words
from tavola.games.campanile.towers import TowersState
from tavola.games.campanile.translations import STYLE_NAMES, lazy


def _edition_of(spec: Option) -> str | None:
    """The edition an option belongs to alone (``applies_when``), or None: such options are
    refused with the other edition and left out of its records and views (so 2009 records
    read as they always did)."""
    editions = (spec.applies_when or {}).get("edition")
    return None if editions is None else str(editions[0])


class _EditionHelp:
    """``Campanile.input_help``: a game's help names its own edition's actions only (the
    class's, both editions')."""

    def __get__(self, game: Campanile | None, owner: type | None = None) -> Text:
        return render.input_help(None if game is None else str(game.options["edition"]))


class Campanile(PackageGame):
    """Campanile (Hanno & Wilfried Kuhn): build five towers, bet on the tallest.

    >>> state = Campanile(players=2).new_game(seed=3)
    >>> state.legal_notations()[:2]
    ['build blue 1', 'build blue 2']
    >>> Campanile(players=3, edition="1996").new_game(seed=3).view(None)["piles"][0]["size"]
    15
    """

    name: ClassVar[str] = "campanile"
    title: ClassVar[str] = "Campanile"
    summary: ClassVar[Text] = lazy(
        "2-5 players; raise five towers and bet on the tallest (editions: DDD 2009, Blatz 1996)"
    )
    rules_summary: ClassVar[Text] = render.RULES_SUMMARY
    input_help = _EditionHelp()  # the help on typing this game's edition's actions
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option(
            "players",
            4,
            lazy("number of players"),
            choices=(2, 3, 4, 5),
            label=lazy("players"),
        ),
        Option(
            "edition",
            "2009",
            lazy("rules edition: 2009 (DDD Verlag) or 1996 (Blatz Spiele)"),
            choices=EDITIONS,
            label=lazy("edition"),
        ),
        Option(
            "move_markers",
            False,
            lazy("2009, 2-player optional rule: after building 2 floors, move a placed 2-marker"),
            label=lazy("move markers"),
            applies_when={"edition": ("2009",), "players": (2,)},
        ),
        Option(
            "bet_on_built_tower",
            False,
            lazy("1996 variant: a bet may also go under the tower just built on"),
            label=lazy("bet on the tower just built"),
            applies_when={"edition": ("1996",)},
        ),
        Option(
            "towers",
            STYLES,
            lazy("the towers' order, from the display outwards (ties in height go to the nearer)"),
            item_choices=STYLES,
            label=lazy("towers"),
            value_labels=dict(zip(STYLES, STYLE_NAMES, strict=True)),
            order=True,
        ),
        Option(
            "deck",
            None,
            lazy(
                "stacked card order, top first: the hands (3 per seat in seat order), then "
                "(2009) the display and the stack with intermezzo and finito where they lie, or "
                "(1996) each pile top first followed by its finito card"
            ),
            item_choices=CARD_NAMES,
            kind=tuple,
            secret=True,
        ),
    )
    # One determinization per rollout step: the evaluation reads the public board (docs/review.md).
    review_budget = Budget("heuristic:samples=1", samples=64, depth=10, scale=3.0)
    state_class = TowersState
    modules = GameModules(actions, encoding, svg, figures, sources, heuristic)

    edition: str
    bet_on_built_tower: bool
    positions: list[int]  # position of each style's tower, 0 nearest the display (or piles)
    tower_order: list[int]  # the styles in the order of their towers (a view's, a picture's)
    seat_names: list[str]
    _stacked: list[int]
    _stacked_1996: tuple[list[int], list[list[int]]]

    def check_options(self) -> None:
        check_players(self, (2, 3, 4, 5))
        edition = self.options["edition"]
        assert isinstance(edition, str)
        self.edition = edition
        for spec in self.option_specs:
            only = _edition_of(spec)
            if only is not None and self.options[spec.name] and edition != only:
                raise self.invalid(
                    f"{spec.name} is an option of the {only} edition only; "
                    f"it needs edition={only} (this game is edition={edition})"
                )
        self.bet_on_built_tower = bool(self.options["bet_on_built_tower"])
        towers = self.options["towers"]
        assert isinstance(towers, tuple)  # an order of the five styles (Option.order)
        self.positions = [towers.index(style) for style in STYLES]
        self.tower_order = [STYLES.index(style) for style in towers]
        self.seat_names = [f"P{seat}" for seat in range(self.num_players)]
        deck = self.options["deck"]
        if deck is not None:
            assert isinstance(deck, tuple)
            cards = [CARD_NAMES.index(card) for card in deck]
            if edition == "1996":
                self._stacked_1996 = check_deck_1996(self, cards)
            else:
                self._stacked = self._check_deck(cards)

    def rating_category(self) -> str:
        """The 1996 edition is a pool of its own; in 2009 a duel is apart from a table.

        >>> [Campanile(players=n, edition=e).rating_category() for n, e in
        ...  [(2, "2009"), (4, "2009"), (3, "1996")]]
        ['2p', '3-5p', '1996']
        """
        if self.edition == "1996":
            return "1996"
        return "2p" if self.num_players == 2 else "3-5p"

    def _options_json(self, keep: Callable[[Option], bool]) -> dict[str, Any]:
        edition = self.options["edition"]
        return super()._options_json(
            lambda spec: _edition_of(spec) in (None, edition) and keep(spec)
        )

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

    def new_game(self, seed: object = None) -> CampanileState | Campanile1996State:
        seed = self.seed_for(seed)
        if self.edition == "1996":
            return self._new_game_1996(seed)
        if self.options["deck"] is not None:
            return CampanileState(self, seed, self._stacked[:])
        rng = random.Random(seed)
        per_style = cards_per_style(self.num_players)
        cards = [style for style in range(NUM_STYLES) for _ in range(per_style)]
        shuffle(rng, cards)
        dealt = HAND_SIZE * self.num_players
        stack = cards[dealt:]
        middle = len(stack) // 2
        above = randint(rng, middle - INTERMEZZO_SPREAD, middle + INTERMEZZO_SPREAD)
        stack.insert(above, INTERMEZZO)
        stack.insert(len(stack) - randint(rng, 0, FINITO_BOTTOM), FINITO)
        return CampanileState(self, seed, cards[:dealt] + stack)

    def _new_game_1996(self, seed: int) -> Campanile1996State:
        """Deal 3 cards a seat, make three equal piles; the 1 or 2 cards left leave the game."""
        if self.options["deck"] is not None:
            dealt, piles = self._stacked_1996
            return Campanile1996State(self, seed, dealt[:], [pile[:] for pile in piles])
        rng = random.Random(seed)
        per_style = cards_per_style(self.num_players, "1996")
        cards = [style for style in range(NUM_STYLES) for _ in range(per_style)]
        shuffle(rng, cards)
        hands = HAND_SIZE * self.num_players
        size = pile_size_1996(self.num_players)
        piles = [cards[hands + size * i : hands + size * (i + 1)] for i in range(NUM_PILES)]
        return Campanile1996State(self, seed, cards[:hands], piles)

    @property
    def num_distinct_actions(self) -> int:
        return actions.NUM_ACTIONS_1996 if self.edition == "1996" else actions.NUM_ACTIONS

    def _action_to_string(self, action: int) -> str:
        if self.edition == "1996":
            return actions.action_to_string_1996(action)
        return actions.action_to_string(action)

    def _parse_action(self, text: str) -> int:
        if self.edition == "1996":
            return actions.parse_action_1996(text)
        return actions.parse_action(text)

    def move_words(self, state: State, action: int) -> str | None:
        """The move in the live log's words, in its edition's notation."""
        return log_words(self._action_to_string(action))

    def _render(
        self, view: dict[str, Any], color: bool, width: int | None, height: int | None
    ) -> str:
        return render.render(view)  # plain text whatever the screen

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (encoding.observation_size(self.num_players, self.edition),)

    def point_sources(self) -> list[Source]:
        return sources.point_sources(self.edition, self.num_players)
