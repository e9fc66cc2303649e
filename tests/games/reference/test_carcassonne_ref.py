"""Tests of the Carcassonne reference implementation itself, on hand-built games.

Every expected score below was worked out by hand from the rules digest
(shared/rules/carcassonne.md); the farm scenarios rebuild the worked examples of
the Italian rules sheet (shared/seeds/carcassonne-river-it.txt). Boards are
drawn with north up; the start tile D sits at (0, 0) with its city north and its
road running west-east.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.games.reference.carcassonne_ref import (
    BASE_TILES,
    HALVES,
    RIVER_TILES,
    SIDES,
    TILES,
    RefCarcassonne,
    across,
    board_edge,
    rotate_port,
)


def play(
    tiles: list[str],
    moves: list[str],
    players: int = 2,
    river: bool = False,
    small_city: str = "2",
    farm_scoring: str = "per-farm-once",
) -> RefCarcassonne:
    """A game after the given actions (each must be legal in turn)."""
    game = RefCarcassonne(players, tiles, river, small_city, farm_scoring)
    for move in moves:
        game.apply(move)
    return game


def full_deck(rng: random.Random, river: bool) -> list[str]:
    land = [tile.name for tile in BASE_TILES for _ in range(tile.count)]
    land.remove("D")  # the start tile
    if river:
        land.append("D")  # with the river, the start tile is an ordinary land tile
    rng.shuffle(land)
    if not river:
        return land
    river_tiles = [t.name for t in RIVER_TILES for _ in range(t.count)]
    river_tiles.remove("spring")
    river_tiles.remove("lake")
    rng.shuffle(river_tiles)
    return [*river_tiles, "lake", *land]


# --- the tile table -----------------------------------------------------------------------------

DIGEST_COUNTS = {
    "A": 2, "B": 4, "C": 1, "D": 4, "E": 5, "F": 2, "G": 1, "H": 3, "I": 2, "J": 3, "K": 3,
    "L": 3, "M": 2, "N": 3, "O": 2, "P": 3, "Q": 1, "R": 3, "S": 2, "T": 1, "U": 8, "V": 9,
    "W": 4, "X": 1,
    "spring": 1, "lake": 1, "river-cities": 1, "river-city-road": 1, "river-cloister": 1,
    "river-bridge": 1, "river-straight": 2, "river-city-curve": 1, "river-road-curve": 1,
    "river-curve": 2,
}  # fmt: skip


def test_tile_counts_match_the_digest() -> None:
    assert {name: tile.count for name, tile in TILES.items()} == DIGEST_COUNTS
    assert sum(tile.count for tile in BASE_TILES) == 72
    assert sum(tile.count for tile in RIVER_TILES) == 12


def test_pennants_match_the_digest() -> None:
    pennants = {
        name: sum(f.pennant for f in tile.features)
        for name, tile in TILES.items()
        if any(f.pennant for f in tile.features)
    }
    assert pennants == {"C": 1, "F": 1, "M": 1, "O": 1, "Q": 1, "S": 1}
    assert sum(TILES[name].count * n for name, n in pennants.items()) == 10


@pytest.mark.parametrize("name", sorted(TILES))
def test_features_agree_with_the_edges(name: str) -> None:
    tile = TILES[name]
    for kind, letter in (("road", "R"), ("city", "C")):
        sides = [s for f in tile.features if f.kind == kind for s in f.ports]
        assert sorted(sides) == sorted(s for s in SIDES if tile.edge(s) == letter)
    # Every half of a non-city edge lies in exactly one field; city edges have none.
    halves = [h for f in tile.features if f.kind == "field" for h in f.ports]
    assert sorted(halves) == sorted(h for h in HALVES if tile.edge(h[0]) != "C")
    for feature in tile.features:
        assert all(tile.features[i].kind == "city" for i in feature.adjacent)


def test_cloisters_and_separate_segments() -> None:
    cloisters = {n for n, t in TILES.items() if any(f.kind == "cloister" for f in t.features)}
    assert cloisters == {"A", "B", "river-cloister"}
    roads = {n: sum(f.kind == "road" for f in t.features) for n, t in TILES.items()}
    assert {n: roads[n] for n in ("L", "W", "X", "U", "river-bridge")} == {
        "L": 3, "W": 3, "X": 4, "U": 1, "river-bridge": 1,
    }  # fmt: skip
    cities = {n: sum(f.kind == "city" for f in t.features) for n, t in TILES.items()}
    assert (cities["H"], cities["I"], cities["river-cities"], cities["R"]) == (2, 2, 2, 1)


def test_rotation_and_facing_halves() -> None:
    assert rotate_port("Nl", 90) == "El"
    assert rotate_port("Wr", 90) == "Nr"
    assert rotate_port("Sl", 270) == "El"
    assert across("Nl") == "Sr"
    assert across("El") == "Wr"
    assert across("W") == "E"


# --- placement ----------------------------------------------------------------------------------


def test_first_placements_of_a_city_tile() -> None:
    game = RefCarcassonne(2, ["E", "U"])
    assert game.current_player == 0
    assert game.current_tile == "E"
    # North of D the city must face south; south of D any rotation with a field north.
    assert game.legal() == {"place 0,1 180", "place 0,-1 90", "place 0,-1 180", "place 0,-1 270"}


def test_identical_rotations_are_listed_separately() -> None:
    game = RefCarcassonne(2, ["B"])
    assert game.legal() == {f"place 0,-1 {r}" for r in (0, 90, 180, 270)}


def test_bad_setups_are_refused() -> None:
    for players, tiles, options in [
        (1, ["E"], {}),
        (6, ["E"], {}),
        (2, ["Z"], {}),
        (2, ["river-curve"], {}),  # a river tile without the river
        (2, ["spring"], {"river": True}),  # the spring is already placed
        (2, ["E"], {"small_city": "3"}),
        (2, ["E"], {"farm_scoring": "per-tile"}),
    ]:
        with pytest.raises(ValueError, match="bad"):
            RefCarcassonne(players, tiles, **options)  # type: ignore[arg-type]


def test_no_tiles_means_the_game_is_over_at_once() -> None:
    game = RefCarcassonne(3, [])
    assert game.is_over
    assert game.scores() == [0, 0, 0]


def test_illegal_actions_are_refused() -> None:
    game = RefCarcassonne(2, ["E"])
    for bad in ("place 0,1 0", "pass", "deploy city N", "place 5,5 0"):
        with pytest.raises(ValueError, match="illegal"):
            game.apply(bad)
    assert game.board() == {(0, 0): ("D", 0)}


def test_deploy_options_name_features_in_board_orientation() -> None:
    # I rotated 180 has its two separate cities east and south, its field north.
    game = play(["I", "N"], ["place 0,-1 180"])
    assert game.current_player == 0
    assert game.legal() == {"deploy city E", "deploy city S", "deploy field Nl", "pass"}
    game.apply("deploy city E")
    assert game.followers() == [(0, 0, -1, "city E")]
    assert game.supply() == [6, 7]
    assert game.current_player == 1


def test_unplaceable_tile_is_removed_and_the_same_player_draws_again() -> None:
    # Once E closes D's city there is no open city edge left for C.
    game = play(["E", "C", "U"], ["place 0,1 180", "pass"])
    assert game.current_player == 1
    assert game.current_tile == "U"
    game.apply("place 1,0 0")
    game.apply("pass")
    assert game.is_over
    assert game.board() == {(0, 0): ("D", 0), (0, 1): ("E", 180), (1, 0): ("U", 0)}


def test_game_ends_when_the_last_tile_is_unplaceable() -> None:
    game = play(["E", "C"], ["place 0,1 180", "deploy city S"])
    assert game.is_over
    assert game.legal() == set()
    assert game.current_player is None
    assert game.current_tile is None
    assert game.scores() == [2, 0]  # the small city was scored during play


def test_follower_step_is_skipped_without_followers_in_supply() -> None:
    # Player 0 puts monks on 6 cloisters and a knight on a city, all in a column
    # south of D; player 1 fills in with U tiles (fields north and south).
    own = [("B", 0), ("B", 0), ("B", 0), ("B", 0), ("A", 90), ("A", 90), ("E", 90)]
    tiles: list[str] = []
    moves: list[str] = []
    y = -1
    for name, rotation in own:
        tiles += [name, "U"]
        kind = "city E" if name == "E" else "cloister"
        moves += [f"place 0,{y} {rotation}", f"deploy {kind}", f"place 0,{y - 1} 0", "pass"]
        y -= 2
    game = play([*tiles, "E", "U"], moves)
    assert game.supply() == [0, 7]
    game.apply(f"place 0,{y} 90")
    assert game.current_player == 1  # no follower step for player 0
    assert all(action.startswith("place") for action in game.legal())
    game.apply(f"place 0,{y - 1} 0")
    game.apply("pass")
    assert game.is_over
    # Six cloisters with 2 neighbours each (1 + 2), one 1-tile city.
    assert game.scores() == [6 * 3 + 1, 0]


# --- scoring during play ------------------------------------------------------------------------


def test_road_loop_is_complete() -> None:
    # D plus five tiles make a 3x2 ring of road south of D's road.
    moves = [
        "place 1,0 0", "deploy road S",  # V: road W-S
        "place 1,-1 90", "pass",  # V: road N-W; the road is taken
        "place 0,-1 0", "pass",  # U: road W-E
        "place -1,-1 180", "pass",  # V: road N-E
    ]  # fmt: skip
    game = play(["V", "V", "U", "V", "V"], moves)
    assert "place -1,0 270" in game.legal()
    assert game.scores() == [0, 0]
    game.apply("place -1,0 270")  # V: road S-E closes the loop
    assert "deploy road E" not in game.legal()
    game.apply("pass")
    assert game.is_over
    assert game.scores() == [6, 0]
    assert game.supply() == [7, 7]


def test_road_completed_and_scored_in_the_same_turn() -> None:
    # "Il Rosso guadagna 3 punti per la strada": L, D, L with crossroads at both ends.
    game = play(["L", "L"], ["place 1,0 0", "pass", "place -1,0 0"])
    assert game.legal() == {
        "deploy city N", "deploy road E", "deploy road S", "deploy road W",
        "deploy field El", "deploy field Er", "deploy field Sr", "pass",
    }  # fmt: skip
    game.apply("deploy road E")
    assert game.scores() == [0, 3]
    assert game.supply() == [7, 7]
    assert game.followers() == []


def test_city_touching_one_tile_twice_counts_the_tile_once() -> None:
    # A ring of city around a point: I's two cities joined through three N tiles.
    # "Il Rosso guadagna 8 punti": 4 tiles (I counted once) x 2.
    moves = ["place 0,-1 180", "deploy city E", "place 1,-1 270", "pass", "place 0,-2 90", "pass"]
    game = play(["I", "N", "N", "N"], moves)
    assert game.scores() == [0, 0]
    game.apply("place 1,-2 0")
    assert game.legal() == {"deploy field El", "pass"}  # the city is taken
    game.apply("pass")
    assert game.scores() == [8, 0]
    assert game.followers() == []


@pytest.mark.parametrize(("small_city", "points"), [("2", 2), ("4", 4)])
def test_small_city(small_city: str, points: int) -> None:
    # "Il Rosso guadagna 2 punti": a 2-tile city completed, deployed on and scored at once.
    game = play(["E", "U"], ["place 0,1 180", "deploy city S"], small_city=small_city)
    assert game.scores() == [points, 0]
    assert game.supply() == [7, 7]


def test_two_cities_joined_score_for_both_knights() -> None:
    # "Sia il Rosso che il Blu guadagnano tutti i 10 punti": E F G E under a road,
    # 4 tiles and F's pennant.
    moves = [
        "place 0,-1 90", "deploy city E",  # E: city E
        "place 1,0 0", "pass",  # U
        "place 1,-1 0",  # F: city W-E with pennant, joins player 0's city
    ]  # fmt: skip
    game = play(["E", "U", "F", "U", "U", "E", "G"], moves)
    assert "deploy city E" not in game.legal()
    for move in ["pass", "place 2,0 0", "pass", "place 3,0 0", "pass"]:
        game.apply(move)
    game.apply("place 3,-1 270")  # E: city W, a separate city so far
    assert "deploy city W" in game.legal()
    game.apply("deploy city W")
    game.apply("place 2,-1 0")  # G joins and closes the city
    assert "deploy city E" not in game.legal()
    game.apply("pass")
    assert game.is_over
    assert game.scores() == [10, 10]
    assert game.supply() == [7, 7]


@pytest.mark.parametrize("small_city", ["2", "4"])
def test_cloister_completed(small_city: str) -> None:
    # "Il Blu guadagna 9 punti": B south of D, surrounded by 2 U and 5 E.
    moves = [
        "place 0,-1 0", "deploy cloister",
        "place 1,0 0", "pass", "place -1,0 0", "pass", "place 1,-1 90", "pass",
        "place -1,-1 270", "pass", "place 0,-2 180", "pass", "place 1,-2 180", "pass",
    ]  # fmt: skip
    game = play(["B", "U", "U", "E", "E", "E", "E", "E"], moves, small_city=small_city)
    assert game.scores() == [0, 0]
    assert game.current_player == 1
    game.apply("place -1,-2 180")
    assert game.scores() == [0, 0]  # scoring follows the follower step
    game.apply("pass")
    assert game.is_over
    assert game.scores() == [9, 0]
    assert game.supply() == [7, 7]


# --- final scoring ------------------------------------------------------------------------------


def test_incomplete_road_and_cloister_at_the_end() -> None:
    # "Il Rosso ottiene 3 punti per la strada incompleta. Il Giallo ne ottiene 5 per il
    # monastero incompleto": road U-D-U open at both ends; cloister with 4 neighbours.
    moves = [
        "place 1,0 0", "deploy road E",
        "place 0,-1 0", "deploy cloister",
        "place -1,0 0", "pass",
        "place 1,-1 90", "pass",
    ]  # fmt: skip
    game = play(["U", "B", "U", "E"], moves)
    assert game.is_over
    assert game.scores() == [3, 5]


def test_incomplete_cities_at_the_end_with_a_majority() -> None:
    # "Il Blu ottiene 2 punti per la città incompleta; il Verde ottiene 7 punti per la
    # città grande che è composta da 5 tessere ed ha due scudi; il Nero non ottiene punti
    # perchè ha meno seguaci del Verde": Green (0) has two knights in the 5-tile city
    # E F R E M (pennants on F and M), Black (2) one; Blue (1) a knight on D + N.
    moves = [
        "place 0,-1 90", "deploy city E",  # green: E, city E
        "place 1,-1 0", "pass",  # F
        "place 1,-2 0", "pass",  # B
        "place 2,-2 0", "deploy city N",  # green: E, city N (separate so far)
        "place 3,-2 0", "pass",  # B
        "place 3,-1 0", "deploy city N",  # black: M, city N-W (separate so far)
        "place 2,-1 180", "pass",  # R: city W-E-S joins the three; M's north stays open
        "place 0,1 180", "deploy city E",  # blue: N, city S-E on D's city
    ]  # fmt: skip
    game = play(["E", "F", "B", "E", "B", "M", "R", "N"], moves, players=3)
    assert game.is_over
    assert game.scores() == [7, 2, 0]
    assert game.supply() == [7, 7, 7]


# --- farms --------------------------------------------------------------------------------------

FARM_OPTIONS = ("per-farm-once", "per-farm", "per-city")


@pytest.mark.parametrize(
    ("farm_scoring", "expected"),
    [("per-farm-once", [0, 3]), ("per-farm", [0, 3]), ("per-city", [0, 4])],
)
def test_farm_ignores_an_incomplete_city(farm_scoring: str, expected: list[int]) -> None:
    # "Il Blu è il proprietario del podere ed ottiene 3 punti per la città completa. La
    # città incompleta non vale alcun punto": D's north field (extended by U) touches the
    # city closed by E and the open city of K.
    moves = ["place 0,1 180", "pass", "place 1,0 0", "deploy field Nl", "place 2,0 0", "pass"]
    game = play(["E", "U", "K"], moves, farm_scoring=farm_scoring)
    assert game.is_over
    assert game.scores() == expected
    assert game.followers() == [(1, 1, 0, "field Nl")]  # farmers stay


@pytest.mark.parametrize(
    ("farm_scoring", "expected"),
    [("per-farm-once", [0, 6]), ("per-farm", [0, 6]), ("per-city", [0, 8])],
)
def test_farm_touching_two_completed_cities(farm_scoring: str, expected: list[int]) -> None:
    # "Il Blu ottiene 6 punti in quanto il suo podere confina con due città complete":
    # one farm around city D+E and around city E+E (which it touches on both tiles).
    moves = [
        "place 0,1 180", "pass",
        "place 0,2 0", "deploy field Nl",  # B north of the first city
        "place 1,2 90", "pass",
        "place 2,2 270", "pass",
    ]  # fmt: skip
    game = play(["E", "B", "E", "E"], moves, farm_scoring=farm_scoring)
    assert game.is_over
    assert game.scores() == expected


@pytest.mark.parametrize(
    ("farm_scoring", "expected"),
    [("per-farm-once", [0, 3]), ("per-farm", [0, 6]), ("per-city", [0, 4])],
)
def test_one_player_owning_two_farms_at_one_city(farm_scoring: str, expected: list[int]) -> None:
    # "Il blu ottiene 3 punti perché può conteggiare una volta sola la stessa città":
    # D's north strip and the field around the closing E are two farms at one city.
    moves = [
        "place 0,1 180", "pass",
        "place 1,0 0", "deploy field Nl",
        "place -1,0 0", "pass",
        "place 0,2 0", "deploy field Nl",
    ]  # fmt: skip
    game = play(["E", "U", "U", "B"], moves, farm_scoring=farm_scoring)
    assert game.is_over
    assert game.scores() == expected


@pytest.mark.parametrize(
    ("farm_scoring", "expected"),
    [("per-farm-once", [6, 3]), ("per-farm", [6, 3]), ("per-city", [8, 4])],
)
def test_farm_majority(farm_scoring: str, expected: list[int]) -> None:
    # "Il rosso è il proprietario del podere grande avendo la maggioranza dei contadini.
    # Egli ottiene 6 punti (3 per ognuna delle città A e B). Il Blu possiede il podere
    # piccolo ed ottiene 3 punti per la città A."
    # City A: D + E north; city B: E + E south of U. The road D-U-U ends at the cloister
    # A, whose field joins the fields north and south of the road into the big farm:
    # red's two farmers, then blue's (on the lowest E) joined in by the last B.
    # Blue's small farm is the field around the E that closes city A.
    # Per city: A is touched by the big farm (red 2, blue 1) and the small one (blue 1).
    moves = [
        "place 1,0 0", "deploy field Nl",  # red: U, north of the road
        "place 0,1 180", "deploy field Nl",  # blue: E closes city A
        "place 2,0 0", "deploy field Er",  # red: U, south of the road
        "place 1,-1 180", "pass",  # E: city B, open south
        "place 3,0 90", "pass",  # A: the road ends at the cloister
        "place 1,-2 0", "deploy field El",  # blue: E closes city B
        "place 2,-1 0", "pass",  # B
        "place 2,-2 0", "pass",  # B joins blue's farmer to the big farm
    ]  # fmt: skip
    game = play(["U", "E", "U", "E", "A", "E", "B", "B"], moves, farm_scoring=farm_scoring)
    assert game.is_over
    assert game.scores() == expected


@pytest.mark.parametrize(
    ("farm_scoring", "expected"),
    [("per-farm-once", [6, 6, 3]), ("per-farm", [6, 6, 3]), ("per-city", [8, 8, 4])],
)
def test_farm_tie(farm_scoring: str, expected: list[int]) -> None:
    # "Poiché nel podere grande sia il rosso che il giallo hanno 2 contadini entrambi sono
    # considerati proprietari del podere. Entrambi ottengono 6 punti, il Blu ottiene 3
    # punti per la città A" (here with one farmer each): red (0), yellow (1), blue (2).
    moves = [
        "place 1,0 0", "deploy field Nl",  # red, north of the road
        "place 2,0 0", "deploy field Er",  # yellow, south of the road
        "place 0,1 180", "deploy field Nl",  # blue closes city A
        "place 1,-1 180", "pass",
        "place 1,-2 0", "pass",  # city B closed
        "place 3,0 90", "pass",  # the cloister joins north and south of the road
    ]  # fmt: skip
    game = play(["U", "U", "E", "E", "E", "A"], moves, players=3, farm_scoring=farm_scoring)
    assert game.is_over
    assert game.scores() == expected


# --- the river ----------------------------------------------------------------------------------


def test_river_start_and_continuity() -> None:
    game = RefCarcassonne(2, ["river-straight", "river-curve"], river=True)
    assert game.board() == {(0, 0): ("spring", 0)}
    # Only at the river's open end, with a river edge towards the spring.
    assert game.legal() == {"place 1,0 0", "place 1,0 180"}
    game.apply("place 1,0 0")
    # No follower on the river; the spring's field joins both banks.
    assert game.legal() == {"deploy field Nl", "deploy field Er", "pass"}
    game.apply("deploy field Nl")
    assert game.legal() == {"place 2,0 0", "place 2,0 90"}  # right or left


def test_river_follower_step_skipped_when_every_field_is_taken() -> None:
    tiles = ["river-straight", "river-straight", "lake", "E", "E"]
    game = play(tiles, ["place 1,0 0", "deploy field Nl", "place 2,0 0"], river=True)
    assert game.current_player == 0  # both banks already hold player 0's farmer
    assert game.legal() == {"place 3,0 0"}  # the lake, facing the river
    game.apply("place 3,0 0")
    assert game.current_player == 1
    assert game.current_tile == "E"
    game.apply("place 1,1 0")  # a city north of the river, on the farm
    assert game.legal() == {"deploy city N", "pass"}
    game.apply("pass")
    game.apply("place 1,2 180")  # closes the city; this E's field is a new farm
    assert game.legal() == {"deploy city S", "deploy field Nl", "pass"}
    game.apply("pass")
    assert game.is_over
    assert game.scores() == [3, 0]


def test_river_bridge_has_no_river_feature() -> None:
    game = play(["river-bridge"], ["place 1,0 90"], river=True)
    # The two fields beside the spring are one farm but distinct segments of this tile.
    assert game.legal() == {
        "deploy road N", "deploy field Nl", "deploy field Nr", "deploy field Er",
        "deploy field Sr", "pass",
    }  # fmt: skip


def test_river_no_u_turn() -> None:
    game = play(["river-curve", "river-curve"], ["place 1,0 0", "pass"], river=True)  # right
    assert game.current_player == 1
    assert game.legal() == {"place 1,-1 180"}  # only the left turn
    game = play(["river-curve", "river-curve"], ["place 1,0 90", "pass"], river=True)  # left
    assert game.legal() == {"place 1,1 270"}  # only the right turn


def test_river_two_same_turns_apart_are_allowed() -> None:
    tiles = ["river-curve", "river-straight", "river-curve"]
    game = play(tiles, ["place 1,0 0", "pass", "place 1,-1 90", "pass"], river=True)
    assert game.legal() == {"place 1,-2 90", "place 1,-2 180"}


def test_river_tile_that_cannot_continue_is_removed() -> None:
    # Right, straight, right, straight, right, straight: the river runs back north to
    # the cell west of the spring, whose west edge is field; the bridge would put its
    # road against it, so it is removed and the same player places the lake there.
    tiles = [
        "river-curve", "river-straight", "river-curve", "river-cities",
        "river-road-curve", "river-straight", "river-bridge", "lake", "U",
    ]  # fmt: skip
    moves = [
        "place 1,0 0", "pass",
        "place 1,-1 270", "pass",
        "place 1,-2 90", "pass",
        "place 0,-2 0", "pass",
        "place -1,-2 180", "pass",
        "place -1,-1 270", "pass",
    ]  # fmt: skip
    game = play(tiles, moves, river=True)
    assert game.current_player == 0
    assert game.current_tile == "lake"
    assert game.legal() == {"place -1,0 270"}
    game.apply("place -1,0 270")
    game.apply("pass")
    assert game.current_tile == "U"
    assert (-1, 0) in game.board()
    assert len(game.board()) == 8


# --- whole games --------------------------------------------------------------------------------


@pytest.mark.parametrize(("seed", "river"), [(1, False), (2, True)])
def test_random_full_games_end_with_every_tile_accounted_for(seed: int, river: bool) -> None:
    rng = random.Random(seed)
    tiles = full_deck(rng, river)
    game = RefCarcassonne(3, tiles, river=river, farm_scoring=FARM_OPTIONS[seed % 3])
    previous = game.scores()
    while not game.is_over:
        legal = game.legal()
        assert legal
        game.apply(rng.choice(sorted(legal)))
        assert all(a >= b for a, b in zip(game.scores(), previous, strict=True))
        previous = game.scores()
    assert game.legal() == set()
    assert len(game.board()) <= len(tiles) + 1
    deployed = Counter(player for player, *_ in game.followers())
    for player in range(3):
        assert game.supply()[player] + deployed[player] == 7
    assert all(label.startswith("field") for *_, label in game.followers())
    board = game.board()
    for (x, y), (name, rotation) in board.items():
        for side, (dx, dy) in (("N", (0, 1)), ("E", (1, 0))):
            if (x + dx, y + dy) in board:
                other, other_rotation = board[(x + dx, y + dy)]
                facing = "S" if side == "N" else "W"
                assert board_edge(name, rotation, side) == board_edge(other, other_rotation, facing)
