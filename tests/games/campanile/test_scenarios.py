"""Scripted Campanile (2009) turns with stacked decks: build, influence, take, the two
special cards and the end of the game (the 2-player option ``move_markers`` is in
``test_move_markers.py``).

Every expected value is worked out by hand from the rules (shared/rules/campanile.md,
2009 section, and the German rulebook). Seats are P0, P1, ...; P0 starts.
"""

from __future__ import annotations

from collections import Counter

import pytest

import tavola
from tavola.games.campanile import CampanileState
from tavola.testing.properties import refused
from tests.games.campanile.decks import new_game, play, stacked_deck
from tests.games.campanile.views import (
    chip_supply,
    display,
    groups,
    hand,
    height,
    kinds,
    scorings,
    supply,
)

FULL_CHIP_SUPPLY = {1: 4, 2: 5, 3: 3, 4: 3, 5: 1, 6: 1}


# A 3-player deck for the turn mechanics. The Intermezzo lies 7 cards down the stack.
HANDS_3P = [["blue", "brown", "red"], ["beige", "yellow", "red"], ["blue", "blue", "yellow"]]
DISPLAY_3P = ["blue", "brown", "yellow"]
STACK_3P = ["red", "beige", "brown", "red", "yellow", "beige", "intermezzo", "blue", "finito"]


def three_players() -> CampanileState:
    return new_game(HANDS_3P, DISPLAY_3P, STACK_3P)


# -- setup -------------------------------------------------------------------------------


def test_setup_deals_three_cards_per_seat_and_a_display_of_three() -> None:
    """Setup: hands of 3 in seat order, then the display; P0 starts; towers empty."""
    state = three_players()
    assert state.current_player == 0
    assert state.view(0)["phase"] == "build"
    assert hand(state, 0) == Counter(["blue", "brown", "red"])
    assert hand(state, 1) == Counter(["beige", "yellow", "red"])
    assert hand(state, 2) == Counter(["blue", "blue", "yellow"])
    assert display(state) == Counter(DISPLAY_3P)
    assert state.heights == [0, 0, 0, 0, 0]
    assert all(groups(state, style) == [] for style in ("beige", "blue", "brown", "yellow", "red"))
    assert state.chips == [(), (), ()]
    assert state.scores == [0, 0, 0]
    assert state.winners == []
    assert not state.is_over


def test_setup_gives_each_player_nine_markers_and_lays_out_seventeen_chips() -> None:
    """Setup: 5 markers of value 1, 3 of value 2, 1 of value 3 per player; 17 chips."""
    state = three_players()
    assert [supply(state, seat) for seat in range(3)] == [[5, 3, 1]] * 3
    assert chip_supply(state) == FULL_CHIP_SUPPLY
    assert sum(FULL_CHIP_SUPPLY.values()) == 17
    # 46 points: exactly the flags of both 3-5 player scorings (13 + 33).
    assert sum(value * count for value, count in FULL_CHIP_SUPPLY.items()) == 46


def test_stacked_deck_puts_unused_cards_below_the_finito() -> None:
    """The deck option: 60 tower cards plus the two special cards (30 with 2 players)."""
    deck3 = stacked_deck(HANDS_3P, DISPLAY_3P, STACK_3P)
    assert len(deck3) == 62
    assert deck3[:21] == (*[card for h in HANDS_3P for card in h], *DISPLAY_3P, *STACK_3P)
    assert Counter(deck3)["beige"] == 12
    deck2 = stacked_deck(HANDS_3P[:2], DISPLAY_3P, STACK_3P)
    assert len(deck2) == 32
    assert Counter(deck2)["red"] == 6
    state = three_players()
    assert state.view(None)["stack"] == 62 - 9 - 3


