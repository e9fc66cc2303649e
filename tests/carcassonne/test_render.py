"""The plain-text picture: tiles, followers, numbered candidate cells, 76 columns (80 with
the terminal's frame)."""

from __future__ import annotations

import random

import pytest

import tavola
from tavola.games.carcassonne import CarcassonneState
from tests.carcassonne.helpers import play

PICTURE = """\
      0    1    2

  1  [1]  [2]

    .###......
  0 -------+ . [3]
    .......0..
    .....
 -1 -----
    ....1

 -2  [4]
"""


def test_a_small_board_with_followers_and_candidates() -> None:
    state, _ = play(
        ["V", "U", "E"], [("place 1,0 0", "deploy road S"), ("place 0,-1 0", "deploy field Er")]
    )
    text = state.game.render(state.view(1))
    assert text.startswith(PICTURE)
    assert ">P0 (0): 0 pts, 6 in supply   you (1): 0 pts, 6 in supply" in text
    assert "Fits at 1: 0,1 (180); 2: 1,1 (0/90/270); 3: 2,0 (0/90/180);\n  4: 0,-2 (90" in text
    # The numbers are those read_action takes: candidate 3 turned 90 is (2,0) at 90.
    assert state.read_action("3 90") == state.game.parse_action("place 2,0 90")


@pytest.mark.parametrize(("players", "river"), [(2, False), (5, True)])
def test_every_picture_fits_an_80_column_terminal(players: int, river: bool) -> None:
    game = tavola.load("carcassonne", players=players, river=river)
    for seed in range(3):
        state = game.new_game(seed)
        assert isinstance(state, CarcassonneState)
        rng = random.Random(seed)
        while not state.is_over:
            if state.phase == 0:
                text = game.render(state.view(state.current_player))
                assert max(len(line) for line in text.splitlines()) <= 76
                numbers = len(state.view(None)["candidates"])
                assert f"{numbers}: " in text
            state.apply(rng.choice(state.legal_actions()))
        assert max(len(line) for line in game.render(state.view(None)).splitlines()) <= 76
