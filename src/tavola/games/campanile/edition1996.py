"""Campanile, 1996 edition (Blatz Spiele): three numbered piles, one scoring, points.

What differs from the 2009 edition lives here (see ``components`` for the two side by
side): the bet (a marker worth at least the floors built, under a style face up on a
pile top; with ``bet_on_built_tower`` also under the tower just built), the automatic
draw from the pile numbered by the floors built, the end when a pile runs out, the flags
8/4, 6/3, 4/2, 2/1 and plain points with a shared victory on a tie.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from tavola.core.errors import IllegalAction
from tavola.core.events import Event
from tavola.core.i18n import N_, Text
from tavola.core.randomness import shuffle
from tavola.games.campanile import scoring
from tavola.games.campanile.actions import BET, BET_IDS, BUILD, NUM_ACTIONS_1996, PASS
from tavola.games.campanile.components import (
    FINAL_1996,
    FINITO,
    HAND_SIZE,
    INTERMEZZO,
    NUM_PILES,
    NUM_STYLES,
    STYLES,
    cards_per_style,
)
from tavola.games.campanile.towers import BUILD_PHASE, MARKER_PHASE, OVER, TowersState
from tavola.games.campanile.translations import STYLE_NAMES, lazy

if TYPE_CHECKING:
    from tavola.games.campanile.game import Campanile

BET_PHASE: Final = MARKER_PHASE
# "take" never happens: the draw is automatic
PHASES: Final[tuple[str, ...]] = ("build", "bet", "take", "over")

_DRAWS: Final = N_("{player} draws {card} from pile {pile}")
_RULE_BET: Final = lazy(
    "bet: one marker worth at least the floors just built, "
    "under a tower whose style lies face up on a pile"
)
_RULE_BET_VARIANT: Final = lazy(
    "bet: one marker worth at least the floors just built, "
    "under a tower whose style lies face up on a pile or under the tower just built"
)
_RULE_OVER: Final = lazy("the game ends when a pile runs out")
# A card turned up on a pile, by style and pile number (1, 2, 3).
_TURNED_UP: Final = tuple(
    tuple(
        lazy("{card} is turned up on pile {pile}", card=name, pile=number)
        for number in range(1, NUM_PILES + 1)
    )
    for name in STYLE_NAMES
)


# Cloned bare (``TurnState._copy_turn``): mypyc's ``__new__`` runs no ``__init__`` for it.
@mypyc_attr(allow_interpreted_subclasses=True)
class Campanile1996State(TowersState):
    """A position of the 1996 edition; players see it through ``view``."""

    __slots__ = ("piles", "points", "tops")

    rule_turn: ClassVar[Text] = lazy(
        "a turn is: build, then bet or pass; then the draw is automatic"
    )

    def __init__(
        self,
        game: Campanile | None = None,
        seed: int = 0,
        dealt: list[int] | None = None,
        piles: list[list[int]] | None = None,
    ) -> None:
        """Set up from the hands (3 cards per seat, in seat order) and the piles, top first;
        without them, a bare state for ``clone`` to fill."""
        if game is None or dealt is None or piles is None:
            return
        self._set_up(game, seed, dealt)
        self.piles = [pile[::-1] for pile in piles]  # the top is the end
        self.tops = [0] * NUM_STYLES  # face-up top cards per style: the styles one may bet on
        for pile in self.piles:
            self.tops[pile[-1]] += 1
        self.points = [0] * game.num_players

    # -- the protocol ----------------------------------------------------------------

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == BUILD_PHASE:
            return self._build_actions()
        if phase == BET_PHASE:
            actions = [PASS]
            supply = self.supply
            base = 3 * self.player - 1
            values = [v for v in range(self.built_floors, 4) if supply[base + v]]
            tops = self.tops
            variant = self.rules.bet_on_built_tower
            for style in range(NUM_STYLES):
                if tops[style] or (variant and style == self.built_style):
                    ids = BET_IDS[style]
                    actions += [ids[v - 1] for v in values]
            return actions
        return []

    def _apply(self, action: int) -> list[Event]:
        phase = self.phase
        if phase == BUILD_PHASE:
            if not BUILD <= action < BUILD + 3 * NUM_STYLES:
                raise self._out_of_turn(action, N_("it is time to build, not to {action}"))
            style, floors = divmod(action, 3)
            return self._build(style, floors + 1)
        if phase == BET_PHASE:
            if action == PASS:
                return self._draw()
            if BET <= action < NUM_ACTIONS_1996:
                style, value = divmod(action - BET, 3)
                return self._bet(style, value + 1)
            raise self._out_of_turn(action, N_("it is time to bet or pass, not to {action}"))
        raise IllegalAction(_RULE_OVER, lazy("the game is over"))

    def _read_action(self, text: str) -> int:
        """As ``parse_action``, but a lone ``b`` means build or bet, whichever step it is."""
        words = text.replace(",", " ").split()
        if words and words[0].lower() == "b":
            words[0] = "build" if self.phase == BUILD_PHASE else "bet"
            text = " ".join(words)
        return self.game.parse_action(text)

    # -- the steps of a turn: build, bet or pass, then the automatic draw ------------------

    def _build(self, style: int, floors: int) -> list[Event]:
        self._raise_tower(style, floors)
        supply, base = self.supply, 3 * self.player
        if supply[base + 2] or (floors < 3 and supply[base + 1]) or (floors == 1 and supply[base]):
            self.phase = BET_PHASE
            return []
        return self._draw()  # no marker worth that much: the bet is skipped

    def _bet(self, style: int, value: int) -> list[Event]:
        variant = self.rules.bet_on_built_tower
        rule = _RULE_BET_VARIANT if variant else _RULE_BET
        floors = self.built_floors
        if value < floors:
            raise IllegalAction(
                rule,
                lazy(
                    "after building {floors} floors a marker must be worth {floors} or more",
                    floors=floors,
                ),
            )
        if not self.supply[3 * self.player + value - 1]:
            raise IllegalAction(rule, lazy("you have no marker of value {value} left", value=value))
        if not self.tops[style] and not (variant and style == self.built_style):
            raise IllegalAction(
                rule, lazy("no {card} card lies face up on a pile", card=STYLE_NAMES[style])
            )
        self._place_marker(style, value)
        return self._draw()

    def _draw(self) -> list[Event]:
        """Take the top card of the pile numbered by the floors built; turn up the next.

        When that was the pile's last card the game ends with the final scoring.
        """
        number = self.built_floors
        pile = self.piles[number - 1]
        card = pile.pop()
        self.tops[card] -= 1
        self._take_into_hand(card)
        name = self.rules.seat_names[self.player]
        # The sentence made when read (``lazy`` is interpreted: a call into Python per turn).
        said = partial(
            lazy,
            _DRAWS,
            player=name,
            card=STYLE_NAMES[card],
            pile=number,
        )
        data = {"player": self.player, "card": STYLES[card], "pile": number}
        events = [Event("draw", said, data)]
        if pile:
            top = pile[-1]
            self.tops[top] += 1
            events.append(
                Event(
                    "reveal",
                    _TURNED_UP[top][number - 1],
                    {"card": STYLES[top], "pile": number},
                )
            )
            self.phase = BUILD_PHASE
            self.player = (self.player + 1) % self.num_players
            return events
        events.append(self._final_scoring())
        self.phase = OVER
        events.append(self._game_over())
        return events

    def _final_scoring(self) -> Event:
        result = scoring.score(
            FINAL_1996, self.num_players, self.heights, self.rules.positions, self.groups
        )
        for _, seat, value in result.awards:
            self.points[seat] += value
        return result.event(self.rules.seat_names)

    # -- copies, views and determinization -----------------------------------------------

    def clone(self) -> Campanile1996State:
        bare = Campanile1996State() if type(self) is Campanile1996State else None
        other = self._copy_towers(bare)
        other.piles = [pile[:] for pile in self.piles]
        other.tops = self.tops[:]
        other.points = self.points[:]
        return other

    def _key(self) -> tuple[Any, ...]:
        return (*self._shared_key(), self.piles, self.tops, self.points)

    def _table_key(self) -> Hashable:
        built = (self.built_style, self.built_floors) if self.phase == BET_PHASE else None
        piles = tuple((pile[-1] if pile else None, len(pile)) for pile in self.piles)
        return (built, piles, tuple(self.points))

    def _view(self, player: int | None) -> dict[str, Any]:
        built = None
        if self.phase == BET_PHASE:
            built = {"style": STYLES[self.built_style], "floors": self.built_floors}
        return {
            **self.view_head(player, PHASES),
            "towers": self._tower_views(),
            "piles": [
                {
                    "number": number,
                    "top": STYLES[pile[-1]] if pile else None,
                    "size": len(pile),
                }
                for number, pile in enumerate(self.piles, start=1)
            ],
            "built": built,
            "supply": self._supply_views(),
            "hands": self._hand_views(player),
            "scores": self.scores,
            "winners": self.winners,
        }

    def _determinize(self, player: int, rng: random.Random) -> Campanile1996State:
        """Redeal what ``player`` cannot see: others' unknown cards and the cards under the
        pile tops, from every card of the game that ``player`` has not seen (the cards set
        aside when the piles were made included).
        """
        state = self.clone()
        if self.phase == OVER:
            return state
        pool = self._unseen_by(player, self.tops)
        shuffle(rng, pool)
        state._redeal_hands(player, pool)
        for pile, copy in zip(self.piles, state.piles, strict=True):
            copy[:-1] = [pool.pop() for _ in range(len(pile) - 1)]
        return state


def check_deck_1996(game: Campanile, cards: list[int]) -> tuple[list[int], list[list[int]]]:
    """Split a stacked 1996 deck into the hands and the three piles (top first).

    The deck lists the hands (3 cards per seat, in seat order), then pile 1 top first and
    its Finito card, then pile 2 and its Finito, then pile 3 and its Finito.
    """
    limit = cards_per_style(game.num_players, "1996")
    for style in range(NUM_STYLES):
        if cards.count(style) > limit:
            raise game.invalid(f"deck: at most {limit} {STYLES[style]} cards")
    if cards.count(FINITO) != NUM_PILES or cards[-1] != FINITO or INTERMEZZO in cards:
        raise game.invalid(
            "deck (1996): the hands, then each pile top first ending with its finito card "
            "(three finito cards, no intermezzo)"
        )
    dealt = HAND_SIZE * game.num_players
    if cards.index(FINITO) < dealt:
        raise game.invalid(f"deck: the first {dealt} cards (the hands) are tower cards")
    piles: list[list[int]] = [[]]
    for card in cards[dealt:-1]:
        if card == FINITO:
            piles.append([])
        else:
            piles[-1].append(card)
    if not all(piles):
        raise game.invalid("deck: each pile holds at least one card")
    return cards[:dealt], piles
