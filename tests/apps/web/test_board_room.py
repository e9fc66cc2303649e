"""Carcassonne's board keeps its room (issue 28, the playtest after it): a phone's turn opens
with its cells to choose on the screen, even where the player scrolled down to the moves to
play the last one (N1); a finished board on a desktop has no empty band above it (N5); the
head goes in a column beside the board only where it fills it; a cell focused by the
keyboard says its words where they cover none of its neighbours."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.apps.server.client import Api, play_randomly, tokens_of
from tests.apps.web.helpers import seq
from tests.apps.web.test_board_screen import PHONE, SMALLEST_TEXT, box, open_carcassonne
from tests.apps.web.test_spread_boards import SHOWN_TEXT, my_turn_in
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser

# The cells to choose, and those on the screen: inside the board's box and the window.
CELLS_SEEN = """() => { const box = document.querySelector('#tv-board .board-view')
    .getBoundingClientRect();
  const top = Math.max(box.top, 0), bottom = Math.min(box.bottom, innerHeight);
  const cells = [...document.querySelectorAll('#tv-board .part-board [data-choose]')]
    .map((c) => c.getBoundingClientRect());
  return [cells.length, cells.filter((r) => r.left >= box.left - 1 && r.right <= box.right + 1
    && r.top >= top - 1 && r.bottom <= bottom + 1).length]; }"""


def play_from_the_moves(page: Page, index: int) -> None:
    """Tap a move of the list under the board (the page scrolls down to it), and wait for
    the server's answer."""
    before = seq(page)
    page.locator("#tv-actions button.action").nth(index).click()
    page.wait_for_function(
        "b => Number(document.querySelector('#main').dataset.seq) > b"
        " && document.querySelector('#main').dataset.waiting === 'false'",
        arg=before,
    )


def test_a_phone_turn_opens_on_its_cells_after_a_pass_from_the_moves(
    new_context: Any, server: ServerProcess
) -> None:
    page = new_context(viewport=PHONE).new_page()
    open_carcassonne(page, server, options={"river": True})
    for _ in range(3):
        assert page.evaluate(CELLS_SEEN)[1] >= 1
        play_from_the_moves(page, 0)  # the tile placed
        page.wait_for_selector("#main[data-waiting='false'][data-turn='you']")
        assert page.locator("#tv-board .part-board [data-choose]").count() == 0
        play_from_the_moves(page, -1)  # "Pass: deploy no follower", the list's last
        page.wait_for_selector("#main[data-waiting='false'][data-turn='you']")
        cells, seen = page.evaluate(CELLS_SEEN)
        assert cells
        assert seen >= 1, (cells, seen, page.evaluate("scrollY"))


DESKTOP = {"width": 1366, "height": 800}
# The head's longest empty height, px: the vertical runs of the head that nothing drawn in it
# crosses (from its top to its bottom).
HEAD_GAP = """() => { const head = document.querySelector('#tv-board .part-head');
  const area = head.getBoundingClientRect();
  const runs = [...head.querySelectorAll('text, rect, path, circle, use')]
    .map((e) => e.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0 && r.bottom > area.top && r.top < area.bottom)
    .map((r) => [Math.max(r.top, area.top), Math.min(r.bottom, area.bottom)])
    .sort((a, b) => a[0] - b[0]);
  let gap = 0, reached = area.top;
  for (const [top, bottom] of runs) { gap = Math.max(gap, top - reached);
    reached = Math.max(reached, bottom); }
  return [Math.max(gap, area.bottom - reached), area.height]; }"""
BOARD = """() => { const view = document.querySelector('#tv-board .board-view');
  const board = view.querySelector('.part-board').getBoundingClientRect();
  const texts = [...document.querySelectorAll('#tv-board svg text')]
    .filter((t) => t.getClientRects().length && t.textContent.trim()
      && getComputedStyle(t).visibility !== 'hidden');
  return [board.height - view.clientHeight, board.width - view.clientWidth,
    Math.min(...texts.map((t) => parseFloat(t.getAttribute('font-size'))
      * t.getScreenCTM().a))]; }"""


