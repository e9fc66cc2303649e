"""A finished Carcassonne board too wide for its box, on a desktop: the match page opens on
the last tile placed, and each step of its replay shows the tile of the move it describes,
even after the player scrolled the board away (playtest 7 #4: the board opened on its
middle, the last tile off screen, and the replay's steps did not bring theirs into view)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from tests.apps.web.test_replay import finished_match, wait_step
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1366, "height": 800}
# The last tile's outline (data-focus) inside the board's box, and whether the board pans.
IN_VIEW = """() => { const box = document.querySelector('#tv-board .board-view');
  const focus = box.querySelector('[data-focus]');
  const b = box.getBoundingClientRect(), f = focus.getBoundingClientRect();
  return { pans: box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1,
    inside: f.left >= b.left - 1 && f.right <= b.right + 1 && f.top >= b.top - 1
      && f.bottom <= b.bottom + 1 }; }"""
AWAY = """() => { const box = document.querySelector('#tv-board .board-view');
  const focus = box.querySelector('[data-focus]').getBoundingClientRect();
  const b = box.getBoundingClientRect();
  box.scrollLeft = focus.left - b.left + box.scrollLeft > box.scrollWidth / 2 ? 0 : box.scrollWidth;
  box.scrollTop = 0; }"""


@pytest.fixture(scope="module")
def finished(server: ServerProcess) -> str:
    # seed 8: the last tile is placed in the next to southmost row, of 20
    match, _ = finished_match(server, "carcassonne", options={"river": True}, seed=8)
    return match


def in_view(page: Page) -> dict[str, bool]:
    page.wait_for_timeout(100)  # the scroll settles
    answer: dict[str, bool] = page.evaluate(IN_VIEW)
    return answer


def test_a_finished_board_opens_on_its_last_tile(
    new_context: Any, server: ServerProcess, finished: str
) -> None:
    page = new_context(viewport=DESKTOP).new_page()
    page.goto(f"{server.url}/m/{finished}")
    page.wait_for_selector("#main[data-over='true'] #tv-board .board-view [data-focus]")
    seen = in_view(page)
    assert seen["pans"], "the board fits its box: nothing to test"
    assert seen["inside"], "the last tile placed is off screen"


def test_each_replay_step_shows_its_tile(
    new_context: Any, server: ServerProcess, finished: str
) -> None:
    page = new_context(viewport=DESKTOP).new_page()
    page.goto(f"{server.url}/m/{finished}/replay")
    wait_step(page, 0)
    page.keyboard.press("End")
    steps = int(page.locator("#main").get_attribute("data-steps") or "0")
    wait_step(page, steps)
    assert in_view(page) == {"pans": True, "inside": True}
    for wanted in range(steps - 1, steps - 9, -1):
        page.evaluate(AWAY)  # the player looks elsewhere on the board
        page.keyboard.press("ArrowLeft")
        wait_step(page, wanted)
        assert in_view(page)["inside"], f"step {wanted}: its tile is off screen"
