"""Dates and times are written in the page's language, not the browser's: a browser set to
American English shows a German page's times as Germans write them (no AM/PM)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.apps.web.helpers import Seat, create_in_lobby, wait_shown
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser
AM_PM = re.compile(r"\b(AM|PM)\b")


def in_language(page: Page, iso: str, lang: str, options: dict[str, str]) -> str:
    return str(
        page.evaluate(
            "([iso, lang, how]) => new Intl.DateTimeFormat(lang, how).format(new Date(iso))",
            [iso, lang, options],
        )
    )


def assert_written_in(when: Locator, lang: str, options: dict[str, str]) -> None:
    """The ``<time>`` element shows its ``datetime`` as ``lang`` writes it (no AM/PM)."""
    expect(when).not_to_have_text("")
    text = when.inner_text()
    assert not AM_PM.search(text), text
    iso = when.get_attribute("datetime") or ""
    assert text == in_language(when.page, iso, lang, options)


def test_the_lobby_and_the_chat_write_times_in_the_page_language(
    new_context: Any, server: ServerProcess
) -> None:
    american = new_context(locale="en-US", timezone_id="America/New_York")
    page = american.new_page()
    create_in_lobby(page, server.url, "clocktowers", [Seat("you", "Ada"), Seat("random")])
    play = page.locator("#tv-open-seat").get_attribute("href")
    page.goto(f"{server.url}/?lang=de")
    when = page.locator("#tv-mine time").first
    assert_written_in(when, "de", {"dateStyle": "medium", "timeStyle": "short"})

    page.goto(f"{server.url}{play}&lang=de")
    wait_shown(page)
    page.locator("#tv-chat-input").fill("Hallo")
    page.locator("#tv-chat-input").press("Enter")
    said = page.locator("#tv-chat li.chat-message time").first
    assert_written_in(said, "de", {"hour": "2-digit", "minute": "2-digit"})


def test_the_profile_writes_its_dates_as_the_lobby_does(
    new_context: Any, server: ServerProcess
) -> None:
    """A profile's matches: their dates in the page's language, not ISO ("2026-11-27")."""
    american = new_context(locale="en-US", timezone_id="America/New_York")
    dora = {"name": "Dora", "password": "a long enough password"}
    assert american.request.post(server.url + "/api/players", data=dora).status == 201
    body = {"game": "campanile", "seats": ["me", "human"], "names": ["x", "Guest"], "seed": 4}
    assert american.request.post(server.url + "/api/matches", data=body).ok
    page = american.new_page()
    page.goto(f"{server.url}/players/Dora?lang=fr")
    when = page.locator(".profile .matches time").first
    assert_written_in(when, "fr", {"dateStyle": "medium", "timeStyle": "short"})
