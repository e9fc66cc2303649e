"""A lesson of each game in the browser, played to its end by following the highlighted
element (``[data-lesson-target]``), in several languages; one wrong move per lesson is
refused with the step's own hint, and the finished lesson offers a match against a bot.
axe-core finds no serious violation on a lesson's page or on the list of lessons."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tavola.core.i18n import language
from tavola.core.registry import game_classes
from tests.apps.web.axe import serious_violations
from tests.apps.web.helpers import follow_lesson, wait_shown
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser

MAIN = "#main"
EXPECTED = """step => JSON.parse(document.getElementById("tv-lesson-data").textContent)
  .steps[Number(step) - 1].expect"""
LESSONS = [
    pytest.param("campanile", "first-game", "en", id="campanile-en"),
    pytest.param("clocktowers", "first-tower", "it", id="clocktowers-it"),
    pytest.param("carcassonne", "first-tiles", "de", id="carcassonne-de"),
    pytest.param("carcassonne", "river", "fr", id="carcassonne-river-fr"),
]


def first_hint(game: str, lesson_id: str, lang: str) -> str:
    """The hint of the lesson's first step that expects a move, in ``lang``."""
    lesson = next(x for x in game_classes()[game].lessons() if x.id == lesson_id)
    with language(lang):
        return next(str(step.hint) for step in lesson.steps if step.expect is not None)


@pytest.mark.parametrize(("game", "lesson_id", "lang"), LESSONS)
def test_a_lesson_is_played_to_its_end_by_its_highlights(
    page: Page, server: ServerProcess, game: str, lesson_id: str, lang: str
) -> None:
    page.goto(f"{server.url}/learn/{game}/{lesson_id}?lang={lang}")
    page.wait_for_url(re.compile(r"[?&]match="))
    main = page.locator(MAIN)
    expect(main).to_have_attribute("data-lesson", lesson_id)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    count = len(next(x for x in game_classes()[game].lessons() if x.id == lesson_id).steps)
    expect(page.locator("[data-lesson-target]")).to_have_count(1)
    assert not serious_violations(page), "the lesson's page"
    wrong_tried = False
    for _ in range(6 * count):
        if main.get_attribute("data-lesson-done") == "true":
            break
        target = page.locator("[data-lesson-target]")
        expect(target).to_have_count(1)
        step = main.get_attribute("data-lesson-step")
        expected = page.evaluate(EXPECTED, step)
        if not wrong_tried and expected is not None:
            other = page.locator(f'#tv-actions button.action:not([data-notation="{expected}"])')
            other.first.click()
            expect(page.locator("#tv-lesson-hint")).to_have_text(first_hint(game, lesson_id, lang))
            expect(main).to_have_attribute("data-lesson-step", step or "")
            wrong_tried = True
        follow_lesson(page)
    expect(main).to_have_attribute("data-lesson-done", "true")
    assert wrong_tried
    expect(main).to_have_attribute("data-lesson-step", str(count))
    play = page.locator("#tv-lesson-play")
    expect(play).to_be_visible()
    expect(play).to_have_attribute("data-lesson-target", "play")

    # the list of lessons marks it finished, from this browser's memory
    page.goto(f"{server.url}/learn/{game}?lang={lang}")
    expect(page.locator(f'[data-lesson-id="{lesson_id}"] .lesson-mark')).to_be_visible()
    assert not serious_violations(page), "the list of lessons"
    if game != "campanile":
        return  # the same button in every lesson: followed once
    # a lesson finished offers a real match against the easy bot
    page.go_back()
    page.locator("#tv-lesson-play").click()
    page.wait_for_url(re.compile(r"/m/[^/?]+\?token="))
    wait_shown(page)
    expect(page.locator("#tv-scores tbody tr")).to_have_count(2)
