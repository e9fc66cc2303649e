"""Quick pairing in two browsers: two players who signed up press "Play now" for the same
game and clock, and both land on the same match, each at a seat of their own."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.apps.web.test_accessibility import assert_accessible
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser
PASSWORD = "a long enough password"


def signed_up(page: Page, server: ServerProcess, name: str) -> None:
    page.goto(server.url + "/")
    page.locator(".account-forms summary").click()
    page.locator("#tv-account-name").fill(name)
    page.locator("#tv-account-password").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    expect(page.locator(".account-name")).to_have_text(name)


def seated_together(page: Page, other: Page, names: tuple[str, str]) -> None:
    """Both browsers go to one match, each to a seat of its own, both players named."""
    match_page = re.compile(r"/m/[A-Za-z0-9_-]+\?token=")
    page.wait_for_url(match_page)
    other.wait_for_url(match_page)
    assert page.url.split("?")[0] == other.url.split("?")[0]
    assert page.url != other.url  # a seat each
    for browser in (page, other):
        for name in names:
            expect(browser.locator(".scores")).to_contain_text(name)


def test_two_players_press_play_now_and_meet_in_one_match(
    page: Page, server: ServerProcess, new_context: Any
) -> None:
    other = new_context().new_page()
    signed_up(page, server, "Quinn")
    signed_up(other, server, "Rosa")
    assert_accessible(page, "the lobby's Play now")
    page.locator("#tv-seek-clock").select_option("correspondence 86400")
    page.get_by_role("button", name="Play now: ClockTowers").click()
    expect(page.locator("#tv-seeking-text")).to_contain_text("Looking for an opponent")
    page.get_by_role("button", name="Cancel").click()  # cancelled, then sought again
    expect(page.get_by_role("button", name="Play now: ClockTowers")).to_be_visible()
    page.get_by_role("button", name="Play now: ClockTowers").click()
    other.locator("#tv-seek-clock").select_option("correspondence 86400")
    other.get_by_role("button", name="Play now: ClockTowers").click()
    seated_together(page, other, ("Quinn", "Rosa"))
    for browser in (page, other):
        browser.goto(server.url + "/")  # the match is among this browser's
        expect(browser.locator("#tv-mine li")).to_have_count(1)
