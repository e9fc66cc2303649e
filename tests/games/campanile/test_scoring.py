"""Scripted Campanile (2009) scorings: flag tables, ranking ties, majorities, the
rulebook's two worked examples, the winner and the chip supply.

Expected chips are worked out by hand from the rules (shared/rules/campanile.md and
the German rulebook); comments give the heights and influences they follow from.
A scoring hands out chips from the lowest flag up, so a seat's chips are listed in
that order. Seats are P0, P1, ...; P0 starts.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import NamedTuple

import pytest

import tavola
from tavola.core.i18n import language
from tavola.games.campanile import CampanileState, scoring, svg
from tests.games.campanile.decks import new_game, play
from tests.games.campanile.views import awards, chip_supply, groups, kinds, scorings

SVG = "{http://www.w3.org/2000/svg}"
EMPTY_CHIP_SUPPLY = {1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0}


class Played(NamedTuple):
    """A scripted game played to its end."""

    state: CampanileState
    intermezzo: list[tavola.Event]  # the events of the take that turned up the Intermezzo
    finito: list[tavola.Event]  # the events of the take that turned up the Finito
    chips_at_intermezzo: list[tuple[int, ...]]


def flags(event: tavola.Event) -> list[tuple[int, str, list[int]]]:
    """A scoring's ``(rank, style, flag)`` per flagged tower, in scoring order."""
    return [(tower["rank"], tower["style"], tower["flag"]) for tower in event.data["towers"]]


# -- two players: both flag tables, every value handed out --------------------------------


def two_player_game() -> Played:
    """Both players under beige, blue, brown and yellow, then P0 alone under red."""
    state = new_game(
        [["yellow", "brown", "beige"], ["blue", "brown", "yellow"]],
        ["beige", "blue", "brown"],
        [
            *("beige", "blue", "yellow", "red", "red", "brown", "beige"),
            "intermezzo",
            *("blue", "yellow"),
            "finito",
        ],
    )
    play(state, "build yellow 3", "influence beige", "take beige")
    play(state, "build blue 1", "influence beige", "take blue")
    play(state, "build brown 2", "influence blue", "take beige")
    play(state, "build brown 2", "influence blue", "take blue")
    play(state, "build beige 1", "influence brown", "take red")
    play(state, "build yellow 3", "influence brown", "take brown")
    play(state, "build beige 1", "influence yellow", "take brown")
    intermezzo = play(state, "build blue 2", "influence yellow", "take beige")
    chips_at_intermezzo = list(state.chips)
    play(state, "build beige 2", "influence red", "take yellow")
    finito = play(state, "build blue 1", "pass", "take yellow")
    return Played(state, intermezzo, finito, chips_at_intermezzo)


def test_two_player_intermezzo_flags_are_4_2_then_3_2_then_2_1_then_1() -> None:
    """Intermezzo 2p: yellow 6 (4/2), brown 4 (3/2), blue 3 (2/1), beige 2 (1), red 0."""
    _, intermezzo, _, chips = two_player_game()
    (scoring,) = scorings(intermezzo)
    assert flags(scoring) == [
        (4, "beige", [1]),
        (3, "blue", [2, 1]),
        (2, "brown", [3, 2]),
        (1, "yellow", [4, 2]),
    ]
    # beige: P0 3 > P1 1; blue: P0 2 = P1 2, P0's group first; brown: P1 3 > P0 1;
    # yellow: P1 2 > P0 1.
    assert awards(scoring) == [
        ("beige", 0, 1),
        ("blue", 0, 2),
        ("blue", 1, 1),
        ("brown", 1, 3),
        ("brown", 0, 2),
        ("yellow", 1, 4),
        ("yellow", 0, 2),
    ]
    assert chips == [(1, 2, 2, 2), (1, 3, 4)]


