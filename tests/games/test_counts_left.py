"""The "{count} left" beside a seat or a pile, and a clock's "{time} left", agree with the count
in every language: French "1 restant" and "0 restant" (the singular for 0 and 1) but
"2 restants", Italian "1 rimasto" but "0 rimasti" (playtest 16 #8: "1 restants")."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import tavola
from tavola.apps.web import CATALOG
from tavola.core.i18n import language
from tavola.games.campanile.render import render_1996

NS = "{http://www.w3.org/2000/svg}"
COUNTS = (0, 1, 2)
# the words under each count 0, 1, 2
FOLLOWERS_LEFT = {  # Carcassonne's followers in supply (French "partisans", masculine)
    "en": ("0 left", "1 left", "2 left"),
    "it": ("0 rimasti", "1 rimasto", "2 rimasti"),
    "de": ("0 übrig", "1 übrig", "2 übrig"),
    "fr": ("0 restant", "1 restant", "2 restants"),
}
CARDS_LEFT = {  # the cards of a Campanile 1996 pile (feminine in French and Italian)
    "en": ("0 left", "1 left", "2 left"),
    "it": ("0 rimaste", "1 rimasta", "2 rimaste"),
    "de": ("0 übrig", "1 übrig", "2 übrig"),
    "fr": ("0 restante", "1 restante", "2 restantes"),
}
# a clock's time is no count: its words need no agreement ("noch 0:45", "il reste 0:45")
TIME_LEFT = {"en": "0:45 left", "it": "ancora 0:45", "de": "noch 0:45", "fr": "il reste 0:45"}


def texts(picture: str) -> list[str]:
    root = ET.fromstring(picture)
    return ["".join(node.itertext()) for node in root.iter(f"{NS}text")]


@pytest.mark.parametrize("lang", ["en", "it", "de", "fr"])
def test_followers_left_beside_each_seat(lang: str) -> None:
    state = tavola.load("carcassonne", players=3).new_game(seed=1)
    view = state.view(0)
    view["supply"] = list(COUNTS)
    with language(lang):
        said = texts(state.game.svg(view, []))
    for words in FOLLOWERS_LEFT[lang]:
        assert words in said, (lang, words, said)


@pytest.mark.parametrize("lang", ["en", "it", "de", "fr"])
def test_cards_left_under_each_pile(lang: str) -> None:
    state = tavola.load("campanile", players=3, edition="1996").new_game(seed=1)
    view = state.view(0)
    for pile, count in zip(view["piles"], COUNTS, strict=True):
        pile["size"] = count
    with language(lang):
        said = texts(state.game.svg(view, []))
        terminal = render_1996(view)
    for words in CARDS_LEFT[lang]:
        assert words in said, (lang, words, said)
        assert f"({words})" in terminal, (lang, words, terminal)


@pytest.mark.parametrize("lang", ["en", "it", "de", "fr"])
def test_a_clocks_time_left(lang: str) -> None:
    words = CATALOG.translations(lang).gettext("{time} left").format(time="0:45")
    assert words == TIME_LEFT[lang]
