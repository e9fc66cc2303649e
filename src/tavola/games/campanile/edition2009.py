"""Campanile, 2009 edition (DDD Verlag): a display of 3, one stack, two scorings, chips.

What differs from the 1996 edition lives here (see ``components`` for the two side by
side): the influence step (a marker worth exactly the floors built, under a style on
display), the 2-player option ``move_markers``, the take from the display, the stack with
the Intermezzo and the Finito, and victory point chips.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from tavola.core.errors import IllegalAction
from tavola.core.events import Event
from tavola.core.i18n import N_, Text
from tavola.core.randomness import randint, shuffle
from tavola.games.campanile import scoring
from tavola.games.campanile.actions import INFLUENCE, MOVE, NUM_ACTIONS, PASS, TAKE
from tavola.games.campanile.components import (
    CHIP_SUPPLY,
    DISPLAY_SIZE,
    FINITO,
    FINITO_BOTTOM,
    HAND_SIZE,
    INTERMEZZO,
    INTERMEZZO_SPREAD,
    NUM_STYLES,
    STYLES,
)
from tavola.games.campanile.towers import (
    BUILD_PHASE,
    MARKER_PHASE,
    OVER,
    TAKE_PHASE,
    TowersState,
)
from tavola.games.campanile.translations import STYLE_NAMES, lazy

if TYPE_CHECKING:
    from tavola.games.campanile.game import Campanile

INFLUENCE_PHASE: Final = MARKER_PHASE
PHASES: Final[tuple[str, ...]] = ("build", "influence", "take", "over")

_RULE_INFLUENCE: Final = lazy(
    "influence: one marker worth the floors just built, under a tower whose style is on display"
)
_RULE_MOVE: Final = lazy(
    "2-player option: after building 2 floors, move one of your 2-markers to another tower"
)
_RULE_TAKE: Final = lazy("take: one card from the display into your hand")
_RULE_OVER: Final = lazy("the game ends with the final scoring")
# The refusals of an action at another step ({action}: the verb of its notation).
_NOT_NOW: Final = {
    BUILD_PHASE: N_("it is time to build, not to {action}"),
    INFLUENCE_PHASE: N_("it is time to influence or pass, not to {action}"),
    TAKE_PHASE: N_("it is time to take, not to {action}"),
}
_TURNED_UP: Final = tuple(lazy("{card} is turned up", card=name) for name in STYLE_NAMES)


# Cloned bare (``TurnState._copy_turn``): mypyc's ``__new__`` runs no ``__init__`` for it.
@mypyc_attr(allow_interpreted_subclasses=True)
class CampanileState(TowersState):
    """A position of the 2009 edition; players see it through ``view``."""

    __slots__ = (
        "chip_supply",
        "chips",
        "display",
        "intermezzo_scored",
        "stack",
        "stack_dealt",
        "stack_size",
    )

    rule_turn: ClassVar[Text] = lazy("a turn is: build, then influence or pass, then take")

    def __init__(
        self, game: Campanile | None = None, seed: int = 0, cards: list[int] | None = None
    ) -> None:
        """Set up from the full card order, top first (hands, display, then the stack);
        without them, a bare state for ``clone`` to fill."""
        if game is None or cards is None:
            return
        n = game.num_players
        dealt = HAND_SIZE * n
        self._set_up(game, seed, cards[:dealt])
        self.display = [0] * NUM_STYLES
        for card in cards[dealt : dealt + DISPLAY_SIZE]:
            self.display[card] += 1
        # The stack as dealt, the top at the end: the first ``stack_size`` cards are still
        # there. Never changed in place, so clones share it (a draw lowers ``stack_size``).
        self.stack: tuple[int, ...] = tuple(cards[dealt + DISPLAY_SIZE :][::-1])
        self.stack_size = len(self.stack)
        self.stack_dealt = sum(1 for card in cards[dealt:] if card < NUM_STYLES)
        self.chips: list[tuple[int, ...]] = [()] * n
        self.chip_supply = dict(CHIP_SUPPLY)
        self.intermezzo_scored = False

    # -- the protocol ----------------------------------------------------------------

    @property
    def scores(self) -> list[int]:
        return [sum(chips) for chips in self.chips]

    @property
    def winners(self) -> list[int]:
        return scoring.winners(self.chips) if self.phase == OVER else []

    def tie_break(self) -> tuple[int, int, int] | None:
        return scoring.tie_break(self.chips) if self.phase == OVER else None

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == BUILD_PHASE:
            return self._build_actions()
        display = self.display
        if phase == TAKE_PHASE:
            return [TAKE + style for style in range(NUM_STYLES) if display[style]]
        if phase == INFLUENCE_PHASE:
            actions = []
            if self.supply[3 * self.player + self.built_floors - 1]:
                actions = [INFLUENCE + style for style in range(NUM_STYLES) if display[style]]
            actions.append(PASS)
            actions += self._moves()
            return actions
        return []

    def _apply(self, action: int) -> list[Event]:
        phase = self.phase
        if phase == BUILD_PHASE:
            if not 0 <= action < INFLUENCE:
                raise self._out_of_turn(action, _NOT_NOW[BUILD_PHASE])
            style, floors = divmod(action, 3)
            return self._build(style, floors + 1)
        if phase == TAKE_PHASE:
            if not TAKE <= action < MOVE:
                raise self._out_of_turn(action, _NOT_NOW[TAKE_PHASE])
            return self._take(action - TAKE)
        if phase == INFLUENCE_PHASE:
            if INFLUENCE <= action < PASS:
                return self._influence(action - INFLUENCE)
            if action == PASS:
                self.phase = TAKE_PHASE
                return []
            if MOVE <= action < NUM_ACTIONS:
                return self._move(*divmod(action - MOVE, NUM_STYLES))
            raise self._out_of_turn(action, _NOT_NOW[INFLUENCE_PHASE])
        raise IllegalAction(_RULE_OVER, lazy("the game is over"))

    # -- the three steps of a turn ----------------------------------------------------

    def _build(self, style: int, floors: int) -> list[Event]:
        self._raise_tower(style, floors)
        can_place = self.supply[3 * self.player + floors - 1] > 0
        self.phase = INFLUENCE_PHASE if can_place or self._moves() else TAKE_PHASE
        return []

    def _influence(self, style: int) -> list[Event]:
        value = self.built_floors
        if not self.supply[3 * self.player + value - 1]:
            raise IllegalAction(
                _RULE_INFLUENCE, lazy("you have no marker of value {value} left", value=value)
            )
        if not self.display[style]:
            raise IllegalAction(_RULE_INFLUENCE, _not_on_display(style))
        self._place_marker(style, value)
        self.phase = TAKE_PHASE
        return []

    def _move(self, source: int, target: int) -> list[Event]:
        if not self.game.options["move_markers"]:
            raise IllegalAction(_RULE_MOVE, lazy("markers move only with the option move_markers"))
        if self.built_floors != 2:
            raise IllegalAction(
                _RULE_MOVE, lazy("markers move only after building exactly 2 floors")
            )
        if source == target:
            raise IllegalAction(_RULE_MOVE, lazy("a marker moves to a different tower"))
        if not self.display[target]:
            raise IllegalAction(_RULE_MOVE, _not_on_display(target))
        groups = scoring.remove_marker(self.groups[source], self.player, 2)
        if groups is None:
            raise IllegalAction(
                _RULE_MOVE,
                lazy("you have no 2-marker under the {tower} tower", tower=STYLE_NAMES[source]),
            )
        self.groups[source] = groups
        self.groups[target] = scoring.add_marker(self.groups[target], self.player, 2)
        self.phase = TAKE_PHASE
        return []

    def _moves(self) -> list[int]:
        if self.built_floors != 2 or not self.game.options["move_markers"]:
            return []
        player, display = self.player, self.display
        return [
            MOVE + NUM_STYLES * source + target
            for source in range(NUM_STYLES)
            if scoring.has_marker(self.groups[source], player, 2)
            for target in range(NUM_STYLES)
            if target != source and display[target]
        ]

    def _take(self, style: int) -> list[Event]:
        if not self.display[style]:
            raise IllegalAction(_RULE_TAKE, _not_on_display(style))
        self.display[style] -= 1
        self._take_into_hand(style)
        events = self._refill()
        if self.phase != OVER:
            self.phase = BUILD_PHASE
            self.player = (self.player + 1) % self.num_players
        return events

    def _refill(self) -> list[Event]:
        events = []
        missing = DISPLAY_SIZE - sum(self.display)
        stack, size = self.stack, self.stack_size
        while missing > 0:
            size -= 1
            card = stack[size]
            if card < NUM_STYLES:
                self.display[card] += 1
                missing -= 1
                events.append(Event("reveal", _TURNED_UP[card], {"card": STYLES[card]}))
            elif card == INTERMEZZO:
                events.append(self._scoring("intermezzo"))
                self.intermezzo_scored = True
            else:
                events.append(self._scoring("finito"))
                self.phase = OVER
                events.append(self._game_over())
                break
        self.stack_size = size
        return events

    def _scoring(self, kind: str) -> Event:
        result = scoring.score(
            kind, self.num_players, self.heights, self.rules.positions, self.groups
        )
        # new containers, never changed in place: clones share them (a scoring is rare)
        supply, chips = dict(self.chip_supply), self.chips[:]
        for _, seat, value in result.awards:
            if not supply[value]:
                raise AssertionError(f"no {value}-point chip left in the supply")
            supply[value] -= 1
            chips[seat] = (*chips[seat], value)
        self.chip_supply, self.chips = supply, chips
        return result.event(self.rules.seat_names)

    # -- copies, views and determinization -----------------------------------------------

    def clone(self) -> CampanileState:
        other = self._copy_towers(CampanileState() if type(self) is CampanileState else None)
        other.display = self.display[:]
        other.stack = self.stack
        other.stack_size = self.stack_size
        other.stack_dealt = self.stack_dealt
        other.chips = self.chips  # shared: a scoring replaces them (_scoring)
        other.chip_supply = self.chip_supply
        other.intermezzo_scored = self.intermezzo_scored
        return other

    def _key(self) -> tuple[Any, ...]:
        return (
            *self._shared_key(),
            self.display,
            self.stack[: self.stack_size],
            self.stack_dealt,
            self.chips,
            self.chip_supply,
            self.intermezzo_scored,
        )

    def _table_key(self) -> Hashable:
        built = (
            (self.built_style, self.built_floors)
            if self.phase in (INFLUENCE_PHASE, TAKE_PHASE)
            else None
        )
        return (
            built,
            tuple(self.display),
            self.stack_size,
            self.intermezzo_scored,
            tuple(self.chips),
            tuple(self.chip_supply.items()),
        )

    def _view(self, player: int | None) -> dict[str, Any]:
        built = None
        if self.phase in (INFLUENCE_PHASE, TAKE_PHASE):
            built = {"style": STYLES[self.built_style], "floors": self.built_floors}
        return {
            **self.view_head(player, PHASES),
            "towers": self._tower_views(),
            "display": self._names(self.display),
            "built": built,
            "stack": self.stack_size,
            "intermezzo_scored": self.intermezzo_scored,
            "supply": self._supply_views(),
            "hands": self._hand_views(player),
            "chips": [list(chips) for chips in self.chips],
            "chip_supply": {str(value): count for value, count in self.chip_supply.items()},
            "scores": self.scores,
            "winners": self.winners,
        }

    def _determinize(self, player: int, rng: random.Random) -> CampanileState:
        """Redeal what ``player`` cannot see: others' unknown cards, the stack, the specials.

        The cards come from those ``player`` has not seen (with a stacked deck that leaves
        cards out, more than are in play: which ones are out is not known to the seat).
        The Intermezzo and the Finito are put back where the setup rule could have put
        them, given how many cards have been drawn without turning them up.
        """
        state = self.clone()
        if self.phase == OVER:
            return state
        left = self.stack[: self.stack_size]
        pool = [card for card in left if card < NUM_STYLES]
        in_stack = len(pool)
        if self.game.options["deck"] is None:  # every card is in play: the unseen ones are
            for seat in range(self.num_players):
                if seat != player:
                    pool += self._unknown_in_hand(seat)
        else:
            pool = self._unseen_by(player, self.display)
        pool.sort()  # so that the result depends on the view and rng alone
        shuffle(rng, pool)
        state._redeal_hands(player, pool)
        stack = pool[:in_stack]  # top first
        drawn = self.stack_dealt - in_stack
        if INTERMEZZO in left:
            middle = self.stack_dealt // 2
            low = max(middle - INTERMEZZO_SPREAD - drawn, 0)
            high = min(max(middle + INTERMEZZO_SPREAD - drawn, low), in_stack)
            stack.insert(randint(rng, min(low, high), high), INTERMEZZO)
        above_finito = stack.index(INTERMEZZO) + 1 if INTERMEZZO in stack else 0
        below = randint(rng, 0, max(min(FINITO_BOTTOM, len(stack) - above_finito), 0))
        stack.insert(len(stack) - below, FINITO)
        state.stack = tuple(stack[::-1])
        state.stack_size = len(stack)
        return state


def _not_on_display(style: int) -> Text:
    return lazy("no {card} card is on display", card=STYLE_NAMES[style])
