"""The text picture: tiles, followers, numbered candidate cells, colours, fitted to a screen."""

from __future__ import annotations

import random
import re

import pytest

import tavola
from tavola.core.errors import IllegalAction, NotationError
from tavola.core.game import Game
from tavola.games.carcassonne import CarcassonneState
from tavola.games.carcassonne.render_tiles import CODES, tile_block
from tests.games.carcassonne.helpers import play

ANSI = re.compile(r"\x1b\[[0-9;]*m")

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


def small_game() -> CarcassonneState:
    """V and U placed with a thief (P0) and a farmer (P1); E drawn, 4 candidate cells."""
    state, _ = play(
        ["V", "U", "E"], [("place 1,0 0", "deploy road S"), ("place 0,-1 0", "deploy field Er")]
    )
    return state


def test_a_small_board_with_followers_and_candidates() -> None:
    state = small_game()
    text = state.game.render(state.view(1))
    assert text.startswith(PICTURE)
    lines = text.splitlines()
    assert ">P0 0 pts, 6 followers  you 0 pts, 6 followers  0 tiles left" in lines
    # The drawn tile in its four rotations, the hint beside it.
    assert lines[14].startswith("Tile      0 .###.  90 ..... 180 ..... 270 .....   Type N")
    assert lines[15].startswith("E           .   .     .  ##     .   .     ##  .")
    assert "Fits at 1: 0,1 (180); 2: 1,1 (0/90/270); 3: 2,0 (0/90/180);\n  4: 0,-2 (90" in text
    # The numbers are those read_action takes: candidate 3 turned 90 is (2,0) at 90.
    assert state.read_action("3 90") == state.game.parse_action("place 2,0 90")


def test_a_bare_number_places_when_one_rotation_fits() -> None:
    state = small_game()
    assert state.reads_numbers
    assert state.read_action("1") == state.game.parse_action("place 0,1 180")
    with pytest.raises(NotationError, match="candidate 2 fits 3 ways: type 2 0 or 2 90 or 2 270"):
        state.read_action("2")
    with pytest.raises(IllegalAction, match="candidate 3 does not fit turned 270: type 3 0 or"):
        state.read_action("3 270")
    with pytest.raises(IllegalAction, match="from 1 to 4"):
        state.read_action("5")
    state.apply("1")  # apply reads text through read_action
    assert state.phase == 1
    assert not state.reads_numbers  # the follower step has no numbered cells


def test_a_bare_number_places_a_symmetric_tile_whichever_way_it_fits() -> None:
    """Turns of a tile that look the same are one choice: the first is taken."""
    state, _ = play(["U", "B", "U"], [("place 1,0 0", "pass")])
    assert state.current_tile == "B"  # a cloister in a field: every turn looks the same
    candidates = state.view(0)["candidates"]
    number, cell = next(
        (n, c) for n, c in enumerate(candidates, start=1) if len(c["rotations"]) == 4
    )
    expected = f"place {cell['x']},{cell['y']} 0"
    assert state.read_action(str(number)) == state.game.parse_action(expected)
    state.apply(str(number))
    state.apply("pass")
    assert state.current_tile == "U"  # a straight road: 0 and 180 alike, 90 and 270 alike
    candidates = state.view(0)["candidates"]
    number, cell = next(
        (n, c) for n, c in enumerate(candidates, start=1) if c["rotations"] == [90, 270]
    )
    expected = f"place {cell['x']},{cell['y']} 90"
    assert state.read_action(str(number)) == state.game.parse_action(expected)


def test_the_follower_step_shows_the_tile_just_placed() -> None:
    state = small_game()
    state.apply("place 2,0 90")
    text = state.game.render(state.view(0))
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Placed"))
    picture = tile_block("E", 90)
    assert lines[start].startswith(f"Placed    {picture[0]}   Deploy a follower on it: city E,")
    assert lines[start + 1].startswith(f"at 2,0    {picture[1]}")
    assert lines[start + 2].startswith(f"          {picture[2]}")
    assert "; or pass." in text


def test_the_end_names_the_winner() -> None:
    game = tavola.load("carcassonne", tiles=["U"])
    state = game.new_game(0)
    state.apply("place 1,0 0")
    state.apply("deploy road E")
    assert state.is_over
    assert state.scores == [2, 0]  # the road of 2 tiles, unfinished
    assert "Game over: P0 wins." in game.render(state.view(None))
    assert "Game over: you win." in game.render(state.view(0))


def test_colour_adds_only_escape_codes() -> None:
    state = small_game()
    plain = state.game.render(state.view(1))
    coloured = state.game.render(state.view(1), color=True)
    assert "\x1b[" not in plain
    assert ANSI.sub("", coloured) == plain
    # P0's thief and P1's farmer in their seats' colours, in the picture and the score line.
    assert f"\x1b[{CODES['seat0']}m0\x1b[0m" in coloured
    assert f"\x1b[{CODES['seat1']}m1\x1b[0m" in coloured
    assert f"\x1b[{CODES['seat0']}mP0\x1b[0m" in coloured
    assert f"\x1b[{CODES['seat1']}myou\x1b[0m" in coloured
    assert f"\x1b[{CODES['city']}m###\x1b[0m" in coloured
    assert f"\x1b[{CODES['candidate']}m[1]\x1b[0m" in coloured
    # U, placed last at (0,-1): its road underlined, the D's above not.
    assert f"\x1b[{CODES['road']};4m-----\x1b[0m" in coloured
    assert f"\x1b[{CODES['road']}m-------+\x1b[0m" in coloured


