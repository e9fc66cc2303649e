"""The SVG picture of Campanile (both editions): valid XML, exactly the legal actions
clickable, no hidden card shown to the wrong seat, and what a player must see drawn."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

import tavola
from tavola.core.game import State
from tavola.core.i18n import LANGUAGES, language
from tavola.core.svg import BOLD_GLYPH_EM, PAPER, at_table, seat_colour
from tavola.games.campanile import CampanileState, svg
from tavola.games.campanile.svg_picture import STYLE_COLOURS
from tavola.games.campanile.translations import ngettext as campanile_texts
from tavola.testing import checks
from tests.games.campanile import decks, decks96
from tests.games.campanile.test_scenarios import DISPLAY_3P, HANDS_3P, STACK_3P

NS = "{http://www.w3.org/2000/svg}"


def picture(state: State, seat: int | None) -> ET.Element:
    """The parsed picture of ``seat`` (the legal actions given when it is to move)."""
    actions = state.legal_notations() if seat is not None and seat == state.current_player else []
    return ET.fromstring(svg.draw(state.view(seat), actions))


def actions_in(root: ET.Element) -> set[str]:
    return {el.attrib["data-action"] for el in root.iter() if "data-action" in el.attrib}


def action_labels(root: ET.Element) -> dict[str, str]:
    """Each clickable action's spoken label, by its notation."""
    return {
        el.attrib["data-action"]: el.attrib["aria-label"]
        for el in root.iter()
        if "data-action" in el.attrib
    }


def texts(root: ET.Element) -> list[str]:
    return ["".join(el.itertext()) for el in root.iter(f"{NS}text")]


def random_positions(
    edition: str, players: int, seed: int, every: int = 5, **options: Any
) -> Iterator[State]:
    """Every ``every``-th position of a random game, the last one included."""
    game = tavola.load("campanile", players=players, edition=edition, **options)
    return checks.random_positions(game, seed, every)


GAMES = [
    ("2009", 2, 1, {}),
    ("2009", 2, 2, {"move_markers": True}),
    ("2009", 3, 3, {}),
    ("2009", 4, 4, {"towers": ("red", "yellow", "brown", "blue", "beige")}),
    ("2009", 5, 5, {}),
    ("1996", 2, 6, {}),
    ("1996", 3, 7, {"bet_on_built_tower": True}),
    ("1996", 4, 8, {}),
    ("1996", 5, 9, {}),
]


@pytest.mark.parametrize(("edition", "players", "seed", "options"), GAMES)
def test_random_positions_parse_and_only_the_mover_has_exactly_its_actions(
    edition: str, players: int, seed: int, options: dict[str, Any]
) -> None:
    for state in random_positions(edition, players, seed, **options):
        mover = state.current_player
        for seat in [*range(players), None]:
            root = picture(state, seat)
            assert root.tag == f"{NS}svg"
            expected = set(state.legal_notations()) if seat == mover else set()
            assert actions_in(root) == expected
            scores = " ".join(texts(root))
            for points in state.scores:
                assert f"{points} point" in scores


@pytest.mark.parametrize(("edition", "players", "seed", "options"), GAMES[:5:2] + GAMES[5::2])
def test_every_clickable_has_a_finger_sized_hit_area_words_and_a_title(
    edition: str, players: int, seed: int, options: dict[str, Any]
) -> None:
    for state in random_positions(edition, players, seed, every=3, **options):
        mover = state.current_player
        if mover is None:
            continue
        for el in picture(state, mover).iter():
            if "data-action" not in el.attrib:
                continue
            assert el.attrib["aria-label"]
            title = el.find(f"{NS}title")
            assert title is not None
            assert title.text
            hits = [child for child in el if "hit" in child.attrib.get("class", "").split()]
            assert hits
            assert float(hits[0].attrib["width"]) >= 44
            assert float(hits[0].attrib["height"]) >= 44


