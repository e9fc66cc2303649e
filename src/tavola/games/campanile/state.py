"""A position of Campanile (2009 edition) and its rules.

Flat data for speed: per-seat counts live in one list indexed ``seat * width + i``;
the markers under a tower are a tuple of groups, each ``(seat, value, value, ...)``,
in order from the base, replaced rather than mutated so that ``clone`` can share them.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final

from tavola.core.errors import IllegalAction, NotationError
from tavola.core.events import Event
from tavola.core.game import State
from tavola.games.campanile import scoring
from tavola.games.campanile.actions import (
    BUILD_IDS,
    INFLUENCE,
    MOVE,
    NUM_ACTIONS,
    PASS,
    TAKE,
)
from tavola.games.campanile.components import (
    CHIP_SUPPLY,
    DISPLAY_SIZE,
    FINITO,
    FINITO_BOTTOM,
    INTERMEZZO,
    INTERMEZZO_SPREAD,
    MARKERS_PER_PLAYER,
    NUM_STYLES,
    STYLES,
)

if TYPE_CHECKING:
    from tavola.games.campanile.game import Campanile

BUILD_PHASE: Final = 0
INFLUENCE_PHASE: Final = 1
TAKE_PHASE: Final = 2
OVER: Final = 3
PHASES: Final = ("build", "influence", "take", "over")

Groups = tuple[tuple[int, ...], ...]

_RULE_TURN = "a turn is: build, then influence or pass, then take"
_RULE_BUILD = "build: play a card from your hand onto the tower of its style, 1 to 3 floors"
_RULE_INFLUENCE = (
    "influence: one marker worth the floors just built, under a tower whose style is on display"
)
_RULE_MOVE = "2-player option: after building 2 floors, move one of your 2-markers to another tower"
_RULE_TAKE = "take: one card from the display into your hand"


class CampanileState(State):
    """The full state; players see it through ``view``."""

    __slots__ = (
        "built_floors",
        "built_style",
        "chip_supply",
        "chips",
        "display",
        "groups",
        "hands",
        "heights",
        "intermezzo_scored",
        "known",
        "num_players",
        "phase",
        "played",
        "player",
        "stack",
        "stack_dealt",
        "supply",
    )

    game: Campanile

    def __init__(self, game: Campanile, seed: int, cards: list[int]) -> None:
        """Set up from the full card order, top first (hands, display, then the stack)."""
        n = game.num_players
        self.game = game
        self.seed = seed
        self.history = []
        self.num_players = n
        self.player = 0
        self.phase = BUILD_PHASE
        self.heights = [0] * NUM_STYLES
        self.groups: list[Groups] = [()] * NUM_STYLES
        self.played = [0] * NUM_STYLES
        self.supply = list(MARKERS_PER_PLAYER) * n
        self.hands = [0] * (NUM_STYLES * n)
        self.known = [0] * (NUM_STYLES * n)
        for index, card in enumerate(cards[: 3 * n]):
            self.hands[NUM_STYLES * (index // 3) + card] += 1
        self.display = [0] * NUM_STYLES
        for card in cards[3 * n : 3 * n + DISPLAY_SIZE]:
            self.display[card] += 1
        self.stack = cards[3 * n + DISPLAY_SIZE :][::-1]  # the top is the end
        self.stack_dealt = sum(1 for card in cards[3 * n :] if card < NUM_STYLES)
        self.chips: list[tuple[int, ...]] = [()] * n
        self.chip_supply = dict(CHIP_SUPPLY)
        self.built_style = -1
        self.built_floors = 0
        self.intermezzo_scored = False

    # -- the protocol ----------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.player

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def scores(self) -> list[int]:
        return [sum(chips) for chips in self.chips]

    @property
    def winners(self) -> list[int]:
        return scoring.winners(self.chips) if self.phase == OVER else []

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == BUILD_PHASE:
            base = NUM_STYLES * self.player
            hands = self.hands
            actions: list[int] = []
            for style in range(NUM_STYLES):
                if hands[base + style]:
                    actions += BUILD_IDS[style]
            return actions
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
                raise self._out_of_turn(action, "build")
            style, floors = divmod(action, 3)
            return self._build(style, floors + 1)
        if phase == TAKE_PHASE:
            if not TAKE <= action < MOVE:
                raise self._out_of_turn(action, "take")
            return self._take(action - TAKE)
        if phase == INFLUENCE_PHASE:
            if INFLUENCE <= action < PASS:
                return self._influence(action - INFLUENCE)
            if action == PASS:
                self.phase = TAKE_PHASE
                return []
            if MOVE <= action < NUM_ACTIONS:
                return self._move(*divmod(action - MOVE, NUM_STYLES))
            raise self._out_of_turn(action, "influence or pass")
        raise IllegalAction("the game ends with the final scoring", "the game is over")

    # -- the three steps of a turn ----------------------------------------------------

    def _build(self, style: int, floors: int) -> list[Event]:
        slot = NUM_STYLES * self.player + style
        if not self.hands[slot]:
            raise IllegalAction(_RULE_BUILD, f"you have no {STYLES[style]} card in hand")
        self.hands[slot] -= 1
        if self.known[slot]:
            self.known[slot] -= 1
        self.played[style] += 1
        self.heights[style] += floors
        self.built_style = style
        self.built_floors = floors
        can_place = self.supply[3 * self.player + floors - 1] > 0
        self.phase = INFLUENCE_PHASE if can_place or self._moves() else TAKE_PHASE
        return []

    def _influence(self, style: int) -> list[Event]:
        value = self.built_floors
        slot = 3 * self.player + value - 1
        if not self.supply[slot]:
            raise IllegalAction(_RULE_INFLUENCE, f"you have no marker of value {value} left")
        if not self.display[style]:
            raise IllegalAction(_RULE_INFLUENCE, f"no {STYLES[style]} card is on display")
        self.supply[slot] -= 1
        self.groups[style] = scoring.add_marker(self.groups[style], self.player, value)
        self.phase = TAKE_PHASE
        return []

    def _move(self, source: int, target: int) -> list[Event]:
        if not self.game.options["move_markers"]:
            raise IllegalAction(_RULE_MOVE, "markers move only with the option move_markers")
        if self.built_floors != 2:
            raise IllegalAction(_RULE_MOVE, "markers move only after building exactly 2 floors")
        if source == target:
            raise IllegalAction(_RULE_MOVE, "a marker moves to a different tower")
        if not self.display[target]:
            raise IllegalAction(_RULE_MOVE, f"no {STYLES[target]} card is on display")
        groups = scoring.remove_marker(self.groups[source], self.player, 2)
        if groups is None:
            raise IllegalAction(
                _RULE_MOVE, f"you have no 2-marker under the {STYLES[source]} tower"
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
            raise IllegalAction(_RULE_TAKE, f"no {STYLES[style]} card is on display")
        self.display[style] -= 1
        slot = NUM_STYLES * self.player + style
        self.hands[slot] += 1
        self.known[slot] += 1
        events = self._refill()
        if self.phase != OVER:
            self.phase = BUILD_PHASE
            self.player = (self.player + 1) % self.num_players
        return events

    def _refill(self) -> list[Event]:
        events = []
        while sum(self.display) < DISPLAY_SIZE:
            card = self.stack.pop()
            if card < NUM_STYLES:
                self.display[card] += 1
                style = STYLES[card]
                events.append(Event("reveal", f"{style} is turned up", {"card": style}))
            elif card == INTERMEZZO:
                events.append(self._scoring("intermezzo"))
                self.intermezzo_scored = True
            else:
                events.append(self._scoring("finito"))
                self.phase = OVER
                events.append(self._game_over())
                break
        return events

    def _scoring(self, kind: str) -> Event:
        result = scoring.score(
            kind, self.num_players, self.heights, self.game.positions, self.groups
        )
        for _, seat, value in result.awards:
            if not self.chip_supply[value]:
                raise AssertionError(f"no {value}-point chip left in the supply")
            self.chip_supply[value] -= 1
            self.chips[seat] = (*self.chips[seat], value)
        return result.event(self.game.seat_names)

    def _game_over(self) -> Event:
        names = self.game.seat_names
        won = " and ".join(names[seat] for seat in self.winners)
        text = f"{won} {'share the victory' if len(self.winners) > 1 else 'wins'}"
        return Event("game_over", text, {"scores": self.scores, "winners": self.winners})

    def _out_of_turn(self, action: int, expected: str) -> IllegalAction:
        try:
            name = self.game.action_to_string(action).split()[0]
        except NotationError:
            return IllegalAction(_RULE_TURN, f"{action!r} is not an action id")
        return IllegalAction(_RULE_TURN, f"it is time to {expected}, not to {name}")

    # -- copies, views and determinization -----------------------------------------------

    def clone(self) -> CampanileState:
        other = object.__new__(CampanileState)
        other.game = self.game
        other.seed = self.seed
        other.history = self.history[:]
        other.num_players = self.num_players
        other.player = self.player
        other.phase = self.phase
        other.heights = self.heights[:]
        other.groups = self.groups[:]
        other.played = self.played[:]
        other.supply = self.supply[:]
        other.hands = self.hands[:]
        other.known = self.known[:]
        other.display = self.display[:]
        other.stack = self.stack[:]
        other.stack_dealt = self.stack_dealt
        other.chips = self.chips[:]
        other.chip_supply = dict(self.chip_supply)
        other.built_style = self.built_style
        other.built_floors = self.built_floors
        other.intermezzo_scored = self.intermezzo_scored
        return other

    def _key(self) -> tuple[Any, ...]:
        return (
            self.game.name,
            self.game.options,
            self.seed,
            self.history,
            self.player,
            self.phase,
            self.heights,
            self.groups,
            self.played,
            self.supply,
            self.hands,
            self.known,
            self.display,
            self.stack,
            self.stack_dealt,
            self.chips,
            self.chip_supply,
            self.built_style,
            self.built_floors,
            self.intermezzo_scored,
        )

    def hand(self, seat: int) -> list[int]:
        """The cards in a seat's hand, as counts per style."""
        return self.hands[NUM_STYLES * seat : NUM_STYLES * seat + NUM_STYLES]

    def view(self, player: int | None) -> dict[str, Any]:
        n = self.num_players
        positions = self.game.positions
        towers = sorted(range(NUM_STYLES), key=positions.__getitem__)

        def names(counts: list[int]) -> list[str]:
            return [STYLES[style] for style in towers for _ in range(counts[style])]

        hands = []
        for seat in range(n):
            cards = self.hand(seat)
            known = self.known[NUM_STYLES * seat : NUM_STYLES * seat + NUM_STYLES]
            hands.append(
                {
                    "size": sum(cards),
                    "known": names(known),
                    "cards": names(cards) if seat == player else None,
                }
            )
        built = None
        if self.phase in (INFLUENCE_PHASE, TAKE_PHASE):
            built = {"style": STYLES[self.built_style], "floors": self.built_floors}
        return {
            "game": self.game.name,
            "options": self.game.public_options(),
            "players": n,
            "seat": player,
            "current_player": self.current_player,
            "phase": PHASES[self.phase],
            "towers": [
                {
                    "style": STYLES[style],
                    "position": positions[style],
                    "height": self.heights[style],
                    "cards": self.played[style],
                    "groups": [
                        {"player": group[0], "markers": list(group[1:])}
                        for group in self.groups[style]
                    ],
                }
                for style in towers
            ],
            "display": names(self.display),
            "built": built,
            "stack": len(self.stack),
            "intermezzo_scored": self.intermezzo_scored,
            "supply": [self.supply[3 * seat : 3 * seat + 3] for seat in range(n)],
            "hands": hands,
            "chips": [list(chips) for chips in self.chips],
            "chip_supply": {str(value): count for value, count in self.chip_supply.items()},
            "scores": self.scores,
            "winners": self.winners,
        }

    def determinize(self, player: int, rng: random.Random) -> CampanileState:
        """Redeal what ``player`` cannot see: others' unknown cards, the stack, the specials.

        The Intermezzo and the Finito are put back where the setup rule could have put
        them, given how many cards have been drawn without turning them up.
        """
        state = self.clone()
        if self.phase == OVER:
            return state
        n = self.num_players
        pool = [card for card in self.stack if card < NUM_STYLES]
        in_stack = len(pool)
        for seat in range(n):
            if seat != player:
                for style in range(NUM_STYLES):
                    slot = NUM_STYLES * seat + style
                    pool += [style] * (self.hands[slot] - self.known[slot])
        rng.shuffle(pool)
        for seat in range(n):
            if seat != player:
                base = NUM_STYLES * seat
                unknown = sum(self.hand(seat)) - sum(self.known[base : base + NUM_STYLES])
                state.hands[base : base + NUM_STYLES] = self.known[base : base + NUM_STYLES]
                for _ in range(unknown):
                    state.hands[base + pool.pop()] += 1
        stack = pool[:in_stack]  # top first
        drawn = self.stack_dealt - in_stack
        if INTERMEZZO in self.stack:
            middle = self.stack_dealt // 2
            low = max(middle - INTERMEZZO_SPREAD - drawn, 0)
            high = min(max(middle + INTERMEZZO_SPREAD - drawn, low), in_stack)
            stack.insert(rng.randint(min(low, high), high), INTERMEZZO)
        above_finito = stack.index(INTERMEZZO) + 1 if INTERMEZZO in stack else 0
        below = rng.randint(0, max(min(FINITO_BOTTOM, len(stack) - above_finito), 0))
        stack.insert(len(stack) - below, FINITO)
        state.stack = stack[::-1]
        return state
