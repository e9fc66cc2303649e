"""Focus after a move: on the first new move if the seat plays on, else on the board; when
the turn comes back, on the first move. Never on the page's <body>, where a keyboard or a
screen reader would start again from the top."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.apps.web.helpers import open_first_seat, seq
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser

FOCUSED = """() => {
  const active = document.activeElement;
  const first = document.querySelector('#tv-actions button');
  if (!active || active === document.body) return 'body';
  if (active === first) return 'first move';
  if (active.id === 'tv-board') return 'board';
  return active.outerHTML.slice(0, 80);
}"""


def test_focus_follows_the_moves(page: Page, server: ServerProcess) -> None:
    body = {"game": "campanile", "seats": ["human", "random"], "seed": 11}
    open_first_seat(page, server.url, body, "&pause=800")
    seen = set()
    for _ in range(6):
        page.wait_for_selector("#main[data-waiting='false'][data-turn='you']")
        before = seq(page)
        page.locator("#tv-actions button").first.focus()
        page.keyboard.press("Enter")  # the keyboard plays the first move
        page.wait_for_function(
            "before => Number(document.querySelector('#main').dataset.seq) > before"
            " && document.querySelector('#main').dataset.waiting === 'false'",
            arg=before,
        )
        turn = page.locator("#main").get_attribute("data-turn")
        where = page.evaluate(FOCUSED)
        assert where == ("first move" if turn == "you" else "board"), (turn, where)
        seen.add(turn)
        if turn != "you":
            page.wait_for_selector("#main[data-waiting='false'][data-turn='you']")
            assert page.evaluate(FOCUSED) == "first move"
    assert seen == {"you", "other"}
