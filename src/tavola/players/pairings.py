"""Tournament formats without I/O: who plays whom, what a result is worth, the standings.

Entrants are named by strings (the server uses their entry numbers); a ``Table`` is one
match of a round, its entrants in seat order; a table of one entrant is a bye.

- **Points** (``place_points``): the winners share the first places; a place ``p`` of
  ``n`` seats (0 first) is worth ``(n - 1 - p) / (n - 1)``, so 2 seats give 1 to the
  winner, 0 to the loser, 0.5 each for a draw; 4 seats give 1, 2/3, 1/3, 0. A bye is
  worth 1.
- **Swiss** (``swiss_round``): entrants by points (then entry order); a bye, if their
  number does not fill the tables, to the lowest who had none; then each, from the top,
  meets the highest below who is not a past opponent (backtracking when that leaves
  someone without a partner). Tables of 3-5 seats are cut from the same order: score
  groups, top down.
- **Round robin** (``round_robin``): the circle method; every pair meets once.
- **Arena** (``arena_tables``): those waiting, longest first, each with the longest
  waiting who was not their last opponent (anyone, if nobody else waits).
- **Standings** (``standings``): points, then Buchholz (the sum of the points of the
  entrants met: the table-mates' for larger tables), then entry order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

BYE_POINTS = 1.0
MAX_TRIES = 20_000  # backtracking steps before a Swiss round accepts rematches


@dataclass(frozen=True)
class Table:
    """A table of a round: its entrants in seat order and, once it ended, their points."""

    round: int
    entrants: tuple[str, ...]
    points: tuple[float, ...] | None = None

    @property
    def is_bye(self) -> bool:
        return len(self.entrants) == 1


@dataclass(frozen=True)
class Standing:
    entrant: str
    points: float
    tiebreak: float
    played: int


def place_points(ranking: Sequence[int], winners: Sequence[int]) -> list[float]:
    """Each seat's points for a match that ended with ``ranking`` (seats, best first):
    the winners share the first places' points; with no winner, every seat shares all.

    >>> place_points([1, 0], [1]), place_points([0, 1], [0, 1]), place_points([0, 1], [])
    ([0.0, 1.0], [0.5, 0.5], [0.5, 0.5])
    >>> [round(p, 3) for p in place_points([2, 0, 3, 1], [2])]
    [0.667, 0.0, 1.0, 0.333]
    """
    seats = len(ranking)
    worth = [(seats - 1 - place) / (seats - 1) for place in range(seats)]
    shared = len(winners) or seats
    top = sum(worth[:shared]) / shared
    points = [0.0] * seats
    others = [seat for seat in ranking if seat not in winners] if winners else []
    for seat in winners or ranking:
        points[seat] = top
    for place, seat in enumerate(others, start=shared):
        points[seat] = worth[place]
    return points


def _scores(entrants: Sequence[str], tables: Iterable[Table]) -> dict[str, float]:
    scores = dict.fromkeys(entrants, 0.0)
    for table in tables:
        if table.points is not None:
            for entrant, points in zip(table.entrants, table.points, strict=True):
                scores[entrant] = scores.get(entrant, 0.0) + points
    return scores


def standings(entrants: Sequence[str], tables: Sequence[Table]) -> list[Standing]:
    """The entrants (in entry order) by points, Buchholz, entry order; ``played``: the
    tables that ended, byes included.

    >>> tables = [Table(1, ("a", "b"), (1.0, 0.0)), Table(1, ("c",), (1.0,))]
    >>> [(s.entrant, s.points, s.tiebreak) for s in standings(["a", "b", "c"], tables)]
    [('a', 1.0, 0.0), ('c', 1.0, 0.0), ('b', 0.0, 1.0)]
    """
    scores = _scores(entrants, tables)
    tiebreak = dict.fromkeys(entrants, 0.0)
    played = dict.fromkeys(entrants, 0)
    for table in tables:
        if table.points is None:
            continue
        for entrant in table.entrants:
            played[entrant] = played.get(entrant, 0) + 1
            tiebreak[entrant] = tiebreak.get(entrant, 0.0) + sum(
                scores[other] for other in table.entrants if other != entrant
            )
    order = {entrant: number for number, entrant in enumerate(entrants)}
    ranked = sorted(entrants, key=lambda e: (-scores[e], -tiebreak[e], order[e]))
    return [Standing(e, scores[e], tiebreak[e], played[e]) for e in ranked]


def _met(tables: Iterable[Table]) -> set[frozenset[str]]:
    return {
        frozenset((one, other))
        for table in tables
        for one in table.entrants
        for other in table.entrants
        if one != other
    }


def swiss_round(
    entrants: Sequence[str], tables: Sequence[Table], number: int, seats: int = 2
) -> list[Table]:
    """Round ``number``'s tables for ``entrants`` (those still in, in entry order), after
    ``tables`` (every earlier round's).

    >>> [t.entrants for t in swiss_round(["a", "b", "c"], [], 1)]
    [('a', 'b'), ('c',)]
    """
    scores = _scores(entrants, tables)
    order = {entrant: number for number, entrant in enumerate(entrants)}
    ranked = sorted(entrants, key=lambda e: (-scores[e], order[e]))
    had_bye = {t.entrants[0] for t in tables if t.is_bye}
    byes: list[str] = []
    for entrant in reversed(ranked):
        if len(byes) == len(ranked) % seats:
            break
        if entrant not in had_bye:
            byes.append(entrant)
    for entrant in reversed(ranked):  # everyone had one: the lowest again
        if len(byes) == len(ranked) % seats:
            break
        if entrant not in byes:
            byes.append(entrant)
    playing = [e for e in ranked if e not in byes]
    if seats == 2:
        pairs = _pairs(playing, _met(tables)) or _pairs(playing, set())
        groups = pairs or []
    else:
        groups = [tuple(playing[i : i + seats]) for i in range(0, len(playing), seats)]
    found = [Table(number, group) for group in groups]
    return found + [Table(number, (entrant,), (BYE_POINTS,)) for entrant in reversed(byes)]


def _pairs(playing: list[str], met: set[frozenset[str]]) -> list[tuple[str, ...]] | None:
    """Pairs top down, nobody with a past opponent (``None``: impossible, or too long)."""
    tries = 0

    def pair(rest: list[str]) -> list[tuple[str, ...]] | None:
        nonlocal tries
        if not rest:
            return []
        first, others = rest[0], rest[1:]
        for index, other in enumerate(others):
            tries += 1
            if tries > MAX_TRIES:
                return None
            if frozenset((first, other)) in met:
                continue
            found = pair(others[:index] + others[index + 1 :])
            if found is not None:
                return [(first, other), *found]
        return None

    return pair(playing)


def round_robin(entrants: Sequence[str]) -> list[list[Table]]:
    """Every round of a round robin (the circle method: the first entrant stays, the others
    turn); with an odd number, each round one entrant has a bye.

    >>> [[t.entrants for t in r] for r in round_robin(["a", "b", "c", "d"])]
    [[('a', 'd'), ('b', 'c')], [('a', 'c'), ('d', 'b')], [('a', 'b'), ('c', 'd')]]
    """
    circle: list[str | None] = list(entrants)
    if len(circle) % 2:
        circle.append(None)
    half = len(circle) // 2
    rounds = []
    for number in range(1, len(circle)):
        tables = []
        for index in range(half):
            one, other = circle[index], circle[-1 - index]
            if one is not None and other is not None:
                tables.append(Table(number, (one, other)))
            elif one is not None or other is not None:
                alone = one if one is not None else other
                assert alone is not None
                tables.append(Table(number, (alone,), (BYE_POINTS,)))
        rounds.append(tables)
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return rounds


def arena_tables(
    waiting: Sequence[str], tables: Sequence[Table], number: int, seats: int = 2
) -> list[Table]:
    """Tables for the entrants ``waiting`` (longest first) now; the rest wait on.

    >>> earlier = [Table(1, ("a", "b"), (1.0, 0.0))]
    >>> [t.entrants for t in arena_tables(["a", "b", "c"], earlier, 2)]
    [('a', 'c')]
    """
    last: dict[str, set[str]] = {}
    for table in tables:  # in the order they were made: the latest counts
        for entrant in table.entrants:
            last[entrant] = set(table.entrants) - {entrant}
    free = list(waiting)
    found = []
    while len(free) >= seats:
        group = [free.pop(0)]
        for other in list(free):
            if len(group) == seats:
                break
            if not any(other in last.get(member, set()) for member in group):
                group.append(other)
                free.remove(other)
        while len(group) < seats:  # nobody new waits: the same opponents again
            group.append(free.pop(0))
        found.append(Table(number, tuple(group)))
    return found
