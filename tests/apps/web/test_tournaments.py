"""A tournament in the browser: a player who signed up joins it on its page, plays their
match from the page's link, and sees the standings change; another creates one with the
form on /tournaments, reached from the site's navigation."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.apps.web.helpers import MATCH, wait_shown
from tests.apps.web.test_accessibility import assert_accessible
from tests.apps.web.test_play_now import signed_up
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser


def test_a_player_joins_plays_and_sees_the_standings_change(
    page: Page, server: ServerProcess
) -> None:
    signed_up(page, server, "Tilda")
    created = page.request.post(
        server.url + "/api/tournaments",
        headers={"Origin": server.url},
        data={
            "game": "clocktowers",
            "options": {"players": 2},
            "format": "swiss",
            "rounds": 1,
            "time_control": {"kind": "realtime", "initial": 600},
            "bots": ["random"],
            "start": "when_full",
            "max_players": 2,
        },
    )
    assert created.status == 201, created.text()
    url = server.url + created.json()["url"]
    page.goto(server.url + "/tournaments")
    expect(page.locator(f"a[href='{created.json()['url']}']")).to_be_visible()
    page.goto(url)
    standings = page.locator(".ratings tbody")
    expect(standings).to_contain_text("random")
    assert_accessible(page, "a tournament's page")
    page.get_by_role("button", name="Join").click()  # full: it starts, and pairs us
    page.get_by_role("link", name="Play your match").click()
    wait_shown(page)
    page.get_by_role("button", name="Resign…").click()
    page.get_by_role("button", name="Yes, resign").click()
    page.wait_for_selector(f"{MATCH}[data-over='true']")
    page.goto(url)
    expect(page.locator("main.tournament")).to_have_attribute("data-status", "finished")
    first = page.locator(".ratings tbody tr").first
    expect(first).to_contain_text("random")
    expect(first).to_contain_text("1.0")
    expect(page.locator(".ratings tbody tr").nth(1)).to_contain_text("Tilda")


def test_a_player_creates_a_tournament_with_the_form(page: Page, server: ServerProcess) -> None:
    signed_up(page, server, "Ulla")
    page.get_by_role("navigation", name="Site").get_by_role("link", name="Tournaments").click()
    assert_accessible(page, "the tournament form")
    page.get_by_label("Format").select_option("round_robin")
    expect(page.get_by_label("Rounds")).to_be_hidden()
    page.get_by_label("random, beginner").fill("2")
    page.get_by_label("Places").fill("4")
    page.get_by_role("button", name="Create the tournament").click()
    page.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]+$"))
    expect(page.locator("main.tournament")).to_have_attribute("data-status", "upcoming")
    expect(page.locator(".ratings tbody tr")).to_have_count(2)
