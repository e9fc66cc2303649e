"""A position of ClockTowers and its rules.

Flat data for speed: a hand is a short ascending list of card codes; a deck is a tuple
from the bottom up with a count of the cards left in it (drawing just lowers the count);
each seat's towers are a list of ``(status, floors, cards)`` tuples that are replaced,
never mutated, so that ``clone`` copies only short lists; the numbers of each seat's
towers of floors alone (``open``) and with a clock (``clocked``) are kept up to date;
the play step's legal actions are kept per seat and hand (``plays``) until the seat's
towers change.

What the others know of a hand is kept as in ``knowledge``: ``base`` and ``log`` per seat
(``None`` while the hand is known for sure), and a cheap over-approximation that says
when the hand is sure again: ``sure`` (cards certainly held) plus ``vague`` cards of
uncertain identity.

A tuple grows by ``+ (item,)``, not ``(*items, item)``: compiled by mypyc for Python 3.11
the latter builds a list through ``PyList_SetSlice`` (several times slower), and
interpreted it is slower too.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from tavola.core.errors import IllegalAction, NotationError
from tavola.core.events import Event
from tavola.core.randomness import shuffle
from tavola.core.turns import TurnState
from tavola.games.clocktowers import knowledge, scoring, views
from tavola.games.clocktowers.actions import (
    DECODED,
    DISCARD,
    DISCARD_KIND,
    DRAW,
    DRAW_KIND,
    FLOOR_TARGETS,
    NUM_ACTIONS,
    PLAY_IDS,
    PLAY_KIND,
)
from tavola.games.clocktowers.components import (
    CARD_CODES,
    CLOCKED,
    COMPLETE,
    DECK_OF,
    DECKS,
    FIRST_HEIGHT,
    FIRST_ROOF,
    FLOORS_OF,
    FLOORS_ONLY,
    MAX_TOWERS,
    NUM_CARDS,
    NUM_COLOURS,
    NUM_FLOOR_CARDS,
    STARTING_HAND,
    Tower,
)
from tavola.games.clocktowers.translations import (
    EMPTY_DECKS,
    ROOFS,
    TOWERS,
    lazy,
    ordinal,
)
from tavola.games.clocktowers.turn_texts import (
    RULE_CLOCK,
    RULE_DRAW,
    RULE_FLOOR,
    RULE_HAND,
    RULE_OVER,
    RULE_ROOF,
    RULE_TURN,
    drew,
    holds,
    not_held,
    victory,
)

if TYPE_CHECKING:
    from tavola.games.clocktowers.game import ClockTowers

PLAY_PHASE: Final = 0
DRAW_PHASE: Final = 1
OVER: Final = 2
PHASES: Final[tuple[str, ...]] = ("play", "draw", "over")


_ZERO_HAND: Final = [0] * NUM_CARDS
# The draw ids by which decks are not empty: _DRAW_IDS[floors > 0][roofs > 0][clocks > 0].
_DRAW_IDS: Final = tuple(
    tuple(
        tuple(
            [DRAW + deck for deck, left in enumerate((floors, roofs, clocks)) if left]
            for clocks in (0, 1)
        )
        for roofs in (0, 1)
    )
    for floors in (0, 1)
)


# Cloned bare (``TurnState._copy_turn``): mypyc's ``__new__`` runs no ``__init__`` for it.
@mypyc_attr(allow_interpreted_subclasses=True)
class ClockTowersState(TurnState):
    """The full state; players see it through ``view``."""

    __slots__ = (
        "base",
        "cache",
        "clocked",
        "decks",
        "discarded",
        "done",
        "hands",
        "left",
        "log",
        "open",
        "plays",
        "points",
        "removed",
        "rules",
        "sure",
        "towers",
        "vague",
    )

    OVER: ClassVar[int] = OVER
    # The game as its own class (``game`` is a ``Game``: mypyc compiles no narrowed attribute).
    rules: ClockTowers

    def __init__(
        self,
        game: ClockTowers | None = None,
        seed: int = 0,
        decks: list[tuple[int, ...]] | None = None,
        removed: tuple[int, ...] = (),
    ) -> None:
        """Set up from the three decks (floors, roofs, clocks; each from the bottom up);
        without them, a bare state for ``clone`` to fill."""
        if game is None or decks is None:
            return
        n = game.num_players
        self._start(game, seed, PLAY_PHASE)
        self.rules = game
        self.hands = [sorted(STARTING_HAND) for _ in range(n)]
        self.decks = decks
        self.left = [len(deck) for deck in decks]
        self.removed = removed
        self.towers: list[list[Tower]] = [[] for _ in range(n)]
        self.open: list[list[int]] = [[] for _ in range(n)]  # numbers of towers of floors alone
        self.clocked: list[list[int]] = [[] for _ in range(n)]  # numbers of clocked towers
        self.done = [0] * (NUM_COLOURS * n)  # complete towers per seat and roof colour
        self.points = [0] * n
        self.discarded = [0] * n
        self.base: list[knowledge.Hand | None] = [None] * n
        self.log: list[tuple[int, ...] | None] = [None] * n
        self.sure = [0] * (NUM_CARDS * n)
        self.vague = [0] * n
        # Per seat (base, log length, possible hands) last computed: logs only grow.
        self.cache: list[tuple[knowledge.Hand, int, list[knowledge.Hand]] | None] = [None] * n
        # Per seat, the legal actions of the play step by hand, for its towers as they are:
        # a new dict whenever the seat plays a card. Clones share the dicts, which is safe
        # as every entry holds for any state with those towers (and is only ever copied).
        self.plays: list[dict[tuple[int, ...], list[int]]] = [{} for _ in range(n)]
        if not self.hands_left():
            self.phase = OVER

    # -- the protocol ----------------------------------------------------------------

    @property
    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        return scoring.winners(self.points, self.complete_towers())

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == PLAY_PHASE:
            hand = tuple(self.hands[self.player])
            plays = self.plays[self.player]
            found = plays.get(hand)
            if found is None:
                found = plays[hand] = self._play_actions(hand)
            return found.copy()  # compiled, a list's copy is quicker than [*a_tuple]
        if phase == DRAW_PHASE:
            floors, roofs, clocks = self.left
            return _DRAW_IDS[floors > 0][roofs > 0][clocks > 0].copy()
        return []

    def _play_actions(self, hand: tuple[int, ...]) -> list[int]:
        player = self.player
        open_towers = self.open[player]
        plays: list[int] = []
        discards: list[int] = []
        previous = -1
        for card in hand:
            if card == previous:
                continue
            previous = card
            if card < NUM_FLOOR_CARDS:
                first = FLOOR_TARGETS * card  # the id of "new"; tower t is first + t
                plays.append(first)
                if open_towers:
                    plays += [first + number for number in open_towers]
            elif card < FIRST_ROOF:
                if open_towers:
                    ids = PLAY_IDS[card]
                    plays += [ids[number] for number in open_towers]
            else:
                clocked = self.clocked[player]
                if clocked:
                    need = self.done[NUM_COLOURS * player + card - FIRST_ROOF] + FIRST_HEIGHT
                    towers = self.towers[player]
                    ids = PLAY_IDS[card]
                    plays += [ids[i] for i in clocked if towers[i - 1][1] == need]
            discards.append(DISCARD + card)
        plays += discards
        return plays

    def _apply(self, action: int) -> list[Event]:
        if not 0 <= action < NUM_ACTIONS:
            raise IllegalAction(
                RULE_TURN, lazy("{action} is not an action id", action=repr(action))
            )
        kind, card, target = DECODED[action]
        phase = self.phase
        if phase == PLAY_PHASE:
            if kind == PLAY_KIND:
                return self._play(card, target)
            if kind == DISCARD_KIND:
                return self._discard(card)
            raise IllegalAction(
                RULE_TURN, lazy("it is time to play or discard a card, not to draw")
            )
        if phase == DRAW_PHASE:
            if kind != DRAW_KIND:
                raise IllegalAction(RULE_TURN, lazy("it is time to draw, not to play or discard"))
            if not self.left[card]:
                raise IllegalAction(RULE_DRAW, EMPTY_DECKS[card])
            events = [self._draw(card)]
            seat = self.player + 1  # the usual case of _next_turn, inline: the next seat
            if seat == self.num_players:
                seat = 0
            if self.hands[seat]:
                self.player = seat
                self.phase = PLAY_PHASE
            else:
                self._next_turn(events)
            return events
        raise IllegalAction(RULE_OVER, lazy("the game is over"))

    def _read_action(self, text: str) -> int:
        """As ``parse_action``; in the draw step a deck's name or its prefix draws from it."""
        try:
            return self.game.parse_action(text)
        except NotationError:
            word = text.strip().lower()
            found = [deck for deck in DECKS if word and deck.startswith(word)]
            if self.phase == DRAW_PHASE and len(found) == 1:
                return DRAW + DECKS.index(found[0])
            raise

    # -- the steps of a turn ------------------------------------------------------------

    def _play(self, card: int, target: int) -> list[Event]:
        player = self.player
        hand = self.hands[player]
        if card not in hand:
            raise IllegalAction(RULE_HAND, not_held(card))
        towers = self.towers[player]
        events: list[Event] = []
        if target == 0:  # only floors name a new tower (see actions.PLAY_IDS)
            if len(towers) >= MAX_TOWERS:
                raise IllegalAction(
                    RULE_FLOOR, lazy("no more than {count} towers", count=MAX_TOWERS)
                )
            towers.append((FLOORS_ONLY, FLOORS_OF[card], (card,)))
            self.open[player].append(len(towers))
        else:
            if target > len(towers):
                rule = (
                    RULE_FLOOR
                    if card < NUM_FLOOR_CARDS
                    else (RULE_CLOCK if card < FIRST_ROOF else RULE_ROOF)
                )
                if towers:
                    raise IllegalAction(
                        rule,
                        lazy(
                            "you have no tower {target} (only {count})",
                            target=target,
                            count=len(towers),
                        ),
                    )
                raise IllegalAction(
                    rule, lazy("you have no tower {target} (no towers yet)", target=target)
                )
            status, floors, cards = towers[target - 1]
            if card < NUM_FLOOR_CARDS:
                if status != FLOORS_ONLY:
                    raise IllegalAction(RULE_FLOOR, holds(status, target))
                towers[target - 1] = (FLOORS_ONLY, floors + FLOORS_OF[card], cards + (card,))  # noqa: RUF005
            elif card < FIRST_ROOF:
                if status != FLOORS_ONLY:
                    raise IllegalAction(RULE_CLOCK, holds(status, target))
                towers[target - 1] = (CLOCKED, floors, cards + (card,))  # noqa: RUF005
                self.open[player].remove(target)
                self.clocked[player].append(target)
                self.clocked[player].sort()
            else:
                colour = card - FIRST_ROOF
                if status != CLOCKED:
                    if status == FLOORS_ONLY:
                        raise IllegalAction(
                            RULE_ROOF, lazy("tower {target} has no clock", target=target)
                        )
                    raise IllegalAction(RULE_ROOF, holds(status, target))
                slot_done = NUM_COLOURS * player + colour
                need = self.done[slot_done] + FIRST_HEIGHT
                if floors != need:
                    raise IllegalAction(
                        RULE_ROOF,
                        lazy(
                            "your {nth} {tower} needs exactly {need} floors; "
                            "tower {target} has {floors}",
                            nth=ordinal(self.done[slot_done] + 1),
                            tower=TOWERS[colour],
                            need=need,
                            target=target,
                            floors=floors,
                        ),
                    )
                complete = cards + (card,)  # noqa: RUF005
                towers[target - 1] = (COMPLETE, floors, complete)
                self.clocked[player].remove(target)
                self.done[slot_done] += 1
                points = scoring.tower_points(complete)
                self.points[player] += points
                name = self.rules.seat_names[player]
                events.append(
                    Event(
                        "tower",
                        lazy(
                            "{name} completes tower {target} ({roof}, {floors} floors): "
                            "{points} points",
                            name=name,
                            target=target,
                            roof=ROOFS[colour],
                            floors=floors,
                            points=points,
                        ),
                        {
                            "player": player,
                            "tower": target,
                            "cards": [CARD_CODES[c] for c in complete],
                            "points": points,
                        },
                    )
                )
        hand.remove(card)
        self.plays[player] = {}  # the towers changed: a new dict, the old one may be shared
        log = self.log[player]
        if log is not None:
            self.log[player] = log + (knowledge.PLAYED + card,)  # noqa: RUF005
            slot = NUM_CARDS * player + card
            if self.sure[slot]:
                self.sure[slot] -= 1
            else:
                self.vague[player] -= 1
                if not self.vague[player]:
                    self.log[player] = self.base[player] = None
        floors, roofs, clocks = self.left
        if (floors and (roofs or clocks)) or (roofs and clocks):  # _after_play's usual case
            self.phase = DRAW_PHASE
            return events
        return self._after_play(events)

    def _discard(self, card: int) -> list[Event]:
        player = self.player
        hand = self.hands[player]
        if card not in hand:
            raise IllegalAction(RULE_HAND, not_held(card))
        log = self.log[player]
        if log is None:
            self.base[player] = tuple(hand)
            log = ()
        hand.remove(card)
        self.discarded[player] += 1
        first = NUM_CARDS * player
        self.sure[first : first + NUM_CARDS] = _ZERO_HAND
        self.vague[player] = len(hand)
        if hand:
            self.log[player] = log + (knowledge.DISCARD,)  # noqa: RUF005
        else:
            self.log[player] = self.base[player] = None
        name = self.rules.seat_names[player]
        # The message is made when read (a search never reads it).
        event = Event(
            "discard",
            lambda: lazy("{name} discards a card face down", name=name),
            {"player": player},
        )
        floors, roofs, clocks = self.left
        if (floors and (roofs or clocks)) or (roofs and clocks):  # _after_play's usual case
            self.phase = DRAW_PHASE
            return [event]
        return self._after_play([event])

    def _after_play(self, events: list[Event]) -> list[Event]:
        """The draw: a choice between two or three decks, automatic from one, none from none.

        Its events, and the next turn's, are added to ``events``, which is returned.
        """
        floors, roofs, clocks = self.left
        if (floors and (roofs or clocks)) or (roofs and clocks):
            self.phase = DRAW_PHASE
            return events
        if floors or roofs or clocks:
            events.append(self._draw(0 if floors else 1 if roofs else 2))
        self._next_turn(events)
        return events

    def _draw(self, deck: int) -> Event:
        player = self.player
        cards = self.decks[deck]
        count = self.left[deck] - 1
        card = cards[count]
        self.left[deck] = count
        insort(self.hands[player], card)
        log = self.log[player]
        if log is not None:
            self.log[player] = log + (card,)  # noqa: RUF005
            self.sure[NUM_CARDS * player + card] += 1
        name = self.rules.seat_names[player]
        code = CARD_CODES[card]
        deck_name = DECKS[deck]
        top = CARD_CODES[cards[count - 1]] if count else None
        data = {"player": player, "deck": deck_name, "card": code, "top": top}
        return Event("draw", lambda: drew(name, code, deck, top), data)

    def _next_turn(self, events: list[Event]) -> None:
        """The next seat with cards in hand plays; with none left the game ends (its
        events are added to ``events``)."""
        n = self.num_players
        hands = self.hands
        seat = self.player
        for _ in range(n):  # the others in turn, then the same seat again
            seat += 1
            if seat == n:
                seat = 0
            if hands[seat]:
                self.player = seat
                self.phase = PLAY_PHASE
                return
        self.phase = OVER
        names = self.rules.seat_names
        won = self.winners
        events.append(scoring.final_scoring(self.complete_towers(), names))
        events.append(
            Event("game_over", lambda: victory(won, names), {"scores": self.scores, "winners": won})
        )

    # -- helpers -----------------------------------------------------------------------

    def hands_left(self) -> bool:
        return any(self.hands)

    def complete_towers(self) -> list[list[tuple[int, ...]]]:
        """Each seat's complete towers, as card codes from the base up."""
        return [[t[2] for t in towers if t[0] == COMPLETE] for towers in self.towers]

    def _hand_tuple(self, seat: int) -> knowledge.Hand:
        return tuple(self.hands[seat])

    def possible_hands(self, seat: int) -> list[knowledge.Hand]:
        """Every hand the others may think ``seat`` holds (public knowledge)."""
        base = self.base[seat]
        log = self.log[seat]
        if base is None or log is None:
            return [self._hand_tuple(seat)]
        cached = self.cache[seat]
        if cached is not None and cached[0] is base and cached[1] <= len(log):
            done, hands = cached[1], cached[2]
            if done == len(log):
                return hands
        else:
            done, hands = 0, [base]
        hands = knowledge.advance(hands, log[done:])
        self.cache[seat] = (base, len(log), hands)
        return hands

    def needs(self, seat: int) -> list[int]:
        """Floors the next complete tower of each roof colour must have, for ``seat``."""
        first = NUM_COLOURS * seat
        return [count + FIRST_HEIGHT for count in self.done[first : first + NUM_COLOURS]]

    # -- copies, views and determinization -----------------------------------------------

    def clone(self) -> ClockTowersState:
        other = self._copy_turn(ClockTowersState() if type(self) is ClockTowersState else None)
        other.rules = self.rules
        other.hands = [hand[:] for hand in self.hands]
        other.decks = self.decks[:]
        other.left = self.left[:]
        other.removed = self.removed
        other.towers = [towers[:] for towers in self.towers]
        other.open = [numbers[:] for numbers in self.open]
        other.clocked = [numbers[:] for numbers in self.clocked]
        other.done = self.done[:]
        other.points = self.points[:]
        other.discarded = self.discarded[:]
        other.base = self.base[:]
        other.log = self.log[:]
        other.sure = self.sure[:]
        other.vague = self.vague[:]
        other.cache = self.cache[:]
        other.plays = self.plays[:]
        return other

    def _key(self) -> tuple[Any, ...]:
        return (
            self.player,
            self.phase,
            self.hands,
            self.decks,
            self.left,
            self.removed,
            self.towers,
            self.open,
            self.clocked,
            self.done,
            self.points,
            self.discarded,
            self.base,
            self.log,
            self.sure,
            self.vague,
        )

    def _information_key(self, player: int) -> Hashable:
        """What ``player`` knows, as a tuple (see ``State.information_key``): its hand, the
        table, and the public record of every hand (its base and log, from which the view's
        possible hands are worked out; the key skips that work)."""
        decks, left = self.decks, self.left
        return (
            player,
            self.phase,
            self.player,
            tuple(self.hands[player]),
            tuple(len(hand) for hand in self.hands),
            tuple(left),
            tuple(decks[deck][left[deck] - 1] if left[deck] else -1 for deck in range(3)),
            tuple(tuple(towers) for towers in self.towers),
            tuple(self.discarded),
            tuple(self.points),
            tuple(self.base),
            tuple(self.log),
        )

    def _view(self, player: int | None) -> dict[str, Any]:
        return views.view(self, player)

    def _determinize(self, player: int, rng: random.Random) -> ClockTowersState:
        """Redeal what ``player`` cannot see.

        The cards below each deck's top and the removed cards are shuffled together, deck
        type by deck type, and dealt back in the same numbers; each other seat whose hand
        a discard made uncertain gets one of its possible hands, uniformly.
        """
        state = self.clone()
        if self.phase == OVER:
            return state
        pools: list[list[int]] = [[], [], []]
        for card in self.removed:
            pools[DECK_OF[card]].append(card)
        decks = []
        for deck in range(3):
            below = self.left[deck] - 1
            if below <= 0:
                decks.append(self.decks[deck][: self.left[deck]])
                continue
            pool = pools[deck]
            pool += self.decks[deck][:below]
            pool.sort()  # so that the result depends on the view and rng alone
            shuffle(rng, pool)
            decks.append((*pool[:below], self.decks[deck][below]))
            del pool[:below]
        state.decks = decks
        state.removed = tuple(sorted(card for pool in pools for card in pool))
        for seat in range(self.num_players):
            if seat == player or self.log[seat] is None:
                continue
            state.hands[seat] = list(rng.choice(self.possible_hands(seat)))
        return state
