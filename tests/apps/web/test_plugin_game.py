"""A game from a plugin (the example package ``examples/dudo``) plays in the browser like
ours: listed in the lobby, its picture clicked to the end, its rules page served. Nothing
in the server, the pages or the JavaScript knows the game."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.apps.web.helpers import Seat, check_the_end, play_to_the_end, start_in_lobby
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser


def test_a_whole_game_of_a_plugin_against_bots(page: Page, server: ServerProcess) -> None:
    games = httpx.get(f"{server.url}/api/games").json()
    assert "dudo" in [game["name"] for game in games]
    seats = [Seat("you", "Ada"), Seat("random"), Seat("heuristic")]
    start_in_lobby(page, server.url, "dudo", seats, {"dice": "2"})
    expect(page.locator("#tv-board svg [data-action]").first).to_be_visible()

    turns = play_to_the_end(page)
    assert turns >= 1

    record, _ = check_the_end(page, server.url)
    assert record["game"] == "dudo"
    assert record["options"]["dice"] == 2


def test_its_rules_page_shows_the_rules_summary(page: Page, server: ServerProcess) -> None:
    page.goto(f"{server.url}/rules/dudo")
    expect(page.locator("main")).to_contain_text("Ones are wild")
    # Its own rules page, shipped in its package (tavola_dudo/pages/rules.md).
    expect(page.locator("article.doc h1")).to_have_text("Dudo: the rules as tavola plays them")
    expect(page.locator("main")).not_to_contain_text("not shipped")
    page.locator("article.doc a", has_text="the notation").click()
    expect(page).to_have_url(f"{server.url}/rules/dudo/notation")
    expect(page.locator("article.doc h1")).to_have_text("Dudo: action notation")
