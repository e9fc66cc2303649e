"""An account in the browser: sign up in the lobby's header and see your name; a rated
match created signed in, whose friend's seat is claimed by opening its link signed in, is
on your profile with its rating's chart and the opponent; the form and the profile pass
axe-core; a match of the account's, found and played from another browser signed in; the
match and replay pages' bar says who is signed in without growing taller."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.apps.web.helpers import take_turn
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
    # one rated match is a rating, not yet a line: no chart row until the second
    expect(page.locator(".rating-chart")).to_have_count(0)
    expect(page.locator(".profile .note")).to_contain_text("provisional")
    expect(page.locator("#opponents-title + table")).to_contain_text("Mara")
    assert_accessible(page, "a profile")

    page.get_by_role("button", name="Sign out").click()
    expect(page.locator(".account-forms summary")).to_have_text("Sign in")


def test_another_browser_signed_in_finds_and_plays_the_accounts_match(
    server: ServerProcess, new_context: Callable[[], BrowserContext]
) -> None:
    """The lobby's "Your matches" and "Your turn" list the account's match, opening it plays
    the account's seat, and the profile offers to play it, in a browser that never saw it."""
    ines = {"name": "Ines", "password": "a long enough password"}
    first = new_context()  # where Ines created the match
    assert first.request.post(server.url + "/api/players", data=ines).status == 201
    body = {"game": "campanile", "seats": ["me", "human"], "names": ["x", "Guest"], "seed": 4}
    match_id = first.request.post(server.url + "/api/matches", data=body).json()["id"]

    other = new_context()  # another device: nothing kept in this browser
    assert other.request.post(server.url + "/api/session", data=ines).ok
    page = other.new_page()
    page.goto(server.url + "/")
    mine = page.locator(f"#tv-mine li[data-match='{match_id}']")
    expect(mine.locator(".standing")).to_have_text("your turn")
    expect(mine.locator(".who")).to_contain_text("Guest")
    expect(page.locator(f"#tv-turns li[data-match='{match_id}']")).to_be_visible()
    page.goto(f"{server.url}/players/Ines")
    play = page.locator(".profile .matches li .meta a")
    expect(play).to_have_text("play")
    play.click()  # /m/ID: the server sends Ines on to her seat's link
    page.wait_for_selector("#main[data-waiting='false'][data-turn='you']")
    take_turn(page, 1)  # a move button: the seat is played here


# The top bar's height, and the same without its account box.
BAR_HEIGHTS = """() => {
  const bar = document.querySelector("header.topbar");
  const shown = bar.getBoundingClientRect().height;
  bar.querySelector(".account").remove();
  return [shown, bar.getBoundingClientRect().height];
}"""


def test_the_match_and_replay_bars_name_the_account_in_their_height(
    server: ServerProcess, new_context: Callable[..., BrowserContext]
) -> None:
    """A match's and a replay's top bar show the signed-in name and Sign out, as the lobby's
    does, and are no taller for it (a taller bar pushes the board's rows out of view): on a
    desktop in French (its links and "Se déconnecter" are the longest) and on a phone in
    Italian, with a name of 24 characters (cut with an ellipsis where the row is short)."""
    account = {"name": "Bartholomew_Longname_024", "password": "a long enough password"}
    maker = new_context()
    assert maker.request.post(server.url + "/api/players", data=account).status == 201
    body = {"game": "carcassonne", "seats": ["me", "heuristic"], "seed": 4}
    match_id = maker.request.post(server.url + "/api/matches", data=body).json()["id"]
    state = maker.storage_state()
    phone = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
    screens: list[tuple[dict[str, Any], str, str]] = [
        ({"viewport": {"width": 1366, "height": 800}}, "fr", "Se déconnecter"),
        (phone, "it", "Esci"),
    ]
    for screen, lang, sign_out in screens:
        page = new_context(storage_state=state, **screen).new_page()
        for path in (f"/m/{match_id}", f"/m/{match_id}/replay"):
            page.goto(f"{server.url}{path}?lang={lang}")
            expect(page.locator(".topbar .account-name")).to_have_text(account["name"])
            expect(page.locator(".topbar #tv-sign-out")).to_have_text(sign_out)
            shown, without = page.evaluate(BAR_HEIGHTS)
            assert shown == without, (path, lang, shown, without)


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1366, 800)], ids=["phone", "desktop"])
def test_the_sign_in_form_opens_inside_the_screen(
    new_context: Callable[..., BrowserContext], server: ServerProcess, width: int, height: int
) -> None:
    page = new_context(viewport={"width": width, "height": height}).new_page()
    page.goto(server.url + "/?lang=de")
    page.locator(".account-forms summary").click()
    form = page.locator("#tv-sign-in")
    box = form.bounding_box()
    assert box is not None
    assert box["x"] >= 0, box
    assert box["x"] + box["width"] <= width, box
    # and its words, fields and buttons inside it (none pushed past its right edge)
    right = form.locator("p, input, small, button").evaluate_all(
        "parts => Math.max(...parts.filter((p) => p.checkVisibility())"
        ".map((p) => p.getBoundingClientRect().right))"
    )
    assert right <= box["x"] + box["width"], (right, box)
