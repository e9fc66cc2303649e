"""ClockTowers' tensor observation: a seat's view as a flat list of numbers.

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

from typing import Any

from tavola.games.clocktowers.components import CARD_CODES, COLOURS, HAS_CAT, HAS_MOUSE, NUM_CARDS

PHASES = ("play", "draw", "over")
OPEN_TOWERS = 10
PER_TOWER = 8
PER_SEAT = 1 + NUM_CARDS + 3 + len(COLOURS) + 4 + 2 + OPEN_TOWERS * PER_TOWER + 1
_INDEX = {code: index for index, code in enumerate(CARD_CODES)}
_POINTS = (5, 4, 3, 2)


def observation_size(num_players: int) -> int:
    return 2 * num_players + len(PHASES) + 3 * (1 + NUM_CARDS) + NUM_CARDS + num_players * PER_SEAT


def one_hot(index: int | None, size: int) -> list[float]:
    row = [0.0] * size
    if index is not None:
        row[index] = 1.0
    return row


def card_counts(codes: list[str]) -> list[float]:
    counts = [0.0] * NUM_CARDS
    for code in codes:
        counts[_INDEX[code]] += 1
    return counts


def _animals(codes: list[str]) -> tuple[bool, bool]:
    cards = [_INDEX[code] for code in codes]
    return any(HAS_CAT[c] for c in cards), any(HAS_MOUSE[c] for c in cards)


def _top_floor(codes: list[str]) -> int:
    return next(_INDEX[code] for code in reversed(codes) if _INDEX[code] < 6)


def encode(view: dict[str, Any]) -> list[float]:
    """The flat tensor of a view (see the module docstring for the layout)."""
    n: int = view["players"]
    out = one_hot(view["seat"], n) + one_hot(view["current_player"], n)
    out += one_hot(PHASES.index(view["phase"]), len(PHASES))
    for deck in view["decks"]:
        top = deck["top"]
        out += [float(deck["size"]), *one_hot(_INDEX[top] if top else None, NUM_CARDS)]
    own = view["seat"]
    out += card_counts(view["hands"][own]["cards"] if own is not None else [])
    for seat in range(n):
        hand = view["hands"][seat]
        out += [float(hand["size"]), *card_counts(hand["known"]), float(hand["unknown"])]
        out += [float(view["discarded"][seat]), float(view["scores"][seat])]
        out += [float(view["needs"][seat][colour]) for colour in COLOURS]
        complete = [t for t in view["towers"][seat] if t["complete"]]
        out += [float(sum(t["points"] == p for t in complete)) for p in _POINTS]
        tops = [_top_floor(t["cards"]) for t in complete]
        out += [float(any(HAS_MOUSE[c] for c in tops)), float(any(HAS_CAT[c] for c in tops))]
        unfinished = [t for t in view["towers"][seat] if not t["complete"]]
        for index in range(OPEN_TOWERS):
            if index >= len(unfinished):
                out += [0.0] * PER_TOWER
                continue
            tower = unfinished[index]
            cards = tower["cards"]
            cat, mouse = _animals(cards)
            top = _top_floor(cards)
            out += [
                1.0,
                float(tower["floors"]),
                float(tower["clock"]),
                float(cards[-1] == "clock-mouse"),
                float(cat),
                float(mouse),
                float(HAS_MOUSE[top]),
                float(HAS_CAT[top]),
            ]
        out.append(float(max(len(unfinished) - OPEN_TOWERS, 0)))
    return out
