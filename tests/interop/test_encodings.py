"""The flat action space and the view tensor of every game, as the adapters rely on them.

For every registered game, player count and notable option value: each action id has a
notation that reads back as that id (or names no action in this option set and is then never
legal), and in every position of random games the legal actions are ascending ids of the
space, each with a notation, and every seat's view encodes to ``prod(observation_shape)``
finite numbers that depend on the view alone.
"""

from __future__ import annotations

import copy
import json
import math
import random
import subprocess
import sys
from typing import Any

import pytest

from tavola import NotationError
from tavola.core.game import Game
from tavola.interop.common import player_counts
from tests.interop.cases import Case, all_cases, default_cases, random_positions

# Spaces up to this size are checked id by id (a smaller limit for option variants);
# larger ones on the ids legal in random games.
EVERY_ID_LIMIT = 200_000
VARIANT_EVERY_ID_LIMIT = 20_000
SEEDS = (1, 2, 3)


def seeds(case: Case) -> tuple[int, ...]:
    """Three random games at default options, one for each other option value."""
    return SEEDS if not case.options else SEEDS[:1]


CASES = all_cases()
DEFAULT_CASES = default_cases()


def notation_or_none(game: Game, action: int) -> str | None:
    """The notation of an id, or ``None`` if it names no action with these options."""
    try:
        return game.action_to_string(action)
    except NotationError:
        return None


def encoded(game: Game, view: dict[str, Any]) -> list[float]:
    tensor = game.encode_view(view)
    assert len(tensor) == math.prod(game.observation_shape)
    assert set(map(type, tensor)) <= {int, float}
    assert math.isfinite(math.fsum(tensor)), "a number that is not finite"
    return tensor


def test_cases_cover_every_game_and_player_count() -> None:
    import tavola

    for name, game_class in tavola.game_classes().items():
        counts = {case.players for case in DEFAULT_CASES if case.name == name}
        assert counts
        assert counts == set(player_counts(game_class))


def small_enough(case: Case) -> bool:
    limit = VARIANT_EVERY_ID_LIMIT if case.options else EVERY_ID_LIMIT
    return case.load().num_distinct_actions <= limit


@pytest.mark.parametrize("case", [c for c in CASES if small_enough(c)], ids=lambda c: c.id)
def test_every_action_id_reads_back(case: Case) -> None:
    game = case.load()
    notations: dict[str, int] = {}
    for action in range(game.num_distinct_actions):
        notation = notation_or_none(game, action)
        if notation is not None:
            assert game.parse_action(notation) == action, notation
            assert notations.setdefault(notation, action) == action, "two ids, one notation"
    assert notations, "no id names an action"


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_random_games_agree_with_the_action_space(case: Case) -> None:
    game = case.load()
    size = game.num_distinct_actions
    for seed in seeds(case):
        for state in random_positions(game, seed):
            legal = state.legal_actions()
            if state.is_over:
                assert legal == []
                continue
            assert legal, "a game that is not over has a legal action"
            assert legal == sorted(set(legal))
            assert legal[0] >= 0
            assert legal[-1] < size
            for action in legal:
                notation = notation_or_none(game, action)
                assert notation is not None, f"legal id {action} has no notation"
                assert game.parse_action(notation) == action


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_every_view_encodes_to_the_observation_shape(case: Case) -> None:
    game = case.load()
    for seed in seeds(case):
        for index, state in enumerate(random_positions(game, seed)):
            for seat in range(game.num_players):
                view = state.view(seat)
                if index % 4:
                    encoded(game, view)
                    continue
                before = json.dumps(view, sort_keys=True)
                tensor = encoded(game, view)
                assert json.dumps(view, sort_keys=True) == before, "encode_view changed the view"
                # The same view, as a fresh copy (as if read back from JSON): the same tensor.
                assert encoded(game, json.loads(before)) == tensor


@pytest.mark.parametrize("case", DEFAULT_CASES, ids=lambda case: case.id)
def test_the_observation_depends_only_on_the_view(case: Case) -> None:
    """States a seat cannot tell apart (determinizations) give that seat the same tensor."""
    game = case.load()
    rng = random.Random(case.players)
    for seed in SEEDS:
        for index, state in enumerate(random_positions(game, seed)):
            if index % 3:
                continue
            for seat in range(game.num_players):
                other = state.determinize(seat, rng)
                assert other.view(seat) == state.view(seat)
                assert encoded(game, other.view(seat)) == encoded(game, state.view(seat))


@pytest.mark.parametrize("case", DEFAULT_CASES, ids=lambda case: case.id)
def test_the_spectator_view_encodes_too(case: Case) -> None:
    """OpenSpiel's public observer (``private_info=NONE``) encodes the spectator's view."""
    game = case.load()
    for state in random_positions(game, SEEDS[0]):
        view = state.view(None)
        assert encoded(game, copy.deepcopy(view)) == encoded(game, view)


def test_the_engine_and_its_encodings_need_no_numpy() -> None:
    """With NumPy unimportable, every game still loads, plays and encodes (lists only)."""
    script = """
import sys
sys.modules["numpy"] = None  # import numpy now fails
import tavola
for name in tavola.game_classes():
    game = tavola.load(name)
    state = game.new_game(1)
    out = [0.0] * len(game.encode_view(state.view(0)))
    game.encode_state_into(state, 0, out)
    assert out == game.encode_view(state.view(0))
    game.encode_view_into(state.view(None), [0.0] * len(out))
assert "numpy" not in {m.split(".")[0] for m in sys.modules if sys.modules[m] is not None}
"""
    subprocess.run([sys.executable, "-c", script], check=True, timeout=120)
