"""The picture's words: the description shown for what is under the pointer (or tapped)
goes when the picture is redrawn, since what it described may be gone."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.live_server import ServerProcess
from tests.web.helpers import seq, wait_shown

pytestmark = pytest.mark.browser


def test_a_tapped_description_goes_with_the_picture_it_described(
    new_context: Any, server: ServerProcess
) -> None:
    phone = new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page: Page = phone.new_page()
    created = httpx.post(
        f"{server.url}/api/matches",
        json={"game": "carcassonne", "seats": ["random", "random"], "seed": 7},
    ).json()
    page.goto(f"{server.url}/m/{created['id']}?pause=700")  # watched: the bots play on
    wait_shown(page)
    info = page.locator("#tv-info")
    for _ in range(20):
        shown = seq(page)
        feature = page.locator("#tv-board [data-feature]").last
        feature.tap(force=True)
        if info.inner_text().strip() and seq(page) == shown:
            break
    words = info.inner_text().strip()
    assert words, "no description under the pointer"
    page.wait_for_function(
        "before => Number(document.querySelector('#main').dataset.seq) > before", arg=shown
    )
    expect(info).to_have_text("")
