"""Test-only reference implementation of ClockTowers (Moon & Weissblum, 2004).

Written independently from the rules digest (shared/rules/clocktowers.md) and the
Italian rules text, without looking at the engine. Deliberately slow and simple:
state is plain lists, legality is recomputed from scratch each time. Use it only
to cross-check the engine in tests.

Notation: ``play CARD new``, ``play CARD N`` (the player's own tower N, counted
from 1 in the order started), ``discard CARD``, then ``draw floors|roofs|clocks``
as a separate action while at least two decks are non-empty.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# Floor card -> (floors counted, shows a cat, shows a mouse).
FLOOR_CARDS: dict[str, tuple[int, bool, bool]] = {
    "1": (1, False, False),
    "1cat": (1, True, False),
    "1mouse": (1, False, True),
    "2": (2, False, False),
    "2cat": (2, True, False),
    "2mouse": (2, False, True),
}
# Clock card -> shows a mouse.
CLOCK_CARDS: dict[str, bool] = {"clock": False, "clock-mouse": True}
ROOF_CARDS: tuple[str, ...] = (
    "roof-red",
    "roof-blue",
    "roof-green",
    "roof-yellow",
    "roof-purple",
)
DECK_NAMES: tuple[str, ...] = ("floors", "roofs", "clocks")
STARTING_HAND: tuple[str, ...] = ("1cat", "1mouse", "clock-mouse")


def deck_of(card: str) -> str:
    """Return the name of the deck a card belongs to.

    >>> deck_of("2cat"), deck_of("clock"), deck_of("roof-red")
    ('floors', 'clocks', 'roofs')
    """
    if card in FLOOR_CARDS:
        return "floors"
    if card in CLOCK_CARDS:
        return "clocks"
    if card in ROOF_CARDS:
        return "roofs"
    raise ValueError(f"unknown card {card!r}")


def tower_points(floors: list[str], clock: str | None, roof: str | None) -> int:
    """Return what a tower scores: 0 unless complete (floors, clock and roof).

    >>> tower_points(["1", "2"], "clock", "roof-red")
    5
    >>> tower_points(["1cat"], "clock-mouse", "roof-red")
    3
    >>> tower_points(["1cat"], "clock-mouse", None)
    0
    """
    if not floors or clock is None or roof is None:
        return 0
    cats = any(FLOOR_CARDS[card][1] for card in floors)
    mice = any(FLOOR_CARDS[card][2] for card in floors) or CLOCK_CARDS[clock]
    if not cats and not mice:
        return 5
    if cats and not mice:
        return 4
    if cats and mice:
        return 3
    return 2  # mice, no cats


def winners_from(scores: list[int], mouse_top: list[bool], cat_top: list[bool]) -> list[int]:
    """Return the sorted winners given the scores and, per seat, whether the seat has a
    complete tower whose topmost floor card shows a mouse (resp. a cat).

    Ties are filtered successively: mouse on top, then cat on top; the rest share.

    >>> winners_from([4, 4, 4], [True, True, False], [False, True, True])
    [1]
    >>> winners_from([4, 4, 2], [False, False, True], [False, False, True])
    [0, 1]
    """
    best = max(scores)
    tied = [seat for seat, score in enumerate(scores) if score == best]
    with_mouse = [seat for seat in tied if mouse_top[seat]]
    if with_mouse:
        tied = with_mouse
    with_cat = [seat for seat in tied if cat_top[seat]]
    if with_cat:
        tied = with_cat
    return sorted(tied)


@dataclass
class RefTower:
    """One tower: floor cards bottom to top, then at most one clock and one roof."""

    floors: list[str] = field(default_factory=list)
    clock: str | None = None
    roof: str | None = None

    def floor_count(self) -> int:
        """Floors counted, a 2-floor card counting 2."""
        return sum(FLOOR_CARDS[card][0] for card in self.floors)

    def is_complete(self) -> bool:
        return bool(self.floors) and self.clock is not None and self.roof is not None

    def points(self) -> int:
        return tower_points(self.floors, self.clock, self.roof)

    def top_shows(self, animal: str) -> bool:
        """Whether this tower is complete and its topmost floor card shows `animal`."""
        if not self.is_complete():
            return False
        _, cat, mouse = FLOOR_CARDS[self.floors[-1]]
        return cat if animal == "cat" else mouse


class RefClockTowers:
    """A whole game of ClockTowers with stacked decks and no random removal.

    >>> game = RefClockTowers(2, ["roof-red"])
    >>> sorted(game.legal())
    ['discard 1cat', 'discard 1mouse', 'discard clock-mouse', 'play 1cat new', 'play 1mouse new']
    >>> game.apply("play 1cat new")  # a single non-empty deck: its top is drawn at once
    >>> game.current_player, sorted(game.hands[0])
    (1, ['1mouse', 'clock-mouse', 'roof-red'])
    """

    def __init__(self, players: int, deck: list[str]) -> None:
        if not 2 <= players <= 4:
            raise ValueError(f"ClockTowers is for 2-4 players, not {players}")
        self.players = players
        self.hands: list[list[str]] = [list(STARTING_HAND) for _ in range(players)]
        self.towers: list[list[RefTower]] = [[] for _ in range(players)]
        self.discards: list[list[str]] = [[] for _ in range(players)]
        # Each deck lists its cards top first.
        self.decks: dict[str, list[str]] = {name: [] for name in DECK_NAMES}
        for card in deck:
            self.decks[deck_of(card)].append(card)
        self.current_player: int | None = 0
        self.phase = "play"  # "play", "draw" or "over"
        self.history: list[str] = []

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def non_empty_decks(self) -> list[str]:
        return [name for name in DECK_NAMES if self.decks[name]]

    def completed_with(self, player: int, roof: str) -> int:
        """How many towers `player` has already completed with this roof colour."""
        return sum(1 for tower in self.towers[player] if tower.roof == roof)

    def legal(self) -> set[str]:
        if self.phase == "over" or self.current_player is None:
            return set()
        player = self.current_player
        if self.phase == "draw":
            return {f"draw {name}" for name in self.non_empty_decks()}

        actions: set[str] = set()
        towers = self.towers[player]
        for card in set(self.hands[player]):
            actions.add(f"discard {card}")
            kind = deck_of(card)
            for number, tower in enumerate(towers, start=1):
                if kind == "floors":
                    # Only on a tower made of floors alone.
                    if tower.clock is None and tower.roof is None:
                        actions.add(f"play {card} {number}")
                elif kind == "clocks":
                    if tower.floors and tower.clock is None and tower.roof is None:
                        actions.add(f"play {card} {number}")
                else:  # roofs
                    if tower.clock is None or tower.roof is not None:
                        continue
                    # k-th tower of this colour (k = done + 1) needs exactly k + 1 floors.
                    needed = self.completed_with(player, card) + 2
                    if tower.floor_count() == needed:
                        actions.add(f"play {card} {number}")
            if kind == "floors":
                actions.add(f"play {card} new")
        return actions

    def apply(self, notation: str) -> None:
        if notation not in self.legal():
            raise ValueError(f"illegal action {notation!r}")
        assert self.current_player is not None
        player = self.current_player
        words = notation.split()
        self.history.append(notation)

        if words[0] == "draw":
            self.hands[player].append(self.decks[words[1]].pop(0))
            self._end_turn()
            return

        card = words[1]
        self.hands[player].remove(card)
        if words[0] == "discard":
            self.discards[player].append(card)
        elif words[2] == "new":
            self.towers[player].append(RefTower(floors=[card]))
        else:
            tower = self.towers[player][int(words[2]) - 1]
            kind = deck_of(card)
            if kind == "floors":
                tower.floors.append(card)
            elif kind == "clocks":
                tower.clock = card
            else:
                tower.roof = card

        # After playing or discarding: a choice of deck, a forced draw, or no draw.
        open_decks = self.non_empty_decks()
        if len(open_decks) >= 2:
            self.phase = "draw"
            return
        if len(open_decks) == 1:
            self.hands[player].append(self.decks[open_decks[0]].pop(0))
        self._end_turn()

    def _end_turn(self) -> None:
        assert self.current_player is not None
        if not self.non_empty_decks() and not any(self.hands):
            self.phase = "over"
            self.current_player = None
            return
        # Next seat clockwise that still holds a card.
        seat = self.current_player
        for _ in range(self.players):
            seat = (seat + 1) % self.players
            if self.hands[seat]:
                break
        else:
            raise AssertionError("cards remain in the decks but every hand is empty")
        self.current_player = seat
        self.phase = "play"

    def scores(self) -> list[int]:
        return [sum(tower.points() for tower in towers) for towers in self.towers]

    def winners(self) -> list[int]:
        mouse_top = [any(t.top_shows("mouse") for t in towers) for towers in self.towers]
        cat_top = [any(t.top_shows("cat") for t in towers) for towers in self.towers]
        return winners_from(self.scores(), mouse_top, cat_top)