@pytest.mark.parametrize(
    ("players", "deck", "problem"),
    [
        (2, ("beige",) * 7 + ("blue",) * 5 + ("intermezzo", "finito"), "at most 6 beige"),
        (3, ("red",) * 13 + ("intermezzo", "finito"), "at most 12 red"),
        (2, ("blue",) * 5 + ("red",) * 4 + ("finito", "intermezzo"), "intermezzo lies above"),
        (2, ("blue",) * 5 + ("red",) * 4 + ("intermezzo",), "one intermezzo and one finito"),
        (2, ("blue",) * 5 + ("red", "intermezzo", "red", "red", "finito"), "first 9 cards"),
    ],
)
def test_stacked_deck_that_breaks_the_card_counts_is_refused(
    players: int, deck: tuple[str, ...], problem: str
) -> None:
    """The deck option: at most 12 (2 players: 6) per style, Intermezzo above Finito."""
    with pytest.raises(tavola.InvalidOption, match=problem):
        tavola.load("campanile", players=players, deck=deck)


# -- 1. build ----------------------------------------------------------------------------


def test_build_offers_one_two_or_three_floors_for_each_card_in_hand() -> None:
    """Build: any hand card can raise its own tower by 1, 2 or 3 floors."""
    state = three_players()
    assert state.legal_notations() == [
        f"build {style} {floors}" for style in ("blue", "brown", "red") for floors in (1, 2, 3)
    ]


@pytest.mark.parametrize("style", ["blue", "brown", "red"])
@pytest.mark.parametrize("floors", [1, 2, 3])
def test_build_raises_the_tower_of_the_card_style_by_the_chosen_floors(
    style: str, floors: int
) -> None:
    """Build: the card leaves the hand and its tower grows by 1, 2 or 3 floors."""
    state = three_players()
    assert play(state, f"build {style} {floors}") == []
    assert height(state, style) == floors
    assert sum(state.heights) == floors
    assert hand(state, 0) == Counter(["blue", "brown", "red"]) - Counter([style])
    view = state.view(0)
    assert view["built"] == {"style": style, "floors": floors}
    assert view["phase"] == "influence"
    assert state.current_player == 0


def test_build_with_a_card_not_in_hand_is_refused() -> None:
    """Build: only a card from the own hand can be played (P0 holds no beige)."""
    state = three_players()
    error = refused(state, "build beige 2")
    assert error.rule.startswith("build")
    assert "beige" in error.reason


@pytest.mark.parametrize("action", ["take blue", "pass", "influence blue", "move blue brown"])
def test_a_turn_starts_with_building(action: str) -> None:
    """Turn order: building comes first; nothing else is allowed before it."""
    state = three_players()
    error = refused(state, action)
    assert error.rule == "a turn is: build, then influence or pass, then take"


# -- 2. influence ------------------------------------------------------------------------


@pytest.mark.parametrize("floors", [1, 2, 3])
def test_influence_places_the_marker_worth_the_floors_just_built(floors: int) -> None:
    """Influence: the marker placed is worth exactly the number of floors built."""
    state = three_players()
    play(state, f"build red {floors}", "influence brown")
    assert groups(state, "brown") == [(0, [floors])]
    expected = [5, 3, 1]
    expected[floors - 1] -= 1
    assert supply(state, 0) == expected
    assert state.view(0)["phase"] == "take"


def test_influence_is_offered_only_under_towers_shown_on_the_display() -> None:
    """Influence: the legal targets are the displayed styles (blue, brown, yellow)."""
    state = three_players()
    play(state, "build red 2")
    assert state.legal_notations() == [
        "influence blue",
        "influence brown",
        "influence yellow",
        "pass",
    ]


@pytest.mark.parametrize("target", ["beige", "red"])
def test_influence_under_a_tower_not_on_display_is_refused(target: str) -> None:
    """Influence: refused under a style not on display, even the tower just built."""
    state = three_players()
    play(state, "build red 2")
    error = refused(state, f"influence {target}")
    assert error.rule.startswith("influence")
    assert "display" in error.rule
    assert target in error.reason


