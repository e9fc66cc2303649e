"""The properties every game has, checked over random games of every registered game.

The checks are the conformance kit's (``tavola.testing``), which a plugin's own tests run
on its game too: every installed game, ours or a plugin's, is held to the same bar. Each
game is played at every player count, with its default options and with each other
value of each option that has a closed set of values (one option changed at a time;
combinations the game refuses are skipped). Game-specific properties (what a view may
hide, scoring) live with each game's own tests.
"""

from __future__ import annotations

import pytest

import tavola
from tavola.testing import GameConformance, checks, configurations


class TestEveryGame(GameConformance):
    games = tuple(tavola.game_classes())


def test_every_game_is_covered() -> None:
    assert TestEveryGame.games == tuple(sorted(tavola.game_classes()))
    for name in TestEveryGame.games:
        assert {"players": tavola.load(name).num_players} in configurations(name)


@pytest.mark.interpreted
def test_the_kit_refuses_an_information_key_that_holds_hidden_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state_class = type(tavola.load("campanile").new_game(1))
    honest = state_class._information_key
    monkeypatch.setattr(
        state_class, "_information_key", lambda self, player: (honest(self, player), *self.hands)
    )
    with pytest.raises(AssertionError, match="key not of the view"):
        checks.determinize_depends_only_on_the_view(tavola.load("campanile"), 1, fraction=1.0)


@pytest.mark.interpreted
def test_the_kit_refuses_an_information_key_that_merges_views(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state_class = type(tavola.load("clocktowers").new_game(1))
    monkeypatch.setattr(state_class, "_information_key", lambda self, player: self.phase)
    with pytest.raises(AssertionError, match="one key for two views"):
        checks.information_keys_follow_the_views(tavola.load("clocktowers"), 1)
