"""The report page in headless Chromium: offline, every plot drawn, nothing too wide."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import ConsoleMessage, Page, Route

from .helpers import invoke

pytestmark = pytest.mark.browser


def test_the_page_opens_offline_with_its_plots(page: Page, tmp_path: Path) -> None:
    report = tmp_path / "report.html"
    code, out = invoke(
        "campanile",
        "players=2",
        "--compare",
        "edition=1996",
        "--bots",
        "heuristic,random",
        "--games",
        "20",
        "--jobs",
        "1",
        "--out",
        str(report),
    )
    assert code == 0, out
    asked: list[str] = []

    def offline(route: Route) -> None:
        asked.append(route.request.url)
        if route.request.url.startswith("file:"):
            route.continue_()
        else:
            route.abort()

    problems: list[str] = []

    def console_error(message: ConsoleMessage) -> None:
        if message.type == "error":
            problems.append(message.text)

    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("console", console_error)
    page.route("**/*", offline)
    page.goto(report.as_uri())
    assert asked == [report.as_uri()]  # the page alone: no style, font or script fetched
    assert problems == []
    assert page.title() == "Campanile: balance report"
    plots = page.locator("svg.plot")
    assert plots.count() == 8
    for index in range(plots.count()):
        plot = plots.nth(index)
        plot.scroll_into_view_if_needed()
        box = plot.bounding_box()
        assert box is not None
        assert box["width"] > 400
        assert box["height"] > 150
        assert plot.locator("text").count() > 5  # axis labels and ticks drawn as text
        assert plot.get_attribute("aria-label")
    # Nothing wider than a laptop screen: no sideways scrolling.
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    assert page.get_by_role("heading", name="Key findings").is_visible()
    page.screenshot(path=str(tmp_path / "report.png"))
