"""The bar of a pending Carcassonne move shows its place and rotation whole (issue 28: "…
nella colonna 3, riga -2, capovolt…"): where the whole move does not fit its two lines,
it leaves out the tile's name (the panel shows the tile)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.apps.web.helpers import wait_turn_or_end
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser

# Whether the bar's label is cut (more than its two lines), and its words.
LABEL = """() => {
  const label = document.querySelector("#tv-choice-label");
  return { cut: label.scrollHeight > label.clientHeight + 1, text: label.textContent };
}"""


@pytest.mark.parametrize("lang", ["it", "de", "fr", "en"])
def test_the_pending_move_shows_its_place_and_rotation_whole(
    new_context: Any, server: ServerProcess, lang: str
) -> None:
    page = new_context(viewport={"width": 1366, "height": 800}).new_page()
    seen = 0
    for seed in (1, 2, 3):
        created = httpx.post(
            f"{server.url}/api/matches",
            json={
                "game": "carcassonne",
                "seats": ["human", "random"],
                "seed": seed,
                "options": {"river": True},
            },
        ).json()
        page.goto(f"{server.url}{created['seats'][0]['url']}&lang={lang}")
        wait_turn_or_end(page)
        cells = page.locator("#tv-board [data-choose]")
        for index in range(min(cells.count(), 4)):
            cells.nth(index).click()
            options = page.locator("#tv-board [data-option-of].shown").count()
            assert options == 1
            for _ in range(4):
                shown = page.evaluate(LABEL)
                assert not shown["cut"], (lang, seed, shown)
                seen += 1
                rotate = page.locator("#tv-rotate")
                if rotate.is_disabled():
                    break
                rotate.click()
            page.keyboard.press("Escape")
    assert seen >= 8
