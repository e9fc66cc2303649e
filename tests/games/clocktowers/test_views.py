"""What views show of hands after discards, exactly, and what determinize redeals."""

from __future__ import annotations

import random
from typing import Any

import tavola
from tests.games.clocktowers.table import Table, stack


def hand_of(view: dict[str, Any], seat: int) -> dict[str, Any]:
    hand: dict[str, Any] = view["hands"][seat]
    return hand


def test_a_discard_makes_the_hand_uncertain_and_plays_narrow_it() -> None:
    table = Table(stack(floors=["2", "1", "1", "1"], roofs=["roof-red"] * 4))
    table.do("play 1cat new", "draw roofs")
    start = hand_of(table.view(0), 1)
    assert start == {
        "size": 3,
        "cards": None,
        "known": ["1cat", "1mouse", "clock-mouse"],
        "unknown": 0,
        "possible": [["1cat", "1mouse", "clock-mouse"]],
    }
    table.do("discard 1mouse")  # P1's hand is now two of its three cards
    seen = hand_of(table.view(0), 1)
    assert seen["known"] == []
    assert seen["unknown"] == 2
    assert seen["possible"] == [
        ["1cat", "1mouse"],
        ["1cat", "clock-mouse"],
        ["1mouse", "clock-mouse"],
    ]
    table.do("draw floors")  # the 2, face up
    assert hand_of(table.view(0), 1)["known"] == ["2"]
    table.do("play 1mouse 1", "draw roofs")
    table.do("play 1cat new", "draw floors")  # the 1cat was one of P1's cards; the 1 drawn
    seen = hand_of(table.view(0), 1)
    assert seen["possible"] == [["1", "1mouse", "2"], ["1", "2", "clock-mouse"]]
    assert seen["known"] == ["1", "2"]
    assert seen["unknown"] == 1
    table.do("discard roof-red", "draw roofs")
    table.do("discard clock-mouse")
    # Before: 1 and 2, and 1mouse or clock-mouse; one of the three is gone. Never both of
    # 1mouse and clock-mouse: P1 never held them together with the 1 and the 2.
    seen = hand_of(table.view(0), 1)
    assert seen["possible"] == [
        ["1", "1mouse"],
        ["1", "2"],
        ["1", "clock-mouse"],
        ["1mouse", "2"],
        ["2", "clock-mouse"],
    ]
    assert seen["known"] == []
    assert seen["unknown"] == 2
    # The owner sees its own cards and the same public knowledge of them.
    own = hand_of(table.view(1), 1)
    assert own["cards"] == ["1", "2"]
    assert own["possible"] == seen["possible"]
    # A spectator knows what P0 knows of P1's hand.
    assert hand_of(table.view(None), 1) == seen
    assert "2 unknown (of 1, 1mouse, 2, clock-mouse)" in table.state.game.render(table.view(0))

    samples = set()
    for seed in range(80):
        sample = table.state.determinize(0, random.Random(seed))
        assert sample.view(0) == table.view(0)
        cards = sample.view(1)["hands"][1]["cards"]
        samples.add(tuple(cards))
        # Playing the sample on from here is a game like any other.
        assert sample.legal_actions()
    assert samples == {tuple(hand) for hand in seen["possible"]}
    # P1's own determinization changes nothing of P1's hand.
    assert all(
        table.state.determinize(1, random.Random(seed)).view(1) == table.view(1)
        for seed in range(10)
    )


def test_a_hand_is_sure_again_once_the_uncertain_cards_are_played() -> None:
    table = Table(stack(floors=["2", "1", "1", "1"], roofs=["roof-red"] * 4))
    table.do("play 1cat new", "draw roofs")
    table.do("discard clock-mouse", "draw floors")  # P1: the 2 and two of its three
    table.do("discard roof-red", "draw roofs")
    table.do("play 1cat new", "draw roofs")
    assert hand_of(table.view(0), 1)["unknown"] == 1
    table.do("discard roof-red", "draw roofs")
    table.do("play 1mouse 1")  # the roofs are empty: P1 draws a 1 at once
    seen = hand_of(table.view(0), 1)
    assert seen["unknown"] == 0
    assert seen["possible"] == [["1", "2", "roof-red"]]
    assert table.state.log[1] is None  # the engine knows the hand is sure again
    for seed in range(10):
        sample = table.state.determinize(0, random.Random(seed))
        assert sample.view(1)["hands"][1]["cards"] == ["1", "2", "roof-red"]


def test_determinize_keeps_the_tops_and_redeals_below_them() -> None:
    state = tavola.load("clocktowers", players=2).new_game(seed=21)
    tops = [deck["top"] for deck in state.view(0)["decks"]]
    orders = set()
    for seed in range(20):
        sample = state.determinize(0, random.Random(seed))
        assert [deck["top"] for deck in sample.view(0)["decks"]] == tops
        assert sample.view(0) == state.view(0)
        draws: list[str | None] = []
        while sample.current_player == 0 or not draws:
            if sample.view(None)["phase"] == "draw":
                draws.append(sample.apply("draw floors")[0].data["top"])
            else:
                sample.apply("discard 1cat" if len(draws) % 2 == 0 else "discard 1mouse")
            if len(draws) == 2:
                break
        orders.add(tuple(draws))
    assert len(orders) > 1
