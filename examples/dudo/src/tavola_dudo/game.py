"""Dudo as a tavola game: options, notation, the terminal's picture, tensor and evaluation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from tavola.core.errors import NotationError
from tavola.core.game import Game, State, check_players
from tavola.core.i18n import Text
from tavola.core.options import Option
from tavola.core.svg import seat_letter
from tavola_dudo import svg
from tavola_dudo.notation import DOUBT, bid_id, bid_of, bid_text, read_bid
from tavola_dudo.state import DudoState
from tavola_dudo.translations import lazy

RULES = """\
Each seat rolls its dice under a cup and sees only its own.
In turn, raise the bid (more dice, or the same number of a higher face) that all the dice
on the table show at least that many of the face, or doubt the last bid.
Ones are wild: they count as any face (nobody bids on them).
On a doubt every cup is lifted: if the bid holds, the doubter loses a die, else the bidder.
The loser opens the next round; the last seat with dice wins."""


class Dudo(Game):
    """Dudo (Liar's Dice): bid on the dice under everyone's cups, or call the bluff.

    >>> state = Dudo(players=2, dice=2).new_game(seed=1)
    >>> state.legal_notations()[:3]
    ['1x2', '1x3', '1x4']
    >>> events = state.apply("2x6")
    >>> state.legal_notations()[-2:]
    ['4x6', 'doubt']
    """

    dice_per_seat: int
    wild_ones: bool
    lowest_face: int
    doubt: int

    name: ClassVar[str] = "dudo"
    title: ClassVar[str] = "Dudo"
    summary: ClassVar[Text] = lazy(
        "2-5 players; Liar's Dice: bid on the dice under the cups, or doubt"
    )
    rules_summary: ClassVar[str] = RULES
    input_help: ClassVar[str] = "Type a bid as quantity x face (3x5: three fives) or doubt."
    score_name: ClassVar[Text] = lazy("Dice")  # a seat's score: the dice it has left
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("players", 3, lazy("number of players"), choices=(2, 3, 4, 5)),
        Option("dice", 5, lazy("dice per seat at the start, 1 to 5"), label=lazy("dice")),
        Option(
            "wild_ones",
            True,
            lazy("ones count as any face, and nobody bids on them"),
            label=lazy("wild ones"),
        ),
    )

    def check_options(self) -> None:
        check_players(self, (2, 3, 4, 5))
        dice = self.options["dice"]
        assert isinstance(dice, int)
        if not 1 <= dice <= 5:
            raise self.invalid("dice must be from 1 to 5")
        self.dice_per_seat = dice
        self.wild_ones = bool(self.options["wild_ones"])
        self.lowest_face = 2 if self.wild_ones else 1
        self.doubt = bid_id(self.num_players * dice + 1, 1)  # after every possible bid

    def new_game(self, seed: int | None = None) -> DudoState:
        return DudoState(self, self.seed_for(seed))

    @property
    def num_distinct_actions(self) -> int:
        return self.doubt + 1

    def _action_to_string(self, action: int) -> str:
        if action == self.doubt:
            return DOUBT
        if not 0 <= action < self.doubt:
            raise NotationError(f"{self.name}: no action {action}")
        return bid_text(action)

    def _parse_action(self, text: str) -> int:
        if text.strip().lower() in (DOUBT, "dudo"):
            return self.doubt
        bid = read_bid(text)
        if bid is None or not 1 <= bid[0] <= self.num_players * self.dice_per_seat:
            raise NotationError(f"{self.name}: {text!r} is no bid (such as 3x5) nor doubt")
        return bid_id(*bid)

    def move_words(self, state: State, action: int) -> str | None:
        """The move in a log's words ("bid 3 dice showing 5"), as the picture says it."""
        return svg.move_words(self._action_to_string(action))

    def _render(
        self, view: dict[str, Any], color: bool, width: int | None, height: int | None
    ) -> str:
        lines = [f"Round {view['round'] + 1}: {view['in_play']} dice in play"]
        for seat, (dice, count) in enumerate(zip(view["dice"], view["counts"], strict=True)):
            shown = " ".join(map(str, dice)) if dice is not None else "? " * count
            turn = " <- to move" if seat == view["current_player"] else ""
            lines.append(f"  {seat_letter(seat)}: {count} dice  {shown.strip()}{turn}")
        bids = ", ".join(f"{seat_letter(b['seat'])} {b['bid']}" for b in view["bids"])
        lines.append(f"Bids: {bids or 'none yet'}")
        if view["last_round"] is not None:
            last = view["last_round"]
            lines.append(
                f"Last round: {seat_letter(last['doubter'])} doubted {last['bid']}, "
                f"{last['count']} found; {seat_letter(last['loser'])} lost a die"
            )
        return "\n".join(lines)

    def svg(self, view: dict[str, Any], actions: Sequence[str] = ()) -> str:
        return svg.draw(view, actions)

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (2 * self.num_players + 14,)

    def _encode_view(self, view: dict[str, Any]) -> list[float]:
        """Dice counts per seat, the seat's own faces, the last bid, who bid it, whose turn."""
        players, per_seat = self.num_players, self.dice_per_seat
        seat = view["seat"]
        tensor = [count / per_seat for count in view["counts"]]
        own = [0.0] * 6
        if seat is not None:
            for die in view["dice"][seat]:
                own[die - 1] += 1 / per_seat
        tensor += own
        bid = [0.0] * 7
        bidder = [0.0] * players
        if view["bids"]:
            last = view["bids"][-1]
            quantity, face = bid_of(self._parse_action(last["bid"]))
            bid[0] = quantity / (players * per_seat)
            bid[face] = 1.0
            bidder[last["seat"]] = 1.0
        tensor += bid + bidder
        tensor.append(float(seat is not None and view["current_player"] == seat))
        return tensor

    def _evaluate(self, state: State, player: int) -> float:
        """Dice over the best other seat's, less a die when its own last bid is false here.

        Bots evaluate determinized states, whose dice are all known: a bid that does not
        hold in them is likely to be doubted.
        """
        assert isinstance(state, DudoState)
        counts = state.counts
        value = float(counts[player] - max(c for seat, c in enumerate(counts) if seat != player))
        if state.is_over:
            return value + (10.0 if player in state.winners else -10.0)
        if state.bids and state.bids[-1][0] == player:
            quantity, face = bid_of(state.bids[-1][1])
            wild = self.wild_ones and face != 1
            count = sum(d == face or (wild and d == 1) for dice in state.dice for d in dice)
            if count < quantity:
                value -= 0.9
        return value