def test_two_player_final_flags_are_6_3_then_5_2_then_4_1_then_3_1_then_2() -> None:
    """Finito 2p: yellow 6 (6/3); beige, blue, brown all 4 (5/2, 4/1, 3/1); red 0 (2)."""
    _, _, finito, _ = two_player_game()
    scoring, game_over = finito
    assert game_over.kind == "game_over"
    assert flags(scoring) == [
        (5, "red", [2]),
        (4, "brown", [3, 1]),
        (3, "blue", [4, 1]),
        (2, "beige", [5, 2]),
        (1, "yellow", [6, 3]),
    ]
    assert awards(scoring) == [
        ("red", 0, 2),
        ("brown", 1, 3),
        ("brown", 0, 1),
        ("blue", 0, 4),
        ("blue", 1, 1),
        ("beige", 0, 5),
        ("beige", 1, 2),
        ("yellow", 1, 6),
        ("yellow", 0, 3),
    ]


def test_two_player_game_totals_and_winner() -> None:
    """2p end: P0 7 + 15 = 22 beats P1 8 + 12 = 20."""
    state, _, _, _ = two_player_game()
    assert state.chips == [(1, 2, 2, 2, 2, 1, 4, 5, 3), (1, 3, 4, 3, 1, 2, 6)]
    assert state.scores == [22, 20]
    assert state.winners == [0]


def test_two_player_scorings_use_sixteen_of_the_seventeen_chips() -> None:
    """Chips come from the supply: all 16 flag values of 2p leave one 4-chip."""
    state, _, _, _ = two_player_game()
    assert chip_supply(state) == {**EMPTY_CHIP_SUPPLY, 4: 1}


# -- three players: both 3-5 player tables, every value handed out ------------------------


def three_player_game() -> Played:
    """Towers ranked red, yellow, brown, blue, beige at both scorings."""
    state = new_game(
        [["red", "yellow", "yellow"], ["red", "brown", "brown"], ["yellow", "blue", "red"]],
        ["red", "yellow", "brown"],
        [
            *("brown", "blue", "brown", "blue", "beige"),
            "intermezzo",
            *("yellow", "red", "brown", "beige", "red"),
            "finito",
        ],
    )
    play(state, "build red 3", "influence red", "take brown")
    play(state, "build red 1", "influence red", "take brown")
    play(state, "build yellow 2", "influence yellow", "take red")
    play(state, "build yellow 1", "influence yellow", "take blue")
    play(state, "build brown 2", "influence brown", "take yellow")
    intermezzo = play(state, "build blue 1", "influence blue", "take brown")
    chips_at_intermezzo = list(state.chips)
    play(state, "build yellow 2", "influence blue", "take blue")
    play(state, "build brown 2", "influence yellow", "take beige")
    play(state, "build red 3", "influence red", "take yellow")
    play(state, "build blue 1", "influence brown", "take red")
    finito = play(state, "build beige 1", "influence beige", "take brown")
    return Played(state, intermezzo, finito, chips_at_intermezzo)


def test_three_player_intermezzo_flags_are_4_2_then_3_1_then_2_then_1() -> None:
    """Intermezzo 3-5p: red 4 (4/2), yellow 3 (3/1), brown 2 (2), blue 1 (1); beige none."""
    _, intermezzo, _, chips = three_player_game()
    (scoring,) = scorings(intermezzo)
    assert flags(scoring) == [
        (4, "blue", [1]),
        (3, "brown", [2]),
        (2, "yellow", [3, 1]),
        (1, "red", [4, 2]),
    ]
    # blue: P2 1; brown: P1 2; yellow: P2 2 > P0 1; red: P0 3 > P1 1.
    assert awards(scoring) == [
        ("blue", 2, 1),
        ("brown", 1, 2),
        ("yellow", 2, 3),
        ("yellow", 0, 1),
        ("red", 0, 4),
        ("red", 1, 2),
    ]
    assert chips == [(1, 4), (2, 2), (1, 3)]


