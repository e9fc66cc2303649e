"""The report's figures on hand-made games whose answers are known."""

from __future__ import annotations

import pytest

from tavola.apps.report.analysis import (
    branching,
    close_margin_for,
    compare,
    decided_by,
    set_stats,
    skill_stats,
    source_stats,
)
from tavola.apps.report.plan import OptionSet

from .helpers import game

TWO = OptionSet("defaults", {"players": 2}, 2)
THREE = OptionSet("players=3", {"players": 3}, 3)


def test_a_source_decides_when_its_lead_alone_is_the_margin() -> None:
    row = game([10, 7], sources={"A": [6, 2], "B": [4, 5]})
    assert decided_by(row, row.sources) == {"A"}  # lead 4 >= margin 3; B's lead is -1


def test_deciding_looks_at_every_other_seat() -> None:
    # Without A the winner has 5, the second 8: A decides; without B, 5 against 1 and 0.
    row = game([10, 9, 3], sources={"A": [5, 1, 0], "B": [5, 8, 3]})
    assert decided_by(row, row.sources) == {"A"}


def test_a_lead_equal_to_the_margin_decides_and_several_sources_may() -> None:
    row = game([10, 8], sources={"A": [5, 3], "B": [5, 5], "C": [0, 0]})
    assert decided_by(row, row.sources) == {"A"}  # without A: 5 against 5, not outright
    row = game([10, 8], sources={"A": [5, 4], "B": [5, 4]})
    assert decided_by(row, row.sources) == set()  # a win built on both
    row = game([12, 8], sources={"A": [6, 2], "B": [6, 2]})
    assert decided_by(row, row.sources) == {"A", "B"}


def test_tie_breaks_and_shared_victories_are_decided_by_no_source() -> None:
    tie_broken = game([8, 8], winners=[1], sources={"A": [8, 0], "B": [0, 8]})
    shared = game([8, 8], sources={"A": [8, 0], "B": [0, 8]})
    assert decided_by(tie_broken, tie_broken.sources) == set()
    assert decided_by(shared, shared.sources) == set()


def test_source_figures_leads_add_up_to_the_margin() -> None:
    rows = [
        game([10, 7], sources={"A": [6, 2], "B": [4, 5]}, index=0),
        game([4, 9], sources={"A": [4, 4], "B": [0, 5]}, index=1),
    ]
    a, b = source_stats(rows, ["A", "B"], [r.sources for r in rows])
    assert a.points.value == pytest.approx((8 / 2 + 8 / 2) / 2)  # per player per game
    assert a.share == pytest.approx(16 / 30)
    assert b.share == pytest.approx(14 / 30)
    assert a.decides.value == 0.5
    assert b.decides.value == 0.5
    assert a.lead.value == pytest.approx((4 + 0) / 2)
    assert b.lead.value == pytest.approx((-1 + 5) / 2)
    assert a.lead.value + b.lead.value == pytest.approx((3 + 5) / 2)  # the mean margin


def test_seat_wins_count_shared_victories_and_follow_the_turn_order() -> None:
    rows = [
        game([5, 3], index=0),  # seat 0, the first player, wins
        game([5, 5], index=1),  # shared: half each
        game([2, 6], first=1, index=2),  # seat 1 plays first and wins
        game([9, 1], first=1, index=3),  # seat 0 plays second and wins
    ]
    stats = set_stats("nogame", TWO, rows, {}, close_margin=2)
    first, second = stats.seat_wins
    assert first.value == pytest.approx(2.5 / 4)
    assert second.value == pytest.approx(1.5 / 4)
    assert first.n == 4
    assert stats.margins == [2, 0, 4, 8]
    assert stats.close.value == 0.5  # margins 2 and 0 are at most 2
    assert stats.shared.value == 0.25
    assert stats.tie_broken.value == 0
    assert stats.winning_score.value == pytest.approx((5 + 5 + 6 + 9) / 4)
    assert stats.seat_scores[0].value == pytest.approx((5 + 5 + 6 + 1) / 4)


