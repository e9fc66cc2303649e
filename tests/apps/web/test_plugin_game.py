"""A game from a plugin (the example package ``examples/dudo``) plays in the browser like
ours: listed in the lobby, its picture clicked to the end, its rules page served. Nothing
in the server, the pages or the JavaScript knows the game."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.apps.web.helpers import (
    Seat,
    check_the_end,
    play_to_the_end,
    start_in_lobby,
    take_turn,
    wait_turn_or_end,
)
from tests.apps.web.test_clocktowers_phone import PLACES
from tests.apps.web.test_turn_to_turn import PHONE_CONTEXT, open_against_bot
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


def test_its_picture_keeps_one_height_through_a_game_on_a_phone(
    new_context: Any, server: ServerProcess
) -> None:
    """Issue 28: on a phone Dudo's picture went from 682 to 1040 px high between turns (the
    grid of bids came with the turn, a row for each quantity still open, and went), and the
    panel under it jumped. Against two bots, in French, the player taps a move at every turn
    (the picture's first, or the list's) to the end: the picture's box has one height and
    the status under it one place, the end included."""
    page = new_context(**{**PHONE_CONTEXT, "locale": "fr-FR"}, device_scale_factor=3).new_page()
    open_against_bot(page, server, "dudo", "fr", 3, seats=["human", "heuristic", "heuristic"])
    places: list[tuple[int, int]] = []
    for turn in range(200):
        over = wait_turn_or_end(page) == "over"
        places.append(tuple(page.evaluate(PLACES)))
        if over:
            break
        take_turn(page, turn, touch=True)
    assert over
    assert len(places) >= 4, places
    assert len(set(places)) == 1, sorted(set(places))
