"""The review's own page (``tavola review --out``) as a player reads it: on a desktop the
chart and the board beside the flagged moves, each move one closed line that opens on
click with the board following it; on a phone one column and nothing wider than the
screen; each seat's luck and skill shown; no serious accessibility violation, in English
and in Italian. The page is made once per module from a review of a short stacked game on
a tiny budget (about a second)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, FloatRect, Page, expect

import tavola
from tavola.apps.review.chart import MINUS
from tavola.apps.review.command import boards
from tavola.apps.review.decisions import plan, review_json, run
from tavola.apps.review.luck import plan_chances
from tavola.apps.review.page import page
from tavola.core.i18n import language
from tavola.core.review_budget import Budget
from tests.apps.review.test_judging import last_tile_record
from tests.apps.web.axe import serious_violations

pytestmark = pytest.mark.browser

TINY = Budget(samples=2, depth=2, width=3)
DESKTOP = {"width": 1366, "height": 800}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def review() -> dict[str, Any]:
    record = last_tile_record("place -2,-1 90") | {"names": ["Ann", "Bruno"]}
    final = tavola.replay(record)
    seats = [0, 1]
    outcome = run(
        plan(record, final, seats, TINY, 1), 1, chances=plan_chances(record, final, seats, TINY, 1)
    )
    data = review_json(outcome, final, seats, TINY, 1, record["names"])
    assert sum(d["verdict"] is not None for d in data["decisions"]) >= 2, "a move or two to open"
    return {"data": data, "boards": boards(final, data)}


@pytest.fixture(scope="module")
def pages(review: dict[str, Any], tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The page's address in English and in Italian."""
    folder = tmp_path_factory.mktemp("review-page")
    addresses = {}
    for lang in ("en", "it"):
        with language(lang):
            path = folder / f"review-{lang}.html"
            path.write_text(page(review["data"], review["boards"]))
        addresses[lang] = path.as_uri()
    return addresses


@pytest.fixture
def opened(browser: Browser) -> Iterator[Any]:
    """Pages of a viewport's size, closed after the test."""
    contexts = []

    def make(viewport: dict[str, int]) -> Page:
        context = browser.new_context(viewport=viewport)  # type: ignore[arg-type]
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


def box(page: Page, selector: str) -> FloatRect:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, f"{selector} is not shown"
    return found


def test_on_a_desktop_the_chart_and_board_are_beside_the_moves(
    opened: Any, pages: dict[str, str], review: dict[str, Any]
) -> None:
    page = opened(DESKTOP)
    page.goto(pages["en"])
    chart, moves = box(page, "svg.chart"), box(page, "details.move")
    assert chart["x"] + chart["width"] <= moves["x"], "the chart left of the moves"
    column = box(page, ".list")  # the swings, then the moves
    assert column["y"] < chart["y"] + chart["height"], "side by side, not one under the other"
    cards = page.locator("details.move")
    flagged = [d for d in review["data"]["decisions"] if d["verdict"]]
    expect(cards).to_have_count(len(flagged))
    for card in cards.all():  # closed: a line each, two where the move's words are long
        expect(card).not_to_have_attribute("open", "")
        assert box(page, f"#{card.get_attribute('id')} summary")["height"] < 60
    shown = page.locator("#board-shown")
    expect(shown.locator("img")).to_be_hidden()
    for d in flagged[::-1]:  # the board follows the move opened
        card = page.locator(f"#step-{d['step']}")
        card.locator("summary").click()
        expect(card).to_have_attribute("open", "")
        expect(card.locator("table.moves")).to_be_visible()
        expect(shown).to_have_attribute("data-step", str(d["step"]))
        board = card.locator(".board img").get_attribute("src")
        expect(shown.locator("img")).to_have_attribute("src", board or "")
        assert box(page, "#board-shown img")["x"] + 10 < moves["x"]  # beside the list
    # a mark on the chart opens its move and shows its board
    first = flagged[0]["step"]
    page.locator(f'svg.chart a[href="#step-{first}"]').click()
    expect(shown).to_have_attribute("data-step", str(first))


def test_luck_and_skill_are_shown(
    pages: dict[str, str], opened: Any, review: dict[str, Any]
) -> None:
    page = opened(DESKTOP)
    page.goto(pages["en"])
    for s in review["data"]["summary"]:
        luck = page.locator(f"[data-luck='{s['seat']}']")
        expect(luck).to_contain_text(f"{100 * s['luck']:+.0f} ±".replace("-", MINUS))
        expect(luck).to_contain_text("±")
        expect(page.locator(f"[data-skill='{s['seat']}']")).to_contain_text("±")
    expect(page.get_by_role("heading", name="Biggest swings")).to_be_visible()
    expect(page.locator("ul.swings li").first).to_contain_text("action")
    chances = page.locator("svg.chart polygon[fill='#fff']")  # the draws' hollow diamonds
    assert chances.count() >= 1
    assert "chance events marked" in (page.locator("svg.chart").get_attribute("aria-label") or "")


def test_on_a_phone_nothing_is_wider_than_the_screen(pages: dict[str, str], opened: Any) -> None:
    for lang in ("en", "it"):
        page = opened(PHONE)
        page.goto(pages[lang])
        for card in page.locator("details.move").all():
            card.locator("summary").click()
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= PHONE["width"], f"{lang}: {wide} px wide"
        chart, moves = box(page, "svg.chart"), box(page, "details.move")
        assert moves["y"] > chart["y"] + chart["height"], "one column"
        expect(page.locator("details.move .board img").first).to_be_visible()


def test_the_page_is_accessible_in_english_and_italian(pages: dict[str, str], opened: Any) -> None:
    for lang in ("en", "it"):
        page = opened(DESKTOP)
        page.goto(pages[lang])
        expect(page.locator("html")).to_have_attribute("lang", lang)
        page.locator("details.move summary").first.click()
        assert not serious_violations(page), (lang, serious_violations(page))