def test_three_player_final_flags_are_6_4_2_then_5_3_1_then_4_2_then_3_1_then_2() -> None:
    """Finito 3-5p: red 7, yellow 5, brown 4, blue 2, beige 1; three places on the top two."""
    state, _, finito, _ = three_player_game()
    scoring, _ = finito
    assert flags(scoring) == [
        (5, "beige", [2]),
        (4, "blue", [3, 1]),
        (3, "brown", [4, 2]),
        (2, "yellow", [5, 3, 1]),
        (1, "red", [6, 4, 2]),
    ]
    assert groups(state, "red") == [(0, [3]), (1, [1]), (2, [3])]
    assert groups(state, "yellow") == [(2, [2]), (0, [1]), (1, [2])]
    # red: P0 3 = P2 3 (P0 first) > P1 1; yellow: P2 2 = P1 2 (P2 first) > P0 1.
    assert awards(scoring) == [
        ("beige", 1, 2),
        ("blue", 0, 3),
        ("blue", 2, 1),
        ("brown", 1, 4),
        ("brown", 0, 2),
        ("yellow", 2, 5),
        ("yellow", 1, 3),
        ("yellow", 0, 1),
        ("red", 0, 6),
        ("red", 2, 4),
        ("red", 1, 2),
    ]


def test_three_player_game_hands_out_all_seventeen_chips() -> None:
    """Chips come from the supply: both 3-5p scorings in full empty it exactly."""
    state, _, _, _ = three_player_game()
    assert state.chips == [(1, 4, 3, 2, 1, 6), (2, 2, 2, 4, 3, 2), (1, 3, 1, 5, 4)]
    assert state.scores == [17, 15, 14]
    assert state.winners == [0]
    assert chip_supply(state) == EMPTY_CHIP_SUPPLY
    assert sorted(chip for chips in state.chips for chip in chips) == sorted(
        [1] * 4 + [2] * 5 + [3] * 3 + [4] * 3 + [5, 6]
    )


# -- the rulebook's worked examples (4 players) --------------------------------------------

ALBERT, BIRGIT, FRANZISKA, HELMUT = 0, 1, 2, 3


def rulebook_game() -> Played:
    """Albert, Birgit, Franziska and Helmut bet on the brown tower, as in the rulebook."""
    state = new_game(
        [
            ["beige", "blue", "yellow"],  # Albert
            ["blue", "yellow", "beige"],  # Birgit
            ["yellow", "beige", "blue"],  # Franziska
            ["beige", "blue", "yellow"],  # Helmut
        ],
        ["brown", "brown", "brown"],
        [
            *("brown", "brown", "brown", "beige", "beige", "red", "red", "yellow", "yellow"),
            *("yellow", "blue"),
            "intermezzo",
            *("blue", "red", "red", "yellow", "yellow", "red", "red", "yellow"),
            "finito",
        ],
    )
    # Before the Intermezzo: Albert 3 + 2, Birgit 2 + 2 + 1, Franziska 1 + 1 under brown,
    # while beige, blue and yellow grow and brown stays at 0.
    play(state, "build beige 3", "influence brown", "take brown")  # Albert
    play(state, "build blue 2", "influence brown", "take brown")  # Birgit
    play(state, "build yellow 1", "influence brown", "take brown")  # Franziska
    play(state, "build beige 1", "pass", "take brown")  # Helmut
    play(state, "build blue 2", "influence brown", "take brown")
    play(state, "build yellow 2", "influence brown", "take beige")
    play(state, "build beige 1", "influence brown", "take beige")
    play(state, "build blue 1", "pass", "take red")
    play(state, "build yellow 1", "pass", "take red")
    play(state, "build beige 1", "influence brown", "take yellow")
    play(state, "build blue 1", "pass", "take yellow")
    intermezzo = play(state, "build yellow 1", "pass", "take yellow")
    chips_at_intermezzo = list(state.chips)
    # After it: Albert adds 1 + 1, Birgit her 3, Helmut a 2; brown grows to 10.
    play(state, "build brown 1", "influence brown", "take blue")  # Albert
    play(state, "build brown 3", "influence brown", "take blue")  # Birgit
    play(state, "build brown 3", "pass", "take red")  # Franziska
    play(state, "build brown 2", "influence brown", "take red")  # Helmut
    play(state, "build brown 1", "influence brown", "take yellow")
    play(state, "build beige 3", "take yellow")  # Birgit's 3 is placed: no influence step
    play(state, "build beige 3", "pass", "take red")
    finito = play(state, "build red 1", "pass", "take red")
    return Played(state, intermezzo, finito, chips_at_intermezzo)


