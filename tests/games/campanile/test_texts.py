"""Campanile's texts: English exactly as before they became translatable, and every
language's texts translated (events, refusals, the terminal picture, the SVG).

``english_texts.json`` was recorded (``english_texts.py``) from the texts as they were
built before: plain strings made when the event or error was. The lazy messages must
read the same, word for word.
"""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from functools import cache
from typing import Any

import pytest

import tavola
from tavola.core.errors import IllegalAction, NotationError
from tavola.core.events import Event
from tavola.core.i18n import language
from tavola.games.campanile import translations
from tests.games.campanile import decks
from tests.games.campanile.english_texts import CASES, FIXTURE, TYPED, _Pool, case_name, play

NS = "{http://www.w3.org/2000/svg}"


@cache
def recorded() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FIXTURE.read_text())
    return data


@pytest.mark.parametrize(
    ("edition", "players", "options"),
    [(edition, players, options) for edition, players, options, _ in CASES],
    ids=lambda value: str(value) if not isinstance(value, dict) else "+".join(value) or "-",
)
def test_lazy_texts_read_as_the_recorded_english(
    edition: str, players: int, options: dict[str, Any]
) -> None:
    fixture = recorded()
    pool = _Pool(list(fixture["strings"]))
    seeds = next(s for e, p, o, s in CASES if (e, p, o) == (edition, players, options))
    for seed in seeds:
        name = case_name(edition, players, options, seed)
        got = play(edition, players, options, seed, pool)
        expected = fixture["games"][name]
        if got != expected:
            strings = pool.strings
            for key in ("events", "refusals"):
                for index, (mine, theirs) in enumerate(zip(got[key], expected[key], strict=False)):
                    assert _shown(mine, strings) == _shown(theirs, strings), (name, key, index)
                assert len(got[key]) == len(expected[key]), (name, key)
            assert got["pictures"] == expected["pictures"], f"{name}: render or svg changed"


def _shown(item: Any, strings: list[str]) -> Any:
    """An item of the fixture with its string indexes read back (for a readable diff)."""
    if isinstance(item, int):
        return strings[item] if item < len(strings) else f"<new text #{item}>"
    if isinstance(item, list):
        return [_shown(part, strings) if not isinstance(part, str) else part for part in item]
    return item


def test_a_scoring_builds_its_text_and_table_only_when_read() -> None:
    state = decks.new_game(
        [["blue"] * 3, ["red"] * 3, ["yellow"] * 3],
        ["blue", "red", "red"],
        ["intermezzo", "beige", "finito"],
    )
    state.apply("build blue 3")
    state.apply("influence blue")
    event, reveal = state.apply("take red")
    assert (event.kind, reveal.kind) == ("scoring", "reveal")
    assert callable(event._message)
    assert callable(event._table)
    assert event.data["kind"] == "intermezzo"
    assert event.text == "Intermezzo scoring: P0 +4 (blue)"
    table = event.table
    assert table is not None
    assert table.columns[-1] == "chips"
    assert table.rows[0] == ("#4", "yellow", "0", "1", "-", "-")
    with language("it"):
        assert event.text == "Valutazione Intermezzo: P0 +4 (blu)"
        assert table.title == "Valutazione Intermezzo"
        assert table.columns == (
            "posizione",
            "torre",
            "altezza",
            "bandiera",
            "influenza",
            "gettoni",
        )
        assert table.rows[-1] == ("#1", "blu", "3", "4/2", "P0 3", "P0 +4")
        assert reveal.text == "viene scoperta una carta beige"
    with language("de"):
        assert event.text == "Zwischenwertung (Intermezzo): P0 +4 (Blau)"
    assert event.text == "Intermezzo scoring: P0 +4 (blue)"
    assert event == Event("scoring", event.message, event.data, table)


# -- translations ----------------------------------------------------------------------


def test_a_refused_move_reads_in_the_language_of_the_moment() -> None:
    state = tavola.load("campanile", players=3).new_game(seed=1)
    hand = state.view(0)["hands"][0]["cards"]
    missing = next(
        style for style in ("beige", "blue", "brown", "yellow", "red") if style not in hand
    )
    with pytest.raises(IllegalAction) as caught:
        state.apply(f"build {missing} 1")
    error = caught.value
    english = str(error)
    assert english.startswith(f"you have no {missing} card in hand (build: ")
    with language("it"):
        name = translations.style_name(missing)
        assert str(error) == (
            f"non hai in mano nessuna carta {name} (costruire: gioca una carta dalla tua mano "
            "sulla torre del suo stile, da 1 a 3 piani)"
        )
        assert error.reason == f"non hai in mano nessuna carta {name}"
    with language("de"):
        name = translations.style_name(missing)
        assert error.reason == f"du hast keine Karte in {name} auf der Hand"
    assert str(error) == english  # back in English outside the block


