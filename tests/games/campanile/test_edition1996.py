"""Scripted Campanile 1996 games with stacked piles: setup, the bet, the automatic draw,
the end when a pile runs out, the final scoring, the variant and the options.

Every expected value is worked out by hand from the rules (shared/rules/campanile.md,
section "Edition 1996", and the French text); ``play`` also cross-checks the legal
actions and every scoring with the independent reference. Seats are P0, P1, ...; P0
starts. Tower positions: beige 0 (nearest the piles), blue 1, brown 2, yellow 3, red 4.
"""

from __future__ import annotations

from collections import Counter

import pytest

import tavola
from tavola import InvalidOption
from tavola.games.campanile import Campanile1996State
from tavola.testing.properties import refused
from tests.games.campanile.decks96 import cards_per_style, new_game, play
from tests.games.campanile.views import (
    STYLES,
    awards,
    groups,
    hand,
    height,
    kinds,
    known,
    piles,
    supply,
)


def game_1996(players: int, **options: object) -> tavola.Game:
    return tavola.load("campanile", players=players, edition="1996", **options)


# -- setup ---------------------------------------------------------------------------------

# Per player count: tower cards per style after the removals, pile size, leftover cards.
SETUPS = {2: (9, 13, 0), 3: (11, 15, 1), 4: (13, 17, 2), 5: (14, 18, 1)}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_removes_cards_deals_three_and_makes_three_equal_piles(players: int) -> None:
    """Removals 5/3/1/0 per style; 3 cards a seat; three equal piles; 1 or 2 cards left over."""
    per_style, size, leftover = SETUPS[players]
    assert cards_per_style(players) == per_style
    assert 5 * per_style == 3 * players + 3 * size + leftover
    most = Counter[str]()
    for seed in range(40):
        state = game_1996(players).new_game(seed)
        assert isinstance(state, Campanile1996State)
        view = state.view(None)
        assert [pile["number"] for pile in view["piles"]] == [1, 2, 3]
        assert [pile["size"] for pile in view["piles"]] == [size] * 3
        assert all(hand["size"] == 3 and hand["known"] == [] for hand in view["hands"])
        assert view["phase"] == "build"
        assert view["current_player"] == 0
        assert view["supply"] == [[5, 3, 1]] * players
        assert view["scores"] == [0] * players
        # Every card in the game: the hands and the piles (tops included), by style.
        cards = sum((hand(state, seat) for seat in range(players)), Counter[str]())
        for pile in state.piles:
            cards += Counter(STYLES[card] for card in pile)
        assert cards.total() == 5 * per_style - leftover
        assert all(cards[style] <= per_style for style in STYLES)
        assert [pile["top"] for pile in view["piles"]] == [STYLES[p[-1]] for p in state.piles]
        for style in STYLES:
            most[style] = max(most[style], cards[style])
    # The removals take exactly that many cards: each style is complete in some deal.
    assert all(most[style] == per_style for style in STYLES)


def test_setup_is_reproducible_from_the_seed() -> None:
    game = game_1996(4)
    assert game.new_game(9) == game.new_game(9)
    assert game.new_game(9).view(None) != game.new_game(10).view(None)


# -- a turn: build, bet or pass, the automatic draw -----------------------------------------

HANDS_3P = [["blue", "brown", "red"], ["beige", "yellow", "red"], ["blue", "blue", "yellow"]]
PILES_3P = [
    ["red", "beige", "brown", "yellow"],
    ["blue", "yellow", "red", "beige"],
    ["yellow", "brown", "beige", "red"],
]


def three_players(**options: object) -> Campanile1996State:
    return new_game(HANDS_3P, PILES_3P, **options)


def test_the_piles_show_their_numbers_tops_and_sizes() -> None:
    state = three_players()
    assert piles(state) == [("red", 4), ("blue", 4), ("yellow", 4)]
    assert hand(state, 0) == Counter(["blue", "brown", "red"])
    assert state.legal_notations() == [
        f"build {style} {floors}" for style in ("blue", "brown", "red") for floors in (1, 2, 3)
    ]


