"""A bot sees only what its seat may know.

For two states that differ only in what the seat cannot see (the second is a
determinization of the first for that seat), the same bot with the same seed must make
the same decision. Bots reach hidden information only through ``Seat.determinize``, so
this holds exactly when a game's ``determinize(player, rng)`` depends on nothing but
``view(player)`` and ``rng``, which the first test checks on its own.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import tavola
from tavola.core.game import State
from tavola.players import Seat, make_bot
from tavola.testing.properties import midgame

from .variants import variant_id, variants

VARIANTS = variants()
SPECS = [
    "random",
    "heuristic",
    "heuristic:samples=3",
    "ismcts:iterations=40",
    "ismcts:iterations=40,infosets=1",
    "ismcts:iterations=40,widen=1",
]


Variant = tuple[str, dict[str, Any]]


def hidden_twins(variant: Variant, seed: int, players: int) -> tuple[State, State, int]:
    """A mid-game state and another that only the seat to move cannot tell from it."""
    name, options = variant
    state = midgame(tavola.load(name, players=players, **options), seed, least=2)
    player = state.current_player
    assert player is not None
    twin = state.determinize(player, random.Random(seed + 1000))
    assert twin.view(player) == state.view(player)
    return state, twin, player


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_id)
@pytest.mark.parametrize("players", [2, 3])
def test_determinize_depends_only_on_the_view(variant: Variant, players: int) -> None:
    name = variant_id(variant)
    for seed in range(8):
        state, twin, player = hidden_twins(variant, seed, players)
        first = state.determinize(player, random.Random(seed))
        second = twin.determinize(player, random.Random(seed))
        assert first == second, (
            f"{name}: determinize(player, rng) must depend only on view(player) and rng "
            "(e.g. sort the unseen cards or tiles before shuffling them)"
        )


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_id)
@pytest.mark.parametrize("spec", SPECS)
def test_a_bot_decides_the_same_whatever_it_cannot_see(variant: Variant, spec: str) -> None:
    name = variant_id(variant)
    for seed in range(4):
        state, twin, player = hidden_twins(variant, seed, 2)
        decision = make_bot(spec, seed=seed).choose(Seat(state, player))
        other = make_bot(spec, seed=seed).choose(Seat(twin, player))
        assert decision == other, f"{spec} at {name} seed {seed}"
