"""The digest's River decisions the other tests do not cover (see "The River" in
src/tavola/games/carcassonne/pages/decisions.md): the spring's and the lake's one field
touches both banks; a lake that fits nowhere is removed and the land tiles follow.
(Curve, straight, curve the same way is in ``test_river.py``:
``test_a_straight_between_two_curves_allows_the_same_turn_again``.)"""

from __future__ import annotations

import pytest

from tavola.games.carcassonne import state as carcassonne_state
from tavola.games.carcassonne.tiles import LAKE
from tests.games.carcassonne.helpers import new_game, turn


def test_the_spring_joins_the_fields_of_both_banks() -> None:
    """A farmer on the north bank next to the spring holds the south bank too."""
    state = new_game(["river-straight", "river-straight", "lake"], river=True)
    assert state.legal_notations() == ["place 1,0 0", "place 1,0 180"]
    turn(state, "place 1,0 0", "deploy field Nl")  # P0, north of the river
    # P1's straight: its north bank is P0's farm; its south bank joins it round the spring.
    turn(state, "place 2,0 0", None)  # no field is free: no follower step at all
    assert state.current_tile == "lake"
    assert state.current_player == 0


def test_a_bank_away_from_the_spring_is_its_own_field() -> None:
    """The control: cut off from the spring by a road, the two banks are two fields."""
    state = new_game(["river-bridge", "river-straight", "lake"], river=True)
    turn(state, "place 1,0 90", "deploy field Nr")  # P0: the bridge's north-east quarter
    state.apply("place 2,0 0")  # P1's straight east of the bridge
    assert state.legal_notations() == ["deploy field Er", "pass"]  # the south bank is free


def test_the_lake_joins_the_fields_of_both_banks() -> None:
    state = new_game(["river-bridge", "lake"], river=True)
    turn(state, "place 1,0 90", "deploy field Nr")  # P0: north bank, east of the road
    assert state.current_tile == "lake"
    turn(state, "place 2,0 0", None)  # the lake's one field is P0's farm: no follower step
    assert state.is_over


@pytest.mark.interpreted
def test_a_lake_that_fits_nowhere_is_removed_and_the_land_tiles_follow(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """It cannot happen with the box's tiles (the river never turns back next to itself):
    the rule is checked by making the lake fit nowhere."""
    placements = carcassonne_state.CarcassonneState._placements

    def no_room_for_the_lake(self: carcassonne_state.CarcassonneState, tile: int) -> list[int]:
        return [] if tile == LAKE else placements(self, tile)

    monkeypatch.setattr(carcassonne_state.CarcassonneState, "_placements", no_room_for_the_lake)
    state = new_game(["river-straight", "lake", "U", "V"], river=True)
    events = turn(state, "place 1,0 0")
    assert [e.data["tile"] for e in events if e.kind == "discard"] == ["lake"]
    assert state.view(None)["discarded"] == ["lake"]
    assert state.current_tile == "U"
    assert state.current_player == 1  # the next player draws the land tile
    assert "place 2,0 0" not in state.legal_notations()  # the open river end stays closed