@pytest.mark.parametrize(("edition", "players", "seed", "options"), GAMES)
def test_a_picture_shows_nothing_its_seat_cannot_see(
    edition: str, players: int, seed: int, options: dict[str, Any]
) -> None:
    """A redeal of what a seat cannot see leaves its picture unchanged."""
    rng = random.Random(seed)
    for state in random_positions(edition, players, seed, every=7, **options):
        for seat in range(players):
            actions = state.legal_notations() if seat == state.current_player else []
            other = state.determinize(seat, rng)
            assert svg.draw(other.view(seat), actions) == svg.draw(state.view(seat), actions)


def hand_cards(root: ET.Element) -> list[str]:
    """The styles of the cards drawn as the viewer's own hand."""
    cards = []
    for el in root.iter(f"{NS}g"):
        if el.attrib.get("class") == "hand-card":
            title = el.find(f"{NS}title")
            assert title is not None
            assert title.text
            cards.append(title.text.split()[0])
    return cards


@pytest.mark.parametrize("edition", ["2009", "1996"])
def test_the_own_hand_is_drawn_for_its_owner_only(edition: str) -> None:
    state = tavola.load("campanile", players=3, edition=edition).new_game(seed=11)
    for seat in range(3):
        own = state.view(seat)["hands"][seat]["cards"]
        assert sorted(hand_cards(picture(state, seat))) == sorted(own)
    assert hand_cards(picture(state, None)) == []
    # the seat rows of the others say how many cards, never which (none is known yet)
    root = picture(state, 1)
    rows = {
        el.attrib["data-seat"]: (el.findtext(f"{NS}title") or "")
        for el in root.iter(f"{NS}g")
        if el.attrib.get("class") == "seat"
    }
    assert rows["0"].startswith("Seat A; 0 points; markers left: 5 of value 1")
    assert rows["0"].endswith("; 3 cards in hand")
    assert rows["2"].endswith("; 3 cards in hand")
    own = state.view(1)["hands"][1]["cards"]
    assert rows["1"].startswith("You; ")
    assert rows["1"].endswith("; hand: " + ", ".join(own))


def tower_group(root: ET.Element, style: str) -> ET.Element:
    for el in root.iter(f"{NS}g"):
        if el.attrib.get("data-feature") == f"tower-{style}":
            return el
    raise AssertionError(f"no {style} tower drawn")


def scenario_2009() -> CampanileState:
    """Blue is built to 6 (P0 3, P2 3) with P1's 1-marker under it; P2's 3 under yellow."""
    state = decks.new_game(HANDS_3P, DISPLAY_3P, STACK_3P)
    decks.play(state, "build blue 3", "pass", "take brown")
    decks.play(state, "build yellow 1", "influence blue", "take blue")
    decks.play(state, "build blue 3", "influence yellow", "take red")
    decks.play(state, "build brown 1")
    return state


def test_a_tower_is_drawn_with_its_floors_rank_flag_and_markers() -> None:
    state = scenario_2009()
    root = picture(state, 0)
    blue = tower_group(root, "blue")
    floors = [el for el in blue.iter(f"{NS}rect") if el.attrib.get("class") == "floor"]
    assert len(floors) == 6
    assert {el.attrib["fill"] for el in floors} == {STYLE_COLOURS["blue"][0]}
    assert "6" in texts(blue)
    assert "#1" in texts(blue)
    assert "4/2" in texts(blue)
    # brown (1, just built) and yellow (1) tie: brown, nearer the display, ranks higher
    brown, yellow = tower_group(root, "brown"), tower_group(root, "yellow")
    assert "#2" in texts(brown)
    assert "3/1" in texts(brown)
    assert "#3" in texts(yellow)
    assert "2" in texts(yellow)
    assert "+1" in texts(brown)  # the floor just built is marked
    # P1's marker group under blue, in P1's colour and letter
    (group,) = [el for el in blue.iter(f"{NS}g") if el.attrib.get("data-seat") == "1"]
    circle = group.find(f"{NS}circle")
    assert circle is not None
    assert circle.attrib["fill"] == seat_colour(1)
    assert texts(group) == ["B", "1"]
    (group,) = [el for el in yellow.iter(f"{NS}g") if el.attrib.get("data-seat") == "2"]
    assert texts(group) == ["C", "3"]


