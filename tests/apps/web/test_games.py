"""A whole game of each game in the browser, against bots, to the final scores.

The match is created in the lobby and played by clicks only: a cell of the board chosen,
rotated (R) and confirmed, a clickable part of the picture, or a move button. At the end
the page shows the final scores, and they are the engine's: the record the server gives
replays (``tavola.replay``) to the same scores and winners.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.apps.web.helpers import Seat, check_the_end, play_to_the_end, start_in_lobby
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser

# How wide a picture's drawing is: its viewBox fitted into its element, as SVG does.
DRAWN_WIDTH = """root => {
  // a picture in parts: its board; in sections: one of them
  const svg = root.querySelector(".part-board, .part-section") || root;
  const [, , w, h] = svg.getAttribute("viewBox").split(/[ ,]+/).map(Number);
  const box = svg.getBoundingClientRect();
  return Math.min(box.width / w, box.height / h) * w;
}"""
GAMES = [
    pytest.param("campanile", {"edition": "2009"}, 3, id="campanile-2009"),
    pytest.param("campanile", {"edition": "1996"}, 3, id="campanile-1996"),
    pytest.param("clocktowers", {}, 2, id="clocktowers"),
    pytest.param("carcassonne", {"river": True}, 2, id="carcassonne-river"),
]


@pytest.mark.parametrize(("game", "options", "players"), GAMES)
def test_a_whole_game_against_bots(
    page: Page, server: ServerProcess, game: str, options: dict[str, str | bool], players: int
) -> None:
    seats = [Seat("you", "Ada")] + [Seat("random") for _ in range(players - 1)]
    start_in_lobby(page, server.url, game, seats, options)

    turns = play_to_the_end(page)
    assert turns > 3

    _, final = check_the_end(page, server.url)
    # the final picture, however tall, is not squeezed into a strip of small print
    drawn = page.locator("#tv-board .tavola-board").evaluate(DRAWN_WIDTH)
    assert drawn >= 400
    expect(page.locator("#tv-status")).to_contain_text("Game over")
    expect(page.locator("#tv-over-text")).to_contain_text("Final scores")
    winners = page.locator("#tv-scores .tag.won")
    expect(winners).to_have_count(len(final.winners))
