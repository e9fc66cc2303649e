"""Carcassonne with many seats on a laptop (playtest 16 #4): the map keeps the room it has
with two seats, and "fit" is offered while cells to choose lie out of view."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from tests.apps.web.helpers import take_turn, wait_turn_or_end
from tests.apps.web.test_spread_boards import CANDIDATES_OUTSIDE
from tests.apps.web.test_turn_to_turn import open_against_bot
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 800}
VIEW_HEIGHT = """() => Math.round(document.querySelector('#tv-board .board-view')
  .getBoundingClientRect().height)"""
FIT = ".board-tools [data-zoom='fit']"


def river_game(new_context: Any, server: ServerProcess, seats: int) -> Page:
    """A French River game on a laptop against ``seats - 1`` bots, at the first turn."""
    page: Page = new_context(viewport=LAPTOP, locale="fr-FR").new_page()
    bots = ["heuristic"] * (seats - 1)
    open_against_bot(
        page, server, "carcassonne", "fr", 11, seats=["human", *bots], options={"river": True}
    )
    return page


@pytest.mark.parametrize("seats", [3, 5])
def test_many_seats_leave_the_map_its_height(
    new_context: Any, server: ServerProcess, seats: int
) -> None:
    """With five seats the seats' cards took three rows of a band above the map (y 175-397)
    and the map 330 px of the window's 800; at turn 24, 22 yellow cells lay below its view
    with "fit" greyed. Over 14 turns, as a person plays them (cells clicked, moves listed),
    the map's box is as tall as with two seats, at least 60 % of the window, and whenever a
    cell to choose is out of view "fit" is offered, and shows them all."""
    two = river_game(new_context, server, 2)
    assert wait_turn_or_end(two) == "you"
    tall = two.evaluate(VIEW_HEIGHT)
    two.close()
    page = river_game(new_context, server, seats)
    heights, hidden = [], 0
    for turn in range(14):
        if wait_turn_or_end(page) == "over":
            break
        heights.append(page.evaluate(VIEW_HEIGHT))
        assert heights[-1] == tall, (turn, tall, heights)
        if page.locator("#tv-board [data-choose]").count() and page.evaluate(CANDIDATES_OUTSIDE):
            hidden += 1
            fit = page.locator(FIT)
            assert fit.get_attribute("aria-disabled") is None, (turn, fit.get_attribute("title"))
            fit.click()
            assert page.evaluate(CANDIDATES_OUTSIDE) == [], turn
        take_turn(page, turn)
    assert len(heights) == 14, heights
    assert min(heights) >= 0.6 * LAPTOP["height"], (tall, heights)