def test_pass_places_no_marker() -> None:
    """Influence is optional: pass keeps every marker in supply."""
    state = three_players()
    play(state, "build blue 3", "pass")
    assert supply(state, 0) == [5, 3, 1]
    assert all(groups(state, style) == [] for style in ("blue", "brown", "yellow"))
    assert state.legal_notations() == ["take blue", "take brown", "take yellow"]


def test_only_one_marker_per_turn() -> None:
    """Influence: one marker per turn; after it only a take is legal."""
    state = three_players()
    play(state, "build red 1", "influence blue")
    assert state.legal_notations() == ["take blue", "take brown", "take yellow"]
    for action in ("influence brown", "influence blue", "pass"):
        error = refused(state, action)
        assert error.rule == "a turn is: build, then influence or pass, then take"


def test_without_a_marker_of_the_built_value_the_influence_step_is_skipped() -> None:
    """Influence: P0's only 3-marker is placed; building 3 again goes straight to take."""
    state = three_players()
    play(state, "build red 3", "influence blue", "take blue")
    play(state, "build beige 1", "pass", "take brown")
    play(state, "build blue 1", "pass", "take yellow")
    assert supply(state, 0) == [5, 3, 0]
    assert hand(state, 0) == Counter(["blue", "blue", "brown"])
    play(state, "build brown 3")
    assert state.view(0)["phase"] == "take"
    assert state.legal_notations() == ["take beige", "take brown", "take red"]
    for action in ("pass", "influence brown"):
        error = refused(state, action)
        assert error.rule == "a turn is: build, then influence or pass, then take"


def test_a_player_still_holding_the_value_may_place_it() -> None:
    """Influence: another player's used 3-marker does not matter; P1 still has one."""
    state = three_players()
    play(state, "build red 3", "influence blue", "take blue")
    play(state, "build beige 3")
    assert "influence brown" in state.legal_notations()
    play(state, "influence brown")
    assert groups(state, "brown") == [(1, [3])]


def test_marker_groups_stand_in_the_order_of_each_players_first_marker() -> None:
    """Marker order: later markers join the owner's group; a newcomer opens the last group."""
    state = three_players()
    play(state, "build blue 2", "influence brown", "take blue")
    play(state, "build beige 1", "influence brown", "take red")
    assert groups(state, "brown") == [(0, [2]), (1, [1])]
    play(state, "build blue 3", "pass", "take yellow")
    play(state, "build red 1", "influence brown", "take beige")
    assert groups(state, "brown") == [(0, [2, 1]), (1, [1])]
    play(state, "build yellow 2", "influence brown", "take brown")
    assert groups(state, "brown") == [(0, [2, 1]), (1, [1, 2])]
    play(state, "build yellow 3", "influence brown")
    assert groups(state, "brown") == [(0, [2, 1]), (1, [1, 2]), (2, [3])]
    assert [supply(state, seat) for seat in range(3)] == [[4, 2, 1], [4, 2, 1], [5, 3, 0]]


# -- 3. take -----------------------------------------------------------------------------


def test_take_moves_a_display_card_to_hand_and_turns_up_the_top_of_the_stack() -> None:
    """Take: the card goes to hand (known to all), the stack's top refills the display."""
    state = three_players()
    stack_before = state.view(None)["stack"]
    play(state, "build red 2", "pass")
    events = play(state, "take yellow")
    assert kinds(events) == ["reveal"]
    assert events[0].data == {"card": "red"}
    assert display(state) == Counter(["blue", "brown", "red"])
    assert hand(state, 0) == Counter(["blue", "brown", "yellow"])
    assert state.view(1)["hands"][0] == {"size": 3, "known": ["yellow"], "cards": None}
    assert state.view(None)["stack"] == stack_before - 1
    assert state.current_player == 1
    assert state.view(1)["phase"] == "build"
    assert state.view(1)["built"] is None