def test_a_notation_error_reads_in_the_language_of_the_moment() -> None:
    state = tavola.load("campanile", players=2, edition="1996").new_game(seed=1)
    with pytest.raises(NotationError) as caught:
        state.apply("take red")
    assert str(caught.value).startswith("'take red': in the 1996 edition there is no take")
    with language("fr"):
        assert str(caught.value).startswith("'take red'\u00a0: ")
    with language("it"), pytest.raises(NotationError, match="nessuna azione 'fly'"):
        state.apply("fly")


# Words of the notation: shown as typed (in refusals that list the actions and styles).
NOTATION = {"beige", "blue", "brown", "yellow", "red", "build", "influence", "pass", "take", "bet"}


@cache
def msgids(lang: str) -> dict[str, str]:
    """The domain's messages, from the compiled catalog, whose translation differs from
    the English (a plural by its singular)."""
    catalog = translations.CATALOG.translations(lang)
    found: dict[str, str] = {}
    for key, text in getattr(catalog, "_catalog", {}).items():
        msgid = key if isinstance(key, str) else key[0] if key[1] == 0 else ""
        if msgid and text != msgid:
            found[msgid] = text
    assert len(found) > 100, f"no compiled {lang} catalog for campanile: make messages"
    return found


def _english_left(text: str, lang: str) -> list[str]:
    """The English words of the domain's messages (their fixed parts, fields left out)
    that ``text`` shows: each as a whole word or phrase, unless it is also a word of
    ``lang`` (French "place") or of the notation."""
    translations = msgids(lang)
    own = re.sub(r"\{[^{}]*\}", " ", "\n".join(translations.values()))  # fields left out
    left = []
    for msgid in translations:
        for piece in re.split(r"\{[^{}]*\}", msgid):
            piece = piece.strip(" .,:;()·+-→'\n")
            if len(re.findall("[A-Za-z]", piece)) < 2 or piece in NOTATION:
                continue
            pattern = rf"(?<![A-Za-z_]){re.escape(piece)}(?![A-Za-z_])"
            if piece in text and not re.search(pattern, own) and re.search(pattern, text):
                left.append(piece)
    return left


def _svg_words(picture: str) -> str:
    root = ET.fromstring(picture)
    texts = ["".join(el.itertext()) for el in root.iter(f"{NS}text")]
    titles = [el.text or "" for el in root.iter(f"{NS}title")]
    labels = [el.attrib["aria-label"] for el in root.iter() if "aria-label" in el.attrib]
    return "\n".join([*texts, *titles, *labels])


@pytest.mark.parametrize("lang", ["it", "de", "fr"])
@pytest.mark.parametrize(
    ("edition", "players", "options"),
    [
        ("2009", 2, {"move_markers": True}),
        ("2009", 4, {}),
        ("1996", 3, {"bet_on_built_tower": True}),
    ],
    ids=["2009-2p-move", "2009-4p", "1996-3p-variant"],
)
def test_a_whole_game_shows_no_english(
    lang: str, edition: str, players: int, options: dict[str, Any]
) -> None:
    game = tavola.load("campanile", players=players, edition=edition, **options)
    state = game.new_game(seed=5)
    rng = random.Random(5)
    shown: list[str] = []
    with language(lang):
        shown += [str(game.rules_summary), str(game.input_help), str(game.summary)]
        while True:
            mover = state.current_player
            for seat in (mover, None):
                view = state.view(seat)
                actions = state.legal_notations() if seat is not None and seat == mover else ()
                shown.append(game.render(view))
                shown.append(_svg_words(game.svg(view, actions)))
            tries: list[int | str] = [*typed(edition), rng.randrange(game.num_distinct_actions)]
            for action in tries:
                try:
                    state.clone().apply(action)
                except (IllegalAction, NotationError) as error:
                    shown.append(str(error))
            if state.is_over:
                break
            for event in state.apply(rng.choice(state.legal_actions())):
                shown.append(event.text)
                if event.table is not None:
                    table = event.table
                    shown += [
                        table.title,
                        *table.columns,
                        *(cell for row in table.rows for cell in row),
                    ]
    text = "\n".join(shown)
    assert not _english_left(text, lang)
    for english in ("cards?", "towers?", "markers?", "floors?", "Seat", "[Yy]ou", "turn"):
        assert not re.search(rf"\b{english}\b", text), english


def test_the_english_detector_finds_english() -> None:
    state = tavola.load("campanile", players=3).new_game(seed=2)
    shown = state.game.render(state.view(0)) + _svg_words(
        state.game.svg(state.view(0), state.legal_notations())
    )
    left = _english_left(shown, "it")
    assert {"Stack", "Display", "markers from the base", "Your hand"} <= set(left)


def typed(edition: str) -> list[str]:
    return list(TYPED[edition])


@pytest.mark.parametrize(("lang", "word"), [("en", "editions"), ("it", "edizioni")])
def test_the_summary_says_its_years_are_editions(lang: str, word: str) -> None:
    """The lobby's line on Campanile: "DDD 2009, Blatz 1996" read as the two editions."""
    with language(lang):
        assert f"({word}: DDD 2009, Blatz 1996)" in str(tavola.load("campanile").summary)
