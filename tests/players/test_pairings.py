"""Tournament formats: a hand-computed Swiss, byes, round robins, arenas, points."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

import pytest

from tavola.players.pairings import (
    Table,
    arena_tables,
    place_points,
    round_robin,
    standings,
    swiss_round,
)

SIX = ["a", "b", "c", "d", "e", "f"]
# The results of the hand-computed Swiss below, by table (first seat's points first).
RESULTS = {
    1: [(1.0, 0.0), (0.5, 0.5), (0.0, 1.0)],
    2: [(0.0, 1.0), (1.0, 0.0), (0.5, 0.5)],
    3: [(0.5, 0.5), (0.0, 1.0), (0.0, 1.0)],
}
# Worked by hand: round 1 top down in entry order; round 2 by score, c-d met so c-b;
# round 3 f(2) c(1.5) a(1) d(1) e(0.5) b(0).
PAIRINGS = {
    1: [("a", "b"), ("c", "d"), ("e", "f")],
    2: [("a", "f"), ("c", "b"), ("d", "e")],
    3: [("f", "c"), ("a", "d"), ("e", "b")],
}
# Final: points, Buchholz (the sum of the opponents' final points).
FINAL = [
    ("f", 2.5, 3.5),
    ("c", 2.0, 5.5),
    ("d", 2.0, 3.5),
    ("a", 1.0, 5.5),
    ("b", 1.0, 3.5),
    ("e", 0.5, 5.5),
]


def play(tables: list[Table], results: Sequence[tuple[float, ...]]) -> list[Table]:
    return [Table(t.round, t.entrants, r) for t, r in zip(tables, results, strict=True)]


def test_a_six_player_swiss_of_three_rounds_follows_the_hand_computed_table() -> None:
    played: list[Table] = []
    for number in (1, 2, 3):
        tables = swiss_round(SIX, played, number)
        assert [t.entrants for t in tables] == PAIRINGS[number]
        played += play(tables, RESULTS[number])
    final = [(s.entrant, s.points, s.tiebreak) for s in standings(SIX, played)]
    assert final == FINAL
    assert all(s.played == 3 for s in standings(SIX, played))


def test_a_swiss_gives_the_bye_to_the_lowest_who_had_none_and_avoids_rematches() -> None:
    five = SIX[:5]
    played: list[Table] = []
    byes = []
    for number in range(1, 6):
        tables = swiss_round(five, played, number)
        byes += [t.entrants[0] for t in tables if t.is_bye]
        played += [t if t.is_bye else Table(number, t.entrants, (1.0, 0.0)) for t in tables]
    assert len(byes) == len(set(byes)) == 5
    pairs = [frozenset(t.entrants) for t in played if not t.is_bye]
    assert len(pairs) == len(set(pairs)) == 10  # five rounds: everyone met everyone once


def test_a_swiss_of_larger_tables_cuts_score_groups_and_gives_the_rest_byes() -> None:
    seven = [*SIX, "g"]
    first = swiss_round(seven, [], 1, seats=3)
    assert [t.entrants for t in first] == [("a", "b", "c"), ("d", "e", "f"), ("g",)]
    played = [
        Table(1, ("a", "b", "c"), (0.0, 0.5, 1.0)),
        Table(1, ("d", "e", "f"), (1.0, 0.5, 0.0)),
        first[2],
    ]
    second = swiss_round(seven, played, 2, seats=3)
    assert [t.entrants for t in second] == [("c", "d", "g"), ("b", "e", "a"), ("f",)]


def test_a_round_robin_plays_every_pairing_once() -> None:
    for count in (4, 5, 6):
        entrants = SIX[:count]
        rounds = round_robin(entrants)
        assert len(rounds) == count - 1 + count % 2
        pairs = [frozenset(t.entrants) for r in rounds for t in r if not t.is_bye]
        assert sorted(pairs, key=sorted) == sorted(
            (frozenset(p) for p in combinations(entrants, 2)), key=sorted
        )
        for tables in rounds:  # nobody twice in a round
            seated = [e for t in tables for e in t.entrants]
            assert sorted(seated) == sorted(entrants)


def test_an_arena_pairs_those_waiting_at_once_not_with_their_last_opponent() -> None:
    earlier = [Table(1, ("a", "b"), (1.0, 0.0)), Table(1, ("c", "d"), (0.0, 1.0))]
    tables = arena_tables(["a", "b", "c", "d"], earlier, 2)
    assert [t.entrants for t in tables] == [("a", "c"), ("b", "d")]
    assert [t.entrants for t in arena_tables(["b", "a"], earlier, 3)] == [("b", "a")]
    assert arena_tables(["e"], earlier, 3) == []


def test_points_by_place() -> None:
    assert place_points([0, 1], [0]) == [1.0, 0.0]
    assert place_points([1, 0], [1]) == [0.0, 1.0]
    assert place_points([0, 1], [0, 1]) == [0.5, 0.5]
    assert place_points([2, 1, 0], [2]) == [0.0, 0.5, 1.0]
    assert place_points([0, 1, 2, 3], [0, 1]) == pytest.approx([5 / 6, 5 / 6, 1 / 3, 0.0])
