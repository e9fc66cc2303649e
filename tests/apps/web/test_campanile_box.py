"""Campanile's picture keeps one box from the first turn to the end on a desktop (playtest
12 #1: at 1366x800 its box was 567 px high at the start, 693 at turn 14 and over 800 late,
11 heights in 43 turns, the markers under the towers below the window). The picture is
laid out for the largest state a game reaches: the towers grow on a fixed ground, under
them a group of markers for every seat and three rows of buttons."""

from __future__ import annotations

from typing import Any

import pytest

from tests.apps.web.helpers import take_turn, wait_turn_or_end
from tests.apps.web.test_board_screen import DESKTOP
from tests.apps.web.test_turn_to_turn import PHONE_CONTEXT, open_against_bot, play_first_move
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser

# The picture's box: its height and its bottom in the page, and the lowest bottom of the
# marker groups under the towers, in px.
BOX = """() => { const box = document.getElementById('tv-board').getBoundingClientRect();
  const groups = [...document.querySelectorAll('#tv-board [data-feature^="tower-"] [data-seat]')]
    .map((g) => g.getBoundingClientRect().bottom + scrollY);
  return [Math.round(box.height), Math.round(box.bottom + scrollY),
    Math.round(Math.max(0, ...groups))]; }"""


@pytest.mark.parametrize("edition", ["2009", "1996"])
def test_the_campanile_box_keeps_its_height_and_fits_the_window(
    new_context: Any, server: ServerProcess, edition: str
) -> None:
    """Against two bots, in German, the player taps the first move listed at every turn to
    the end: the box has one height all game long, the end included, and lies in the
    800 px window with every marker group under the towers."""
    page = new_context(viewport=DESKTOP).new_page()
    seats = ["human", "heuristic", "heuristic"]
    open_against_bot(page, server, "campanile", "de", 4, seats=seats, options={"edition": edition})
    boxes: list[tuple[int, int, int]] = []
    for _ in range(200):
        over = wait_turn_or_end(page) == "over"
        boxes.append(tuple(page.evaluate(BOX)))
        if over:
            break
        play_first_move(page)
    assert over
    assert len({height for height, _, _ in boxes}) == 1, sorted(set(boxes))
    assert all(bottom <= DESKTOP["height"] for _, bottom, _ in boxes), boxes
    assert max(lowest for _, _, lowest in boxes) <= DESKTOP["height"], boxes


# The picture's box's height, the side panel's top (its status box) in the page, and the
# pass button's bottom over the top of "Your hand" (none: 0), in px.
PHONE_PLACES = """() => {
  const top = (node) => Math.round(node.getBoundingClientRect().top + scrollY);
  const pass = document.querySelector('#tv-board [data-action="pass"]');
  const hand = [...document.querySelectorAll('#tv-board text')].find((t) => t.textContent === HAND);
  return [Math.round(document.getElementById('tv-board').getBoundingClientRect().height),
    top(document.getElementById('tv-status')),
    pass ? Math.round(pass.getBoundingClientRect().bottom - hand.getBoundingClientRect().top) : 0];
}"""


@pytest.mark.parametrize("edition", ["2009", "1996"])
def test_the_campanile_box_keeps_its_height_on_a_phone(
    new_context: Any, server: ServerProcess, edition: str
) -> None:
    """Playtest 15 #2: on a phone, in Italian, the box grew from 964 to 1017 px between the
    first two steps of the first turn, as the pass button came under the kept rows of
    buttons, and the hand and the side panel moved 53 px down with no finger on the
    screen (and 53 px again after the Intermezzo, as the seats' rows took a line of chips
    and a name a second line with its turn's words). Against two bots the player taps a
    move at every step to the end: one height and one place of the panel all game long,
    and the pass button above the hand."""
    page = new_context(**{**PHONE_CONTEXT, "locale": "it-IT"}).new_page()
    seats = ["human", "heuristic", "heuristic"]
    open_against_bot(page, server, "campanile", "it", 4, seats=seats, options={"edition": edition})
    places: list[tuple[int, int, int]] = []
    for turn in range(200):
        over = wait_turn_or_end(page) == "over"
        places.append(tuple(page.evaluate(PHONE_PLACES.replace("HAND", '"La tua mano"'))))
        if over:
            break
        take_turn(page, turn, touch=True)
    assert over
    assert any(passing for _, _, passing in places), "no pass was offered"
    assert len({(height, top) for height, top, _ in places}) == 1, str(places)
    assert all(passing < 0 for _, _, passing in places if passing), places