def test_a_bet_may_use_a_larger_marker_and_the_draw_follows_by_itself() -> None:
    """Built 1, P0 bets its 3 on red (a pile top) and draws red from pile 1."""
    state = three_players()
    assert play(state, "build brown 1") == []
    assert state.view(0)["phase"] == "bet"
    assert state.view(0)["built"] == {"style": "brown", "floors": 1}
    bets = {f"bet {style} {value}" for style in ("red", "blue", "yellow") for value in (1, 2, 3)}
    assert set(state.legal_notations()) == {"pass"} | bets
    events = play(state, "bet red 3")
    assert kinds(events) == ["draw", "reveal"]
    assert events[0].data == {"player": 0, "card": "red", "pile": 1}
    assert events[1].data == {"card": "beige", "pile": 1}
    assert groups(state, "red") == [(0, [3])]
    assert supply(state, 0) == [5, 3, 0]
    assert piles(state) == [("beige", 3), ("blue", 4), ("yellow", 4)]
    assert hand(state, 0) == Counter(["blue", "red", "red"])
    assert known(state, 0) == Counter(["red"])  # it was face up: everybody knows it
    assert state.current_player == 1
    assert state.view(1)["phase"] == "build"


def test_a_bet_below_the_floors_built_is_refused() -> None:
    """Built 2: a 2 or a 3 may be bet, not a 1 (French: "supérieure ou égale")."""
    state = three_players()
    play(state, "build brown 1", "bet red 3", "build yellow 2")
    assert set(state.legal_notations()) == {"pass"} | {
        f"bet {style} {value}" for style in ("beige", "blue", "yellow") for value in (2, 3)
    }
    error = refused(state, "bet blue 1")
    assert "2 or more" in error.reason
    assert "at least the floors just built" in error.rule
    play(state, "bet blue 2")
    assert groups(state, "blue") == [(1, [2])]
    assert piles(state) == [("beige", 3), ("yellow", 3), ("yellow", 4)]  # drew from pile 2
    assert hand(state, 1) == Counter(["beige", "red", "blue"])


def test_a_bet_on_a_style_not_on_a_pile_top_is_refused() -> None:
    """Even the tower just built on, without the variant."""
    state = three_players()
    play(state, "build brown 1")
    error = refused(state, "bet brown 1")
    assert error.reason == "no brown card lies face up on a pile"
    refused(state, "bet beige 1")  # beige lies in pile 1, but not on top
    assert "bet brown 1" not in state.legal_notations()


def test_building_three_draws_from_pile_three() -> None:
    state = three_players()
    play(state, "build brown 1", "bet red 3", "build yellow 2", "pass", "build blue 3")
    # Pile tops now beige, yellow, yellow: only the 3 is worth 3 floors.
    assert set(state.legal_notations()) == {"pass", "bet beige 3", "bet yellow 3"}
    refused(state, "bet blue 3")
    events = play(state, "bet yellow 3")
    assert events[0].data == {"player": 2, "card": "yellow", "pile": 3}
    assert piles(state) == [("beige", 3), ("yellow", 3), ("brown", 3)]
    assert hand(state, 2) == Counter(["blue", "yellow", "yellow"])
    assert known(state, 2) == Counter(["yellow"])


def test_without_a_marker_worth_enough_the_bet_is_skipped() -> None:
    """P0's 3 is under red: after building 3 the build itself draws from pile 3."""
    state = three_players()
    play(state, "build brown 1", "bet red 3", "build yellow 2", "pass")
    play(state, "build blue 3", "bet yellow 3")
    assert known(state, 0) == Counter(["red"])
    events = play(state, "build red 3")
    assert kinds(events) == ["draw", "reveal"]
    assert events[0].data == {"player": 0, "card": "brown", "pile": 3}
    assert state.current_player == 1
    assert state.view(None)["phase"] == "build"
    assert hand(state, 0) == Counter(["blue", "red", "brown"])
    # The played red might have been the known one: nobody can be sure it is still there.
    assert known(state, 0) == Counter(["brown"])
    assert [height(state, style) for style in STYLES] == [0, 3, 1, 2, 3]


def test_a_pass_places_nothing_and_draws() -> None:
    state = three_players()
    play(state, "build brown 2")
    events = play(state, "pass")
    assert kinds(events) == ["draw", "reveal"]
    assert events[0].data["pile"] == 2
    assert supply(state, 0) == [5, 3, 1]
    assert all(groups(state, style) == [] for style in STYLES)