def test_rulebook_intermezzo_example_albert_wins_the_tie_at_five() -> None:
    """Rulebook: brown flag 1; Albert 5 (nearest the base) ties Birgit 5, Albert gets 1."""
    _, intermezzo, _, chips = rulebook_game()
    (scoring,) = scorings(intermezzo)
    brown = scoring.data["towers"][0]
    assert brown == {
        "rank": 4,
        "style": "brown",
        "height": 0,
        "flag": [1],
        "influence": [[ALBERT, 5], [BIRGIT, 5], [FRANZISKA, 2]],
        "awards": [[ALBERT, 1]],
    }
    # beige 6 and blue 6 (beige nearer the display), yellow 5, brown 0, red 0.
    assert flags(scoring) == [
        (4, "brown", [1]),
        (3, "yellow", [2]),
        (2, "blue", [3, 1]),
        (1, "beige", [4, 2]),
    ]
    assert awards(scoring) == [("brown", ALBERT, 1)]
    assert chips == [(1,), (), (), ()]


def test_rulebook_final_example_birgit_5_albert_3_franziska_1_helmut_nothing() -> None:
    """Rulebook: brown flag 5/3/1; Birgit 8, Albert 7, Franziska 2 = Helmut 2 (below)."""
    state, _, finito, _ = rulebook_game()
    assert groups(state, "brown") == [
        (ALBERT, [3, 2, 1, 1]),
        (BIRGIT, [2, 2, 1, 3]),
        (FRANZISKA, [1, 1]),
        (HELMUT, [2]),
    ]
    scoring, _ = finito
    # beige 12, brown 10, blue 6, yellow 5, red 1.
    assert flags(scoring) == [
        (5, "red", [2]),
        (4, "yellow", [3, 1]),
        (3, "blue", [4, 2]),
        (2, "brown", [5, 3, 1]),
        (1, "beige", [6, 4, 2]),
    ]
    assert awards(scoring) == [("brown", BIRGIT, 5), ("brown", ALBERT, 3), ("brown", FRANZISKA, 1)]


def test_rulebook_game_end() -> None:
    """Rulebook game: Albert 1 + 3, Birgit 5, Franziska 1, Helmut 0; Birgit wins."""
    state, _, finito, _ = rulebook_game()
    assert kinds(finito) == ["scoring", "game_over"]
    assert state.chips == [(1, 3), (5,), (1,), ()]
    assert state.scores == [4, 5, 1, 0]
    assert state.winners == [BIRGIT]
    assert chip_supply(state) == {1: 2, 2: 5, 3: 2, 4: 3, 5: 0, 6: 1}
    again = tavola.replay(state.record())
    assert again == state


# -- five players: more contenders than flag values ---------------------------------------


def test_five_players_only_the_flag_values_are_handed_out() -> None:
    """5p: five players under brown; 4/2 then 6/4/2 go to the first places, not beyond."""
    state = new_game(
        [
            ["brown", "red", "yellow"],
            ["brown", "red", "yellow"],
            ["brown", "yellow", "yellow"],
            ["brown", "yellow", "yellow"],
            ["yellow", "yellow", "red"],
        ],
        ["brown", "beige", "blue"],
        ["beige", "blue", "beige", "blue", "intermezzo", "beige", "blue", "finito"],
    )
    play(state, "build brown 3", "influence brown", "take beige")
    play(state, "build brown 2", "influence brown", "take blue")
    play(state, "build brown 1", "influence brown", "take beige")
    play(state, "build brown 2", "influence brown", "take blue")
    intermezzo = play(state, "build yellow 1", "influence brown", "take beige")
    # brown 8 ranks first: P0 3, then P1 2 = P3 2 (P1's group first), P2 1 = P4 1.
    assert awards(scorings(intermezzo)[0]) == [("brown", 0, 4), ("brown", 1, 2)]
    assert state.chips == [(4,), (2,), (), (), ()]
    play(state, "build red 2", "influence brown", "take blue")
    finito = play(state, "build red 3", "influence brown", "take beige")
    # brown 8 still first: P0 3+2 = P1 2+3 (P0 first), P3 2, P2 1 = P4 1.
    assert awards(scorings(finito)[0]) == [("brown", 0, 6), ("brown", 1, 4), ("brown", 3, 2)]
    assert state.chips == [(4, 6), (2, 4), (), (2,), ()]
    assert state.scores == [10, 6, 0, 2, 0]
    assert state.winners == [0]