def test_take_of_a_style_not_on_display_is_refused() -> None:
    """Take: only one of the three displayed cards can be taken."""
    state = three_players()
    play(state, "build red 2", "pass")
    error = refused(state, "take red")
    assert error.rule.startswith("take")
    assert "red" in error.reason
    assert refused(state, "build blue 1").rule.startswith("a turn is")


def test_the_turn_passes_clockwise_and_back_to_the_start_player() -> None:
    """Turn order: P0, P1, P2, then P0 again."""
    state = three_players()
    seats = []
    for actions in (
        ("build red 1", "pass", "take blue"),
        ("build beige 1", "pass", "take red"),
        ("build blue 1", "pass", "take yellow"),
    ):
        seats.append(state.current_player)
        play(state, *actions)
    assert seats == [0, 1, 2]
    assert state.current_player == 0


# -- the Intermezzo ----------------------------------------------------------------------

# P0 places 2 under brown, P1 3 under yellow; P1's take turns up the Intermezzo; P2
# places 1 under brown and its take turns up the Finito.
HANDS_SPECIAL = [["blue", "brown", "red"], ["beige", "yellow", "red"], ["blue", "blue", "yellow"]]
DISPLAY_SPECIAL = ["blue", "brown", "yellow"]
STACK_SPECIAL = ["red", "intermezzo", "brown", "finito"]


def special_game() -> CampanileState:
    state = new_game(HANDS_SPECIAL, DISPLAY_SPECIAL, STACK_SPECIAL)
    play(state, "build red 2", "influence brown", "take blue")
    return state


def test_intermezzo_turned_up_while_refilling_scores_then_the_display_is_refilled() -> None:
    """Intermezzo: scoring at once, the card leaves, the display refills to 3, next player."""
    state = special_game()
    stack_before = state.view(None)["stack"]
    play(state, "build beige 3", "influence yellow")
    events = play(state, "take red")
    assert kinds(events) == ["scoring", "reveal"]
    assert events[0].data["kind"] == "intermezzo"
    assert events[1].data == {"card": "brown"}
    assert display(state) == Counter(["brown", "yellow", "brown"])
    assert state.view(None)["stack"] == stack_before - 2
    assert state.view(None)["intermezzo_scored"] is True
    assert state.current_player == 2
    assert state.view(2)["phase"] == "build"
    assert not state.is_over


def test_intermezzo_flags_four_towers_and_scores_from_the_lowest_flag_up() -> None:
    """Intermezzo 3-5p: flags 4/2, 3/1, 2, 1 by height; the lowest tower gets none."""
    state = special_game()
    play(state, "build beige 3", "influence yellow")
    (scoring,) = scorings(play(state, "take red"))
    # beige 3, red 2, then blue, brown, yellow at 0 (ties: nearer the display first).
    assert scoring.data["towers"] == [
        {
            "rank": 4,
            "style": "brown",
            "height": 0,
            "flag": [1],
            "influence": [[0, 2]],
            "awards": [[0, 1]],
        },
        {"rank": 3, "style": "blue", "height": 0, "flag": [2], "influence": [], "awards": []},
        {"rank": 2, "style": "red", "height": 2, "flag": [3, 1], "influence": [], "awards": []},
        {"rank": 1, "style": "beige", "height": 3, "flag": [4, 2], "influence": [], "awards": []},
    ]
    # P1's 3-marker lies under the lowest tower (yellow), which carries no flag.
    assert state.chips == [(1,), (), ()]
    assert state.scores == [1, 0, 0]
    assert chip_supply(state) == {**FULL_CHIP_SUPPLY, 1: 3}
    assert state.winners == []


def test_intermezzo_as_the_very_first_refill() -> None:
    """Intermezzo: turned up by the first take, it scores the one marker placed so far."""
    state = new_game(
        [["beige", "blue", "brown"], ["yellow", "red", "red"]],
        ["blue", "brown", "yellow"],
        ["intermezzo", "red", "finito"],
    )
    play(state, "build beige 2", "influence yellow")
    events = play(state, "take blue")
    assert kinds(events) == ["scoring", "reveal"]
    # beige 2 ranks first, then blue, brown, yellow (rank 4: flag 1 with 2 players).
    assert state.chips == [(1,), ()]
    assert display(state) == Counter(["brown", "yellow", "red"])
    assert state.current_player == 1