def test_steps_out_of_turn_are_refused() -> None:
    state = three_players()
    error = refused(state, "bet red 1")
    assert error.reason == "it is time to build, not to bet"
    assert "the draw is automatic" in error.rule
    refused(state, "pass")
    refused(state, "build yellow 1")  # no yellow card in P0's hand
    play(state, "build blue 1")
    assert refused(state, "build red 1").reason == "it is time to bet or pass, not to build"
    for action in (15, 21, 26, 50):  # 2009 ids: no action in 1996
        assert "not an action id" in refused(state, action).reason
    assert refused(state, 66).reason == "66 is not an action id"


# -- the variant bet_on_built_tower ---------------------------------------------------------


def test_the_variant_allows_a_bet_under_the_tower_just_built() -> None:
    state = three_players(bet_on_built_tower=True)
    play(state, "build brown 2")
    assert {"bet brown 2", "bet brown 3"} <= set(state.legal_notations())
    assert "bet brown 1" not in state.legal_notations()  # still worth the floors built
    refused(state, "bet beige 2")  # neither on a pile top nor just built
    play(state, "bet brown 2")
    assert groups(state, "brown") == [(0, [2])]
    # The next seat builds elsewhere: brown is no longer allowed.
    play(state, "build beige 1")
    assert not any(text.startswith("bet brown") for text in state.legal_notations())


def test_the_variant_changes_nothing_when_the_built_style_is_on_a_pile_top() -> None:
    plain, variant = three_players(), three_players(bet_on_built_tower=True)
    for state in (plain, variant):
        play(state, "build red 1")
    assert plain.legal_actions() == variant.legal_actions()


# -- the end and the final scoring ----------------------------------------------------------


def test_the_game_ends_on_the_draw_that_empties_a_pile_and_a_tie_is_shared() -> None:
    """P0: 8 for beige (#1). P1: 6 for blue (#2, level with yellow but nearer the piles)
    and 2 for brown (#4, level with red but nearer): 8 each, a shared victory."""
    state = new_game(
        [["beige", "beige", "blue"], ["blue", "yellow", "yellow"]],
        [["beige", "yellow", "red", "red"], ["blue", "brown"], ["yellow", "red", "red"]],
    )
    play(state, "build beige 3", "bet beige 3")  # draws yellow from pile 3
    play(state, "build blue 2", "bet blue 3")  # a 3 after building 2; draws blue from pile 2
    play(state, "build beige 1", "pass")  # draws beige from pile 1
    assert piles(state) == [("yellow", 3), ("brown", 1), ("red", 2)]
    play(state, "build yellow 2")
    assert not state.is_over
    events = play(state, "bet brown 2")  # brown is pile 2's last card
    assert kinds(events) == ["draw", "scoring", "game_over"]
    assert events[0].data == {"player": 1, "card": "brown", "pile": 2}
    assert state.is_over
    assert state.current_player is None
    assert piles(state) == [("yellow", 3), (None, 0), ("red", 2)]
    assert state.legal_actions() == []
    assert [height(state, style) for style in STYLES] == [4, 2, 0, 2, 0]
    scoring = events[1]
    assert scoring.data["kind"] == "final"
    assert [(t["rank"], t["style"], t["flag"]) for t in scoring.data["towers"]] == [
        (4, "brown", [2, 1]),
        (3, "yellow", [4, 2]),
        (2, "blue", [6, 3]),
        (1, "beige", [8, 4]),
    ]
    assert awards(scoring) == [("brown", 1, 2), ("blue", 1, 6), ("beige", 0, 8)]
    assert state.scores == [8, 8]
    assert state.winners == [0, 1]
    assert events[2].text == "P0 and P1 share the victory"
    assert events[2].data == {"scores": [8, 8], "winners": [0, 1]}
    assert refused(state, "build beige 1").reason == "the game is over"


