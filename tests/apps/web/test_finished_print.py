"""A finished ClockTowers duel (eleven towers in the bot's area) on a desktop, in German and
English: its picture in bands is set in columns that fill the pane's height, nothing printed
under 10 px (playtest 5 #10: the whole picture was fitted into a third of the pane at 8-9 px;
then one narrow column at 10 px ran past the window)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.apps.server.client import Api, play_randomly, tokens_of
from tests.apps.web.helpers import wait_shown
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1366, "height": 800}
PICTURE = """() => { const texts = [...document.querySelectorAll('#tv-board svg text')]
  .filter((t) => t.getClientRects().length && t.textContent.trim());
  const picture = document.querySelector('#tv-board > .sectioned');
  return [picture.children.length, Math.min(...texts.map((t) =>
    parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)),
    picture.getBoundingClientRect().bottom + scrollY]; }"""


@pytest.fixture(scope="module")
def finished(server: ServerProcess) -> str:
    """A seat's address of a ClockTowers duel played to its end: A at random, the bot B
    building eleven towers."""
    body = {"game": "clocktowers", "seats": ["human", "heuristic"], "seed": 7}
    created = httpx.post(f"{server.url}/api/matches", json=body).json()
    assert play_randomly(Api(server.url), created["id"], tokens_of(created), 7)["is_over"]
    return str(created["seats"][0]["url"])


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_finished_clocktowers_picture_fills_the_pane_at_10_px(
    new_context: Any, server: ServerProcess, finished: str, lang: str
) -> None:
    page = new_context(viewport=DESKTOP).new_page()
    page.goto(f"{server.url}{finished}&lang={lang}")
    wait_shown(page)
    page.wait_for_selector("#main[data-over='true'] #tv-board > .sectioned")
    columns, least, bottom = page.evaluate(PICTURE)
    assert least >= 10, least
    assert columns > 1, "one column in a wide pane"
    assert bottom <= DESKTOP["height"] + 1 or least < 10.5, (bottom, least)
