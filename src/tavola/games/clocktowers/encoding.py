"""ClockTowers' tensor observation: a seat's view as a flat list of numbers
(the functions of ``tavola.core.package_game.EncodingModule``).

Layout (``n`` seats, 13 card kinds in the order of ``CARD_CODES``), counts as plain numbers:

- seat one-hot (n), player to act one-hot (n), phase one-hot (3: play, draw, over);
- per deck (floors, roofs, clocks): cards left, the visible top one-hot (13);
- own hand: cards per kind (13; zeros for a spectator);
- per seat: hand size, known cards per kind (13), unknown cards, cards discarded, points,
  floors the next tower of each roof colour needs (5), complete towers worth 5, 4, 3, 2
  (4), a complete tower with a mouse / a cat on its topmost floor (2), then the first
  ``OPEN_TOWERS`` unfinished towers by number, each: present, floors, clock, mouse on the
  clock, any cat, any mouse, mouse on the topmost floor, cat on the topmost floor (8),
  and how many unfinished towers did not fit.

>>> import tavola
>>> game = tavola.load("clocktowers", players=3)
>>> view = game.new_game(seed=1).view(0)
>>> len(game.encode_view(view)) == game.observation_shape[0]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tavola.core.game import Tensor
from tavola.games.clocktowers import knowledge
from tavola.games.clocktowers.components import (
    CARD_CODES,
    CLOCK_MOUSE,
    COLOURS,
    COMPLETE,
    FIRST_HEIGHT,
    FLOORS_ONLY,
    HAS_CAT,
    HAS_MOUSE,
    NUM_CARDS,
    NUM_COLOURS,
    NUM_FLOOR_CARDS,
)
from tavola.games.clocktowers.state import OVER, ClockTowersState

PHASES = ("play", "draw", "over")
OPEN_TOWERS = 10
PER_TOWER = 8
PER_SEAT = 1 + NUM_CARDS + 3 + len(COLOURS) + 4 + 2 + OPEN_TOWERS * PER_TOWER + 1
_INDEX = {code: index for index, code in enumerate(CARD_CODES)}
_POINTS = (5, 4, 3, 2)
# Where the blocks of a seat start: counts of complete towers by points, their tops, the
# unfinished towers, the unfinished towers that did not fit.
_COMPLETE = 1 + NUM_CARDS + 3 + NUM_COLOURS
_TOPS = _COMPLETE + len(_POINTS)
_OPEN = _TOPS + 2
_OVERFLOW = _OPEN + OPEN_TOWERS * PER_TOWER
_DECKS = 3


def observation_size(num_players: int) -> int:
    return 2 * num_players + len(PHASES) + 3 * (1 + NUM_CARDS) + NUM_CARDS + num_players * PER_SEAT


def encode(view: dict[str, Any]) -> list[float]:
    """The flat tensor of a view (see the module docstring for the layout)."""
    out = [0.0] * observation_size(view["players"])
    encode_view_into(view, out)
    return out


def card_counts(codes: list[str]) -> list[float]:
    """How many cards of each kind, in the order of ``CARD_CODES``."""
    counts = [0.0] * NUM_CARDS
    for code in codes:
        counts[_INDEX[code]] += 1
    return counts


def _top_floor(cards: Sequence[int]) -> int:
    return next(card for card in reversed(cards) if card < NUM_FLOOR_CARDS)


def _write_tower(out: Tensor, at: int, floors: int, clock: bool, cards: Sequence[int]) -> None:
    """An unfinished tower's 8 numbers (``cards`` as card indices, from the base up)."""
    top = _top_floor(cards)
    out[at] = 1.0
    out[at + 1] = float(floors)
    if clock:
        out[at + 2] = 1.0
    if cards[-1] == CLOCK_MOUSE:
        out[at + 3] = 1.0
    if any(HAS_CAT[card] for card in cards):
        out[at + 4] = 1.0
    if any(HAS_MOUSE[card] for card in cards):
        out[at + 5] = 1.0
    if HAS_MOUSE[top]:
        out[at + 6] = 1.0
    if HAS_CAT[top]:
        out[at + 7] = 1.0


def _write_complete(out: Tensor, at: int, complete: Sequence[tuple[int, Sequence[int]]]) -> None:
    """The counts of complete towers by points and their topmost floors' animals."""
    for points, _ in complete:
        out[at + _COMPLETE + _POINTS.index(points)] += 1.0
    tops = [_top_floor(cards) for _, cards in complete]
    if any(HAS_MOUSE[card] for card in tops):
        out[at + _TOPS] = 1.0
    if any(HAS_CAT[card] for card in tops):
        out[at + _TOPS + 1] = 1.0


