"""Scoring of complete towers and the tie-break filters, in games and as functions."""

from __future__ import annotations

import itertools

import pytest

from tavola.games.clocktowers import scoring
from tavola.games.clocktowers.components import CARD_CODES
from tests.games.clocktowers.table import Table, stack
from tests.games.reference.clocktowers_ref import tower_points, winners_from

CODE = {code: index for index, code in enumerate(CARD_CODES)}


def codes(*names: str) -> tuple[int, ...]:
    return tuple(CODE[name] for name in names)


@pytest.mark.parametrize(
    ("cards", "points"),
    [
        (("1", "2", "clock", "roof-red"), 5),  # no cats, no mice
        (("2cat", "clock", "roof-red"), 4),  # cats, no mice
        (("1cat", "2cat", "1", "clock", "roof-red"), 4),
        (("1cat", "1mouse", "clock", "roof-red"), 3),  # cats and mice
        (("2cat", "clock-mouse", "roof-red"), 3),  # the clock's mouse counts
        (("2mouse", "2mouse", "clock", "roof-red"), 2),  # mice, no cats
        (("2", "clock-mouse", "roof-red"), 2),  # the clock's mouse alone
    ],
)
def test_tower_points(cards: tuple[str, ...], points: int) -> None:
    assert scoring.tower_points(codes(*cards)) == points


def test_tower_points_agree_with_the_reference_for_every_small_tower() -> None:
    floors = ("1", "1cat", "1mouse", "2", "2cat", "2mouse")
    for size in (1, 2, 3):
        for below in itertools.product(floors, repeat=size):
            for clock in ("clock", "clock-mouse"):
                cards = codes(*below, clock, "roof-green")
                assert scoring.tower_points(cards) == tower_points(list(below), clock, "roof-green")


def test_a_game_scores_each_case() -> None:
    """P0 completes a tower of each kind: 3 (cat and mouse), 5 (none), 4 (cat), 2 (mouse)."""
    table = Table(
        stack(
            floors=["2", "2cat", "2mouse", *["1"] * 4],
            roofs=["roof-red", "roof-blue", "roof-green", "roof-yellow", *["roof-purple"] * 3],
            clocks=["clock"] * 9 + ["clock-mouse"] * 7,
        )
    )

    def p1_turn() -> None:
        table.do(next(a for a in sorted(table.legal()) if a.startswith("discard")), "draw clocks")

    p0_turns = [
        ("play 1cat new", "draw floors"),
        ("play 1mouse 1", "draw floors"),
        ("play clock-mouse 1", "draw roofs"),
        ("play roof-red 1", "draw floors"),  # 1cat 1mouse @m: 3
        ("play 2 new", "draw clocks"),
        ("play clock 2", "draw roofs"),
        ("play roof-blue 2", "draw clocks"),  # 2 @: 5
        ("play 2cat new", "draw roofs"),
        ("play clock 3", "draw clocks"),
        ("play roof-green 3", "draw roofs"),  # 2cat @: 4
        ("play 2mouse new", "draw clocks"),
    ]
    for turn in p0_turns:
        table.do(*turn)
        p1_turn()
    clocks = [a for a in table.legal() if a.startswith("play clock")]
    table.do(clocks[0], "draw floors")  # a clock on the 2mouse tower
    p1_turn()
    events = table.do("play roof-yellow 4")
    assert [tower["cards"][-1] for tower in table.view()["towers"][0]] == [
        "roof-red",
        "roof-blue",
        "roof-green",
        "roof-yellow",
    ]
    assert [tower["points"] for tower in table.view()["towers"][0]] == [3, 5, 4, 2]
    assert events[0].data["points"] == 2
    assert table.state.scores == [14, 0]


# -- the tie-break filters ----------------------------------------------------------------


def tower(*names: str) -> tuple[int, ...]:
    return codes(*names)


