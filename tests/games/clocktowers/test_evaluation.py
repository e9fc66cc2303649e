"""The heuristic evaluation and the tensor observation."""

from __future__ import annotations

import random

import tavola
from tavola.games.clocktowers import encoding
from tests.games.clocktowers.table import Table, stack


def test_the_evaluation_rewards_progress_towards_a_legal_roof_and_points() -> None:
    table = Table(stack(floors=["1"] * 5, roofs=["roof-red"] * 4, clocks=["clock"] * 6))
    game = table.state.game
    values = [game.evaluate(table.state, 0)]
    table.do("play 1cat new", "draw roofs")  # a tower of 1 floor: it can grow into a need
    values.append(game.evaluate(table.state, 0))
    table.do("discard 1cat", "draw clocks")
    table.do("play 1mouse 1", "draw clocks")  # 2 floors: exactly what every colour needs
    values.append(game.evaluate(table.state, 0))
    table.do("discard 1mouse", "draw clocks")
    table.do("play clock-mouse 1", "draw clocks")  # a roof away
    values.append(game.evaluate(table.state, 0))
    table.do("discard clock", "draw clocks")
    table.do("play roof-red 1")  # complete: 3 points
    values.append(game.evaluate(table.state, 0))
    assert values == sorted(values)
    assert len(set(values)) == len(values)
    assert values[-1] >= 3.0
    # Zero-sum between two seats.
    assert game.evaluate(table.state, 1) == -values[-1]


def test_a_dead_tower_is_worth_nothing() -> None:
    """A clock on a 1-floor tower: no roof colour will ever need 1 floor."""
    table = Table(stack(floors=["1"] * 4, roofs=["roof-red"] * 4, clocks=["clock"] * 4))
    game = table.state.game
    table.do("play 1cat new", "draw roofs")
    table.do("discard 1cat", "draw roofs")
    before = game.evaluate(table.state, 0)
    table.do("play clock-mouse 1", "draw roofs")
    assert game.evaluate(table.state, 0) < before


def test_the_tensor_has_the_shape_and_shows_the_own_hand() -> None:
    for players in (2, 3, 4):
        game = tavola.load("clocktowers", players=players)
        state = game.new_game(seed=players)
        rng = random.Random(players)
        for _ in range(40):
            state.apply(rng.choice(state.legal_actions()))
        for seat in [None, *range(players)]:
            view = state.view(seat)
            tensor = game.encode_view(view)
            assert len(tensor) == game.observation_shape[0] == encoding.observation_size(players)
            own = tensor[2 * players + 3 + 3 * 14 :][:13]
            expected = encoding.card_counts(
                view["hands"][seat]["cards"] if seat is not None else []
            )
            assert own == expected
