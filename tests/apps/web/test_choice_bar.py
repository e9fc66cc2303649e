"""The bar of a pending Carcassonne move says it in one wording on every turn: the move (the
verb, the tile, the place and the turn) and its counter whole, then what it does, which is
cut first where the bar is short (issue 28: "Colonna 5, riga 4 (1 di 2)" on 13 tile turns
in 39, "Posa la tessera «…» nella colonna …" on the others, and "…capovolta (2 / di 2)"
broken across lines); its lines keep off the bar's border (playtest 12 #6) and the board
under it does not move."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.apps.web.helpers import open_carcassonne, wait_turn_or_end
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser

# how the move begins in each language (the verb and the tile), and its counter's word
OPENING = {"en": "Place the ", "it": "Posa la tessera «", "de": "Lege das Plättchen „"}
OPENING["fr"] = "Poser la tuile «\u00a0"
OF = {"en": "of", "it": "di", "de": "von", "fr": "sur"}

# The bar's words; its counter ("(2 of 4)"), the tops of the lines it is printed on, and
# whether the words up to its end are in the bar's lines (not cut); the board's top; and the
# px between the bar's lines of print and its border, above and below (the least).
LABEL = """(of) => {
  const label = document.querySelector("#tv-choice-label");
  const bar = document.querySelector("#tv-choice").getBoundingClientRect();
  const text = label.textContent;
  const found = [...text.matchAll(new RegExp(`\\\\(\\\\d+\\\\s${of}\\\\s\\\\d+\\\\)`, "g"))].pop();
  const range = document.createRange();
  range.selectNodeContents(label);
  const lines = [...range.getClientRects()];
  const top = Math.min(...lines.map((r) => r.top));
  const seen = Math.min(label.getBoundingClientRect().bottom, bar.bottom);
  let counter = null, tops = [], whole = true;
  if (found) {
    counter = found[0];
    range.setStart(label.firstChild, found.index);
    range.setEnd(label.firstChild, found.index + counter.length);
    tops = [...new Set([...range.getClientRects()].map((r) => Math.round(r.top)))];
    // in the lines, and not at the end of a cut last line, where "…" replaces its last
    // characters (2 em for the "…" and a ":" after the counter)
    const end = range.getBoundingClientRect();
    const clamped = label.scrollHeight > label.clientHeight + 1;
    const room = 2 * parseFloat(getComputedStyle(label).fontSize);
    whole = end.bottom <= seen + 1 && !(clamped && end.bottom > seen - end.height / 2
      && end.right + room > label.getBoundingClientRect().right);
  }
  const shown = Math.min(seen, Math.max(...lines.map((r) => r.bottom)));  // the last line seen
  return { text, counter, tops, whole, title: label.title,
    board: Math.round(document.querySelector("#tv-board").getBoundingClientRect().top + scrollY),
    clear: Math.min(top - bar.top - 1, bar.bottom - 1 - shown) };
}"""


def check_every_turn_of(page: Page, lang: str, board_top: int) -> int:
    """Show each rotation of the picked cell and check the bar's words; how many shown."""
    rotate = page.locator("#tv-rotate")
    count = 1 if rotate.is_disabled() else 0
    index = 0
    while index < (count or 4):
        shown = page.evaluate(LABEL, OF[lang])
        assert shown["text"].startswith(OPENING[lang]), (lang, shown)
        assert shown["title"] == shown["text"], shown
        if count != 1:
            assert shown["counter"], shown
            numbers = shown["counter"].strip("()").split()
            count = int(numbers[-1])
            assert numbers[0] == str(index + 1), shown
            assert len(shown["tops"]) == 1, shown  # on one line
            assert shown["whole"], shown
        assert shown["clear"] >= 1.5, (lang, shown)
        assert shown["board"] == board_top, shown  # the bar keeps to its room
        index += 1
        if index < count:
            rotate.click()
    return index


@pytest.mark.parametrize("lang", ["it", "de", "fr", "en"])
def test_the_pending_move_shows_its_place_and_rotation_whole(
    new_context: Any, server: ServerProcess, lang: str
) -> None:
    page = new_context(viewport={"width": 1366, "height": 800}).new_page()
    seen = 0
    for seed in (1, 2, 3):
        open_carcassonne(page, server, seed, True, lang)
        board_top = page.evaluate(LABEL, OF[lang])["board"]
        cells = page.locator("#tv-board [data-choose]")
        for index in range(min(cells.count(), 4)):
            cells.nth(index).click()
            assert page.locator("#tv-board [data-option-of].shown").count() == 1
            seen += check_every_turn_of(page, lang, board_top)
            page.keyboard.press("Escape")
    assert seen >= 5


@pytest.mark.parametrize(("lang", "width"), [("it", 1366), ("de", 1000)])
def test_the_bar_says_the_move_alike_on_every_tile_turn(
    new_context: Any, server: ServerProcess, lang: str, width: int
) -> None:
    """Issue 28 (it, desktop): a game's tile turns, each cell's every rotation in words."""
    page = new_context(viewport={"width": width, "height": 800}).new_page()
    open_carcassonne(page, server, 11, False, lang)
    board_top = page.evaluate(LABEL, OF[lang])["board"]
    turns = 0
    while turns < 14 and wait_turn_or_end(page) == "you":
        cells = page.locator("#tv-board [data-choose]")
        if cells.count():
            cells.first.click()
            expect(page.locator("#tv-choice")).to_be_visible()
            check_every_turn_of(page, lang, board_top)
            page.locator("#tv-confirm").click()
            turns += 1
        else:  # a follower or none
            page.locator("#tv-actions button.action").first.click()
        page.wait_for_selector("#main[data-waiting='false']")
    assert turns >= 10, turns
