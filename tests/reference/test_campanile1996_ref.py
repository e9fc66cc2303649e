"""Concrete cases for the Campanile 1996 reference (tests/reference/campanile1996_ref.py)."""

from __future__ import annotations

import pytest

from tests.reference.campanile1996_ref import ref96_legal_bets, ref96_scoring, ref96_winners

FULL_SUPPLY = {1: 5, 2: 3, 3: 1}
DEFAULT_POSITIONS = {"beige": 0, "blue": 1, "brown": 2, "yellow": 3, "red": 4}


# --- bets -------------------------------------------------------------------


def test_built_one_allows_every_value_on_shown_styles() -> None:
    bets = ref96_legal_bets(["blue", "red", "blue"], "beige", 1, FULL_SUPPLY, False)
    assert bets == {
        ("blue", 1),
        ("blue", 2),
        ("blue", 3),
        ("red", 1),
        ("red", 2),
        ("red", 3),
    }


def test_built_two_allows_two_or_three_only() -> None:
    bets = ref96_legal_bets(["yellow", "yellow", "yellow"], "red", 2, FULL_SUPPLY, False)
    assert bets == {("yellow", 2), ("yellow", 3)}


def test_built_three_allows_only_the_three() -> None:
    bets = ref96_legal_bets(["brown", "beige", "red"], "red", 3, FULL_SUPPLY, False)
    assert bets == {("brown", 3), ("beige", 3), ("red", 3)}


def test_built_three_without_a_three_marker_allows_nothing() -> None:
    assert ref96_legal_bets(["brown", "beige", "red"], "red", 3, {1: 5, 2: 3, 3: 0}, False) == set()


def test_missing_values_are_skipped_but_higher_ones_stay() -> None:
    # Built 1 with no 1-markers left: a 2 or the 3 is still allowed (>= rule).
    bets = ref96_legal_bets(["blue", None, None], "beige", 1, {1: 0, 2: 1, 3: 0}, False)
    assert bets == {("blue", 2)}


def test_built_style_not_shown_is_refused_without_variant() -> None:
    bets = ref96_legal_bets(["blue", "blue", "red"], "beige", 2, FULL_SUPPLY, False)
    assert all(style != "beige" for style, _ in bets)


def test_variant_adds_the_built_style() -> None:
    bets = ref96_legal_bets(["blue", "blue", "blue"], "beige", 2, FULL_SUPPLY, True)
    assert bets == {("blue", 2), ("blue", 3), ("beige", 2), ("beige", 3)}


def test_empty_piles_show_nothing() -> None:
    assert ref96_legal_bets([None, None, None], "beige", 1, FULL_SUPPLY, False) == set()
    assert ref96_legal_bets([None, None, None], "beige", 3, FULL_SUPPLY, True) == {("beige", 3)}


def test_empty_supply_allows_nothing_even_with_variant() -> None:
    assert ref96_legal_bets(["red", "blue", "brown"], "red", 1, {}, True) == set()


# --- scoring ----------------------------------------------------------------


def test_flags_go_to_the_four_tallest_and_the_lowest_scores_nothing() -> None:
    heights = {"beige": 1, "blue": 5, "brown": 4, "yellow": 3, "red": 2}
    placements = {style: [(0, 1)] for style in heights}
    awards = ref96_scoring(heights, DEFAULT_POSITIONS, placements)
    # blue 8, brown 6, yellow 4, red 2; beige (lowest) nothing.
    assert awards == [("blue", 0, 8), ("brown", 0, 6), ("red", 0, 2), ("yellow", 0, 4)]


def test_second_place_gets_the_second_value_and_third_nothing() -> None:
    heights = {"beige": 9, "blue": 0, "brown": 0, "yellow": 0, "red": 0}
    placements = {"beige": [(2, 1), (0, 3), (1, 2)]}
    # Influence: seat 0 3, seat 1 2, seat 2 1.
    assert ref96_scoring(heights, DEFAULT_POSITIONS, placements) == [
        ("beige", 0, 8),
        ("beige", 1, 4),
    ]


