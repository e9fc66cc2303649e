"""The tile to place, turned with the choice on the board, keeps its pennant upright as the
board's ghost does (issue 28: it turned upside down in the panel and looked like an arch)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.apps.web.helpers import wait_turn_or_end
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser

# The turn, in degrees, of each pennant of the panel's tile and of the shown ghost on the
# board, as drawn on the screen (0: upright).
PENNANTS = """() => {
  const angle = (node) => {
    const m = node.getScreenCTM();
    return Math.round(Math.atan2(m.b, m.a) * 180 / Math.PI);
  };
  const panel = [...document.querySelectorAll("#tv-board [data-turned] .shield")];
  const ghost = [...document.querySelectorAll("#tv-board [data-option-of].shown .shield")];
  return { turn: document.querySelector("#tv-board [data-turned]").getAttribute("data-turned"),
    panel: panel.map(angle), ghost: ghost.map(angle) };
}"""


def test_the_pennant_of_the_tile_to_place_stays_upright(
    new_context: Any, server: ServerProcess
) -> None:
    created = httpx.post(
        f"{server.url}/api/matches",
        json={"game": "carcassonne", "seats": ["human", "random"], "seed": 1},  # a pennant
    ).json()
    page = new_context(viewport={"width": 1366, "height": 800}).new_page()
    page.goto(f"{server.url}{created['seats'][0]['url']}")
    wait_turn_or_end(page)
    page.locator("#tv-board [data-choose]").first.click()
    rotate = page.locator("#tv-rotate")
    expect(rotate).to_be_enabled()
    turns = set()
    for _ in range(4):
        seen = page.evaluate(PENNANTS)
        assert seen["panel"], seen
        turns.add(seen["turn"])
        assert set(seen["panel"]) == {0}, seen
        assert set(seen["ghost"]) <= {0}, seen
        rotate.click()
    assert turns - {"0"}, turns  # it was turned