def encode_view_into(view: dict[str, Any], out: Tensor) -> None:
    """Write the tensor of a view into ``out`` (zeros): only the numbers that are not zero."""
    n: int = view["players"]
    if view["seat"] is not None:
        out[view["seat"]] = 1.0
    if view["current_player"] is not None:
        out[n + view["current_player"]] = 1.0
    out[2 * n + PHASES.index(view["phase"])] = 1.0
    at = 2 * n + len(PHASES)
    for deck in view["decks"]:
        out[at] = float(deck["size"])
        if deck["top"]:
            out[at + 1 + _INDEX[deck["top"]]] = 1.0
        at += 1 + NUM_CARDS
    own = view["seat"]
    for code in view["hands"][own]["cards"] if own is not None else []:
        out[at + _INDEX[code]] += 1.0
    at += NUM_CARDS
    for seat in range(n):
        hand = view["hands"][seat]
        out[at] = float(hand["size"])
        for code in hand["known"]:
            out[at + 1 + _INDEX[code]] += 1.0
        out[at + 1 + NUM_CARDS] = float(hand["unknown"])
        out[at + 2 + NUM_CARDS] = float(view["discarded"][seat])
        out[at + 3 + NUM_CARDS] = float(view["scores"][seat])
        for index, colour in enumerate(COLOURS):
            out[at + 4 + NUM_CARDS + index] = float(view["needs"][seat][colour])
        towers = view["towers"][seat]
        complete = [
            (t["points"], [_INDEX[code] for code in t["cards"]]) for t in towers if t["complete"]
        ]
        _write_complete(out, at, complete)
        unfinished = [t for t in towers if not t["complete"]]
        for index, tower in enumerate(unfinished[:OPEN_TOWERS]):
            cards = [_INDEX[code] for code in tower["cards"]]
            _write_tower(
                out, at + _OPEN + index * PER_TOWER, tower["floors"], tower["clock"], cards
            )
        out[at + _OVERFLOW] = float(max(len(unfinished) - OPEN_TOWERS, 0))
        at += PER_SEAT


def encode_state_into(state: ClockTowersState, player: int | None, out: Tensor) -> None:
    """``encode_view_into(state.view(player), out)``, read straight from the state."""
    n = state.num_players
    if player is not None:
        out[player] = 1.0
    if state.phase != OVER:
        out[n + state.player] = 1.0
    out[2 * n + state.phase] = 1.0
    at = 2 * n + len(PHASES)
    for deck in range(_DECKS):
        left = state.left[deck]
        if left:
            out[at] = left
            out[at + 1 + state.decks[deck][left - 1]] = 1.0
        at += 1 + NUM_CARDS
    if player is not None:
        for card in state.hands[player]:
            out[at + card] += 1.0
    at += NUM_CARDS
    done, bases, logs = state.done, state.base, state.log
    for seat in range(n):
        hand = state.hands[seat]
        # A hand no face-down discard made uncertain is known to all (see possible_hands).
        if bases[seat] is None or logs[seat] is None:
            known = hand
        else:
            known = _known(state.possible_hands(seat))
        out[at] = len(hand)
        for card in known:
            out[at + 1 + card] += 1.0
        if len(hand) > len(known):
            out[at + 1 + NUM_CARDS] = len(hand) - len(known)
        if state.discarded[seat]:
            out[at + 2 + NUM_CARDS] = state.discarded[seat]
        if state.points[seat]:
            out[at + 3 + NUM_CARDS] = state.points[seat]
        first = NUM_COLOURS * seat
        for colour in range(NUM_COLOURS):
            out[at + 4 + NUM_CARDS + colour] = done[first + colour] + FIRST_HEIGHT
        for offset, value in _towers(tuple(state.towers[seat])):
            out[at + offset] = value
        at += PER_SEAT


# The numbers a seat's towers give (offset in the seat's block, value), by towers: a seat's
# towers change only when it plays, and recur across games, so each is worked out once.
_CACHE_LIMIT = 50_000
_TOWERS: dict[tuple[tuple[int, int, tuple[int, ...]], ...], tuple[tuple[int, float], ...]] = {}


def _towers(towers: tuple[tuple[int, int, tuple[int, ...]], ...]) -> tuple[tuple[int, float], ...]:
    found = _TOWERS.get(towers)
    if found is None:
        from tavola.games.clocktowers.scoring import tower_points

        numbers = [0.0] * PER_SEAT
        complete = [
            (tower_points(cards), cards) for status, _, cards in towers if status == COMPLETE
        ]
        _write_complete(numbers, 0, complete)
        unfinished = [tower for tower in towers if tower[0] != COMPLETE]
        for index, (status, floors, cards) in enumerate(unfinished[:OPEN_TOWERS]):
            _write_tower(numbers, _OPEN + index * PER_TOWER, floors, status != FLOORS_ONLY, cards)
        numbers[_OVERFLOW] = float(max(len(unfinished) - OPEN_TOWERS, 0))
        if len(_TOWERS) >= _CACHE_LIMIT:
            _TOWERS.clear()
        found = _TOWERS[towers] = tuple((i, v) for i, v in enumerate(numbers) if v)
    return found


# The cards known of a hand, by its list of possible hands: a state hands out the same list
# until the hand changes, so the list itself (kept here, so its id is not reused) is the key.
_KNOWN: dict[int, tuple[list[tuple[int, ...]], list[int]]] = {}


def _known(possible: list[tuple[int, ...]]) -> list[int]:
    found = _KNOWN.get(id(possible))
    if found is None or found[0] is not possible:
        if len(_KNOWN) >= _CACHE_LIMIT // 10:
            _KNOWN.clear()
        found = _KNOWN[id(possible)] = (possible, knowledge.known_cards(possible))
    return found[1]
