"""One choice per look: the web's picture offers a placement once where rotations of the
drawn tile look the same, as the typed input does (``looks``)."""

from __future__ import annotations

import pytest

from tavola.games.carcassonne import views
from tavola.games.carcassonne.actions import cell_xy
from tavola.games.carcassonne.looks import by_look, look
from tavola.games.carcassonne.tiles import TILE_INDEX
from tavola.games.carcassonne.typed_input import rotations_that_fit
from tests.games.carcassonne.test_svg import GAMES, alike_in, picture, random_positions


def test_symmetric_tiles_look_the_same_turned_half_round() -> None:
    halves = {"F", "G", "H", "U", "river-cities", "river-bridge", "river-straight"}
    for name, tile in TILE_INDEX.items():
        alike = by_look(tile, [0, 90, 180, 270])
        if name in {"B", "C", "X"}:
            assert alike == {0: [90, 180, 270]}, name
        elif name in halves:
            assert alike == {0: [180], 90: [270]}, name
        else:
            assert alike == {0: [], 90: [], 180: [], 270: []}, name


@pytest.mark.parametrize(("seed", "players", "river"), GAMES)
def test_each_cell_offers_one_ghost_per_look_as_typed_input_does(
    seed: int, players: int, river: bool
) -> None:
    """Playtest 13 #2: the straight river offered "1 of 2", "2 of 2" alike. A ghost for each
    rotation ``rotations_that_fit`` gives (the terminal's one per look), each the others
    that look the same as its ``data-also``; and a symmetric tile has some."""
    merged = 0
    for state in random_positions(seed, players, river, every=2):
        if state.phase != 0:
            continue
        root = picture(state, state.current_player)
        alike = alike_in(root)
        merged += len(alike)
        for cell in views.candidate_cells(state):
            x, y = cell_xy(cell)
            turns = [
                int(e.attrib["data-turn"])
                for e in root.iter()
                if e.attrib.get("data-option-of") == f"{x},{y}"
            ]
            assert turns == rotations_that_fit(state, cell), (x, y, state.tile)
        for same, shown in alike.items():
            where, turn = same.rsplit(" ", 1)
            assert shown.rsplit(" ", 1)[0] == where
            tile = state.tile
            assert look(tile, int(turn)) == look(tile, int(shown.rsplit(" ", 1)[1]))
    assert merged
