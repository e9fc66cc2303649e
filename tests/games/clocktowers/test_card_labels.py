"""A card's label on its face says what the card is, its animal too (issue 28: floor cards
drawn with a cat were labelled "2 piani" while their name said "2 piani con gatto"), in
lines that fit the card, the picture above them kept."""

from __future__ import annotations

import re

import pytest

from tavola.core.i18n import language
from tavola.core.svg import GLYPH_EM
from tavola.games.clocktowers.components import CARD_CODES
from tavola.games.clocktowers.svg import CARD_H, CARD_W
from tavola.games.clocktowers.svg_pieces import card_face
from tavola.games.clocktowers.translations import CARDS

# The label's lines (a roof's mark, bold, is on its picture).
LINE = re.compile(r'<text (?![^>]*font-weight="bold")[^>]*font-size="([\d.]+)"[^>]*>([^<]+)</text>')


@pytest.mark.parametrize("lang", ["en", "it", "de", "fr"])
def test_a_cards_label_is_its_name_and_fits_the_card(lang: str) -> None:
    with language(lang):
        for code, name in zip(CARD_CODES, CARDS, strict=True):
            face = card_face(0, 0, CARD_W, CARD_H, code)
            lines = [(float(size), words) for size, words in LINE.findall(face)]
            assert " ".join(words for _, words in lines) == str(name), (lang, code, lines)
            assert len(lines) <= 3, (lang, code, lines)
            for size, words in lines:
                assert size >= 15, (lang, code, words)
                assert len(words) * GLYPH_EM * size <= CARD_W - 8, (lang, code, words)