# -- ranking the towers: equal heights ------------------------------------------------------

TOWER_ORDERS = {
    "default": ("beige", "blue", "brown", "yellow", "red"),
    "permuted": ("red", "yellow", "brown", "blue", "beige"),
}


@pytest.mark.parametrize(
    ("order", "ranks", "chips"),
    [
        ("default", {"yellow": 1, "red": 2, "beige": 3, "blue": 4}, [(4,), (3,), ()]),
        ("permuted", {"red": 1, "yellow": 2, "brown": 3, "blue": 4}, [(3,), (4,), ()]),
    ],
)
def test_equal_heights_the_tower_nearer_the_display_ranks_higher(
    order: str, ranks: dict[str, int], chips: list[tuple[int, ...]]
) -> None:
    """Ranking: red 2 = yellow 2; the one nearer the display (option towers) ranks first."""
    state = new_game(
        [["red", "beige", "beige"], ["yellow", "beige", "beige"], ["beige", "beige", "beige"]],
        ["yellow", "red", "blue"],
        ["blue", "intermezzo", "blue", "finito"],
        towers=TOWER_ORDERS[order],
    )
    play(state, "build red 2", "influence yellow", "take blue")  # P0 under yellow
    events = play(state, "build yellow 2", "influence red", "take blue")  # P1 under red
    (scoring,) = scorings(events)
    assert {tower["style"]: tower["rank"] for tower in scoring.data["towers"]} == ranks
    assert state.chips == chips
    assert [tower["style"] for tower in state.view(None)["towers"]] == list(TOWER_ORDERS[order])


def test_three_equal_towers_rank_by_position() -> None:
    """Ranking: beige, blue and brown all 2 rank beige, blue, brown (2p intermezzo)."""
    state = new_game(
        [["beige", "brown", "red"], ["blue", "yellow", "yellow"]],
        ["red", "brown", "blue"],
        ["red", "red", "intermezzo", "red", "finito"],
    )
    play(state, "build brown 2", "influence red", "take red")
    play(state, "build blue 2", "influence brown", "take red")
    events = play(state, "build beige 2", "influence blue", "take red")
    (scoring,) = scorings(events)
    assert flags(scoring) == [
        (4, "yellow", [1]),
        (3, "brown", [2, 1]),
        (2, "blue", [3, 2]),
        (1, "beige", [4, 2]),
    ]
    # red (lowest, position 4) is unflagged: P0's 2 under red scores nothing.
    assert awards(scoring) == [("brown", 1, 2), ("blue", 0, 3)]
    assert state.chips == [(3,), (2,)]


# -- majorities: equal influence -----------------------------------------------------------


