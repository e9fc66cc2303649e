"""Challenges in two browsers: one player challenges another by name, the other sees it
in the lobby (in "Your turn" too) and accepts it, and both land on the match, each at
their own seat."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.apps.web.test_accessibility import assert_accessible
from tests.apps.web.test_play_now import seated_together, signed_up
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser


def test_a_player_challenged_by_name_accepts_and_both_play(
    page: Page, server: ServerProcess, new_context: Any
) -> None:
    other = new_context().new_page()
    signed_up(page, server, "Tessa")
    signed_up(other, server, "Ugo")
    page.locator("#tv-challenge-to").fill("Ugo")
    page.locator("#tv-challenge-game").select_option("clocktowers")
    page.locator("#tv-challenge-button").click()
    expect(page.locator("#tv-challenges")).to_contain_text("You challenge Ugo")
    invitation = other.locator("#tv-challenges li", has_text="Tessa challenges you")
    expect(invitation).to_be_visible()
    other.reload()  # "Your turn" is looked at when the lobby opens (and every 15 s)
    turn = other.locator("#tv-turns li", has_text="Tessa challenges you")
    expect(turn).to_contain_text("ClockTowers")
    expect(turn.get_by_role("link")).to_have_attribute("href", "#challenges-title")
    assert_accessible(other, "the lobby's challenges")
    invitation.get_by_role("button", name="Accept").click()
    seated_together(other, page, ("Tessa", "Ugo"))
