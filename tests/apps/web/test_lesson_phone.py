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
