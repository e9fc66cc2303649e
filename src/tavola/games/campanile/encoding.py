"""Campanile's tensor observation: a seat's view as a flat list of numbers
(the functions of ``tavola.core.package_game.EncodingModule``).

Layout (``n`` seats, 5 styles in the order of ``STYLES``), all counts as plain numbers.
Edition 2009:

- seat one-hot (n), player to act one-hot (n), phase one-hot (4: build, influence, take, over);
- per style: position one-hot (5), height, cards played, then per seat: influence,
  markers of value 1, 2, 3, and group order (1 = nearest the base, 0 = no group);
- display cards per style (5); the step just built: style one-hot (5), floors one-hot (3);
- stack size, intermezzo scored (0/1);
- per seat: markers in supply by value (3), hand size, known cards per style (5), points;
- own hand cards per style (5).

Edition 1996, the same blocks with the display, stack and Intermezzo replaced by the piles:

- seat one-hot (n), player to act one-hot (n), phase one-hot (3: build, bet, over);
- per style: the same tower block as in 2009;
- per pile (1, 2, 3): its top card's style one-hot (5, all 0 when empty), its size;
- the step just built: style one-hot (5), floors one-hot (3);
- per seat: markers in supply by value (3), hand size, known cards per style (5), points;
- own hand cards per style (5).

>>> import tavola
>>> game = tavola.load("campanile", players=2)
>>> view = game.new_game(seed=1).view(0)
>>> len(game.encode_view(view)) == game.observation_shape[0]
True
"""

from __future__ import annotations

from typing import Any, cast

from tavola.core.game import Tensor
from tavola.games.campanile.components import NUM_PILES, NUM_STYLES, STYLES
from tavola.games.campanile.edition1996 import Campanile1996State
from tavola.games.campanile.edition2009 import CampanileState
from tavola.games.campanile.towers import MARKER_PHASE, OVER, TAKE_PHASE

PHASES = ("build", "influence", "take", "over")
PHASES_1996 = ("build", "bet", "over")
PER_SEAT_UNDER_TOWER = 5  # influence, markers 1, 2, 3, group order
PER_PILE = NUM_STYLES + 1  # top style one-hot, size
PER_SEAT = 3 + 1 + NUM_STYLES + 1  # supply by value, hand size, known cards, points
# The state's phase (build 0, marker step 1, take 2, over 3) as the 1996 one-hot's index.
PHASE_INDEX_1996 = (0, 1, -1, 2)


def observation_size(num_players: int, edition: str = "2009") -> int:
    """The tensor length for a player count and an edition.

    >>> observation_size(4), observation_size(4, "1996")
    (207, 217)
    """
    n = num_players
    per_tower = NUM_STYLES + 2 + PER_SEAT_UNDER_TOWER * n
    shared = 2 * n + NUM_STYLES * per_tower + NUM_STYLES + 3 + n * PER_SEAT + NUM_STYLES
    if edition == "1996":
        return shared + len(PHASES_1996) + NUM_PILES * PER_PILE
    return shared + len(PHASES) + NUM_STYLES + 2


