"""Concrete cases for the Campanile 1996 reference (tests/games/reference/campanile1996_ref.py)."""

from __future__ import annotations

import pytest

from tests.games.reference.campanile1996_ref import (
    STYLES,
    ref96_legal_bets,
    ref96_scoring,
    ref96_winners,
)

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


SCORINGS = [
    pytest.param(
        (1, 5, 4, 3, 2),
        DEFAULT_POSITIONS,
        {style: [(0, 1)] for style in STYLES},
        [("blue", 0, 8), ("brown", 0, 6), ("red", 0, 2), ("yellow", 0, 4)],
        id="flags go to the four tallest, the lowest (beige) scores nothing",
    ),
    pytest.param(
        (9, 0, 0, 0, 0),
        DEFAULT_POSITIONS,
        {"beige": [(2, 1), (0, 3), (1, 2)]},
        [("beige", 0, 8), ("beige", 1, 4)],
        id="second place gets the second value, third (seat 2, influence 1) nothing",
    ),
    pytest.param(
        (0, 0, 7, 0, 0),
        DEFAULT_POSITIONS,
        {"brown": [(0, 3), (1, 1), (1, 1), (1, 2)]},
        [("brown", 0, 4), ("brown", 1, 8)],
        id="influence is summed per player: seat 1 has 4 > 3, first despite placing later",
    ),
    pytest.param(
        (0, 0, 0, 6, 0),
        DEFAULT_POSITIONS,
        {"yellow": [(1, 1), (0, 2), (1, 1)]},
        [("yellow", 0, 4), ("yellow", 1, 8)],
        id="equal influence (2 v 2) goes to the earlier group (seat 1)",
    ),
    pytest.param(
        (2, 2, 2, 2, 2),
        DEFAULT_POSITIONS,
        {style: [(0, 1)] for style in STYLES},
        [("beige", 0, 8), ("blue", 0, 6), ("brown", 0, 4), ("yellow", 0, 2)],
        id="equal height goes to the tower nearer the piles; red (position 4) is lowest",
    ),
    pytest.param(
        (3, 3, 0, 0, 3),
        {"red": 0, "blue": 1, "beige": 2, "brown": 3, "yellow": 4},
        {"beige": [(0, 1)], "blue": [(1, 1)], "red": [(2, 1)], "yellow": [(0, 3)]},
        [("beige", 0, 4), ("blue", 1, 6), ("red", 2, 8)],
        # Ranks: red 8, blue 6, beige 4, then brown (pos 3) before yellow (pos 4): brown
        # 2/1. Yellow is the lowest tower and scores nothing despite the 3-marker.
        id="equal height uses the given positions, not the style order",
    ),
    pytest.param((4, 3, 2, 1, 0), DEFAULT_POSITIONS, {}, [], id="no markers, no awards"),
    pytest.param(
        (1, 2, 3, 4, 5),
        DEFAULT_POSITIONS,
        {
            "red": [(3, 1), (1, 2)],
            "yellow": [(2, 2), (0, 1)],
            "brown": [(1, 1)],
            "blue": [(0, 3), (2, 3)],
            "beige": [(3, 3)],
        },
        [
            *(("blue", 0, 2), ("blue", 2, 1), ("brown", 1, 4), ("red", 1, 8)),
            *(("red", 3, 4), ("yellow", 0, 3), ("yellow", 2, 6)),
        ],
        id="awards are sorted by style, then seat",
    ),
]


@pytest.mark.parametrize(("heights", "positions", "placements", "expected"), SCORINGS)
def test_scoring(
    heights: tuple[int, ...],
    positions: dict[str, int],
    placements: dict[str, list[tuple[int, int]]],
    expected: list[tuple[str, int, int]],
) -> None:
    """Heights in style order (beige, blue, brown, yellow, red); flags 8/4, 6/3, 4/2, 2/1."""
    by_style = dict(zip(STYLES, heights, strict=True))
    assert ref96_scoring(by_style, positions, placements) == expected


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
