"""A ClockTowers match on a phone holds still from turn to turn (fix46f): its picture was
as tall as what it held (the hand's buttons in the play step, none in the draw step, the
rows of towers), 770 to 970 px from one turn to the next, so the side panel under it
(status, scores, log, chat) moved with no finger on the screen, a layout shift of about
1.9 over 6 turns. The picture's box keeps the tallest height it has had: the panel never
moves back up, and down only when a picture is taller than all before it."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.apps.web.helpers import take_turn, wait_turn_or_end
from tests.apps.web.test_turn_to_turn import PHONE_CONTEXT, open_against_bot, play_first_move
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser

# The picture's box's height and the side panel's top (its status box) in the page, in px.
PLACES = """() => [Math.round(document.getElementById('tv-board').getBoundingClientRect().height),
  Math.round(document.getElementById('tv-status').getBoundingClientRect().top + scrollY)]"""


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_phones_clocktowers_picture_keeps_its_height(
    new_context: Any, server: ServerProcess, seats: int
) -> None:
    """Against bots, in German, the player taps the first move listed under the picture at
    every step (draw a card, play or discard one) for 18 turns: from step to step the
    picture's box never shrinks, and the panel under it never moves back up (it moves down
    where the picture grows taller than ever: a new row of towers, more places to build)."""
    page = new_context(**PHONE_CONTEXT).new_page()
    open_against_bot(
        page, server, "clocktowers", "de", 7, seats=["human"] + ["heuristic"] * (seats - 1)
    )
    places: list[tuple[int, int]] = []
    for _ in range(36):
        if wait_turn_or_end(page) == "over":
            break
        places.append(tuple(page.evaluate(PLACES)))
        play_first_move(page)
    assert len(places) >= 24  # a game of four seats lasts 13 turns
    heights, tops = [height for height, _ in places], [top for _, top in places]
    assert heights == sorted(heights), places
    assert tops == sorted(tops), places


# The blank at the foot of the picture's box (its bottom under its bands' lowest bottom)
# and the room between the box and the status under it, in px.
BLANK = """() => { const box = document.getElementById('tv-board').getBoundingClientRect();
  const bands = [...document.querySelectorAll('#tv-board svg.part-section')]
    .map((band) => band.getBoundingClientRect().bottom);
  const status = document.getElementById('tv-status').getBoundingClientRect();
  return [Math.round(box.bottom - Math.max(...bands)), Math.round(status.top - box.bottom)]; }"""


def test_a_phones_finished_clocktowers_shows_no_blank_under_its_picture(
    new_context: Any, server: ServerProcess
) -> None:
    """Playtest 15 #3: on a phone, in Italian, the box kept its tallest height, 1691 px, at
    the end of the game too, when the hands are empty and nothing more comes: about 450 px
    of blank page lay between the picture and the result ("Partita finita"). The player
    taps a move at every step against two bots to the end; the box then holds its picture
    and the result follows under it."""
    page = new_context(**{**PHONE_CONTEXT, "locale": "it-IT"}).new_page()
    open_against_bot(
        page, server, "clocktowers", "it", 7, seats=["human", "heuristic", "heuristic"]
    )
    kept: list[tuple[int, int]] = []
    for turn in range(100):
        if wait_turn_or_end(page) == "over":
            break
        kept.append(tuple(page.evaluate(BLANK)))
        take_turn(page, turn, touch=True)
    assert max(blank for blank, _ in kept) > 0, kept  # in play the box keeps room
    page.wait_for_timeout(300)
    blank, under = page.evaluate(BLANK)
    assert blank <= 2, (blank, under)
    assert under == kept[0][1], (under, kept)  # the status under the box, as in play
    expect(page.locator("#tv-status")).to_contain_text("Partita finita")