class Layout:
    """Where each block starts, for a player count and an edition."""

    def __init__(self, n: int, edition_1996: bool) -> None:
        self.per_tower = NUM_STYLES + 2 + PER_SEAT_UNDER_TOWER * n
        self.towers = 2 * n + (len(PHASES_1996) if edition_1996 else len(PHASES))
        self.table = self.towers + NUM_STYLES * self.per_tower  # display or piles
        self.built = self.table + (NUM_PILES * PER_PILE if edition_1996 else NUM_STYLES)
        self.seats = self.built + NUM_STYLES + 3 + (0 if edition_1996 else 2)
        self.own = self.seats + n * PER_SEAT
        # Where each number of the state's flat per-seat lists goes.
        self.supply = [self.seats + PER_SEAT * (i // 3) + i % 3 for i in range(3 * n)]
        self.known = [
            self.seats + PER_SEAT * (i // NUM_STYLES) + 4 + i % NUM_STYLES
            for i in range(NUM_STYLES * n)
        ]


_LAYOUTS: dict[tuple[int, bool], Layout] = {}


def layout(n: int, edition_1996: bool) -> Layout:
    found = _LAYOUTS.get((n, edition_1996))
    if found is None:
        found = _LAYOUTS[n, edition_1996] = Layout(n, edition_1996)
    return found


def encode(view: dict[str, Any]) -> list[float]:
    """The flat tensor of a view (see the module docstring for the layout)."""
    edition = "1996" if "piles" in view else "2009"
    out = [0.0] * observation_size(view["players"], edition)
    encode_view_into(view, out)
    return out


def encode_view_into(view: dict[str, Any], out: Tensor) -> None:
    """Write the tensor of a view into ``out`` (zeros): only the numbers that are not zero."""
    n: int = view["players"]
    edition_1996 = "piles" in view
    at = layout(n, edition_1996)
    seat = view["seat"]
    if seat is not None:
        out[seat] = 1.0
    if view["current_player"] is not None:
        out[n + view["current_player"]] = 1.0
    out[2 * n + (PHASES_1996 if edition_1996 else PHASES).index(view["phase"])] = 1.0
    towers = {tower["style"]: tower for tower in view["towers"]}
    for style, name in enumerate(STYLES):
        tower = towers[name]
        block = at.towers + style * at.per_tower
        out[block + tower["position"]] = 1.0
        out[block + NUM_STYLES] = float(tower["height"])
        out[block + NUM_STYLES + 1] = float(tower["cards"])
        for order, group in enumerate(tower["groups"], start=1):
            under = block + NUM_STYLES + 2 + PER_SEAT_UNDER_TOWER * group["player"]
            out[under] = float(sum(group["markers"]))
            for value in group["markers"]:
                out[under + value] += 1.0
            out[under + 4] = float(order)
    if edition_1996:
        for number, pile in enumerate(view["piles"]):
            block = at.table + number * PER_PILE
            if pile["top"]:
                out[block + STYLES.index(pile["top"])] = 1.0
            out[block + NUM_STYLES] = float(pile["size"])
    else:
        for name in view["display"]:
            out[at.table + STYLES.index(name)] += 1.0
        out[at.built + NUM_STYLES + 3] = float(view["stack"])
        out[at.built + NUM_STYLES + 4] = float(view["intermezzo_scored"])
    built = view["built"]
    if built:
        out[at.built + STYLES.index(built["style"])] = 1.0
        out[at.built + NUM_STYLES + built["floors"] - 1] = 1.0
    for other in range(n):
        block = at.seats + other * PER_SEAT
        hand = view["hands"][other]
        for value, count in enumerate(view["supply"][other]):
            out[block + value] = float(count)
        out[block + 3] = float(hand["size"])
        for name in hand["known"]:
            out[block + 4 + STYLES.index(name)] += 1.0
        out[block + 4 + NUM_STYLES] = float(view["scores"][other])
    if seat is not None:
        for name in view["hands"][seat]["cards"]:
            out[at.own + STYLES.index(name)] += 1.0


def encode_state_into(
    state: CampanileState | Campanile1996State, player: int | None, out: Tensor
) -> None:
    """``encode_view_into(state.view(player), out)``, read straight from the state."""
    n = state.num_players
    edition_1996 = state.rules.edition == "1996"
    at = layout(n, edition_1996)
    phase = state.phase
    if player is not None:
        out[player] = 1.0
    if phase != OVER:
        out[n + state.player] = 1.0
    out[2 * n + (PHASE_INDEX_1996[phase] if edition_1996 else phase)] = 1.0
    positions, heights, played, groups = (
        state.rules.positions,
        state.heights,
        state.played,
        state.groups,
    )
    block = at.towers
    for style in range(NUM_STYLES):
        out[block + positions[style]] = 1.0
        if heights[style]:
            out[block + NUM_STYLES] = heights[style]
            out[block + NUM_STYLES + 1] = played[style]
        if groups[style]:
            for offset, value in _under(groups[style]):
                out[block + offset] = value
        block += at.per_tower
    if edition_1996:
        state = cast(Campanile1996State, state)
        built = phase == MARKER_PHASE
        scores = state.points
        for number, pile in enumerate(state.piles):
            if pile:
                block = at.table + number * PER_PILE
                out[block + pile[-1]] = 1.0
                out[block + NUM_STYLES] = len(pile)
    else:
        state = cast(CampanileState, state)
        built = phase in (MARKER_PHASE, TAKE_PHASE)
        scores = [sum(chips) for chips in state.chips]
        for style, count in enumerate(state.display):
            if count:
                out[at.table + style] = count
        out[at.built + NUM_STYLES + 3] = state.stack_size
        if state.intermezzo_scored:
            out[at.built + NUM_STYLES + 4] = 1.0
    if built:
        out[at.built + state.built_style] = 1.0
        out[at.built + NUM_STYLES + state.built_floors - 1] = 1.0
    for position, count in zip(at.supply, state.supply, strict=True):
        if count:
            out[position] = count
    for position, count in zip(at.known, state.known, strict=True):
        if count:
            out[position] = count
    hands = state.hands
    block = at.seats
    for seat in range(n):
        first = NUM_STYLES * seat
        out[block + 3] = sum(hands[first : first + NUM_STYLES])
        if scores[seat]:
            out[block + 4 + NUM_STYLES] = scores[seat]
        block += PER_SEAT
    if player is not None:
        first = NUM_STYLES * player
        for style in range(NUM_STYLES):
            if hands[first + style]:
                out[at.own + style] = hands[first + style]


# The numbers a tower's groups of markers give, (offset in the tower's block, value), by
# groups: a handful of distinct groups recur across a game, so they are worked out once.
_UNDER: dict[tuple[tuple[int, ...], ...], tuple[tuple[int, float], ...]] = {}
_UNDER_LIMIT = 100_000


def _under(groups: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, float], ...]:
    found = _UNDER.get(groups)
    if found is None:
        numbers: dict[int, float] = {}
        for order, (seat, *markers) in enumerate(groups, start=1):
            under = NUM_STYLES + 2 + PER_SEAT_UNDER_TOWER * seat
            numbers[under] = float(sum(markers))
            for value in markers:
                numbers[under + value] = numbers.get(under + value, 0.0) + 1.0
            numbers[under + 4] = float(order)
        if len(_UNDER) >= _UNDER_LIMIT:
            _UNDER.clear()
        found = _UNDER[groups] = tuple(numbers.items())
    return found
