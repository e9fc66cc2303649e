"""German Carcassonne calls a tile a Plättchen (Landschaftsplättchen, Startplättchen,
Flussplättchen), as Hans im Glück's editions since 2014 do, and nowhere a Karte: a
playtest found both words, the rulebook and lessons saying Karte, other texts Plättchen.
Checked here: every German entry of the carcassonne catalog, the web texts about a tile
and the German rulebook's pages; tests/apps/web/test_pages.py checks the pages served."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import tavola
from tests.games.translated import translations

PAGES = Path(tavola.__file__).parent / "games" / "carcassonne" / "pages"
CARD = re.compile(r"karte", re.IGNORECASE)
"""Karte in any form: Karte, Karten, Startkarte, Flusskarte, Kartentabelle..."""


def test_no_carcassonne_text_calls_a_tile_a_karte() -> None:
    said = [string for _, string in translations("carcassonne", "de") if CARD.search(string)]
    assert said == []


def test_the_web_texts_about_a_tile_say_plaettchen() -> None:
    tiles = [
        (msgid, s) for msgid, s in translations("web", "de") if re.search(r"\btiles?\b", msgid)
    ]
    assert tiles  # the board's signs: cells where the tile fits
    for msgid, string in tiles:
        assert "Plättchen" in string, (msgid, string)
        assert "card" in msgid or not CARD.search(string), (msgid, string)


@pytest.mark.parametrize("page", ["rules.de.md", "decisions.de.md"])
def test_the_german_rulebook_says_plaettchen(page: str) -> None:
    text = (PAGES / page).read_text(encoding="utf-8")
    assert "Plättchen" in text
    assert CARD.findall(text) == []