def test_equal_influence_goes_to_the_earlier_bettor() -> None:
    """Under beige P1 reaches 2 first, but P0 bet there first: P0's group wins the tie.

    Heights: red 7 (#1, 8/4); all others 0, beige nearest the piles (#2, 6/3).
    """
    state = new_game(
        [["red", "red", "brown"], ["red", "red", "blue"]],
        [["beige", "beige", "yellow", "yellow"], ["beige", "blue", "blue"], ["red"]],
    )
    play(state, "build red 1", "bet beige 1")
    play(state, "build red 2", "bet beige 2")
    play(state, "build red 1", "bet beige 1")  # joins P0's first group
    assert groups(state, "beige") == [(0, [1, 1]), (1, [2])]
    events = play(state, "build red 3", "bet red 3")  # draws pile 3's only card
    scoring = next(event for event in events if event.kind == "scoring")
    beige = next(tower for tower in scoring.data["towers"] if tower["style"] == "beige")
    assert beige["rank"] == 2
    assert beige["influence"] == [[0, 2], [1, 2]]
    assert beige["awards"] == [[0, 6], [1, 3]]
    assert awards(scoring) == [("beige", 0, 6), ("beige", 1, 3), ("red", 1, 8)]
    assert state.scores == [6, 11]
    assert state.winners == [1]
    assert scoring.table is not None
    assert scoring.table.title == "Final scoring"
    assert scoring.table.columns[-1] == "points"


EQUAL_HEIGHTS = (
    [["blue", "yellow", "beige"], ["yellow", "blue", "beige"]],
    [["blue", "brown", "brown"], ["yellow", "brown", "brown"], ["red", "beige"]],
)


@pytest.mark.parametrize(
    ("towers", "scores", "winners"),
    [
        (STYLES, [8, 6], [0]),  # blue (position 1) outranks yellow (position 3)
        (("red", "yellow", "brown", "blue", "beige"), [6, 8], [1]),  # now yellow is nearer
    ],
)
def test_equal_heights_go_to_the_tower_nearest_the_piles(
    towers: tuple[str, ...], scores: list[int], winners: list[int]
) -> None:
    state = new_game(*EQUAL_HEIGHTS, towers=towers)
    play(state, "build blue 3", "bet blue 3")
    events = play(state, "build yellow 3", "bet yellow 3")  # pile 3 runs out
    assert kinds(events)[-2:] == ["scoring", "game_over"]
    assert height(state, "blue") == height(state, "yellow") == 3
    assert state.scores == scores
    assert state.winners == winners


def test_the_lowest_tower_scores_nothing() -> None:
    """Five players, all towers built; the markers under the lowest tower win nothing."""
    hands = [["beige"] * 3, ["blue"] * 3, ["brown"] * 3, ["yellow"] * 3, ["red"] * 3]
    state = new_game(
        hands,
        [["red", "beige"], ["red", "blue"], ["red", "yellow", "brown", "beige", "red"]],
    )
    play(state, "build beige 3", "bet red 3")  # draws red from pile 3
    play(state, "build blue 3", "bet red 3")  # draws yellow from pile 3
    play(state, "build brown 3", "bet brown 3")  # draws brown from pile 3
    play(state, "build yellow 3", "bet beige 3")  # draws beige from pile 3
    play(state, "build red 1", "bet red 1")  # draws red from pile 1
    assert piles(state) == [("beige", 1), ("red", 2), ("red", 1)]
    assert not state.is_over
    events = play(state, "build beige 1", "pass")  # P0 draws pile 1's last card
    assert state.is_over
    # Heights: beige 4, blue 3, brown 3, yellow 3, red 1 (the lowest, no flag).
    scoring = next(event for event in events if event.kind == "scoring")
    assert [tower["style"] for tower in scoring.data["towers"]] == [
        "yellow",
        "brown",
        "blue",
        "beige",
    ]
    assert groups(state, "red") == [(0, [3]), (1, [3]), (4, [1])]
    assert awards(scoring) == [("brown", 2, 4), ("beige", 3, 8)]
    assert state.scores == [0, 0, 4, 8, 0]
    assert state.winners == [3]


def test_a_game_where_nobody_scores_is_shared_by_all() -> None:
    state = new_game(
        [["blue", "blue", "blue"], ["red", "red", "red"]],
        [["blue", "red"], ["red", "blue"], ["yellow"]],
    )
    play(state, "build blue 3", "pass")
    assert state.is_over
    assert state.scores == [0, 0]
    assert state.winners == [0, 1]


# -- options --------------------------------------------------------------------------------


def test_options_of_the_other_edition_are_refused_with_a_clear_message() -> None:
    with pytest.raises(InvalidOption) as caught:
        tavola.load("campanile", players=2, edition="1996", move_markers=True)
    assert "move_markers is an option of the 2009 edition only" in str(caught.value)
    with pytest.raises(InvalidOption) as caught:
        tavola.load("campanile", players=3, bet_on_built_tower=True)
    assert "bet_on_built_tower is an option of the 1996 edition only" in str(caught.value)
    assert "edition=1996" in str(caught.value)
    with pytest.raises(InvalidOption) as caught:
        tavola.load("campanile", edition="1997")
    assert "2009, 1996" in str(caught.value)


