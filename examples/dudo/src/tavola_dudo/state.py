"""A position of Dudo: each seat's dice under its cup, the bids of the round, the last reveal.

Chance: the dice of round ``r`` are rolled from the state's seed and ``r``, so a game
is its seed and its actions, and a determinized state (with a seed of its own) rolls
futures the seat cannot know.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from tavola.core.errors import IllegalAction
from tavola.core.events import Event
from tavola.core.game import State
from tavola_dudo.notation import bid_id, bid_of, bid_text
from tavola_dudo.translations import lazy

if TYPE_CHECKING:
    from tavola_dudo.game import Dudo

Dice = tuple[int, ...]
# The last round's reveal: (dice of every seat, bidder, bid action, doubter, count, loser).
Reveal = tuple[tuple[Dice, ...], int, int, int, int, int]


def roll(seed: int, round_number: int, counts: list[int]) -> list[Dice]:
    """Each seat's dice for a round, sorted: a function of the seed, the round and the counts."""
    rng = random.Random(f"dudo:{seed}:{round_number}")
    return [tuple(sorted(rng.randint(1, 6) for _ in range(count))) for count in counts]


class DudoState(State):
    """Dudo's rules: raise the bid or doubt it; the loser of a doubt loses a die."""

    __slots__ = ("bids", "counts", "dice", "last", "round", "to_move")

    game: Dudo

    def __init__(self, game: Dudo, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.history = []
        self.counts = [game.dice_per_seat] * game.num_players
        self.round = 0
        self.dice = roll(seed, 0, self.counts)
        self.bids: list[tuple[int, int]] = []  # (seat, bid action) this round
        self.to_move: int | None = 0
        self.last: Reveal | None = None

    # -- the protocol ---------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return self.to_move

    @property
    def is_over(self) -> bool:
        return self.to_move is None

    @property
    def scores(self) -> list[int]:
        """Dice left per seat."""
        return list(self.counts)

    @property
    def winners(self) -> list[int]:
        return [seat for seat, count in enumerate(self.counts) if count] if self.is_over else []

    @property
    def in_play(self) -> int:
        return sum(self.counts)

    def legal_actions(self) -> list[int]:
        if self.to_move is None:
            return []
        low = (1, self.game.lowest_face) if not self.bids else _next_bid(bid_of(self.bids[-1][1]))
        legal = [
            bid_id(quantity, face)
            for quantity in range(low[0], self.in_play + 1)
            for face in range(
                max(low[1], self.game.lowest_face) if quantity == low[0] else self.game.lowest_face,
                7,
            )
        ]
        if self.bids:
            legal.append(self.game.doubt)
        return legal

    def _apply(self, action: int) -> list[Event]:
        if self.to_move is None:
            raise IllegalAction("the game ends when one seat has dice left", "the game is over")
        if action == self.game.doubt:
            if not self.bids:
                raise IllegalAction("a round opens with a bid", "there is no bid to doubt yet")
            return self._doubt(self.to_move)
        if not 0 <= action < self.game.doubt:
            raise IllegalAction("a bid is a quantity and a face", f"no action {action}")
        quantity, face = bid_of(action)
        if face < self.game.lowest_face:
            raise IllegalAction("ones are wild: nobody bids on them", f"{bid_text(action)}")
        if quantity > self.in_play:
            raise IllegalAction(
                "a bid counts dice in play", f"only {self.in_play} dice are in play"
            )
        if self.bids and (quantity, face) <= bid_of(self.bids[-1][1]):
            raise IllegalAction(
                "each bid raises the quantity, or the face at the same quantity",
                f"{bid_text(action)} does not raise {bid_text(self.bids[-1][1])}",
            )
        seat = self.to_move
        self.bids.append((seat, action))
        self.to_move = self._next_seat(seat)
        return []  # the bid is all there is to tell: the log says the move itself

    def _doubt(self, doubter: int) -> list[Event]:
        bidder, action = self.bids[-1]
        quantity, face = bid_of(action)
        wild = self.game.wild_ones and face != 1
        count = sum(die == face or (wild and die == 1) for dice in self.dice for die in dice)
        loser = doubter if count >= quantity else bidder
        self.last = (tuple(self.dice), bidder, action, doubter, count, loser)
        revealed = [list(dice) for dice in self.dice]
        events = [
            Event(
                "reveal",
                lazy(
                    "The cups are lifted: {count} found; {loser} loses a die",
                    count=count,
                    loser=engine_name(loser),
                ),
                {"dice": revealed, "bid": bid_text(action), "count": count, "loser": loser},
            )
        ]
        self.counts[loser] -= 1
        alive = [seat for seat, left in enumerate(self.counts) if left]
        if len(alive) == 1:
            self.to_move = None
            self.dice = [()] * len(self.counts)
            self.bids = []
            text = lazy("{player} wins: the last seat with dice", player=engine_name(alive[0]))
            events.append(Event("game_over", text, {"scores": self.scores, "winners": alive}))
            return events
        self.round += 1
        self.dice = roll(self.seed, self.round, self.counts)
        self.bids = []
        self.to_move = loser if self.counts[loser] else self._next_seat(loser)
        return events

    def _next_seat(self, seat: int) -> int:
        players = len(self.counts)
        for step in range(1, players + 1):
            other = (seat + step) % players
            if self.counts[other]:
                return other
        raise AssertionError("no seat has dice")

    def _view(self, player: int | None) -> dict[str, Any]:
        last = None
        if self.last is not None:
            dice, bidder, action, doubter, count, loser = self.last
            last = {
                "dice": [list(d) for d in dice],
                "bidder": bidder,
                "bid": bid_text(action),
                "doubter": doubter,
                "count": count,
                "loser": loser,
            }
        return {
            "game": self.game.name,
            "players": self.game.num_players,
            "options": self.game.view_options,
            "seat": player,
            "current_player": self.to_move,
            "scores": self.scores,
            "winners": self.winners,
            "round": self.round,
            "in_play": self.in_play,
            "dice": [list(d) if seat == player else None for seat, d in enumerate(self.dice)],
            "counts": list(self.counts),
            "bids": [{"seat": seat, "bid": bid_text(action)} for seat, action in self.bids],
            "last_round": last,
        }

    def clone(self) -> DudoState:
        other = DudoState.__new__(DudoState)
        other.game = self.game
        other.seed = self.seed
        other.history = list(self.history)
        other.counts = list(self.counts)
        other.round = self.round
        other.dice = list(self.dice)  # tuples: shared safely
        other.bids = list(self.bids)
        other.to_move = self.to_move
        other.last = self.last
        return other

    def _determinize(self, player: int, rng: random.Random) -> DudoState:
        """Every other seat's dice rolled again: all the seat knows of them is how many."""
        sample = self.clone()
        sample.dice = [
            dice if seat == player else tuple(sorted(rng.randint(1, 6) for _ in dice))
            for seat, dice in enumerate(self.dice)
        ]
        return sample

    def _key(self) -> tuple[Any, ...]:
        return (
            tuple(self.counts),
            self.round,
            tuple(self.dice),
            tuple(self.bids),
            self.to_move,
            self.last,
        )


def engine_name(seat: int) -> str:
    """A seat as the engine's texts name it, ``P0``: the pages show its name instead
    (docs/adding-a-game.md)."""
    return f"P{seat}"


def _next_bid(bid: tuple[int, int]) -> tuple[int, int]:
    """The lowest bid above ``bid``, as (quantity, face), wild ones or not."""
    quantity, face = bid
    return (quantity, face + 1) if face < 6 else (quantity + 1, 1)