def test_influence_is_summed_per_player() -> None:
    heights = {"beige": 0, "blue": 0, "brown": 7, "yellow": 0, "red": 0}
    placements = {"brown": [(0, 3), (1, 1), (1, 1), (1, 2)]}
    # Seat 1 has 4 > 3: first despite placing later.
    # Brown is rank 1 (8/4).
    assert ref96_scoring(heights, DEFAULT_POSITIONS, placements) == [
        ("brown", 0, 4),
        ("brown", 1, 8),
    ]


def test_equal_influence_goes_to_the_earlier_group() -> None:
    heights = {"beige": 0, "blue": 0, "brown": 0, "yellow": 6, "red": 0}
    # Seat 1 places first (1), seat 0 then 2, then seat 1 adds 1: 2 v 2, seat 1's group is first.
    placements = {"yellow": [(1, 1), (0, 2), (1, 1)]}
    assert ref96_scoring(heights, DEFAULT_POSITIONS, placements) == [
        ("yellow", 0, 4),
        ("yellow", 1, 8),
    ]


def test_equal_height_goes_to_the_tower_nearer_the_piles() -> None:
    heights = {"beige": 2, "blue": 2, "brown": 2, "yellow": 2, "red": 2}
    placements = {style: [(0, 1)] for style in heights}
    awards = ref96_scoring(heights, DEFAULT_POSITIONS, placements)
    # Positions 0..3 flagged 8, 6, 4, 2; red (position 4) is the lowest.
    assert awards == [("beige", 0, 8), ("blue", 0, 6), ("brown", 0, 4), ("yellow", 0, 2)]


def test_equal_height_uses_the_given_positions_not_the_style_order() -> None:
    heights = {"beige": 3, "blue": 3, "brown": 0, "yellow": 0, "red": 3}
    positions = {"red": 0, "blue": 1, "beige": 2, "brown": 3, "yellow": 4}
    placements = {"beige": [(0, 1)], "blue": [(1, 1)], "red": [(2, 1)], "yellow": [(0, 3)]}
    # Ranks: red 8, blue 6, beige 4, then brown (pos 3) before yellow (pos 4): brown 2/1.
    # Yellow is the lowest tower and scores nothing despite the 3-marker.
    assert ref96_scoring(heights, positions, placements) == [
        ("beige", 0, 4),
        ("blue", 1, 6),
        ("red", 2, 8),
    ]


def test_tower_without_markers_awards_nothing() -> None:
    heights = {"beige": 4, "blue": 3, "brown": 2, "yellow": 1, "red": 0}
    assert ref96_scoring(heights, DEFAULT_POSITIONS, {}) == []


def test_awards_are_sorted_by_style_then_seat() -> None:
    heights = {"beige": 1, "blue": 2, "brown": 3, "yellow": 4, "red": 5}
    placements = {
        "red": [(3, 1), (1, 2)],
        "yellow": [(2, 2), (0, 1)],
        "brown": [(1, 1)],
        "blue": [(0, 3), (2, 3)],
        "beige": [(3, 3)],
    }
    assert ref96_scoring(heights, DEFAULT_POSITIONS, placements) == [
        ("blue", 0, 2),
        ("blue", 2, 1),
        ("brown", 1, 4),
        ("red", 1, 8),
        ("red", 3, 4),
        ("yellow", 0, 3),
        ("yellow", 2, 6),
    ]


def test_scoring_rejects_missing_styles() -> None:
    with pytest.raises(ValueError, match="5 styles"):
        ref96_scoring({"beige": 1}, DEFAULT_POSITIONS, {})


# --- winners ----------------------------------------------------------------


def test_single_winner() -> None:
    assert ref96_winners([8, 14, 3]) == [1]


def test_tie_is_shared() -> None:
    assert ref96_winners([10, 4, 10, 10]) == [0, 2, 3]


def test_all_zero_is_a_shared_victory() -> None:
    assert ref96_winners([0, 0]) == [0, 1]
