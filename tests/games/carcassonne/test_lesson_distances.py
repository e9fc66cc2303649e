"""The first Carcassonne lesson says where B's tiles lie as the script places them (issue 28:
the crossing at column 2 was said to be "east of the start tile")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tavola.games.carcassonne
from tavola.core.i18n import language
from tavola.games.carcassonne.translations import gettext

LESSON = Path(tavola.games.carcassonne.__file__).parent / "lessons" / "first-tiles.json"
TWO_EAST = {
    "en": "two tiles east of the start tile",
    "it": "due tessere a est della tessera iniziale",
    "de": "zwei Plättchen östlich des Startplättchens",
    "fr": "deux tuiles à l'est de la tuile de départ",
}


@pytest.mark.parametrize("lang", sorted(TWO_EAST))
def test_bs_crossing_is_said_two_tiles_east(lang: str) -> None:
    lesson = json.loads(LESSON.read_text())
    assert lesson["script"][2] == "place 2,0 0"  # B's crossing, two columns east of 0,0
    step = next(s["text"] for s in lesson["steps"] if "crossing" in s["text"] and "B " in s["text"])
    with language(lang):
        said = gettext(step)
    assert TWO_EAST[lang] in said, said