@pytest.mark.parametrize(
    ("p0_first", "p1", "p0_second", "chips"),
    [
        pytest.param(1, 1, None, [(3,), (2,)], id="1=1 earlier group wins"),
        pytest.param(2, 2, None, [(3,), (2,)], id="2=2 earlier group wins"),
        pytest.param(1, 2, None, [(2,), (3,)], id="2>1 more influence wins"),
        pytest.param(1, 3, 2, [(3,), (2,)], id="1+2=3 joined group keeps its place"),
        pytest.param(1, 3, 1, [(2,), (3,)], id="3>1+1 sum decides before order"),
    ],
)
def test_majority_by_sum_of_markers_then_by_group_order(
    p0_first: int, p1: int, p0_second: int | None, chips: list[tuple[int, ...]]
) -> None:
    """Majority: higher sum first; equal sums: the group nearer the base (2p 3/2 on blue)."""
    state = new_game(
        [["beige", "beige", "beige"], ["beige", "beige", "beige"]],
        ["blue", "yellow", "brown"],
        ["yellow", "yellow", "intermezzo", "yellow", "finito"],
    )
    play(state, f"build beige {p0_first}", "influence blue", "take yellow")
    play(state, f"build beige {p1}", "influence blue", "take yellow")
    if p0_second is None:
        events = play(state, "build beige 1", "pass", "take yellow")
    else:
        events = play(state, f"build beige {p0_second}", "influence blue", "take yellow")
    # beige ranks first (no markers), blue second: flag 3/2.
    (scoring,) = scorings(events)
    assert scoring.data["towers"][2]["style"] == "blue"
    assert scoring.data["towers"][2]["flag"] == [3, 2]
    assert state.chips == chips


# -- the winner -----------------------------------------------------------------------------


def tie_on_six() -> tuple[CampanileState, list[tavola.Event]]:
    """A two-seat game that ends with P0 6 (one 6-chip) and P1 6 (4 + 2): its end's events."""
    state = new_game(
        [["beige", "beige", "yellow"], ["beige", "beige", "yellow"]],
        ["beige", "brown", "red"],
        ["intermezzo", "red", "red", "brown", "finito"],
    )
    events = play(state, "build beige 1", "pass", "take red")
    assert awards(scorings(events)[0]) == []  # no marker anywhere yet
    play(state, "build beige 1", "influence brown", "take red")
    play(state, "build beige 1", "influence beige", "take brown")
    events = play(state, "build beige 1", "influence red", "take brown")
    # beige 4, then blue, brown, yellow, red at 0 (2p finito: 6/3, 5/2, 4/1, 3/1, 2).
    assert awards(scorings(events)[0]) == [("red", 1, 2), ("brown", 1, 4), ("beige", 0, 6)]
    return state, events


def test_equal_points_the_player_with_the_highest_chip_wins() -> None:
    """End: P0 6 (one 6-chip) ties P1 6 (4 + 2); P0 holds the highest chip and wins."""
    state, events = tie_on_six()
    assert state.scores == [6, 6]
    assert state.winners == [0]
    assert events[-1].data == {"scores": [6, 6], "winners": [0]}


@pytest.mark.parametrize(
    ("lang", "news", "picture"),
    [
        (
            "en",
            "P0 wins on the highest chip (6 against 4), tied on 6 points",
            "Tied on 6 points: the highest chip decides, 6 against 4.",
        ),
        (
            "it",
            "P0 vince per il gettone più alto (6 contro 4), a pari merito con 6 PV",
            "Pari merito a 6 PV: decide il gettone più alto, 6 contro 4.",
        ),
        (
            "de",
            "P0 gewinnt durch den höchsten Chip (6 gegen 4), bei Gleichstand mit 6 Punkten",
            "Gleichstand mit 6 Punkten: Der höchste Chip entscheidet, 6 gegen 4.",
        ),
        (
            "fr",
            "P0 gagne grâce au plus gros jeton PV (6 contre 4), à égalité avec 6 points",
            "Égalité à 6 points\u00a0: le plus gros jeton PV départage, 6 contre 4.",
        ),
    ],
)
def test_a_tie_the_highest_chip_breaks_is_said(lang: str, news: str, picture: str) -> None:
    """Playtest 12 #5: 16 and 16 at the end, and a winner with no word why. The end's news
    (the log) and the picture's head say that the highest chip decided the tie."""
    state, events = tie_on_six()
    with language(lang):
        assert str(events[-1].text) == news
        drawn = ET.fromstring(svg.draw(state.view(1)))
    (head,) = (g for g in drawn.iter(f"{SVG}g") if "data-status" in g.attrib)
    lines = ["".join(text.itertext()) for text in head.iter(f"{SVG}text")]
    assert " ".join(lines[1:]) == picture  # under the headline, in as many lines as it takes


