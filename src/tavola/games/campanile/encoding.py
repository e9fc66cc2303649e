"""Campanile's tensor observation: a seat's view as a flat list of numbers.

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

from typing import Any

from tavola.games.campanile.components import NUM_PILES, NUM_STYLES, STYLES

PHASES = ("build", "influence", "take", "over")
PHASES_1996 = ("build", "bet", "over")
PER_SEAT_UNDER_TOWER = 5  # influence, markers 1, 2, 3, group order
PER_PILE = NUM_STYLES + 1  # top style one-hot, size


def observation_size(num_players: int, edition: str = "2009") -> int:
    """The tensor length for a player count and an edition.

    >>> observation_size(4), observation_size(4, "1996")
    (207, 217)
    """
    n = num_players
    per_tower = NUM_STYLES + 2 + PER_SEAT_UNDER_TOWER * n
    per_seat = 3 + 1 + NUM_STYLES + 1
    shared = 2 * n + NUM_STYLES * per_tower + NUM_STYLES + 3 + n * per_seat + NUM_STYLES
    if edition == "1996":
        return shared + len(PHASES_1996) + NUM_PILES * PER_PILE
    return shared + len(PHASES) + NUM_STYLES + 2


def one_hot(index: int | None, size: int) -> list[float]:
    row = [0.0] * size
    if index is not None:
        row[index] = 1.0
    return row


def style_counts(names: list[str]) -> list[float]:
    counts = [0.0] * NUM_STYLES
    for name in names:
        counts[STYLES.index(name)] += 1
    return counts


def encode(view: dict[str, Any]) -> list[float]:
    """The flat tensor of a view (see the module docstring for the layout)."""
    n: int = view["players"]
    edition_1996 = "piles" in view
    out = one_hot(view["seat"], n) + one_hot(view["current_player"], n)
    phases = PHASES_1996 if edition_1996 else PHASES
    out += one_hot(phases.index(view["phase"]), len(phases))
    towers = {tower["style"]: tower for tower in view["towers"]}
    for style in STYLES:
        tower = towers[style]
        out += one_hot(tower["position"], NUM_STYLES)
        out += [float(tower["height"]), float(tower["cards"])]
        under = [[0.0] * PER_SEAT_UNDER_TOWER for _ in range(n)]
        for order, group in enumerate(tower["groups"], start=1):
            row = under[group["player"]]
            row[0] = float(sum(group["markers"]))
            for value in group["markers"]:
                row[value] += 1
            row[4] = float(order)
        out += [number for row in under for number in row]
    if edition_1996:
        for pile in view["piles"]:
            top = pile["top"]
            out += one_hot(STYLES.index(top) if top else None, NUM_STYLES)
            out.append(float(pile["size"]))
    else:
        out += style_counts(view["display"])
    built = view["built"]
    out += one_hot(STYLES.index(built["style"]) if built else None, NUM_STYLES)
    out += one_hot(built["floors"] - 1 if built else None, 3)
    if not edition_1996:
        out += [float(view["stack"]), float(view["intermezzo_scored"])]
    for seat in range(n):
        hand = view["hands"][seat]
        out += [float(count) for count in view["supply"][seat]]
        out += [float(hand["size"]), *style_counts(hand["known"]), float(view["scores"][seat])]
    own = view["seat"]
    out += style_counts(view["hands"][own]["cards"] if own is not None else [])
    return out
