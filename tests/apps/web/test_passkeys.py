"""Passkeys in Chromium, with the DevTools protocol's virtual authenticator: a player
registers a passkey on their profile, signs out, and signs in with it, no password."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.apps.web.test_play_now import signed_up
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser


def test_a_passkey_registered_signs_its_player_in(page: Page, server: ServerProcess) -> None:
    assert server.url.startswith("http://localhost:")  # a secure context: WebAuthn works
    devtools = page.context.new_cdp_session(page)
    devtools.send("WebAuthn.enable")
    devtools.send(
        "WebAuthn.addVirtualAuthenticator",
        {
            "options": {
                "protocol": "ctap2",
                "transport": "internal",
                "hasResidentKey": True,
                "hasUserVerification": True,
                "isUserVerified": True,
            }
        },
    )
    signed_up(page, server, "Vera")
    page.goto(server.url + "/players/Vera")
    page.get_by_role("button", name="Add a passkey").click()
    expect(page.locator("#tv-passkey-status")).to_have_text(
        "Your passkey is ready: sign in with it next time."
    )
    assert page.request.get(server.url + "/api/me/passkeys").json() == {"count": 1}
    page.get_by_role("button", name="Sign out").click()
    expect(page.locator(".account-forms summary")).to_be_visible()
    page.locator(".account-forms summary").click()
    page.get_by_role("button", name="Sign in with a passkey").click()
    expect(page.locator(".account-name")).to_have_text("Vera")