def test_which_ties_the_highest_chip_breaks() -> None:
    """A tie on points and the highest chip: the points, the winners' top chip and the
    best of the others'; nothing when one seat leads or the top chips are equal too."""
    assert scoring.tie_break([(6,), (4, 2)]) == (6, 6, 4)
    assert scoring.tie_break([(6,), (4, 1)]) is None  # P0 leads on points
    assert scoring.tie_break([(3, 4), (2, 1, 4), (6,)]) is None  # 7 and 7, both top 4
    # three tied at 7: two share on a 5, the third's 4 loses
    assert scoring.tie_break([(5, 2), (4, 3), (2, 5)]) == (7, 5, 4)
    assert scoring.winners([(5, 2), (4, 3), (2, 5)]) == [0, 2]


def test_equal_points_and_equal_highest_chips_is_a_shared_victory() -> None:
    """End: P0 4 + 3 and P1 2 + 1 + 4 tie at 7, both top chips are 4: they share."""
    state = new_game(
        [["beige", "beige", "beige"], ["beige", "beige", "beige"], ["beige", "beige", "blue"]],
        ["beige", "brown", "yellow"],
        ["intermezzo", "beige", "yellow", "brown", "beige", "yellow", "brown", "red", "finito"],
    )
    play(state, "build beige 1", "pass", "take beige")
    play(state, "build beige 1", "influence yellow", "take yellow")
    play(state, "build beige 3", "influence beige", "take brown")
    play(state, "build beige 2", "influence brown", "take beige")
    play(state, "build beige 2", "influence beige", "take yellow")
    play(state, "build beige 1", "pass", "take brown")
    play(state, "build beige 3", "influence yellow", "take brown")
    events = play(state, "build beige 1", "influence red", "take beige")
    # beige 14, then blue, brown, yellow, red at 0 (3p finito).
    # red: P1 2; yellow: P0 3 > P1 1; brown: P0 4; beige: P2 3 > P1 2.
    assert awards(scorings(events)[0]) == [
        ("red", 1, 2),
        ("yellow", 0, 3),
        ("yellow", 1, 1),
        ("brown", 0, 4),
        ("beige", 2, 6),
        ("beige", 1, 4),
    ]
    assert state.chips == [(3, 4), (2, 1, 4), (6,)]
    assert state.scores == [7, 7, 6]
    assert state.winners == [0, 1]
    assert events[-1].text == "P0 and P1 share the victory"
    assert events[-1].data == {"scores": [7, 7, 6], "winners": [0, 1]}


def test_nobody_scoring_is_a_victory_shared_by_all() -> None:
    """End: no markers placed, no chips; every player shares the victory at 0."""
    state = new_game(
        [["beige", "blue", "brown"], ["yellow", "red", "red"]],
        ["blue", "brown", "yellow"],
        ["intermezzo", "red", "finito"],
    )
    play(state, "build beige 1", "pass", "take blue")
    events = play(state, "build red 1", "pass", "take red")
    assert kinds(events) == ["scoring", "game_over"]
    assert awards(events[0]) == []
    assert state.chips == [(), ()]
    assert state.winners == [0, 1]
    assert chip_supply(state) == {1: 4, 2: 5, 3: 3, 4: 3, 5: 1, 6: 1}


def test_scoring_event_carries_a_table_per_flagged_tower() -> None:
    """Events: a scoring's table lists each flagged tower with its flag and chips."""
    _, intermezzo, _, _ = rulebook_game()
    (scoring,) = scorings(intermezzo)
    assert scoring.table is not None
    assert scoring.table.title == "Intermezzo scoring"
    assert scoring.table.rows[0] == ("#4", "brown", "0", "1", "P0 5, P1 5, P2 2", "P0 +1")
    assert len(scoring.table.rows) == 4
    assert scoring.text == "Intermezzo scoring: P0 +1 (brown)"
