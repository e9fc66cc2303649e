"""Decisions of the rules digest checked by a scenario each, where no other test shows them
as plainly (see src/tavola/games/campanile/pages/decisions.md). Elsewhere:

- a move with no 2-marker in supply: ``test_scenarios.py``,
  ``test_with_no_two_marker_left_only_moves_and_pass_remain``;
- the 1996 known count and the 1996 bet skipped: ``test_edition1996.py``,
  ``test_without_a_marker_worth_enough_the_bet_is_skipped``;
- the 1996 leftovers with 4 players: ``test_edition1996.py``,
  ``test_setup_removes_cards_deals_three_and_makes_three_equal_piles``.
"""

from __future__ import annotations

from collections import Counter

from tests.games.campanile import decks, decks96, views


def test_2009_the_known_count_drops_when_one_of_two_cards_of_a_style_is_played() -> None:
    """P0 holds an unseen red and takes a red from the display: one red is known. When P0
    plays a red, nobody can tell which: the known count drops to none."""
    state = decks.new_game(
        [["red", "blue", "blue"], ["beige", "brown", "yellow"]],
        ["red", "beige", "yellow"],
        ["brown", "brown", "intermezzo", "brown", "finito"],
    )
    decks.play(state, "build blue 1", "pass", "take red")
    assert state.view(1)["hands"][0] == {"size": 3, "known": ["red"], "cards": None}
    decks.play(state, "build beige 1", "pass", "take beige")
    decks.play(state, "build red 1")
    assert views.hand(state, 0) == Counter(["blue", "red"])  # a red is still there...
    assert state.view(1)["hands"][0]["known"] == []  # ...but it is no longer known


def test_1996_influence_is_the_sum_of_a_players_markers() -> None:
    """Under beige P0 has three 1s (3), P1 one 2: P0 is the stronger, as a sum; were it the
    highest marker, P1's 2 would beat P0's 1s."""
    state = decks96.new_game(
        [["red", "red", "red"], ["yellow", "yellow", "yellow"]],
        [["red", "red", "red", "red"], ["yellow", "yellow", "yellow"], ["beige"]],
    )
    decks96.play(state, "build red 1", "bet beige 1")
    decks96.play(state, "build yellow 2", "bet beige 2")
    decks96.play(state, "build red 1", "bet beige 1")
    decks96.play(state, "build yellow 2", "pass")
    decks96.play(state, "build red 1", "bet beige 1")
    events = decks96.play(state, "build yellow 2", "pass")  # pile 2 runs out: the end
    assert state.is_over
    scoring = next(event for event in events if event.kind == "scoring")
    beige = next(tower for tower in scoring.data["towers"] if tower["style"] == "beige")
    assert beige["influence"] == [[0, 3], [1, 2]]
    assert beige["awards"] == [[0, 4], [1, 2]]  # beige ranks third: the flag 4/2
