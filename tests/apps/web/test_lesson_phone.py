"""A lesson on a phone: no match controls that mean nothing in a lesson (notifications,
resigning, the chat), and the element to activate is on the screen, above the bar of
choices, without scrolling."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.apps.web.helpers import follow_lesson, wait_shown
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
ON_SCREEN = """() => {
  const target = document.querySelector("[data-lesson-target]").getBoundingClientRect();
  const bar = document.querySelector(".choice");
  const bottom = bar && bar.getClientRects().length ? bar.getBoundingClientRect().top : innerHeight;
  return { top: target.top, bottom: target.bottom, left: target.left, right: target.right,
           floor: bottom, width: innerWidth };
}"""


def test_a_lesson_on_a_phone_shows_its_target_and_no_match_controls(
    new_context: Any, server: ServerProcess
) -> None:
    context = new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(f"{server.url}/learn/carcassonne/first-tiles?restart=1&lang=de")
    wait_shown(page)
    for control in ("#tv-notify", "#tv-resign", "#tv-chat-area"):
        expect(page.locator(control)).to_be_hidden()
    # the first steps: words then a cell of the board to choose
    for _ in range(3):
        if page.locator("[data-lesson-target]").get_attribute("data-lesson-target") != "next":
            break
        follow_lesson(page)
    assert page.locator("[data-lesson-target]").get_attribute("data-lesson-target") != "next"
    box = page.evaluate(ON_SCREEN)
    assert box["top"] >= 0, box
    assert box["bottom"] <= box["floor"], box
    assert 0 <= box["left"] <= box["right"] <= box["width"], box
    for control in ("#tv-notify", "#tv-resign", "#tv-chat-area"):
        expect(page.locator(control)).to_be_hidden()


PICTURE_TOP = "() => document.getElementById('tv-board').getBoundingClientRect().top + scrollY"
END_GAP = """() => {
  const play = document.getElementById('tv-lesson-play').getBoundingClientRect();
  const other = document.querySelector('#tv-lesson-done a').getBoundingClientRect();
  return other.top >= play.bottom ? other.top - play.bottom : other.left - play.right;
}"""


def test_the_lessons_picture_stays_put_and_its_end_offers_only_what_follows(
    new_context: Any, server: ServerProcess
) -> None:
    """From step to step the lesson's words change length, the picture below does not move;
    at the end the two ways on stand apart, the moves are gone and the focus is on the
    first way on (not on <body>)."""
    page = new_context(viewport={"width": 1366, "height": 800}).new_page()
    page.goto(f"{server.url}/learn/clocktowers/first-tower?restart=1")
    wait_shown(page)
    tops = set()
    main = page.locator("#main")
    for _ in range(40):
        if main.get_attribute("data-lesson-done") == "true":
            break
        tops.add(round(page.evaluate(PICTURE_TOP)))
        follow_lesson(page)
    expect(main).to_have_attribute("data-lesson-done", "true")
    assert len(tops) == 1, tops
    assert page.evaluate(END_GAP) >= 8
    expect(page.locator("#tv-play")).to_be_hidden()
    expect(page.locator("#tv-lesson-play")).to_be_focused()
