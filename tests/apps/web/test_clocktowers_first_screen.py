"""ClockTowers on a phone: on your turn the first screen shows what you can play (playtest
12 #2: at 390x844 it held the chips, the decks and the opponents' seats; your seat began at
y=781, your hand at y=935 and the list of moves at y=1594, a scroll on every turn). Your
own seat is drawn first, under the decks: its header, its hand and a move of it (a button
of the hand, a deck to draw from) are on the first screen."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.apps.web.helpers import wait_shown, wait_turn_or_end
from tests.apps.web.test_board_screen import PHONE
from tests.apps.web.test_turn_to_turn import PHONE_CONTEXT, play_first_move
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser

NAMES = ["Massimiliano-Giovanni della Rovere", "Bernadette-Louise Fontaine", "Kunigunde"]

# In the page, px: your seat's top, your hand's top, and the bottom of the highest of the
# picture's targets (the hand's buttons, the decks to draw from).
FIRST_SCREEN = """() => { const top = (e) => e.getBoundingClientRect().top + scrollY;
  const board = document.getElementById('tv-board');
  const targets = [...board.querySelectorAll('[data-action], [data-choose]')]
    .map((t) => t.getBoundingClientRect()).filter((r) => r.width > 0)
    .map((r) => r.bottom + scrollY);
  return [top(board.querySelector('#seat-0')), top(board.querySelector('#hand-0')),
    Math.min(...targets)].map(Math.round); }"""


def test_a_phone_shows_your_seat_and_a_move_on_the_first_screen(
    new_context: Any, server: ServerProcess
) -> None:
    """Three seats with long names, in Italian: for 12 turns, tapping the first move each
    time, your seat, your hand's top and a move you can make are in the first 844 px."""
    page = new_context(**PHONE_CONTEXT).new_page()
    body = {
        "game": "clocktowers",
        "seats": ["human", "heuristic", "heuristic"],
        "names": NAMES,
        "seed": 7,
    }
    created = httpx.post(f"{server.url}/api/matches", json=body).json()
    page.goto(f"{server.url}{created['seats'][0]['url']}&lang=it")
    wait_shown(page)
    places: list[list[int]] = []
    for _ in range(12):
        if wait_turn_or_end(page) == "over":
            break
        places.append(page.evaluate(FIRST_SCREEN))
        play_first_move(page)
    assert len(places) == 12
    assert all(max(place) <= PHONE["height"] for place in places), places
