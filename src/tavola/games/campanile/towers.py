"""What both editions of Campanile share: five towers raised from hands, markers under them.

The edition states (``edition2009.CampanileState``, ``edition1996.Campanile1996State``)
add their face-up cards, their draw, their end and their points on top of this.

Flat data for speed: per-seat counts live in one list indexed ``seat * width + i``;
the markers under a tower are a tuple of groups, each ``(seat, value, value, ...)``,
in order from the base, replaced rather than mutated so that ``clone`` can share them.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, ClassVar, Final, Self

from mypy_extensions import mypyc_attr

from tavola.core.errors import IllegalAction, NotationError
from tavola.core.events import Event
from tavola.core.i18n import N_, Text
from tavola.core.turns import TurnState
from tavola.games.campanile import scoring
from tavola.games.campanile.actions import BUILD_IDS
from tavola.games.campanile.components import (
    HAND_SIZE,
    MARKERS_PER_PLAYER,
    NUM_STYLES,
    STYLES,
    cards_per_style,
)
from tavola.games.campanile.translations import STYLE_NAMES, lazy, listed

if TYPE_CHECKING:
    from tavola.games.campanile.game import Campanile

# The steps of a turn. The marker step is "influence" in 2009 and "bet" in 1996; the 1996
# edition has no take step (its draw is automatic).
BUILD_PHASE: Final = 0
MARKER_PHASE: Final = 1
TAKE_PHASE: Final = 2
OVER: Final = 3

Groups = tuple[tuple[int, ...], ...]

_RULE_BUILD: Final = lazy(
    "build: play a card from your hand onto the tower of its style, 1 to 3 floors"
)


# Cloned bare (``TurnState._copy_turn``): mypyc's ``__new__`` runs no ``__init__`` for it.
@mypyc_attr(allow_interpreted_subclasses=True)
class TowersState(TurnState):
    """The towers, the hands and the markers, and the build step of every turn."""

    __slots__ = (
        "built_floors",
        "built_style",
        "groups",
        "hands",
        "heights",
        "known",
        "played",
        "rules",
        "supply",
    )

    OVER: ClassVar[int] = OVER
    # The game as its own class (``game`` is a ``Game``: mypyc compiles no narrowed attribute).
    rules: Campanile
    rule_turn: ClassVar[Text]  # the order of a turn's steps, as an IllegalAction rule

    def _set_up(self, game: Campanile, seed: int, dealt: list[int]) -> None:
        """Empty towers, full marker supplies, and the hands dealt in seat order."""
        n = game.num_players
        self._start(game, seed, BUILD_PHASE)
        self.rules = game
        self.heights = [0] * NUM_STYLES
        self.groups: list[Groups] = [()] * NUM_STYLES
        self.played = [0] * NUM_STYLES
        self.supply = list(MARKERS_PER_PLAYER) * n
        self.hands = [0] * (NUM_STYLES * n)
        self.known = [0] * (NUM_STYLES * n)
        for index, card in enumerate(dealt):
            self.hands[NUM_STYLES * (index // HAND_SIZE) + card] += 1
        self.built_style = -1
        self.built_floors = 0

    # -- building (the same in both editions) ----------------------------------------------

    def _build_actions(self) -> list[int]:
        base = NUM_STYLES * self.player
        hands = self.hands
        actions: list[int] = []
        for style in range(NUM_STYLES):
            if hands[base + style]:
                actions += BUILD_IDS[style]
        return actions

    def _raise_tower(self, style: int, floors: int) -> None:
        """Play a hand card onto its tower; the edition decides the next step."""
        slot = NUM_STYLES * self.player + style
        if not self.hands[slot]:
            raise IllegalAction(
                _RULE_BUILD, lazy("you have no {card} card in hand", card=STYLE_NAMES[style])
            )
        self.hands[slot] -= 1
        if self.known[slot]:
            self.known[slot] -= 1
        self.played[style] += 1
        self.heights[style] += floors
        self.built_style = style
        self.built_floors = floors

    def _place_marker(self, style: int, value: int) -> None:
        """Move one of the player's markers from supply under a tower (checked by the caller)."""
        self.supply[3 * self.player + value - 1] -= 1
        self.groups[style] = scoring.add_marker(self.groups[style], self.player, value)

    def _take_into_hand(self, style: int) -> None:
        """A face-up card joins the player's hand: everybody knows it is there."""
        slot = NUM_STYLES * self.player + style
        self.hands[slot] += 1
        self.known[slot] += 1

    def tie_break(self) -> tuple[int, int, int] | None:
        """A tie on points that a rule broke (2009: the highest chip), as
        ``scoring.tie_break`` says it; None here (1996: a tie is a shared victory)."""
        return None

    def _game_over(self) -> Event:
        names = self.rules.seat_names
        winners = self.winners
        broken = self.tie_break()
        text: Text
        if broken is not None:  # said, or the scores read as a tie with a winner (playtest 12)
            points, chip, other = broken
            if len(winners) == 1:
                words = N_(
                    "{player} wins on the highest chip ({chip} against {other}), "
                    "tied on {points} points"
                )
            else:
                words = N_(
                    "{player} share the victory on the highest chip ({chip} against {other}), "
                    "tied on {points} points"
                )
            text = lazy(
                words,
                player=listed([names[seat] for seat in winners]),
                chip=chip,
                other=other,
                points=points,
            )
        elif len(winners) == 1:
            text = lazy("{player} wins", player=names[winners[0]])
        else:
            text = lazy(
                "{players} share the victory", players=listed([names[seat] for seat in winners])
            )
        return Event("game_over", text, {"scores": self.scores, "winners": winners})

    def _out_of_turn(self, action: int, expected: str) -> IllegalAction:
        """The refusal of an action at another step: ``expected`` is a message with an
        ``{action}`` field, the notation's verb (as typed, not translated)."""
        try:
            name = self.game.action_to_string(action).split()[0]
        except NotationError:
            return IllegalAction(
                self.rule_turn, lazy("{action} is not an action id", action=action)
            )
        return IllegalAction(self.rule_turn, lazy(expected, action=name))

    # -- copies and views ------------------------------------------------------------------

    def _copy_towers(self, other: Self | None = None) -> Self:
        """A copy of the turn and of the parts both editions have (``clone`` adds its own),
        into ``other`` if given (see ``TurnState._copy_turn``)."""
        other = self._copy_turn(other)
        other.rules = self.rules
        other.heights = self.heights[:]
        other.groups = self.groups[:]
        other.played = self.played[:]
        other.supply = self.supply[:]
        other.hands = self.hands[:]
        other.known = self.known[:]
        other.built_style = self.built_style
        other.built_floors = self.built_floors
        return other

    def _shared_key(self) -> tuple[Any, ...]:
        return (
            self.player,
            self.phase,
            self.heights,
            self.groups,
            self.played,
            self.supply,
            self.hands,
            self.known,
            self.built_style,
            self.built_floors,
        )

    def hand(self, seat: int) -> list[int]:
        """The cards in a seat's hand, as counts per style."""
        return self.hands[NUM_STYLES * seat : NUM_STYLES * seat + NUM_STYLES]

    def _names(self, counts: list[int]) -> list[str]:
        """Cards given as counts per style, by name, in the order of the towers in the row."""
        return [STYLES[style] for style in self.rules.tower_order for _ in range(counts[style])]

    def _information_key(self, player: int) -> Hashable:
        """What ``view(player)`` shows, as a tuple (see ``State.information_key``): the
        towers, markers, ``player``'s hand, the known cards and hand sizes of all, and the
        edition's table."""
        n = NUM_STYLES
        hands = self.hands
        return (
            player,
            self.phase,
            self.player,
            tuple(self.heights),
            tuple(self.groups),
            tuple(self.played),
            tuple(self.supply),
            tuple(hands[n * player : n * player + n]),
            tuple(self.known),
            tuple(sum(hands[n * seat : n * seat + n]) for seat in range(self.num_players)),
            self._table_key(),
        )

    @abstractmethod
    def _table_key(self) -> Hashable:
        """The rest of the view, the edition's: its cards on the table and its points."""

    def _tower_views(self) -> list[dict[str, Any]]:
        positions = self.rules.positions
        return [
            {
                "style": STYLES[style],
                "position": positions[style],
                "height": self.heights[style],
                "cards": self.played[style],
                "groups": [
                    {"player": group[0], "markers": list(group[1:])} for group in self.groups[style]
                ],
            }
            for style in self.rules.tower_order
        ]

    def _hand_views(self, player: int | None) -> list[dict[str, Any]]:
        """Sizes and known cards of every hand; the cards of ``player``'s own hand only."""
        hands = []
        for seat in range(self.num_players):
            cards = self.hand(seat)
            known = self.known[NUM_STYLES * seat : NUM_STYLES * seat + NUM_STYLES]
            hands.append(
                {
                    "size": sum(cards),
                    "known": self._names(known),
                    "cards": self._names(cards) if seat == player else None,
                }
            )
        return hands

    def _supply_views(self) -> list[list[int]]:
        return [self.supply[3 * seat : 3 * seat + 3] for seat in range(self.num_players)]

    def _unknown_in_hand(self, seat: int) -> list[int]:
        """The cards of ``seat``'s hand nobody else knows, as a list of styles."""
        base = NUM_STYLES * seat
        return [
            style
            for style in range(NUM_STYLES)
            for _ in range(self.hands[base + style] - self.known[base + style])
        ]

    def _unseen_by(self, player: int, face_up: list[int]) -> list[int]:
        """Every card of the game ``player`` has not seen, as a sorted list of styles: the
        edition's cards less the towers', ``player``'s hand, the ``face_up`` cards (counts
        per style) and the other hands' known cards. A stacked deck that leaves cards out
        changes nothing here: which cards it left out is not known to the seat."""
        unseen = [cards_per_style(self.num_players, self.rules.edition)] * NUM_STYLES
        seen = [*self.played, *self.hand(player), *face_up]
        for seat in range(self.num_players):
            if seat != player:
                seen += self.known[NUM_STYLES * seat : NUM_STYLES * seat + NUM_STYLES]
        for index, count in enumerate(seen):
            unseen[index % NUM_STYLES] -= count
        return [style for style in range(NUM_STYLES) for _ in range(unseen[style])]

    def _redeal_hands(self, player: int, pool: list[int]) -> None:
        """Give every other seat its known cards plus unknown ones popped from ``pool``."""
        for seat in range(self.num_players):
            if seat != player:
                base = NUM_STYLES * seat
                unknown = sum(self.hand(seat)) - sum(self.known[base : base + NUM_STYLES])
                self.hands[base : base + NUM_STYLES] = self.known[base : base + NUM_STYLES]
                for _ in range(unknown):
                    self.hands[base + pool.pop()] += 1
