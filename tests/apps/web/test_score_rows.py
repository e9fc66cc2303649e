"""The scores beside the picture: a row whose name runs to two lines (a long name, the
room of the "to move" tag kept in every row) has its cells on one baseline (playtest 12
#4: the name sat at the row's top, its score in its middle, 11 px lower at 1366x800)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.apps.web.helpers import wait_shown
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