MOUSE_TOP = tower("1cat", "1mouse", "clock", "roof-red")  # 3
CAT_TOP = tower("1mouse", "1cat", "clock", "roof-red")  # 3
PLAIN_TOP = tower("1cat", "1mouse", "1", "clock", "roof-blue")  # 3
CAT_ONLY = tower("2cat", "clock", "roof-red")  # 4, a cat on top


def check_winners(
    scores: list[int], towers: list[list[tuple[int, ...]]], expected: list[int]
) -> None:
    assert scoring.winners(scores, towers) == expected
    tops = [[t[-3] for t in seat] for seat in towers]
    mouse = [any(CARD_CODES[c].endswith("mouse") for c in seat) for seat in tops]
    cat = [any(CARD_CODES[c].endswith("cat") for c in seat) for seat in tops]
    assert winners_from(scores, mouse, cat) == expected


def test_most_points_win_without_a_tie_break() -> None:
    check_winners([3, 4], [[MOUSE_TOP], [CAT_ONLY]], [1])


def test_a_tie_goes_to_a_mouse_on_the_topmost_floor() -> None:
    check_winners([3, 3], [[CAT_TOP], [MOUSE_TOP]], [1])
    # Only the tied seats count: a mouse on top for a seat with fewer points does nothing.
    check_winners([3, 3, 2], [[CAT_TOP], [PLAIN_TOP], [tower("1mouse", "clock", "roof-red")]], [0])


def test_then_a_cat_on_the_topmost_floor() -> None:
    check_winners([3, 3], [[PLAIN_TOP], [CAT_TOP]], [1])
    # Among those a mouse kept: two with a mouse on top, one of them also with a cat.
    check_winners(
        [6, 6, 6],
        [[MOUSE_TOP, PLAIN_TOP], [MOUSE_TOP, CAT_TOP], [CAT_TOP, CAT_TOP]],
        [1],
    )


def test_whoever_is_left_shares_the_victory() -> None:
    check_winners([3, 3, 3], [[MOUSE_TOP], [MOUSE_TOP], [CAT_TOP]], [0, 1])
    check_winners([3, 3], [[PLAIN_TOP], [PLAIN_TOP]], [0, 1])
    check_winners([0, 0, 0], [[], [], []], [0, 1, 2])


def test_a_game_tie_goes_to_the_mouse_on_top() -> None:
    table = Table(stack(roofs=["roof-red", "roof-blue"]))
    table.do("play 1cat new")  # one deck left: roof-red drawn at once
    table.do("play 1mouse new")  # roof-blue for P1; the decks are empty
    table.do("play 1mouse 1", "play 1cat 1", "play clock-mouse 1", "play clock-mouse 1")
    table.do("play roof-red 1", "play roof-blue 1")
    assert table.state.is_over
    assert table.state.scores == [3, 3]
    assert table.state.winners == [0]  # P0's top floor shows a mouse, P1's a cat


def test_a_game_tie_goes_then_to_the_cat_on_top() -> None:
    table = Table(stack(floors=["1"], roofs=["roof-red", "roof-blue"]))
    table.do("play 1cat new", "draw roofs")
    table.do("play 1mouse new", "draw roofs")
    table.do("discard 1mouse")  # P0 draws the 1 at once
    table.do("play 1cat 1", "play 1 1", "play clock-mouse 1", "play clock-mouse 1")
    table.do("play roof-blue 1", "play roof-red 1")
    assert table.state.is_over
    assert table.towers(0) == [["1cat", "1", "clock-mouse", "roof-red"]]
    assert table.towers(1) == [["1mouse", "1cat", "clock-mouse", "roof-blue"]]
    assert table.state.scores == [3, 3]
    assert table.state.winners == [1]  # no mouse on top for either; P1 has a cat there
    scoring_event = table.events[-2]
    assert scoring_event.kind == "scoring"
    assert scoring_event.data["seats"][1] == {
        "towers": [["1mouse", "1cat", "clock-mouse", "roof-blue"]],
        "points": [3],
        "total": 3,
    }