def _boxes(group: ET.Element) -> list[tuple[float, float, float, float]]:
    """The rectangles of a tower's group (its floors, its plate, its markers): x0, y0, x1, y1."""
    return [
        (x, y, x + float(el.attrib["width"]), y + float(el.attrib["height"]))
        for el in group.iter(f"{NS}rect")
        for x, y in [(float(el.attrib["x"]), float(el.attrib["y"]))]
    ]


@pytest.mark.parametrize("last", ["build brown 1", "build brown 3", "build red 2"])
def test_a_new_floors_tag_keeps_clear_of_the_next_tower(last: str) -> None:
    """Playtest 11 #6: the dashed "+1" tag of the floor just built came within 1-2 px of the
    next tower's name plate. The tag keeps 4 units from every other tower's drawing."""
    state = decks.new_game(HANDS_3P, DISPLAY_3P, STACK_3P)
    decks.play(state, "build blue 3", "pass", "take brown")
    decks.play(state, "build yellow 1", "influence blue", "take blue")
    decks.play(state, "build blue 3", "influence yellow", "take red")
    decks.play(state, last)
    root = picture(state, 0)
    style = last.split()[1]
    (tag,) = [el for el in tower_group(root, style).iter(f"{NS}text") if el.text == f"+{last[-1]}"]
    size, x, y = float(tag.attrib["font-size"]), float(tag.attrib["x"]), float(tag.attrib["y"])
    box = (x, y - 0.75 * size, x + BOLD_GLYPH_EM * size * len(tag.text or ""), y + 0.25 * size)
    for group in root.iter(f"{NS}g"):
        if group.attrib.get("data-feature", f"tower-{style}") == f"tower-{style}":
            continue
        for x0, y0, x1, y1 in _boxes(group):
            gap = max(x0 - box[2], box[0] - x1, y0 - box[3], box[1] - y1)
            assert gap >= 4, (group.attrib["data-feature"], (x0, y0, x1, y1), box)


def test_a_marker_pill_holds_its_text_on_one_line() -> None:
    """However many markers a group has, its pill is one line and its text fits in it (the
    width of bold text estimated as the pictures do): the values, or their sum as a plain
    number (no "Σ7", playtest 5 #14)."""
    game = tavola.load("campanile", players=3, edition="1996")
    most = 0
    for state in checks.random_positions(game, 1, 2):  # a group of 6 markers comes up
        root = picture(state, None)
        towers = [tower_group(root, tower["style"]) for tower in state.view(None)["towers"]]
        for group in (
            g for tower in towers for g in tower.iter(f"{NS}g") if "data-seat" in g.attrib
        ):
            pill = group.find(f"{NS}rect")
            assert pill is not None
            *_, words = group.iter(f"{NS}text")
            assert float(pill.attrib["height"]) == 22
            assert len(list(group.iter(f"{NS}text"))) == 2  # the seat's letter, the markers
            assert re.fullmatch(r"\d+(\+\d+)*", words.text or ""), words.text
            width = BOLD_GLYPH_EM * float(words.attrib["font-size"]) * len(words.text or "")
            right = float(pill.attrib["x"]) + float(pill.attrib["width"]) - 5
            assert float(words.attrib["x"]) + width <= right, words.text
        groups = [g for tower in state.view(None)["towers"] for g in tower["groups"]]
        most = max([most, *(len(g["markers"]) for g in groups)])
    assert most >= 4


