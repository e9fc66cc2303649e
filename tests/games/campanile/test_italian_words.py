"""Campanile in Italian (issue 28): the 1996 piles are "pile" everywhere (the lesson said
"mazzetto", the picture and log "pila"), and the first lesson names the towers' colours as
their labels do ("gialla", "rossa")."""

from __future__ import annotations

from pathlib import Path

import tavola.games.campanile
from tavola.core.i18n import language
from tavola.games.campanile.translations import CATALOG, STYLE_NAMES
from tests.games.translated import said

PAGES = Path(tavola.games.campanile.__file__).parent / "pages"
WELCOME = (
    "Welcome to Campanile. Five bell towers stand in a row: beige, blue, brown, yellow and"
    " red. You are player A. You score points by putting your influence markers under the "
    "towers that will be the tallest when the towers are scored. Your hand holds three "
    "cards: blue, blue and red."
)


def italian_texts() -> list[str]:
    return said("campanile", "it", PAGES)


def test_a_pile_is_a_pila_everywhere() -> None:
    texts = italian_texts()
    assert [text[:60] for text in texts if "mazzett" in text] == []
    assert any("pila" in text for text in texts)


def test_the_welcome_names_the_colours_as_the_towers_labels() -> None:
    with language("it"):
        welcome = CATALOG.gettext(WELCOME)
        labels = [str(name) for name in STYLE_NAMES]  # the towers' labels
    assert welcome != WELCOME
    row = welcome.split(":")[1]
    assert [label for label in labels if label not in row] == [], row
