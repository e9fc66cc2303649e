"""The scores beside the picture: a row whose name runs to two lines (a long name, the
room of the "to move" tag kept in every row) has its cells on one baseline (playtest 12
#4: the name sat at the row's top, its score in its middle, 11 px lower at 1366x800); a
row whose words fit on one line is one line high (playtest 15 #4)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.apps.web.helpers import wait_shown, wait_turn_or_end
from tests.apps.web.test_layout_shift import SCREENS
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser

NAMES = ["Massimiliano-Giovanni della Rovere", "Bernadette-Louise Fontaine", "Kunigunde"]

# Each row of scores: whether its name cell is over a line and a half tall, and the bottoms
# of its name's first line, of its score and of its letter badge (px; the same baseline
# makes their bottoms within the descents of their sizes).
ROWS = """() => [...document.querySelectorAll('#tv-scores tbody tr')].map((row) => {
  const [badge, who, score] = row.cells;
  const first = (node) => { const range = document.createRange();
    range.selectNodeContents(node); return range.getClientRects()[0]; };
  const name = first(who.querySelector('.name'));
  const tall = parseFloat(getComputedStyle(who).height) > 1.5 * name.height;
  return [tall, name.bottom, first(score).bottom,
    badge.firstElementChild.getBoundingClientRect().bottom];
})"""


@pytest.mark.parametrize("screen", sorted(SCREENS))
@pytest.mark.parametrize("game", ["campanile", "clocktowers"])
def test_a_scores_row_in_two_lines_keeps_its_cells_on_one_line(
    new_context: Any, server: ServerProcess, game: str, screen: str
) -> None:
    """In German, with three long-named seats: in every row the score stands on the
    name's first line, wherever the name cell takes two lines or more."""
    body = {"game": game, "seats": ["human", "heuristic", "heuristic"], "names": NAMES}
    created = httpx.post(f"{server.url}/api/matches", json={**body, "seed": 3}).json()
    page = new_context(viewport=SCREENS[screen]).new_page()
    page.goto(f"{server.url}{created['seats'][0]['url']}&lang=de")
    wait_shown(page)
    rows = page.evaluate(ROWS)
    assert len(rows) == 3, rows
    assert any(tall for tall, *_bottoms in rows), rows
    for _tall, name, score, _badge in rows:
        assert abs(score - name) <= 3, rows


# Each row of scores: whether its name and marks fit on one line of the name cell, how many
# lines tall the cell is, and whether the row shows the turn: its "to move" tag or the
# arrow before its badge, in sight
LINES = """() => [...document.querySelectorAll('#tv-scores tbody tr')].map((row) => {
  const who = row.cells[1];
  const style = getComputedStyle(who);
  const room = who.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const words = [...who.querySelectorAll('.name, small')];
  const wide = words.flatMap((w) => [...w.getClientRects()]).reduce((sum, r) => sum + r.width, 0);
  const line = who.querySelector('.name').getClientRects()[0].height;
  const high = who.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
  const tag = row.querySelector('.tag.turn');
  const tagSeen = !!tag && tag.getBoundingClientRect().width > 4
    && getComputedStyle(tag).visibility === 'visible';
  const arrow = getComputedStyle(row.cells[0], '::before');
  const arrowSeen = arrow.content.includes('▸') && arrow.visibility === 'visible';
  return [wide + 8 <= room, high / line, row.classList.contains('to-move'),
    tagSeen || arrowSeen, row.textContent];
})"""


@pytest.mark.parametrize("screen", sorted(SCREENS))
@pytest.mark.parametrize("lang", ["en", "it", "de", "fr"])
def test_a_row_whose_words_fit_is_one_line_high(
    new_context: Any, server: ServerProcess, lang: str, screen: str
) -> None:
    """Playtest 15 #4: the bots' rows ("Bot B (heuristisch, leicht)") were 58 px tall against
    34 px, the unseen room of the "to move" tag wrapped onto a line of its own. Every row
    whose name and marks fit is one line high, the seat to move's included (a long name,
    its tag left to the arrow), and the turn shows in the mover's row."""
    body = {
        "game": "clocktowers",
        "seats": ["human", "heuristic", "ismcts:iterations=300"],
        "names": ["Bernadette Fontaine", "", ""],  # its tag fits in no language
        "seed": 4,
    }
    created = httpx.post(f"{server.url}/api/matches", json=body).json()
    page = new_context(viewport=SCREENS[screen]).new_page()
    page.goto(f"{server.url}{created['seats'][0]['url']}&lang={lang}")
    wait_turn_or_end(page)
    rows = page.evaluate(LINES)
    assert len(rows) == 3, rows
    for fits, lines, _mover, _shown, _text in rows:
        assert fits, rows
        assert lines < 1.8, rows
    movers = [row for row in rows if row[2]]
    assert len(movers) == 1, rows
    assert movers[0][3], rows
    to_move = page.locator("#tv-scores tr.to-move .tag.turn").text_content() or ""
    assert to_move.strip(), rows
    assert to_move in movers[0][4], rows  # screen readers still say it


# The winner's row at the end: its name cell's height in lines, whether a mark of the win is
# in sight in it (the tag or its short mark) and the tag's words, as screen readers have them
WINNER = """() => {
  const tag = document.querySelector('#tv-scores tbody tr .tag.won');
  const who = tag.closest('tr').cells[1];
  const style = getComputedStyle(who);
  const line = who.querySelector('.name').getClientRects()[0].height;
  const high = who.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
  const box = tag.getBoundingClientRect();
  const seen = box.width > 4 && box.height > 4 && getComputedStyle(tag).visibility === 'visible';
  const rows = [...document.querySelectorAll('#tv-scores tbody tr')];
  return [high / line, seen, tag.textContent.trim(), rows.map((r) => r.offsetHeight)];
}"""
WINNER_WORDS = {"en": "winner", "it": "vincitore", "de": "Sieger", "fr": "gagnant"}


@pytest.mark.parametrize("screen", sorted(SCREENS))
@pytest.mark.parametrize("lang", ["en", "it", "de", "fr"])
def test_the_winners_row_is_one_line_high(
    new_context: Any, server: ServerProcess, lang: str, screen: str
) -> None:
    """Playtest 17 #1: at the end the winner's "vincitore"/"Sieger" tag wrapped under the
    name, its row 58 px tall against 33-35 px. The player resigns: every row is one line
    high, the winner's with a mark in sight, its words read out."""
    body = {
        "game": "clocktowers",
        "seats": ["human", "heuristic"],
        "names": ["Bernadette Fontaine", ""],
        "seed": 4,
    }
    created = httpx.post(f"{server.url}/api/matches", json=body).json()
    page = new_context(viewport=SCREENS[screen]).new_page()
    page.goto(f"{server.url}{created['seats'][0]['url']}&lang={lang}")
    wait_turn_or_end(page)
    page.locator("#tv-resign").click()
    page.locator("#tv-resign-yes").click()
    page.wait_for_selector("#tv-over:not([hidden])")
    page.wait_for_selector("#tv-scores .tag.won")
    rows = page.evaluate(LINES)
    for fits, lines, *_rest in rows:
        assert fits, rows
        assert lines < 1.8, rows
    lines, seen, words, heights = page.evaluate(WINNER)
    assert lines < 1.8, (lines, heights)
    assert max(heights) - min(heights) <= 3, heights
    assert seen, words
    assert words == WINNER_WORDS[lang]