def test_a_tie_broken_game_is_counted_apart_from_a_shared_one() -> None:
    rows = [game([7, 7, 2], winners=[2 - 1]), game([7, 7, 2]), game([9, 7, 2])]
    stats = set_stats("nogame", THREE, rows, {}, close_margin=1)
    assert stats.tie_broken.value == pytest.approx(1 / 3)
    assert stats.shared.value == pytest.approx(1 / 3)
    assert stats.fair == pytest.approx(1 / 3)


def test_sources_grouped_when_a_game_groups_them() -> None:
    sources = {
        "Roads, completed": [3, 0],
        "Cities, completed": [8, 2],
        "Cloisters, completed": [0, 0],
        "Roads, unfinished at the end": [1, 4],
        "Cities, unfinished at the end": [0, 0],
        "Cloisters, unfinished at the end": [0, 0],
        "Farms": [0, 3],
    }
    rows = [game([12, 9], sources=sources)]
    stats = set_stats("carcassonne", TWO, rows, {}, close_margin=1)
    groups = {g.name: g for g in stats.groups}
    assert list(groups) == ["Roads", "Cities", "Cloisters", "Farms"]
    assert groups["Roads"].points.value == pytest.approx(8 / 2)
    assert groups["Cities"].lead.value == 6
    assert groups["Cities"].decides.value == 1  # lead 6 >= margin 3
    assert groups["Roads"].decides.value == 0  # lead -1


def test_skill_follows_the_stronger_bot_round_the_table() -> None:
    rows = [
        game([9, 3], seats=[0, 1], part="skill:random", index=0),  # strong at seat 0, wins
        game([8, 6], seats=[1, 0], part="skill:random", index=1),  # strong at seat 1, loses
        game([4, 4], seats=[1, 0], part="skill:random", index=2),  # shared
        game([2, 7], seats=[1, 0], part="skill:random", index=3),  # strong at seat 1, wins
    ]
    skill = skill_stats(rows, "random", 2)
    assert skill.wins.value == pytest.approx(2.5 / 4)
    assert skill.fair == 0.5
    assert skill.gap.value == pytest.approx((6 - 2 + 0 + 5) / 4)


def test_branching_over_the_game() -> None:
    rows = [game([1, 0], branching=list(range(1, 11))), game([1, 0], branching=[1] * 20)]
    shape = branching(rows)
    assert shape is not None
    assert shape.decisions == 30
    assert shape.largest == 10
    assert shape.per_game.value == pytest.approx((5.5 + 1) / 2)
    assert shape.forced.value == pytest.approx((0.1 + 1) / 2)
    assert [b[0] for b in shape.bins] == [5 + 10 * i for i in range(10)]
    assert shape.bins[9][1:] == (1, 1, 5.5)  # quartiles of the last tenth: 10, 1 and 1
    assert shape.means[9] == pytest.approx(4)


def test_a_few_points_is_a_tenth_of_the_median_winning_score() -> None:
    assert close_margin_for([game([30, 2]), game([40, 2]), game([20, 2])]) == 3
    assert close_margin_for([game([4, 2])]) == 1
    assert close_margin_for([]) == 1


def test_comparison_calls_a_difference_only_when_the_interval_excludes_zero() -> None:
    short = [game([10, 5], branching=[2] * (20 + i % 3), index=i) for i in range(30)]
    long = [game([10, 5], branching=[2] * (40 + i % 3), index=i) for i in range(30)]
    base = set_stats("nogame", TWO, short, {}, 1)
    other = set_stats("nogame", TWO, long, {}, 1)
    rows = {(row.measure, row.unit): row for row in compare(base, other)}
    assert rows["Game length", "actions"].verdict == "higher"
    assert rows["Game length", "actions"].difference.value == pytest.approx(20)
    assert rows["First player's win rate", "pp"].verdict == "no clear difference"
    assert rows["Winning margin", "points"].verdict == "no clear difference"