def test_records_and_views_list_the_options_of_their_edition() -> None:
    state = game_1996(3, bet_on_built_tower="true").new_game(4)
    assert set(state.record()["options"]) == {
        "players",
        "edition",
        "bet_on_built_tower",
        "towers",
        "deck",
    }
    assert state.view(0)["options"] == {
        "players": 3,
        "edition": "1996",
        "bet_on_built_tower": True,
        "towers": list(STYLES),
    }
    old = tavola.load("campanile", players=2, move_markers=True).new_game(4)
    assert set(old.record()["options"]) == {"players", "edition", "move_markers", "towers", "deck"}


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        (["blue"] * 6 + ["red", "finito", "red", "finito"], "three finito"),
        (["blue"] * 6 + ["red", "finito", "finito", "red", "finito"], "at least one card"),
        (["blue"] * 6 + ["red", "finito", "red", "finito", "red"], "three finito"),
        (["blue"] * 6 + ["intermezzo", "red", "finito"] * 3, "no intermezzo"),
        (["blue"] * 5 + ["finito", "red", "finito", "red", "red", "finito"], "the hands"),
        (["blue"] * 10 + ["finito"] * 3, "at most 9 blue"),
    ],
)
def test_a_stacked_deck_is_checked(deck: list[str], message: str) -> None:
    with pytest.raises(InvalidOption) as caught:
        tavola.load("campanile", players=2, edition="1996", deck=deck)
    assert message in str(caught.value)


def test_a_stacked_deck_is_secret() -> None:
    state = three_players()
    assert "deck" not in state.view(0)["options"]
    assert state.record()["options"]["deck"][:3] == HANDS_3P[0]
    assert tavola.replay(state.record()) == state


# -- views -----------------------------------------------------------------------------------


def test_views_show_pile_tops_not_what_lies_below() -> None:
    state = three_players()
    play(state, "build brown 1", "bet red 3")
    mine, theirs, spectator = state.view(0), state.view(1), state.view(None)
    assert mine["hands"][0]["cards"] == ["blue", "red", "red"]
    assert theirs["hands"][0] == {"size": 3, "known": ["red"], "cards": None}
    assert spectator["hands"][1] == {"size": 3, "known": [], "cards": None}
    assert spectator["piles"] == [
        {"number": 1, "top": "beige", "size": 3},
        {"number": 2, "top": "blue", "size": 4},
        {"number": 3, "top": "yellow", "size": 4},
    ]
    for key in ("display", "stack", "chips", "chip_supply", "intermezzo_scored"):
        assert key not in spectator  # the 2009 edition's things
    assert "brown" not in str(spectator["piles"])  # pile 1's third card


def test_determinize_keeps_tops_and_known_cards_and_redeals_the_rest() -> None:
    import random

    state = three_players()
    play(state, "build brown 1", "bet red 3", "build yellow 2")
    rng = random.Random(3)
    below: set[tuple[int, ...]] = set()
    other_hands: set[tuple[str, ...]] = set()
    for _ in range(60):
        sample = state.determinize(1, rng)
        assert sample.view(1) == state.view(1)
        assert sample.legal_actions() == state.legal_actions()
        assert [pile[-1] for pile in sample.piles] == [pile[-1] for pile in state.piles]
        assert "red" in hand(sample, 0)  # P0's known card stays
        below.add(tuple(card for pile in sample.piles for card in pile[:-1]))
        other_hands.add(tuple(sorted(hand(sample, 2).elements())))
    assert len(below) > 1
    assert len(other_hands) > 1
    assert state.determinize(1, rng).view(1) == state.view(1)


# -- notation, rendering, tensor and heuristic ------------------------------------------------


