"""A stacked deck (a secret option) may leave cards out: a puzzle, a tutorial, a test. Its
make-up is not in any view, so a seat's determinizations may not depend on it: they draw
from every card the seat has not seen, as in a game dealt from the box."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import tavola
from tavola.core.game import State

HANDS = "red,red,red,blue,blue,blue"  # 2 players, 3 cards each
DISPLAY = "beige,brown,yellow"

# Pairs of stacked games whose views are the same for seat 0, with different cards below.
TWINS: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    (
        "campanile",
        {"players": 2, "deck": f"{HANDS},{DISPLAY},red,red,intermezzo,blue,finito"},
        {"players": 2, "deck": f"{HANDS},{DISPLAY},beige,beige,intermezzo,yellow,finito"},
    ),
    (
        "campanile",
        {
            "players": 2,
            "edition": "1996",
            "deck": f"{HANDS},red,red,finito,blue,blue,finito,beige,yellow,finito",
        },
        {
            "players": 2,
            "edition": "1996",
            "deck": f"{HANDS},red,brown,finito,blue,yellow,finito,beige,beige,finito",
        },
    ),
    ("carcassonne", {"tiles": "U,V,V,B"}, {"tiles": "U,E,D,A"}),
    (
        "carcassonne",
        {"river": True, "tiles": "river-straight,river-curve,lake,C"},
        {"river": True, "tiles": "river-straight,river-bridge,U,V"},
    ),
    ("clocktowers", {"deck": "1cat,2cat,1mouse,roof-red"}, {"deck": "1cat,1,2mouse,roof-red"}),
]
IDS = [f"{name}-{index}" for index, (name, _, _) in enumerate(TWINS)]


def deal(name: str, options: dict[str, Any]) -> State:
    return tavola.load(name, **options).new_game(seed=1)


@pytest.mark.parametrize(("name", "first", "second"), TWINS, ids=IDS)
def test_determinize_does_not_know_what_a_stacked_deck_left_out(
    name: str, first: dict[str, Any], second: dict[str, Any]
) -> None:
    one, two = deal(name, first), deal(name, second)
    assert one.view(0) == two.view(0)
    assert one._key() != two._key()  # the hidden cards differ
    for seed in range(20):
        a = one.determinize(0, random.Random(seed))
        b = two.determinize(0, random.Random(seed))
        assert a._key() == b._key()
        assert a.view(0) == one.view(0)


def test_a_stacked_campanile_deck_is_believed_to_hold_any_unseen_card() -> None:
    """No yellow is left to draw, but seat 0 cannot know: its samples hold yellows."""
    state = deal("campanile", TWINS[0][1])
    stacks = Counter[int]()
    for seed in range(50):
        sample = state.determinize(0, random.Random(seed))
        assert isinstance(sample, type(state))
        stacks.update(sample.stack[: sample.stack_size])  # type: ignore[attr-defined]
    assert stacks[3] > 0  # yellow
    assert state.stack_size == 5  # type: ignore[attr-defined]


def test_a_stacked_carcassonne_draw_is_believed_to_come_from_the_box() -> None:
    state = deal("carcassonne", {"tiles": "U,V,V"})
    seen = Counter[int]()
    for seed in range(50):
        sample = state.determinize(0, random.Random(seed))
        rest = sample.pile[sample.drawn :]  # type: ignore[attr-defined]
        assert len(rest) == 2
        seen.update(rest)
    assert len(seen) > 3  # many kinds of tiles, not just the two Vs