@pytest.fixture(scope="module")
def finished(server: ServerProcess) -> str:
    """A seat's address of a Carcassonne duel with the River played to its end."""
    body = {"game": "carcassonne", "options": {"river": True}, "seats": ["human", "heuristic"]}
    created = httpx.post(f"{server.url}/api/matches", json={**body, "seed": 11}).json()
    assert play_randomly(Api(server.url), created["id"], tokens_of(created), 7)["is_over"]
    return str(created["seats"][0]["url"])


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_finished_board_has_no_empty_band_above_it(
    new_context: Any, server: ServerProcess, finished: str, lang: str
) -> None:
    page = new_context(viewport=DESKTOP).new_page()
    page.goto(f"{server.url}{finished}&lang={lang}")
    page.wait_for_selector("#main[data-over='true'] #tv-board .board-view")
    gap, head = page.evaluate(HEAD_GAP)
    assert gap <= 16, (gap, head)  # was 51 px under the seats, of a 173 px band
    taller, wider, least = page.evaluate(BOARD)
    assert least >= 10, least
    assert (taller <= 1 and wider <= 1) or least < 10.5, (taller, wider, least)


# The focused cell's words and the block of cells round it (as large as it), client px.
FOCUS_WORDS = """() => { const cell = document.activeElement.getBoundingClientRect();
  const info = document.querySelector('#tv-info');
  const words = info.getBoundingClientRect();
  const block = { left: cell.left - cell.width, right: cell.right + cell.width,
    top: cell.top - cell.height, bottom: cell.bottom + cell.height };
  const meet = words.left < block.right - 1 && block.left < words.right - 1
    && words.top < block.bottom - 1 && block.top < words.bottom - 1;
  return [info.textContent, meet, words.top >= 0 && words.bottom <= innerHeight]; }"""
FOCUSED_CELL = (
    "() => Boolean(document.activeElement.closest('#tv-board .part-board [data-choose]'))"
)


def test_a_focused_cell_says_its_words_clear_of_its_neighbours(
    new_context: Any, server: ServerProcess
) -> None:
    page = new_context(viewport=DESKTOP).new_page()
    open_carcassonne(page, server, options={"river": True})
    page.mouse.move(0, 0)
    said = []
    for _ in range(40):  # Tab from the page's focus through the head to the board's cells
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED_CELL):
            words, meet, seen = page.evaluate(FOCUS_WORDS)
            assert words
            assert not meet, words  # the cells round the focused one stay in sight
            assert seen, words
            said.append(words)
        elif said:
            break
    assert said
    page.keyboard.press("Shift+Tab")  # back on a cell, then off the picture
    page.locator("#tv-notation").focus()
    assert page.evaluate("document.querySelector('#tv-info').textContent") == ""


# The column's empty height under the head, and the board's box's width and height, px.
COLUMN_ROOM = """() => { const head = document.querySelector('#tv-board .part-head')
    .getBoundingClientRect();
  const view = document.querySelector('#tv-board .board-view').getBoundingClientRect();
  return [view.bottom - head.bottom, view.width, view.height]; }"""


def test_a_head_column_beside_a_tall_board_is_not_left_empty(
    new_context: Any, server: ServerProcess
) -> None:
    """28 tiles into a river game, a board 13 rows high: the head goes beside it (a band
    would cut rows at 10 px print). The column was the panel, 200 px high in a 688 px high
    column; laid out as a column it fills it, narrower, and the board gets the width."""
    page = my_turn_in(new_context, server, 28, 102, seed=6)
    expect(page.locator("#tv-board .tavola-board")).to_have_attribute("data-layout", "column")
    empty, width, height = page.evaluate(COLUMN_ROOM)
    assert empty <= 0.3 * height, (empty, height)
    assert width >= 0.72 * (width + box(page, "#tv-board .part-head")["width"]), width
    assert page.evaluate(SHOWN_TEXT, "#tv-board .part-head") >= 10
    assert page.evaluate(SMALLEST_TEXT) >= 10