def test_notation_of_the_1996_edition() -> None:
    game = game_1996(4)
    assert game.num_distinct_actions == 66
    assert game.action_to_string(0) == "build beige 1"
    assert game.action_to_string(20) == "pass"
    assert game.action_to_string(51) == "bet beige 1"
    assert game.action_to_string(65) == "bet red 3"
    assert [game.parse_action(text) for text in ("bet blue 2", "BE Bl 2", "be,blue,2")] == [55] * 3
    for text, words in [
        ("take blue", "no take"),
        ("influence red", "bet <style> <value>"),
        ("move red blue", "2009"),
        ("bet red 4", "worth 1, 2 or 3"),
        ("b red 2", "ambiguous"),
        ("bet red", "bet <style> <1|2|3>"),
        ("", "an empty text"),
    ]:
        with pytest.raises(tavola.NotationError) as caught:
            game.parse_action(text)
        assert words in str(caught.value), text
    for action in (15, 19, 21, 25, 26, 50):
        with pytest.raises(tavola.NotationError):
            game.action_to_string(action)
    # The 2009 edition knows no bet.
    old = tavola.load("campanile")
    assert old.num_distinct_actions == 51
    with pytest.raises(tavola.NotationError):
        old.parse_action("bet red 2")


def test_a_lone_b_reads_as_the_step_at_hand() -> None:
    state = three_players()
    assert state.read_action("b blu 2") == state.game.parse_action("build blue 2")
    play(state, "build blue 2")
    assert state.read_action("b red 3") == state.game.parse_action("bet red 3")


def test_render_shows_the_piles_and_the_flags() -> None:
    state = three_players()
    play(state, "build brown 1", "bet red 3")
    text = state.game.render(state.view(1))
    assert "1: beige (3 left)" in text
    assert "2: blue (4 left)" in text
    assert "3: yellow (4 left)" in text
    for flag in ("8/4", "6/3", "4/2", "2/1"):
        assert flag in text
    assert "you" in text
    assert "known: red" in text
    assert all(len(line) <= 80 for line in text.splitlines())
    assert "1996" in str(state.game.rules_summary)


def test_the_tensor_has_the_1996_layout() -> None:
    state = three_players()
    play(state, "build brown 1")
    game = state.game
    tensor = game.encode_view(state.view(0))
    assert len(tensor) == game.observation_shape[0] == 180
    # The piles' block: after seats (2n), phases (3) and towers (5 x (5 + 2 + 5n)).
    start = 2 * 3 + 3 + 5 * (5 + 2 + 5 * 3)
    assert tensor[start : start + 18] == [
        *[0, 0, 0, 0, 1, 4],  # pile 1: red, 4 cards
        *[0, 1, 0, 0, 0, 4],  # pile 2: blue
        *[0, 0, 0, 1, 0, 4],  # pile 3: yellow
    ]
    assert tensor[6:9] == [0, 1, 0]  # the bet step


def test_the_heuristic_counts_the_1996_flags() -> None:
    """P0 alone under red: red ranks #1 once it is the tallest tower (8), else by position."""
    state = three_players()
    play(state, "build brown 1", "bet red 3")
    # Heights: brown 1, others 0: red ranks #5 and scores nothing; P1 and P2 have nothing.
    assert state.game.evaluate(state, 0) == 0
    play(state, "build red 2", "pass")  # red 2: the tallest
    assert state.game.evaluate(state, 0) == 8
    assert state.game.evaluate(state, 1) == -8


def test_a_player_without_twos_bets_the_three_after_building_two() -> None:
    """P0 bets its three 2s; after building 2 again only the 3 is worth enough."""
    state = new_game(
        [["red", "red", "red"], ["blue", "blue", "blue"]],
        [["beige"] * 5, ["red", "blue", "red", "yellow", "yellow"], ["yellow", "yellow"]],
    )
    play(state, "build red 2", "bet beige 2", "build blue 1", "pass")
    play(state, "build red 2", "bet beige 2", "build blue 1", "pass")
    play(state, "build red 2", "bet yellow 2", "build blue 1", "pass")
    assert supply(state, 0) == [5, 0, 1]
    assert hand(state, 0) == Counter(["red", "red", "blue"])
    play(state, "build red 2")
    assert piles(state) == [("beige", 2), ("yellow", 2), ("yellow", 2)]
    assert state.legal_notations() == ["pass", "bet beige 3", "bet yellow 3"]
    assert refused(state, "bet beige 2").reason == "you have no marker of value 2 left"
    play(state, "bet beige 3")
    assert groups(state, "beige") == [(0, [2, 2, 3])]
    assert supply(state, 0) == [5, 0, 0]
