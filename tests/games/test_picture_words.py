"""What the pictures and the log say to people: words, the table's names, the match's end.

Random games of every game are drawn as a table shows them (``at_table``: the seats' names,
the end a resignation brings), in English and French, and every text a player can read
(the picture's texts, titles and labels, the events) is searched for internal ids: tile
names, card codes, "Tile U", a "Seat B" beside the names the table gave. Notation stays
only in ``data-action``, which nobody reads.
"""

from __future__ import annotations

import itertools
import random
import re
from typing import Any
from xml.etree import ElementTree

import pytest

import tavola
from tavola.core.i18n import language
from tavola.core.svg import SEAT_COLOURS, at_table, ink_on
from tavola.games.carcassonne.tiles import TILE_NAMES
from tavola.games.clocktowers.components import CARD_CODES

GAMES = [
    ("campanile", {"players": 3}),
    ("campanile", {"players": 3, "edition": "1996"}),
    ("carcassonne", {"players": 3, "river": True}),
    ("clocktowers", {"players": 3}),
]
NAMES = ["Ann", "Bob", "Cleo"]
# Ids a player must never read: every tile name with a hyphen, "Tile U", the card codes
# (a bare "1" or "2" is a number in words too), a seat called by its letter beside names.
IDS = re.compile(
    "|".join(
        [
            *(re.escape(name) for name in TILE_NAMES if "-" in name),
            r"\b[Tt]ile [A-X]\b",
            *(
                rf"\b{re.escape(code)}\b"
                for code in CARD_CODES
                if re.fullmatch(r"\d\w+|\w+-\w+", code)
            ),
            r"\b(Seat|seat|Siège|siège|Place|place) [A-E]\b",
        ]
    )
)
SVG = "{http://www.w3.org/2000/svg}"


def readable(picture: str) -> list[str]:
    """Every text of a picture a person reads: its texts, titles and labels."""
    root = ElementTree.fromstring(picture)
    found = [root.get("aria-label") or ""]
    for node in root.iter():
        if node.tag in (f"{SVG}text", f"{SVG}title", f"{SVG}tspan") and node.text:
            found.append(node.text)
        if node.get("aria-label"):
            found.append(node.get("aria-label") or "")
    return found


def played(name: str, options: dict[str, Any], seed: int) -> tuple[list[tavola.State], list[str]]:
    """Every twentieth position of a random game and its end, and the texts of all its events."""
    state = tavola.load(name, **options).new_game(seed=seed)
    rng = random.Random(seed)
    positions, texts = [], []
    moves = 0
    while not state.is_over:
        texts += [str(event.text) for event in state.apply(rng.choice(state.legal_actions()))]
        moves += 1
        if moves % 20 == 0:
            positions.append(state.clone())
    return [*positions, state], texts


@pytest.mark.parametrize(("name", "options"), GAMES, ids=lambda x: str(x))
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_id_reaches_a_player_and_seats_go_by_their_names(
    name: str, options: dict[str, Any], lang: str
) -> None:
    with language(lang):
        positions, events = played(name, options, seed=5)
        for text in events:
            assert not IDS.search(text), text
        for state in positions:
            viewer = state.current_player if state.current_player is not None else 0
            view = at_table(state.view(viewer), NAMES)
            picture = state.game.svg(view, state.legal_notations() if not state.is_over else [])
            words = readable(picture)
            for text in words:
                assert not IDS.search(text), text
            others = [n for seat, n in enumerate(NAMES) if seat != viewer]
            assert all(any(n in text for text in words) for n in others), (others, words)


@pytest.mark.parametrize(("name", "options"), GAMES, ids=lambda x: str(x))
def test_the_picture_says_game_over_when_the_table_ends_the_match(
    name: str, options: dict[str, Any]
) -> None:
    """A resignation ends a match the engine would go on with: the picture says so, with the
    winner's name, to every seat and to a spectator."""
    state = tavola.load(name, **options).new_game(seed=2)
    rng = random.Random(2)
    for _ in range(6):
        state.apply(rng.choice(state.legal_actions()))
    assert not state.is_over
    for seat in (None, 0, 1):
        view = at_table(state.view(seat), NAMES, winners=[1])
        status = readable(state.game.svg(view, []))
        headline = next(text for text in status[1:] if "Game over" in text)
        if seat == 1:
            assert "you" in headline.lower() or "You" in headline, headline
        else:
            assert "Bob" in headline, headline
        assert not any("turn" in text.lower() for text in status), status


def test_the_end_is_every_game_s_plugins_included() -> None:
    """A plugin's picture (which knows no names) ends with the table too: no seat to move."""
    for name in tavola.game_classes():
        state = tavola.load(name).new_game(seed=1)
        view = at_table(state.view(0), [], winners=[1])
        picture = state.game.svg(view, [])
        assert re.search(r"(?i)game over|partita finita", picture), name


