"""Properties of random Carcassonne games, checked at every step."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import tavola
from tavola.games.carcassonne import CarcassonneState
from tavola.games.carcassonne.actions import STEP
from tavola.games.carcassonne.tiles import IS_RIVER, LAKE, TILE_NAMES

few = settings(max_examples=max(5, settings().max_examples // 5))


def random_game(seed: int, players: int, river: bool) -> CarcassonneState:
    state = tavola.load("carcassonne", players=players, river=river).new_game(seed)
    assert isinstance(state, CarcassonneState)
    return state


@few
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 5), river=st.booleans())
def test_invariants_hold_at_every_step(seed: int, players: int, river: bool) -> None:
    state = random_game(seed, players, river)
    rng = random.Random(seed)
    total = 1 + len(state.pile)
    scores = state.scores
    while not state.is_over:
        # followers: 7 per player, in supply or on the table
        on_table = Counter(seat for _, seat, _, _ in state.followers)
        assert [state.supply[s] + on_table[s] for s in range(players)] == [7] * players
        # tiles: on the table, removed, drawn (in the place step) or face down
        drawn = 1 if state.phase == 0 else 0
        assert len(state.board) + len(state.discarded) + drawn + state.tiles_left == total
        # the frontier is exactly the free cells next to the board
        free = {key + step for key in state.board for step in STEP} - set(state.board)
        assert set(state.frontier) == free
        state.apply(rng.choice(state.legal_actions()))
        assert all(new >= old for new, old in zip(state.scores, scores, strict=True))
        scores = state.scores
    assert state.tiles_left == 0
    assert state.winners == [s for s in range(players) if scores[s] == max(scores)]


@few
@given(seed=st.integers(0, 2**32 - 1), river=st.booleans(), steps=st.integers(0, 150))
def test_determinize_reshuffles_only_the_face_down_tiles(
    seed: int, river: bool, steps: int
) -> None:
    state = random_game(seed, 2, river)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    player = state.current_player if state.current_player is not None else 0
    sample = state.determinize(player, random.Random(seed + 1))
    assert sample.view(player) == state.view(player)
    assert sample.legal_actions() == state.legal_actions()
    drawn = state.drawn
    assert sample.pile[:drawn] == state.pile[:drawn]
    rest = sample.pile[drawn:]
    assert Counter(rest) == Counter(state.pile[drawn:])
    kinds = [IS_RIVER[t] for t in rest]
    assert kinds == sorted(kinds, reverse=True)  # River tiles still first
    if LAKE in rest:
        assert rest.index(LAKE) == sum(kinds) - 1  # the lake still last of them
    if not sample.is_over:
        sample.apply(sample.legal_actions()[0])  # the sample plays on by itself
    assert state.view(player)["tiles_left"] == len(state.pile) - drawn


def test_determinize_does_shuffle() -> None:
    state = random_game(3, 2, river=False)
    orders = {tuple(state.determinize(0, random.Random(i)).pile) for i in range(5)}
    assert len(orders) == 5


def test_the_view_shows_the_table_but_not_the_order() -> None:
    game = tavola.load("carcassonne", tiles=["U", "V", "E"])
    state = game.new_game(seed=2)
    view = state.view(1)
    assert json.loads(json.dumps(view)) == view
    assert "tiles" not in view["options"]
    assert view["tile"] == "U"
    assert view["tiles_left"] == 2
    assert "V" not in json.dumps(view)  # the next tiles' names appear nowhere
    assert view["board"] == [{"tile": "D", "x": 0, "y": 0, "rotation": 0}]
    assert view["supply"] == [7, 7]
    assert view["scores"] == [0, 0]
    assert state.view(None) == {**view, "seat": None}


def test_views_list_followers_by_feature() -> None:
    state = tavola.load("carcassonne", tiles=["U", "V"]).new_game(seed=2)
    state.apply("place 1,0 0")
    assert state.view(0)["deploy"] == ["road E", "field Nl", "field Er"]
    state.apply("deploy field Er")
    assert state.view(0)["followers"] == [{"player": 0, "x": 1, "y": 0, "feature": "field Er"}]
    assert state.view(0)["last"] == {"x": 1, "y": 0}


def test_clone_is_independent() -> None:
    state = random_game(9, 3, river=True)
    rng = random.Random(9)
    for _ in range(40):
        state.apply(rng.choice(state.legal_actions()))
    copy = state.clone()
    assert copy == state
    while not copy.is_over:
        copy.apply(rng.choice(copy.legal_actions()))
    assert copy != state
    assert tavola.replay(state.record()) == state


def test_every_tile_name_is_an_option_value() -> None:
    river = [name for name in TILE_NAMES if name.startswith("river-")]
    land = [name for name in TILE_NAMES if len(name) == 1]
    text = ",".join([*river, "lake", *land]).upper()  # any case
    state = tavola.load("carcassonne", river="true", tiles=text).new_game(seed=1)
    assert isinstance(state, CarcassonneState)
    assert [TILE_NAMES[t] for t in state.pile] == [*river, "lake", *land]


def test_the_tensor_places_the_start_tile_in_the_window_centre() -> None:
    game = tavola.load("carcassonne", tiles=["V"])
    state = game.new_game(seed=1)
    tensor = game.encode_view(state.view(0))
    width = 21 + 2  # cell features + followers of 2 seats

    def at(x: int, y: int) -> int:
        return ((10 - y) * 21 + (x + 10)) * width

    start = at(0, 0)
    # occupied; N city, E road, S field, W road (one-hot field/road/city/river per side)
    assert tensor[start : start + 17] == [1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0]
    assert [tensor[at(x, y) + 19] for x, y in ((-1, 0), (1, 0), (0, -1), (0, 1))] == [1, 1, 1, 0]
    tiles = 21 * 21 * width + 2 * 2 + 3  # after the seat, player and step one-hots
    assert tensor[tiles + TILE_NAMES.index("V")] == 1
    assert sum(tensor[tiles : tiles + len(TILE_NAMES)]) == 1
