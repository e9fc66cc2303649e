"""The fast engine against the slow reference (tests/games/reference/carcassonne_ref.py).

Each example is a whole random game on a random permutation of the box (River or not,
every option value, 2-5 players, a random number of tiles so that short and full games
both occur): the same legal notations in every position, the same player, tile and scores
at every step.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import tavola
from tavola.games.carcassonne import CarcassonneState
from tavola.games.carcassonne.tiles import TILE_NAMES, land_box, river_box
from tests.games.reference.carcassonne_ref import RefCarcassonne

# Each example is a whole game: 50 in the dev profile, 300 (hundreds) in CI.
games = settings(max_examples=settings().max_examples)


def random_tiles(rng: random.Random, river: bool) -> list[str]:
    land = [TILE_NAMES[t] for t in land_box(river)]
    rng.shuffle(land)
    if not river:
        return land[: rng.randint(1, len(land))]
    stream = [TILE_NAMES[t] for t in river_box()]
    rng.shuffle(stream)
    if rng.random() < 0.2:  # a short river, maybe without its lake
        return stream[: rng.randint(1, 10)] + ["lake"] * rng.randint(0, 1)
    return [*stream, "lake", *land[: rng.randint(0, len(land))]]


@games
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 5),
    river=st.booleans(),
    small_city=st.sampled_from(["2", "4"]),
    farm_scoring=st.sampled_from(["per-farm-once", "per-farm", "per-city"]),
)
def test_engine_and_reference_agree_at_every_step(
    seed: int, players: int, river: bool, small_city: str, farm_scoring: str
) -> None:
    rng = random.Random(seed)
    tiles = random_tiles(rng, river)
    options = {"river": river, "small_city": small_city, "farm_scoring": farm_scoring}
    state = tavola.load("carcassonne", players=players, tiles=tiles, **options).new_game(seed)
    assert isinstance(state, CarcassonneState)
    ref = RefCarcassonne(players, list(tiles), river, small_city, farm_scoring)
    while True:
        assert state.scores == ref.scores()
        assert state.is_over == ref.is_over
        if state.is_over:
            break
        assert state.current_player == ref.current_player
        assert state.current_tile == ref.current_tile
        legal = state.legal_notations()
        assert set(legal) == ref.legal()
        notation = rng.choice(legal)
        state.apply(notation)
        ref.apply(notation)
    assert state.winners == [s for s, p in enumerate(ref.scores()) if p == max(ref.scores())]


def test_full_box_games_agree() -> None:
    """A few complete 72-tile games with every option, deterministic."""
    for seed in range(6):
        rng = random.Random(seed)
        river = seed % 2 == 1
        land = [TILE_NAMES[t] for t in land_box(river)]
        rng.shuffle(land)
        tiles = land
        if river:
            stream = [TILE_NAMES[t] for t in river_box()]
            rng.shuffle(stream)
            tiles = [*stream, "lake", *land]
        farm = ("per-farm-once", "per-farm", "per-city")[seed % 3]
        game = tavola.load(
            "carcassonne", players=2 + seed % 4, tiles=tiles, river=river, farm_scoring=farm
        )
        state = game.new_game(seed)
        ref = RefCarcassonne(2 + seed % 4, list(tiles), river, "2", farm)
        while not state.is_over:
            legal = state.legal_notations()
            assert set(legal) == ref.legal()
            notation = rng.choice(legal)
            state.apply(notation)
            ref.apply(notation)
            assert state.scores == ref.scores()
        assert ref.is_over
