"""Carcassonne's board keeps its room (issue 28, the playtest after it): a phone's turn opens
with its cells to choose on the screen, even where the player scrolled down to the moves to
play the last one (N1); a finished board on a desktop has no empty band above it (N5); the
head goes in a column beside the board only where it fills it; a cell focused by the
keyboard says its words where they cover none of its neighbours."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from tests.apps.web.helpers import seq
from tests.apps.web.test_board_screen import PHONE, open_carcassonne
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
        assert cells and seen >= 1, (cells, seen, page.evaluate("scrollY"))
