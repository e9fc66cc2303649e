"""The review's numbers follow the reader's language (playtest 8 #11: the French review
printed "-2.7 ± 0.1" and "4.3 points de marge", the minus a true one)."""

from __future__ import annotations

import re

import tavola
from tavola.apps.review.command import boards
from tavola.apps.review.decisions import plan, review_json, run
from tavola.apps.review.luck import plan_chances
from tavola.apps.review.page import page
from tavola.core.i18n import language
from tests.apps.review.test_judging import last_tile_record
from tests.apps.review.test_luck import QUICK

# a number with a decimal point, outside the page's style sheet, chart and pictures
DECIMAL_POINT = re.compile(r"(?<![\w.#-])[\u2212+]?\d+\.\d+(?![\w.])")


def words_of(html: str) -> str:
    """The page's words: no style, script, SVG nor data URI (their numbers are code)."""
    for tag in ("style", "script", "svg"):
        html = re.sub(rf"<{tag}\b.*?</{tag}>", "", html, flags=re.S)
    html = re.sub(r'src="data:[^"]*"', "", html)
    return re.sub(r"<[^>]*>", " ", html)


def test_the_french_review_writes_decimal_commas() -> None:
    record = last_tile_record("place -2,-1 90")  # a blunder: a flagged move, its margins
    final = tavola.replay(record)
    tasks, chances = plan(record, final, [0], QUICK, 1), plan_chances(record, final, [0], QUICK, 1)
    outcome = run(tasks, chances=chances)
    pages = {}
    for lang in ("en", "fr"):
        with language(lang):
            data = review_json(outcome, final, [0], QUICK, 1)
            pages[lang] = words_of(page(data, boards(final, data, None)))
    english = DECIMAL_POINT.findall(pages["en"])
    assert english  # there are decimals to write
    assert DECIMAL_POINT.findall(pages["fr"]) == []
    assert re.search(r"\d,\d", pages["fr"])
