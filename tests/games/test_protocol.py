"""The properties every game has, checked over random games of every registered game.

The checks are the conformance kit's (``tavola.testing``), which a plugin's own tests run
on its game too: every installed game, ours or a plugin's, is held to the same bar. Each
game is played at every player count, with its default options and with each other
value of each option that has a closed set of values (one option changed at a time;
combinations the game refuses are skipped). Game-specific properties (what a view may
hide, scoring) live with each game's own tests.
"""

from __future__ import annotations

import tavola
from tavola.testing import GameConformance, configurations


class TestEveryGame(GameConformance):
    games = tuple(tavola.game_classes())


def test_every_game_is_covered() -> None:
    assert TestEveryGame.games == tuple(sorted(tavola.game_classes()))
    for name in TestEveryGame.games:
        assert {"players": tavola.load(name).num_players} in configurations(name)