def random_states(players: int, river: bool, seeds: int) -> list[CarcassonneState]:
    """Every position of a few random games."""
    game = tavola.load("carcassonne", players=players, river=river)
    states = []
    for seed in range(seeds):
        state = game.new_game(seed)
        assert isinstance(state, CarcassonneState)
        rng = random.Random(seed)
        while not state.is_over:
            states.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def shown_candidates(text: str, count: int) -> set[int]:
    """The candidate numbers the picture names as off-screen; the others must be on it."""
    flat = text.replace("\n  ", " ")  # wrapped lines go on indented
    match = re.search(r"candidates (\d+(?:-\d+)?(?:, \d+(?:-\d+)?)*)", flat)
    hidden: set[int] = set()
    for part in match.group(1).split(", ") if match else []:
        first, _, last = part.partition("-")
        hidden.update(range(int(first), int(last or first) + 1))
    return set(range(1, count + 1)) - hidden


@pytest.mark.parametrize(("players", "river"), [(2, False), (5, True)])
@pytest.mark.parametrize(
    ("width", "height"), [(76, None), (76, 18), (156, 44), (156, 24), (60, 16), (40, None)]
)
def test_every_picture_fits_its_screen(
    players: int, river: bool, width: int, height: int | None
) -> None:
    for state in random_states(players, river, seeds=1)[::3]:
        view = state.view(state.current_player)
        text = state.game.render(view, width=width, height=height)
        lines = text.splitlines()
        assert max(len(line) for line in lines) <= width
        if height is not None:
            assert len(lines) <= height
        else:
            assert "Off-screen" not in text or width < 76
        count = len(view["candidates"])
        board = re.split(r"\n[> ](?:you|P0) ", text, maxsplit=1)[0]
        for number in shown_candidates(text, count):
            assert re.search(rf"(?<![0-9]){number}(?![0-9])", board), (number, text)
        if count and ("Off-screen" in text or height is None):
            assert f"{count}: " in text or "Off-screen" in text


def late_board() -> tuple[Game, CarcassonneState]:
    """A River game of seed 5 played at random (seed 2) to P0's tile after 90 actions."""
    game = tavola.load("carcassonne", players=2, river=True)
    state = game.new_game(5)
    assert isinstance(state, CarcassonneState)
    rng = random.Random(2)
    while len(state.history) < 90 or state.phase != 0 or state.current_player != 0:
        state.apply(rng.choice(state.legal_actions()))
    return game, state


def test_a_late_board_on_24_rows_is_a_window_around_the_candidates() -> None:
    game, state = late_board()
    view = state.view(0)
    whole = game.render(view, width=76)
    assert len(whole.splitlines()) > 40  # the whole board, for the 'board' command
    assert "Off-screen" not in whole
    text = game.render(view, width=76, height=18)
    lines = text.splitlines()
    assert len(lines) <= 18
    note = next(line for line in lines if line.startswith("Off-screen: "))
    assert "rows" in note
    assert note.endswith("('board': all)")
    shown = shown_candidates(text, len(view["candidates"]))
    assert len(shown) >= 10
    # The status and the drawn tile stay in view.
    assert lines[-4].startswith(">you ")
    assert lines[-3].startswith("Tile ")


def test_the_final_scoring_is_summed_per_feature_kind() -> None:
    _, events = play(
        ["M", "A", "U"],
        [
            ("place 0,1 180", "deploy city E"),  # city D+M with a pennant: 3 to P0
            ("place 1,0 90", "deploy cloister"),  # cloister with 2 neighbours: 3 to P1
            ("place -1,0 0", "deploy road E"),  # road U-D-A: 3 to P0
        ],
    )
    summary = next(e for e in events if e.kind == "final_summary")
    assert summary.table is not None
    assert summary.table.columns == (
        "seat",
        "roads",
        "cities",
        "cloisters",
        "farms",
        "added at the end",
    )
    assert summary.table.rows == (("P0", "3", "3", "0", "0", "6"), ("P1", "0", "0", "3", "0", "3"))
    assert summary.data == {"points": [[3, 3, 0, 0], [0, 0, 3, 0]]}


def test_a_wide_short_screen_has_the_status_beside_the_board() -> None:
    game, state = late_board()
    # 15 rows of tiles, 32 lines with shared borders: no room for the status under them.
    lines = game.render(state.view(0), width=156, height=34).splitlines()
    assert len(lines) <= 34
    assert max(len(line) for line in lines) <= 156
    board, _, status = lines[0].partition(" | ")
    columns = [int(x) for x in board.split()]
    assert columns == list(range(columns[0], columns[0] + len(columns)))
    assert len(columns) >= 15
    assert status.startswith(">you 0 pts")
    assert lines[1].partition(" | ")[2].startswith("Tile ")
    assert not any("Off-screen" in line for line in lines)
