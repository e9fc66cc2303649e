"""No print under 12 px on a phone: every text of the match pages (each game, as a seat in
English and as a spectator in German), the page's and the picture's as drawn at the screen's
scale, at 390x844."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from tavola.core.registry import game_classes
from tests.apps.web.conftest import NO_PAUSE
from tests.apps.web.helpers import match_id, open_at_my_turn, take_turn, wait_shown
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser

LEAST = 12  # px
# Every visible text's size as shown: an SVG text's size times the picture's scale.
SMALL_PRINT = """least => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  while (walker.nextNode()) {
    const holder = walker.currentNode.parentElement;
    if (!walker.currentNode.textContent.trim() || seen.has(holder)) continue;
    seen.add(holder);
    if (holder.closest("title, desc, style, script, option, datalist, .visually-hidden")) continue;
    const box = holder.getBoundingClientRect();
    const style = getComputedStyle(holder);
    if (!box.width || !box.height || style.visibility === "hidden") continue;
    const text = holder.closest("text");
    const size = text
      ? parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM().a
      : parseFloat(style.fontSize);
    if (size < least - 0.05) found.push(`${size.toFixed(1)} px: ${holder.textContent.trim()}`);
  }
  return found;
}"""
GAMES = [
    pytest.param("campanile", "", id="campanile-2009"),
    pytest.param("campanile", "1996", id="campanile-1996"),
    *(pytest.param(game, "", id=game) for game in sorted(game_classes()) if game != "campanile"),
]


@pytest.fixture(scope="module")
def phone(browser: Browser) -> Iterator[Page]:
    """One phone's page for the module's tests."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    context.add_init_script(NO_PAUSE)
    context.set_default_timeout(15_000)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize(("game", "edition"), GAMES)
def test_no_print_under_12_px_on_a_phone(
    phone: Page, server: ServerProcess, game: str, edition: str
) -> None:
    options = {"edition": edition} if edition else None
    open_at_my_turn(phone, server.url, game, options=options)
    take_turn(phone, 1)  # the log has moves in it
    phone.wait_for_selector("#main[data-waiting='false']")
    small = phone.evaluate(SMALL_PRINT, LEAST)
    assert not small, f"{game} as a seat: {small}"
    phone.goto(f"{server.url}/m/{match_id(phone)}?lang=de")  # longer words
    wait_shown(phone)
    small = phone.evaluate(SMALL_PRINT, LEAST)
    assert not small, f"{game} as a spectator, in German: {small}"