def test_seat_letters_on_seat_colours_read_at_4_5_to_1() -> None:
    def luminance(colour: str) -> float:
        channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        red, green, blue = (
            c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels
        )
        return 0.2126 * red + 0.7152 * green + 0.0722 * blue

    def contrast(one: str, two: str) -> float:
        high, low = sorted((luminance(one), luminance(two)), reverse=True)
        return (high + 0.05) / (low + 0.05)

    for colour in SEAT_COLOURS:
        assert contrast(colour, ink_on(colour)) >= 4.5, colour
    # every letter drawn on a disc of a seat's colour, in every game's picture
    for name in tavola.game_classes():
        state = tavola.load(name).new_game(seed=1)
        root = ElementTree.fromstring(state.game.svg(at_table(state.view(0), NAMES), []))
        for parent in root.iter():
            children = list(parent)
            for disc, letter in itertools.pairwise(children):
                fill = (disc.get("fill") or "").upper()
                if (
                    disc.tag == f"{SVG}circle"
                    and fill in SEAT_COLOURS
                    and letter.tag == f"{SVG}text"
                ):
                    ink = letter.get("fill") or "#000000"
                    assert contrast(fill, ink) >= 4.5, (name, fill, ink, letter.text)


def test_clocktowers_roofs_carry_their_letter() -> None:
    state = tavola.load("clocktowers", players=2).new_game(seed=3)
    root = ElementTree.fromstring(state.game.svg(state.view(0), []))
    fills = {"#C8372D": "R", "#2F6DB5": "B", "#3A9346": "G", "#E9C52A": "Y", "#7B4BA6": "P"}
    roofs = 0
    for parent in root.iter():
        children = list(parent)
        for roof, letter in itertools.pairwise(children):
            if roof.tag == f"{SVG}polygon" and roof.get("fill") in fills:
                roofs += 1
                assert letter.tag == f"{SVG}text"
                assert letter.text == fills[roof.get("fill") or ""]
    assert roofs >= 10  # a roof on the roofs' deck, five in each seat's needs


# Carcassonne's said moves name their tile by its id today: its picture is reworked apart
SAID = [(name, options) for name, options in GAMES if name != "carcassonne"]


@pytest.mark.parametrize(("name", "options"), SAID, ids=lambda x: str(x))
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_picture_says_every_move_of_the_log_in_words(
    name: str, options: dict[str, Any], lang: str
) -> None:
    """The log shows another player's move in the words the picture drawn after it carries
    (``<desc data-said>``), in the page's language, never its notation."""
    state = tavola.load(name, **options).new_game(seed=7)
    rng = random.Random(7)
    with language(lang):
        for _ in range(40):
            if state.is_over:
                break
            action = rng.choice(state.legal_actions())
            notation = state.game.action_to_string(action)
            public = state.game.public_notation(action)  # as the other seats' log shows it
            state.apply(action)
            root = ElementTree.fromstring(state.game.svg(at_table(state.view(0), NAMES), []))
            said = {node.get("data-said"): node.text for node in root.iter(f"{SVG}desc")}
            words = said.get(notation)
            assert words, notation
            assert words != notation, words
            assert not IDS.search(words), words
            assert said.get(public), public
            if lang == "de":
                with language("en"):
                    english = state.game.svg(at_table(state.view(0), NAMES), [])
                assert f">{words}<" not in english, words  # said in German


# Words of one kind of device: a player may hold a mouse or a phone ("choose" fits both).
# Italian "Tocca a te" is "your turn", not a tap.
DEVICE_WORDS = re.compile(r"(?i)\b(tap|click\w*|tippe|klick\w*|touchez|cliquez|clicca)\b")


@pytest.mark.parametrize("lang", ["en", "it", "de", "fr"])
def test_the_pictures_and_lessons_say_choose_not_tap_or_click(lang: str) -> None:
    with language(lang):
        for game in ("campanile", "clocktowers"):
            for edition in ["2009", "1996"] if game == "campanile" else [None]:
                options = {"edition": edition} if edition else {}
                state = tavola.load(game, players=2, **options).new_game(seed=1)
                for seat in (0, 1):
                    picture = state.game.svg(state.view(seat), state.legal_notations())
                    for text in readable(picture):
                        assert not DEVICE_WORDS.search(text), text
        state = tavola.load("carcassonne", players=2).new_game(seed=1)
        rng = random.Random(1)
        for _ in range(4):  # a placing turn, then a deploying one
            mover = state.current_player
            assert mover is not None
            picture = state.game.svg(state.view(mover), state.legal_notations())
            for text in readable(picture):
                assert not DEVICE_WORDS.search(text), text
            state.apply(rng.choice(state.legal_actions()))
        for name, cls in tavola.game_classes().items():
            for lesson in cls.lessons():
                for step in lesson.steps:
                    for said in (step.text, step.hint):
                        words = str(said or "")
                        assert not DEVICE_WORDS.search(words), (name, lesson.id, words)


def test_campanile_says_how_many_markers_of_each_value_are_left() -> None:
    state = tavola.load("campanile", players=2).new_game(seed=1)
    texts = readable(state.game.svg(state.view(0), state.legal_notations()))
    counts = [text for text in texts if re.fullmatch(r"\d+ of", text)]
    assert len(counts) == 3 * 2, texts  # "5 of [1]": three values, two seats
    assert not any(re.fullmatch(r"s: \d+", text) for text in texts), texts
