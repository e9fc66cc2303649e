"""The marks on the roofs, in each language: each the start of its colour's name there, no
two colours with the same mark (issue 28: the English letters read wrong in Italian)."""

from __future__ import annotations

import re

import pytest

from tavola.core.i18n import language
from tavola.games.clocktowers.components import COLOURS
from tavola.games.clocktowers.render import COLOUR_WORDS
from tavola.games.clocktowers.svg_pieces import roof_piece
from tavola.games.clocktowers.translations import gettext

MARK = r'font-weight="bold"[^>]*>([^<]+)</text>'


@pytest.mark.parametrize("lang", ["en", "it", "de", "fr"])
def test_each_roof_is_marked_with_the_start_of_its_colours_name(lang: str) -> None:
    with language(lang):
        names = [gettext(COLOUR_WORDS[colour]).casefold() for colour in COLOURS]
        marks = []
        for colour in COLOURS:
            found = re.findall(MARK, roof_piece(0, 40, 40, 30, colour))
            assert len(found) == 1, (lang, colour, found)
            marks.append(found[0])
    assert len(set(marks)) == len(marks), (lang, marks)
    for name, mark in zip(names, marks, strict=True):
        assert name.startswith(mark.casefold()), (lang, name, mark)
        others = [other for other in names if other != name]
        assert not [other for other in others if other.startswith(mark.casefold())], (lang, mark)
