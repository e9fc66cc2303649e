"""Properties both Campanile editions share, over random games of each (Hypothesis draws
the setup, ``tests.games.campanile.setups``, and every choice): records, clones, what a view
shows, and illegal actions. Each edition's own rules are checked in
``test_properties.py`` (2009) and ``test_properties_1996.py``."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tavola import State
from tavola.testing.checks import check_record
from tavola.testing.properties import (
    check_clone,
    check_every_illegal_action,
    check_view_data,
    nameless_ids,
    positions,
    walk,
)
from tavola.testing.properties import choose_by_verb as choose
from tests.games.campanile.setups import EDITIONS, Setup, choices, setups
from tests.games.campanile.views import check_hands_shown

EditionTest = Callable[[str, Setup, random.Random], None]
SECRET_WORDS = ("deck", "seed", "order", "finito")
PUBLIC_OPTIONS = {
    "2009": {"players", "edition", "move_markers", "towers"},
    "1996": {"players", "edition", "bet_on_built_tower", "towers"},
}
# Ids that name no action: 2009 "move X X" (a move to the same tower); 1996 the gaps
# between its builds, its bets and its pass.
NAMELESS = {"2009": {26, 32, 38, 44, 50}, "1996": set(range(15, 20)) | set(range(21, 51))}
VIEW_KEYS_1996 = {
    *("game", "options", "players", "seat", "current_player", "phase", "towers", "piles"),
    *("built", "supply", "hands", "scores", "winners"),
}


def over_random_games(test: EditionTest) -> Callable[..., None]:
    """``test`` for each edition, on a setup Hypothesis draws, with a shrinkable player."""

    @pytest.mark.parametrize("edition", EDITIONS)
    @given(data=st.data(), rng=choices)
    def run(edition: str, data: st.DataObject, rng: random.Random) -> None:
        test(edition, data.draw(setups(edition)), rng)

    named: Callable[..., None] = run
    named.__name__, named.__qualname__ = test.__name__, test.__qualname__
    named.__doc__ = test.__doc__
    return named


@over_random_games
def test_records_replay_to_the_same_state(edition: str, setup: Setup, rng: random.Random) -> None:
    for state in positions(setup.new_game(), rng, probability=0.08):
        if edition == "1996":
            assert "move_markers" not in state.record()["options"]
        action = None if state.is_over else choose(state, random.Random(rng.random()))
        check_record(state, action)


@over_random_games
def test_clones_are_independent(edition: str, setup: Setup, rng: random.Random) -> None:
    for state in positions(setup.new_game(), rng, probability=0.1):
        if state.is_over:
            return
        check_clone(state, rng)


def check_view_hides(edition: str, state: State, seat: int | None) -> None:
    """(c) No deck order (no deck, seed or special card named); (b, d) a hand's cards
    show only to its owner, a spectator sees no hand."""
    view = state.view(seat)
    check_view_data(view, PUBLIC_OPTIONS[edition], SECRET_WORDS)
    check_hands_shown(view, seat)
    assert view["seat"] == seat
    if edition == "2009":  # the stack only as a count, the specials never named
        assert isinstance(view["stack"], int)
        for key, value in walk(view):
            if key == "stack":
                assert isinstance(value, int)
            assert value not in ("intermezzo", "finito"), (key, value)
    else:  # each pile only its top and size
        for pile in view["piles"]:
            assert set(pile) == {"number", "top", "size"}
        assert set(view) == VIEW_KEYS_1996


@over_random_games
def test_views_show_each_seat_only_what_it_may_know(
    edition: str, setup: Setup, rng: random.Random
) -> None:
    for state in positions(setup.new_game(), rng, probability=0.3):
        for seat in [None, *range(setup.players)]:
            check_view_hides(edition, state, seat)


@over_random_games
def test_illegal_actions_raise_and_change_nothing(
    edition: str, setup: Setup, rng: random.Random
) -> None:
    """Every id that is not legal (ids naming no action and ids out of range included)."""
    game = setup.game()
    nameless = nameless_ids(game)
    assert nameless == NAMELESS[edition]
    for state in positions(game.new_game(setup.seed), rng, probability=0.15):
        check_every_illegal_action(state, nameless)
