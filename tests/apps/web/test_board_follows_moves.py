"""A finished Carcassonne board too wide for its box: on a phone the match page opens on the
last tile placed, on a desktop whole; each step of its replay shows the tile of the move it
describes, even after the player scrolled the board away (playtest 7 #4: the board opened on
its middle, the last tile off screen, and the replay's steps did not bring theirs into
view)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.apps.web.test_replay import finished_match, wait_step
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1366, "height": 800}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
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


def test_a_finished_board_opens_on_its_last_tile_on_a_phone(
    new_context: Any, server: ServerProcess, finished: str
) -> None:
    page = new_context(**PHONE).new_page()
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
    assert in_view(page) == {"pans": False, "inside": True}  # whole, as the game ended
    for wanted in range(steps - 1, steps - 9, -1):
        page.evaluate(AWAY)  # the player looks elsewhere on the board
        page.keyboard.press("ArrowLeft")
        wait_step(page, wanted)
        assert in_view(page)["inside"], f"step {wanted}: its tile is off screen"


# The board's tiles out of its box, or under something else at their middle (the head).
HIDDEN_TILES = """() => { const view = document.querySelector('#tv-board .board-view');
  const v = view.getBoundingClientRect();
  return [...view.querySelectorAll('.part-board g.tile')].filter((t) => {
    const r = t.getBoundingClientRect();
    if (r.left < v.left - 1 || r.top < v.top - 1 || r.right > v.right + 1
      || r.bottom > v.bottom + 1) return true;
    const on = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !view.contains(on); }).length; }"""


def test_a_finished_board_opens_whole_on_a_desktop(
    new_context: Any, server: ServerProcess, finished: str
) -> None:
    """Playtest 12 #1: at a river game's end (de, 1366 x 800) the match page and the
    replay's last step showed the board at its readable print, 11 of 84 tiles out of view
    (under the head's column, past the box's edges) and no sign of them; "einpassen" showed
    them all. A finished board now opens fitted whole, as "fit" shows it; the replay's
    other steps still open at their print, on their tile."""
    page = new_context(viewport=DESKTOP).new_page()
    page.goto(f"{server.url}/m/{finished}?lang=de")
    page.wait_for_selector("#main[data-over='true'] #tv-board .board-view [data-focus]")
    page.wait_for_timeout(100)
    assert page.evaluate(HIDDEN_TILES) == 0
    fit = page.locator(".board-tools [data-zoom='fit']")
    expect(fit).to_have_attribute("aria-disabled", "true")
    page.goto(f"{server.url}/m/{finished}/replay?lang=de")
    wait_step(page, 0)
    page.keyboard.press("End")
    steps = int(page.locator("#main").get_attribute("data-steps") or "0")
    wait_step(page, steps)
    page.wait_for_timeout(100)
    assert page.evaluate(HIDDEN_TILES) == 0
    page.keyboard.press("ArrowLeft")
    wait_step(page, steps - 1)
    assert in_view(page) == {"pans": True, "inside": True}
