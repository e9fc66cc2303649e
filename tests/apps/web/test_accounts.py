"""An account in the browser: sign up in the lobby's header and see your name; a rated
match created signed in, whose friend's seat is claimed by opening its link signed in, is
on your profile with its rating's chart and the opponent; the form and the profile pass
axe-core."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.apps.web.test_accessibility import assert_accessible
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser


MARA = {"name": "Mara", "password": "another long password"}


def test_sign_up_in_the_lobby_and_see_your_name(
    page: Page, server: ServerProcess, new_context: Callable[[], BrowserContext]
) -> None:
    page.goto(server.url + "/")
    expect(page.locator("#tv-rated")).to_be_disabled()  # signed in only
    page.locator(".account-forms summary").click()
    page.locator("#tv-account-name").fill("Li")
    page.locator("#tv-account-password").fill("a long enough password")
    page.get_by_role("button", name="Sign up").click()
    expect(page.locator("#tv-account-error")).to_contain_text("3 to 24 characters")
    assert_accessible(page, "the lobby's sign-in form")
    page.locator("#tv-account-name").fill("Linnea")
    page.get_by_role("button", name="Sign up").click()
    expect(page.locator(".account-name")).to_have_text("Linnea")

    page.locator('input[name="game"][value="clocktowers"]').check()
    page.locator("#tv-seats .seat-row").nth(1).locator("select.kind").select_option("friend")
    page.locator("#tv-rated").check()
    page.locator("#tv-create-button").click()  # seat 1 "You": the account's
    invite = page.locator("#tv-created .invite-url").input_value()

    friend = new_context()  # Mara, signed in, opens her link: the seat is hers
    assert friend.request.post(server.url + "/api/players", data=MARA).status == 201
    friend.new_page().goto(invite)
    match_id, token = invite.split("/m/")[1].split("?token=")
    deadline = time.monotonic() + 20
    while (
        page.request.get(f"{server.url}/api/matches/{match_id}").json()["seats"][1]["name"]
        != "Mara"
    ):
        assert time.monotonic() < deadline, "the seat is not claimed"
        time.sleep(0.05)
    resign = f"{server.url}/api/matches/{match_id}/resign"
    assert friend.request.post(resign, headers={"Authorization": f"Bearer {token}"}).ok
    while not page.request.get(server.url + "/api/players/Linnea").json()["ratings"]:
        assert time.monotonic() < deadline, "not rated"  # rated off the answer's path
        time.sleep(0.05)
    page.goto(server.url + "/players/Linnea")
    expect(page.get_by_role("heading", level=1)).to_have_text("Linnea")
    expect(page.locator(".profile .matches li")).to_have_count(1)
    expect(page.locator(".rating-chart")).to_have_count(1)
    expect(page.locator("#opponents-title + table")).to_contain_text("Mara")
    assert_accessible(page, "a profile")

    page.get_by_role("button", name="Sign out").click()
    expect(page.locator(".account-forms summary")).to_have_text("Sign in")