def test_a_match_ended_by_a_resignation_claims_no_scoring() -> None:
    """Only the game's own end scores the Finito; a resignation or a timeout ends the match
    with nothing scored, and the picture says so."""
    game = tavola.load("campanile", players=2)
    state = game.new_game(3)
    for _ in range(8):
        state.apply(state.legal_actions()[0])
    said = " ".join(texts(ET.fromstring(svg.draw(at_table(state.view(0), [None, None], [1])))))
    assert "Game over" in said
    assert "scored" not in said
    assert "Finito flags" not in said
    assert "ended before any scoring" in said
    *_, last = checks.random_positions(game, 2, 1000)
    assert last.is_over
    said = " ".join(texts(ET.fromstring(svg.draw(last.view(0)))))
    assert "Finito scored" in said
    assert "Final rank and the Finito flags" in said


def test_a_pile_says_how_many_cards_it_has_left_in_one_text() -> None:
    """Under each 1996 pile, "9 left" on one line, "0 left" once it is empty (no bare
    number, no word on a line of its own), in every language."""
    game = tavola.load("campanile", players=2, edition="1996")
    *_, last = checks.random_positions(game, 3, 1000)
    start = game.new_game(3)
    assert 0 in [pile["size"] for pile in last.view(0)["piles"]]
    for lang in LANGUAGES:
        with language(lang):
            for state in (start, last):
                groups = [g for g in picture(state, 0).iter(f"{NS}g") if g.get("class") == "pile"]
                piles = state.view(0)["piles"]
                assert len(groups) == len(piles)
                for pile, group in zip(piles, groups, strict=True):
                    said = texts(group)
                    size = pile["size"]
                    words = campanile_texts("{count} left", "{count} left", size)
                    assert words.format(count=size) in said, (
                        lang,
                        said,
                    )
                    assert str(pile["size"]) not in said, (lang, said)


def test_the_influence_step_offers_the_display_styles_and_a_pass_in_words() -> None:
    state = scenario_2009()
    root = picture(state, 0)
    assert "Your turn: influence" in texts(root)
    buttons = action_labels(root)
    assert buttons["influence beige"] == "Place your 1-marker under the beige tower"
    assert buttons["pass"].startswith("Pass")
    assert "Seat A's turn: influence" in texts(picture(state, 1))
    assert "Seat A's turn: influence" in texts(picture(state, None))


def test_the_display_cards_are_the_take_buttons() -> None:
    state = scenario_2009()
    decks.play(state, "pass")
    root = picture(state, 0)
    takes = [el for el in root.iter(f"{NS}g") if "data-action" in el.attrib]
    assert sorted(el.attrib["data-action"] for el in takes) == [
        "take beige",
        "take brown",
        "take yellow",
    ]
    assert "Your turn: take" in texts(root)


