"""Farms at the end of the game: the seed's worked examples with their exact points, under
each ``farm_scoring`` option.

Layout shared by the examples: the start tile D (0,0) has city A to the north, closed by an
E tile at (0,1) turned 180. The field between A and the road (on D) is the "big farm"; the
E tile's own field, north of A, is a "small farm" touching A only.
"""

from __future__ import annotations

import pytest

from tests.games.carcassonne.helpers import play

ONCE, PER_FARM, PER_CITY = "per-farm-once", "per-farm", "per-city"


@pytest.mark.parametrize(("rule", "points"), [(ONCE, 6), (PER_FARM, 6), (PER_CITY, 8)])
def test_a_farm_touching_two_completed_cities(rule: str, points: int) -> None:
    """Seed: "Blue scores 6 points because his farm touches two completed cities"."""
    state, _ = play(
        ["D", "E", "E"],
        [
            ("place 1,0 0", "deploy field El"),  # the field D-D between road and cities
            ("place 0,1 180", "pass"),  # closes city A
            ("place 1,1 180", "pass"),  # closes city B
        ],
        farm_scoring=rule,
    )
    assert state.scores == [points, 0]


def test_an_incomplete_city_is_worth_nothing_to_a_farm() -> None:
    """Seed: "Blue owns the farm and scores 3 for the completed city; the incomplete city
    is worth no points"."""
    state, _ = play(["D", "E"], [("place 1,0 0", "deploy field El"), ("place 0,1 180", "pass")])
    assert state.scores == [3, 0]


def big_and_small_farms(yellow_second_farmer: bool, rule: str) -> list[int]:
    """Seats: red P0, yellow P1, blue P2. The big farm along the road's north side touches
    cities A (on the start tile) and B (on the D at (2,0)). It is four pieces, each with a
    farmer, that the last tiles join: red west of the start tile, yellow on D, red north
    of B, yellow (or nobody) at (-3,0). Blue's small farm north of A touches A only."""
    state, _ = play(
        ["B", "B", "B", "U", "D", "E", "E", "V", "V", "B", "U", "V", "E", "U", "U"],
        [
            ("place 0,-1 0", "pass"),
            ("place 1,-1 0", "pass"),
            ("place 2,-1 0", "pass"),
            ("place -1,0 0", "deploy field Nl"),  # red: west piece, touches A
            ("place 2,0 0", "deploy field El"),  # yellow: east piece, touches B
            ("place 0,1 180", "deploy field Nl"),  # blue: closes A; the small farm
            ("place 2,1 180", "deploy field Nl"),  # red: closes B; the field north of it
            ("place -1,-1 0", "pass"),
            ("place -2,-1 270", "pass"),
            ("place -3,-1 0", "pass"),
            ("place -3,0 0", "deploy field Nl" if yellow_second_farmer else "pass"),
            ("place 3,0 0", "pass"),  # joins yellow's east piece...
            ("place 3,1 0", "pass"),  # ...with red's field north of B
            ("place 1,0 0", "pass"),  # joins the west and east pieces
            ("place -2,0 0", "pass"),  # joins the piece at (-3,0)
        ],
        players=3,
        farm_scoring=rule,
    )
    assert state.is_over
    return state.scores


def test_the_big_farm_goes_to_the_majority() -> None:
    """Seed: "Red owns the big farm with the majority of farmers: 6 points (3 for each of
    the cities A and B). Blue owns the small farm: 3 points for city A"."""
    assert big_and_small_farms(yellow_second_farmer=False, rule=ONCE) == [6, 0, 3]


@pytest.mark.parametrize("rule", [ONCE, PER_FARM])
def test_equal_farmers_share_the_big_farm(rule: str) -> None:
    """Seed: "In the big farm red and yellow both have 2 farmers: both are owners and both
    score 6 (3 for A, 3 for B); blue scores 3 for city A"."""
    assert big_and_small_farms(yellow_second_farmer=True, rule=rule) == [6, 6, 3]


def test_per_city_counts_all_farmers_around_each_city() -> None:
    # City A: red 2, yellow 2 (big farm), blue 1 (small farm); city B: red 2, yellow 2.
    assert big_and_small_farms(yellow_second_farmer=True, rule=PER_CITY) == [8, 8, 0]
    # With yellow's second farmer missing, red has the most farmers at A and at B.
    assert big_and_small_farms(yellow_second_farmer=False, rule=PER_CITY) == [8, 0, 0]


@pytest.mark.parametrize(("rule", "points"), [(ONCE, 3), (PER_FARM, 6), (PER_CITY, 4)])
def test_a_player_counts_a_city_once(rule: str, points: int) -> None:
    """Seed: "Blue scores 3 points because he can count the same city only once" (two of
    his farms touch city A)."""
    state, _ = play(
        ["U", "B", "E"],
        [
            ("place -1,0 0", "deploy field Nl"),  # the field between A and the road
            ("place 0,-1 0", "pass"),
            ("place 0,1 180", "deploy field Nl"),  # closes A; the field north of it
        ],
        farm_scoring=rule,
    )
    assert state.scores == [points, 0]


def test_farmers_never_come_back() -> None:
    turns = [("place 1,0 0", "deploy field El"), ("place 0,1 180", "pass")]
    state, _ = play(["D", "E", "E"], [*turns, ("place 1,1 180", "pass")])
    assert state.supply == [6, 7]
    assert [f["feature"] for f in state.view(None)["followers"]] == ["field El"]