# -- the Finito and the end of the game ---------------------------------------------------


def finished_special_game() -> tuple[CampanileState, list[tavola.Event]]:
    state = special_game()
    play(state, "build beige 3", "influence yellow", "take red")
    play(state, "build blue 1", "influence brown")
    return state, play(state, "take yellow")


def test_finito_turned_up_ends_the_game_at_once_with_the_final_scoring() -> None:
    """Finito: final scoring right away, no refill, the game is over."""
    state, events = finished_special_game()
    assert kinds(events) == ["scoring", "game_over"]
    assert events[0].data["kind"] == "finito"
    assert state.is_over
    assert state.current_player is None
    assert state.legal_actions() == []
    assert state.legal_notations() == []
    assert display(state) == Counter(["brown", "brown"])
    assert state.view(None)["phase"] == "over"


def test_final_scoring_flags_all_five_towers() -> None:
    """Finito 3-5p: flags 6/4/2, 5/3/1, 4/2, 3/1, 2; the lowest tower scores too."""
    state, events = finished_special_game()
    # Heights: beige 3, red 2, blue 1, brown 0, yellow 0.
    assert [(t["rank"], t["style"], t["flag"]) for t in events[0].data["towers"]] == [
        (5, "yellow", [2]),
        (4, "brown", [3, 1]),
        (3, "blue", [4, 2]),
        (2, "red", [5, 3, 1]),
        (1, "beige", [6, 4, 2]),
    ]
    assert groups(state, "brown") == [(0, [2]), (2, [1])]
    assert state.chips == [(1, 3), (2,), (1,)]
    assert state.scores == [4, 2, 1]
    assert state.winners == [0]
    assert events[1].data == {"scores": [4, 2, 1], "winners": [0]}
    assert events[1].text == "P0 wins"
    assert chip_supply(state) == {**FULL_CHIP_SUPPLY, 1: 2, 2: 4, 3: 2}


def test_no_action_is_legal_after_the_game_ended() -> None:
    """End: after the final scoring every action is refused and nothing changes."""
    state, _ = finished_special_game()
    for action in ("build blue 1", "pass", "take brown", 0):
        error = refused(state, action)
        assert "over" in error.reason


def test_intermezzo_directly_above_the_finito_scores_twice_in_one_refill() -> None:
    """Intermezzo then Finito in one refill: both scorings, then the game is over."""
    state = new_game(
        [["beige", "blue", "brown"], ["yellow", "red", "red"]],
        ["blue", "brown", "yellow"],
        ["red", "intermezzo", "finito"],
    )
    play(state, "build beige 1", "influence brown", "take yellow")
    play(state, "build red 3", "influence blue")
    events = play(state, "take brown")
    assert kinds(events) == ["scoring", "scoring", "game_over"]
    assert [event.data["kind"] for event in scorings(events)] == ["intermezzo", "finito"]
    # Heights: red 3, beige 1, then blue, brown, yellow at 0.
    # Intermezzo 2p: blue is 3rd (2/1) -> P1 2; brown 4th (1) -> P0 1.
    # Finito 2p: blue 3rd (4/1) -> P1 4; brown 4th (3/1) -> P0 3.
    assert state.chips == [(1, 3), (2, 4)]
    assert state.winners == [1]
    assert display(state) == Counter(["blue", "red"])


def test_a_finished_game_replays_from_its_record() -> None:
    """Records: the stacked deck and the notations rebuild the same final state."""
    state, _ = finished_special_game()
    again = tavola.replay(state.record())
    assert isinstance(again, CampanileState)
    assert again == state
    assert again.chips == state.chips
