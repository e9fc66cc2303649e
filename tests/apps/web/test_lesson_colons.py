"""A lesson's titles place their colon as the page's language does (playtest 16 #9:
"Leçon: Vos premières tuiles", the colon was the template's, so French had no space
before it): in French, a no-break space before every colon of the page's title and
headings, from the list of lessons to a lesson's table; no space in Italian."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.apps.web.helpers import wait_shown
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser

TITLES = """() => [document.title, ...[...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
  .filter((h) => h.getClientRects().length).map((h) => h.textContent.replace(/\\s+$/, ''))]"""
BARE_COLON = re.compile(r"(?<!\u00a0):")  # a colon without a no-break space before it


def titles(page: Page) -> list[str]:
    """The page's title and its headings on view, as read."""
    shown: list[str] = page.evaluate(TITLES)
    return shown


def test_french_lesson_titles_have_a_no_break_space_before_their_colon(
    page: Page, server: ServerProcess
) -> None:
    page.goto(f"{server.url}/learn/carcassonne?lang=fr")
    seen = titles(page)
    page.get_by_role("link", name=re.compile("^Vos premières tuiles")).click()
    wait_shown(page)
    heading = page.locator("#tv-lesson-title")
    expect(heading).to_have_text(re.compile("^Leçon\u00a0: Vos premières tuiles"))
    expect(heading.get_by_role("link", name="Leçon")).to_have_attribute(
        "href", "/learn/carcassonne"
    )
    seen += titles(page)
    assert any(t.startswith("Leçon\u00a0: Vos premières tuiles") for t in seen), seen
    bare = [title for title in seen if BARE_COLON.search(title)]
    assert not bare, bare


def test_an_italian_lesson_title_has_no_space_before_its_colon(
    page: Page, server: ServerProcess
) -> None:
    page.goto(f"{server.url}/learn/carcassonne/first-tiles?restart=1&lang=it")
    wait_shown(page)
    expect(page.locator("#tv-lesson-title")).to_have_text(re.compile(r"^Lezione: \S"))


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Lesson: Your first tiles"),
        ("it", "Lezione: "),
        ("de", "Lektion: "),
        ("fr", "Leçon\u00a0: Vos premières tuiles"),
    ],
)
def test_a_lessons_tab_says_the_lesson_and_keeps_it(
    page: Page, server: ServerProcess, lang: str, said: str
) -> None:
    """Playtest 17 #7: the tab said the lesson's name, then about 0.5 s after the load
    "Carcassonne · tavola" (in Italian briefly nothing)."""
    page.goto(f"{server.url}/learn/carcassonne/first-tiles?restart=1&lang={lang}")
    wait_shown(page)
    page.wait_for_selector("main[data-lesson-ready]")
    first = page.evaluate("document.title")
    assert first.startswith(said), first
    heading = page.locator("#tv-lesson-title").text_content() or ""
    assert first == f"{heading.strip()} · tavola", (first, heading)
    page.wait_for_timeout(1000)
    assert page.evaluate("document.title") == first
