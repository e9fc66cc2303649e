"""Carcassonne's bag panel, as a learner meets it: it counts the tiles the picture counts
(a lesson's bag is made up: it says so, and shows no tile of the box), and it closes as
a dialog does, with Escape or a click outside it, so it never covers a step's target."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.apps.web.helpers import follow_lesson, wait_shown
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser

TOGGLE = "#tv-board [data-toggle='bag']:not(#bag *)"
BAG = "#tv-board #bag"


def open_lesson(page: Page, server: ServerProcess, lang: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 800})
    page.goto(f"{server.url}/learn/carcassonne/first-tiles?lang={lang}&restart=1")
    page.wait_for_url(re.compile(r"[?&]match="))
    wait_shown(page)
    expect(page.locator("[data-lesson-target]")).to_have_count(1)


def open_bag(page: Page) -> None:
    page.locator(TOGGLE).first.click()
    expect(page.locator(BAG)).to_be_visible()


# the texts of the bag that reach out of its frame
OUT_OF_FRAME = """() => { const bag = document.querySelector('#tv-board #bag');
  const frame = bag.querySelector('rect').getBoundingClientRect();
  return [...bag.querySelectorAll('text')].filter((t) => {
    const b = t.getBoundingClientRect(); return b.left < frame.left || b.right > frame.right;
  }).map((t) => t.textContent); }"""


@pytest.mark.parametrize(
    ("lang", "left", "in_bag"),
    [
        ("fr", "restantes\u00a0: 4", "Tuiles dans le sac\u00a0: 4"),
        ("de", "übrig: 4", "Plättchen im Beutel: 4"),
    ],
)
def test_a_lessons_bag_counts_the_tiles_the_picture_counts(
    page: Page, server: ServerProcess, lang: str, left: str, in_bag: str
) -> None:
    """Playtest 8 #1: "Tuiles restantes : 4" opened a bag of 70, the whole box's."""
    open_lesson(page, server, lang)
    expect(page.locator("#tv-board")).to_contain_text(left)  # the button, on two lines
    open_bag(page)
    bag = page.locator(BAG)
    expect(bag).to_contain_text(in_bag)
    expect(bag.locator("g[transform]")).to_have_count(0)  # no tile of the box in it
    assert page.evaluate(OUT_OF_FRAME) == []


def test_the_bag_closes_with_escape_a_click_outside_and_a_lessons_next(
    page: Page, server: ServerProcess
) -> None:
    """Playtest 8 #9: the bag stayed open over the board, Escape or a click elsewhere
    left it so, and the lesson's next step's target lay under it."""
    open_lesson(page, server, "en")
    bag = page.locator(BAG)
    open_bag(page)
    page.locator(TOGGLE).first.focus()
    page.keyboard.press("Escape")
    expect(bag).to_be_hidden()
    open_bag(page)
    page.locator(f"{BAG} [data-toggle='bag']").focus()  # its own close button
    page.keyboard.press("Escape")
    expect(bag).to_be_hidden()
    expect(page.locator(TOGGLE).first).to_be_focused()  # back on the button that opened it
    open_bag(page)
    page.locator("#tv-lesson-text").click()  # words beside the board
    expect(bag).to_be_hidden()
    open_bag(page)
    page.locator(f"{BAG} text").first.click()  # in the panel: it stays
    expect(bag).to_be_visible()
    follow_lesson(page)  # Next: on to the step that places a tile
    expect(bag).to_be_hidden()
    target = page.locator("[data-lesson-target]")
    box = target.bounding_box()
    assert box is not None
    seen = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y)?.closest('[data-lesson-target]') !== null",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    assert seen  # the step's target is not under the bag


def test_the_bags_button_says_whether_the_bag_is_open(page: Page, server: ServerProcess) -> None:
    """Playtest 9 #6: the bag's button (role=button) had no aria-expanded, so a screen
    reader was not told whether the panel was open. Each copy of it says so, in step with
    the panel: opened by a click, closed by its close button, by Escape."""
    open_lesson(page, server, "de")
    toggles = page.locator(TOGGLE)
    assert toggles.count()

    def expanded(value: str) -> None:
        for index in range(toggles.count()):
            expect(toggles.nth(index)).to_have_attribute("aria-expanded", value)

    expanded("false")
    open_bag(page)
    expanded("true")
    page.locator(f"{BAG} [data-toggle='bag']").click()  # its own close button
    expect(page.locator(BAG)).to_be_hidden()
    expanded("false")
    open_bag(page)
    expanded("true")
    page.keyboard.press("Escape")
    expect(page.locator(BAG)).to_be_hidden()
    expanded("false")
    expect(page.locator(f"{BAG} [data-toggle='bag']")).not_to_have_attribute(
        "aria-expanded", re.compile(".")
    )
