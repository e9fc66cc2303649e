"""The SVG picture of a ClockTowers view: well-formed, clickable exactly where legal, no leaks."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

import tavola
from tavola.core.i18n import language
from tavola.core.svg import at_table, fitted_size
from tavola.games.clocktowers import ClockTowersState
from tavola.games.clocktowers.svg import draw
from tavola.games.clocktowers.svg_pieces import (
    LABEL_LEAST,
    LABEL_W,
    ROOF_FILLS,
    UNIT,
    WALL,
    floors_label,
)
from tavola.testing import checks
from tests.games.clocktowers.table import Table, stack

NS = "{http://www.w3.org/2000/svg}"


def picture(state: ClockTowersState, seat: int | None) -> ET.Element:
    """The parsed picture for ``seat``, with the legal actions if it is to move."""
    actions = state.legal_notations() if seat is not None and seat == state.current_player else []
    root = ET.fromstring(state.game.svg(state.view(seat), actions))
    assert root.tag == f"{NS}svg"
    return root


def actions_in(root: ET.Element) -> set[str]:
    return {el.attrib["data-action"] for el in root.iter() if "data-action" in el.attrib}


def by_id(root: ET.Element, ident: str) -> ET.Element:
    found = [el for el in root.iter() if el.attrib.get("id") == ident]
    assert len(found) == 1, ident
    return found[0]


def title(el: ET.Element) -> str:
    found = el.find(f"{NS}title")
    assert found is not None
    assert found.text
    return found.text


def texts(el: ET.Element) -> list[str]:
    return [t.text or "" for t in el.iter(f"{NS}text")]


def positions(players: int, seed: int, every: int = 5) -> Iterator[ClockTowersState]:
    """Every ``every``-th position of a random game, and its last."""
    game = tavola.load("clocktowers", players=players)
    for state in checks.random_positions(game, seed, every):
        assert isinstance(state, ClockTowersState)
        yield state


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (2, 4)])
def test_random_positions_parse_and_click_exactly_the_legal_actions(
    players: int, seed: int
) -> None:
    for state in positions(players, seed):
        for seat in [None, *range(players)]:
            root = picture(state, seat)
            if seat is not None and seat == state.current_player:
                assert actions_in(root) == set(state.legal_notations())
            else:
                assert actions_in(root) == set()
            for el in root.iter():
                if "data-action" not in el.attrib:
                    continue
                assert el.attrib["aria-label"]
                assert title(el)
                hits = [c for c in el if "hit" in c.attrib.get("class", "").split()]
                assert hits, el.attrib["data-action"]
                assert float(hits[0].attrib["height"]) >= 44
                assert float(hits[0].attrib["width"]) >= 44


def test_the_scores_and_the_turn_are_shown() -> None:
    *_, last = positions(3, 5, every=1000)
    assert last.is_over
    root = picture(last, 1)
    for seat, points in enumerate(last.scores):
        assert f"{points} pts" in texts(by_id(root, f"seat-{seat}"))
    assert any(t.startswith("Game over: ") for t in texts(root))
    start = tavola.load("clocktowers", players=2).new_game(0)
    # The status wraps where the language makes it long: its lines read as one sentence.
    said = {seat: " ".join(texts(picture(start, seat))) for seat in (0, 1)}  # type: ignore[arg-type]
    assert "Your turn: play or discard a card" in said[0]
    assert "Seat A to move: play or discard a card" in said[1]


@pytest.mark.parametrize("seat", [0, 1, None])
def test_the_score_chips_name_every_seat_as_the_seat_list_does(seat: int | None) -> None:
    """Each chip over the decks says its seat's name ("Ada (you)" for the viewer's), while
    the game runs and at its end, to a seat and to a spectator (a replay)."""
    names = ["Ada", "Bot B (heuristic, easy)"]
    said = ["Ada (you)" if seat == 0 else "Ada", names[1] + (" (you)" if seat == 1 else "")]
    start = tavola.load("clocktowers", players=2).new_game(0)
    *_, last = positions(2, 6, every=1000)
    for state in (start, last):
        root = ET.fromstring(state.game.svg(at_table(state.view(seat), names)))
        chips = texts(next(root.iter(f"{NS}svg")))  # the first band: status, chips, decks
        assert all(name in chips for name in said), chips
        assert not {"you ▶", "▶ turn", "★ wins", "you ★"} & set(chips)


def test_a_picture_shows_nothing_its_seat_cannot_know() -> None:
    rng = random.Random(9)
    redealt = 0
    for players, seed in ((2, 11), (3, 12), (4, 13)):
        for state in positions(players, seed, every=3):
            for seat in range(players):
                det = state.determinize(seat, rng)
                redealt += det.hands != state.hands
                actions = state.legal_notations() if seat == state.current_player else []
                assert draw(det.view(seat), actions) == draw(state.view(seat), actions)
    assert redealt  # some determinization did change a hidden hand


def faces(root: ET.Element, seat: int) -> list[str]:
    hand = by_id(root, f"hand-{seat}")
    return [title(el) for el in hand.iter() if el.attrib.get("class") == "card face"]


def backs(root: ET.Element, seat: int) -> int:
    hand = by_id(root, f"hand-{seat}")
    return sum(el.attrib.get("class") == "card back" for el in hand.iter())


def test_a_hand_shows_its_cards_to_its_owner_only() -> None:
    table = Table(stack(floors=["2", "1", "1", "1"], roofs=["roof-red"] * 4))
    table.do("play 1cat new", "draw roofs")
    table.do("discard 1mouse", "draw floors")  # P1: 1cat and clock-mouse, or so; then the 2
    state = table.state
    own = picture(state, 1)
    assert sorted(faces(own, 1)) == [
        "1 floor with a cat",
        "2 floors (the others know it)",
        "clock with a mouse",
    ]
    assert backs(own, 1) == 0
    for seat in (0, None):
        other = picture(state, seat)
        assert faces(other, 1) == ["2 floors"]  # drawn face up: everyone saw it
        assert backs(other, 1) == 2
    # P0's cards are all known (its starting hand, a drawn roof): everyone sees them.
    assert sorted(faces(picture(state, 1), 0)) == [
        "1 floor with a mouse",
        "clock with a mouse",
        "red roof",
    ]


def floor_heights(tower: ET.Element) -> float:
    return sum(
        float(r.attrib["height"]) for r in tower.iter(f"{NS}rect") if r.attrib["fill"] == WALL
    )


def test_a_tall_tower_is_drawn_with_all_its_floors() -> None:
    floors = ["2", "2", "2cat", "2cat", "2", "2"]
    table = Table(stack(floors=floors, roofs=["roof-red"] * 4, clocks=["clock"] * 4))
    table.do("play 1cat new", "draw floors")  # P0 gets a 2
    table.do("play 1cat new", "draw floors")
    table.do("play 2 1", "draw floors")  # 3 floors; P0 gets a 2cat
    table.do("play 1mouse 1", "draw floors")
    table.do("play 2cat 1", "draw floors")  # 5 floors; P0 gets a 2
    table.do("discard 2", "draw floors")
    table.do("play 2 1", "draw clocks")  # 7 floors
    root = picture(table.state, 1)
    tower = by_id(root, "tower-0-1")
    assert floor_heights(tower) == 7 * UNIT
    assert len([r for r in tower.iter(f"{NS}rect") if r.attrib["fill"] == WALL]) == 4
    assert "7 fl" in texts(tower)  # below the tower, short where the words need under 12 px
    assert "7 floors" in title(tower)
    assert "2 fl" in texts(by_id(root, "tower-1-1"))  # "2 floors" needs under 12 px
    with language("it"):
        root = picture(table.state, 1)
    assert "7 piani" in texts(by_id(root, "tower-0-1"))  # not "7 p."
    assert "2 piani" in texts(by_id(root, "tower-1-1"))


def test_a_complete_tower_has_its_roof_and_points_and_raises_the_need() -> None:
    table = Table(stack(floors=["1", "1"], roofs=["roof-blue", "roof-red"], clocks=["clock"] * 4))
    table.do("play 1cat new", "draw floors")  # P0: 1mouse, clock-mouse, 1
    table.do("play 1mouse new", "draw floors")
    table.do("play 1 1", "draw roofs")  # tower 1: 1cat, 1; P0 gets the blue roof
    table.do("discard 1", "draw clocks")
    root = picture(table.state, 0)
    assert "play clock-mouse 1" in actions_in(root)
    assert "play roof-blue 1" not in actions_in(root)  # no clock yet
    table.do("play clock-mouse 1", "draw clocks")
    table.do("discard clock", "draw clocks")
    root = picture(table.state, 0)
    assert "play roof-blue 1" in actions_in(root)
    table.do("play roof-blue 1", "draw clocks")
    root = picture(table.state, 1)
    tower = by_id(root, "tower-0-1")
    fills = [p.attrib["fill"] for p in tower.iter(f"{NS}polygon")]
    assert [fill for fill in fills if fill in ROOF_FILLS.values()] == [ROOF_FILLS["blue"]]
    assert "B" in texts(tower)
    assert "3 pts" in texts(tower)  # a cat and the clock's mouse: 3
    assert "complete, 3 points" in title(tower)
    assert "3 pts" in texts(by_id(root, "seat-0"))
    seat = by_id(root, "seat-0")
    needs = [title_or(g) for g in seat.iter(f"{NS}g") if "needs exactly" in title_or(g)]
    assert "Seat A's next blue tower needs exactly 3 floors" in needs
    assert "Seat A's next red tower needs exactly 2 floors" in needs


def title_or(el: ET.Element) -> str:
    found = el.find(f"{NS}title")
    return (found.text or "") if found is not None else ""


def test_the_decks_are_the_buttons_of_the_draw_step() -> None:
    table = Table(stack(floors=["2"], roofs=["roof-green"], clocks=["clock"]))
    table.do("play 1cat new")
    root = picture(table.state, 0)
    assert actions_in(root) == {"draw floors", "draw roofs", "draw clocks"}
    clicks = [el for el in root.iter() if "data-action" in el.attrib]
    assert [title(el) for el in clicks] == [
        "Draw the 2 floors from the floors deck",
        "Draw the green roof from the roofs deck",
        "Draw the clock from the clocks deck",
    ]
    assert "floors: 1" in texts(root)


def test_a_long_name_takes_two_lines_in_its_chip_not_an_ellipsis() -> None:
    """ "Bot B (euristico, facile)" does not fit a chip's line at a readable size: it takes
    two lines, whole, rather than "Bot B (euristico, faci…"."""
    names = ["Ada", "Bot B (euristico, facile)"]
    state = tavola.load("clocktowers", players=2).new_game(0)
    root = ET.fromstring(state.game.svg(at_table(state.view(0), names)))
    chips = texts(next(root.iter(f"{NS}svg")))
    assert not [text for text in chips if "…" in text], chips
    assert "Bot B (euristico," in chips, chips
    assert "facile)" in chips, chips


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "clock with a mouse"),
        ("it", "orologio con topo"),
        ("de", "Uhr mit Maus"),
        ("fr", "horloge avec une souris"),
    ],
)
def test_the_clock_with_a_mouse_is_labelled_so_under_its_card(lang: str, words: str) -> None:
    """In a hand, the clock with a mouse is told from the plain clock by its label, not only
    by the small mouse in its picture (playtest 5 #2)."""
    state = tavola.load("clocktowers", players=2).new_game(0)
    assert isinstance(state, ClockTowersState)
    with language(lang):
        hand = by_id(picture(state, 0), "hand-0")
    cards = [el for el in hand.iter() if el.attrib.get("class") == "card face"]
    labels = [" ".join(texts(card)) for card in cards]
    assert words in labels, labels


@pytest.mark.parametrize("lang", ["en", "it", "de", "fr"])
def test_a_towers_floors_label_is_well_formed_and_fits(lang: str) -> None:
    """The words under a tower say its floors as the language says one and several (a
    playtest read German towers as "1 Stock 4 Stock 1 Stock": one word for both), at a
    size of at least LABEL_LEAST in the label's width."""
    with language(lang):
        labels = {floors: floors_label(floors) for floors in range(1, 16)}
    one, two = (labels[n].replace(str(n), "", 1).strip() for n in (1, 2))
    assert one != two, (lang, labels[1], labels[2])
    for label in labels.values():
        assert fitted_size(label, 15, LABEL_W) >= LABEL_LEAST, (lang, label)