def _luminance(colour: str) -> float:
    """The relative luminance of a #RRGGBB colour (WCAG 2)."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def test_the_outline_of_a_card_to_take_shows_on_every_card_colour() -> None:
    """The outline of a takeable display card contrasts 3:1 or more with every card colour
    (it lies along the card's edge) and with the paper."""
    state = scenario_2009()
    decks.play(state, "pass")
    outlines = {
        el.attrib["stroke"]
        for group in picture(state, 0).iter(f"{NS}g")
        if group.attrib.get("data-action", "").startswith("take ")
        for el in group.iter(f"{NS}rect")
        if el.attrib.get("class") == "hit"
    }
    assert outlines
    for outline in outlines:
        for colour in [PAPER, *(fill for fill, _, _ in STYLE_COLOURS.values())]:
            light, dark = sorted((_luminance(outline), _luminance(colour)), reverse=True)
            assert (light + 0.05) / (dark + 0.05) >= 3, (outline, colour)


def test_scores_chips_and_markers_left_are_shown_per_seat() -> None:
    state = scenario_2009()
    root = picture(state, 2)
    seats = {el.attrib["data-seat"]: el for el in root.iter(f"{NS}g") if "data-seat" in el.attrib}
    # P2 placed its 3-marker: 5 ones, 3 twos, no three left
    row = [el for el in root.iter(f"{NS}g") if el.attrib.get("class") == "supply"]
    assert len(row) == 3
    assert texts(row[2]) == ["markers left:", "5 of", "1", "3 of", "2", "0 of", "3"]
    assert texts(row[1]) == ["markers left:", "4 of", "1", "3 of", "2", "1 of", "3"]
    assert seats
    words = " ".join(el.text or "" for el in root.iter(f"{NS}title"))
    assert "Seat B; 0 points" in words
    assert "markers left: 4 of value 1, 3 of value 2, 1 of value 3" in words
    # P1 took blue face up: known to all; P2 (you) sees its own cards
    assert "3 cards in hand, known: blue" in words
    assert "You; " in words


def test_chips_and_the_winner_at_the_end_of_a_game() -> None:
    *_, state = random_positions("2009", 4, 3)
    root = picture(state, 0)
    (headline, *_) = texts(root)
    winners = state.winners
    assert headline.startswith("Game over")
    if len(winners) == 1:
        assert headline.endswith("win" if winners[0] == 0 else "wins")
    assert actions_in(root) == set()
    rows = [el for el in root.iter(f"{NS}g") if el.attrib.get("class") == "chips"]
    chips = [sorted(map(int, texts(row))) for row in rows]
    assert chips == [sorted(c) for c in state.view(None)["chips"] if c]
    for points in state.scores:
        assert f"{points} points" in texts(root) or f"{points} point" in texts(root)


def test_tall_towers_fit_and_keep_every_floor() -> None:
    *_, state = random_positions("2009", 2, 12)
    root = picture(state, None)
    for tower in state.view(None)["towers"]:
        group = tower_group(root, tower["style"])
        floors = [el for el in group.iter(f"{NS}rect") if el.attrib.get("class") == "floor"]
        assert len(floors) == tower["height"]
        assert all(float(el.attrib["y"]) > 0 for el in floors)


def test_the_1996_piles_bets_and_flags() -> None:
    hands = [["blue", "brown", "red"], ["beige", "yellow", "red"], ["blue", "blue", "yellow"]]
    piles = [["red", "beige", "brown"], ["blue", "yellow"], ["yellow", "red", "red", "beige"]]
    state = decks96.new_game(hands, piles)
    state.apply("build blue 2")
    root = picture(state, 0)
    words = " ".join(el.text or "" for el in root.iter(f"{NS}title"))
    assert "Pile 1: 3 cards, red on top" in words
    assert "Pile 2: 2 cards, blue on top" in words
    assert "Pile 3: 4 cards, yellow on top" in words
    assert actions_in(root) == set(state.legal_notations())
    assert "Your turn: bet" in texts(root)
    blue = tower_group(root, "blue")
    assert "#1" in texts(blue)
    assert "8/4" in texts(blue)
    labels = action_labels(root)
    assert labels["bet red 3"] == "Bet your 3-marker under the red tower"
    state.apply("bet red 3")
    root = picture(state, 1)
    red = tower_group(root, "red")
    (group,) = [el for el in red.iter(f"{NS}g") if el.attrib.get("data-seat") == "0"]
    assert texts(group) == ["A", "3"]
    assert "Your turn: build" in texts(root)
    assert re.search(
        r"Pile 2: 1 cards?, yellow on top",
        " ".join(el.text or "" for el in root.iter(f"{NS}title")),
    )


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Next scoring: Intermezzo"),
        ("de", "Nächste Wertung: Intermezzo"),
        ("it", "Prossima valutazione: Intermezzo"),
        ("fr", "Prochain décompte\u00a0: Intermezzo"),
    ],
)
def test_the_stack_names_the_next_scoring_not_the_next_card(lang: str, said: str) -> None:
    """Beside the stack, the Intermezzo is the next scoring, hidden in the stack: no word
    that reads as the next card turned up ("Als Nächstes: Intermezzo")."""
    state = tavola.load("campanile", players=3).new_game(seed=3)
    with language(lang):
        assert said in " ".join(texts(picture(state, 0)))
