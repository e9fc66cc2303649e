"""A phone's screen: every control is at least 44x44 CSS px to tap (a link, a button, a
box whose label is its tap area; links inside running text are exempt, as WCAG 2.5.8 has
them), the picture's buttons too, their words at 12 px or more, and no empty band."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
TOO_SMALL = """(selector) => [...document.querySelectorAll(selector)]
  .filter((e) => e.checkVisibility() && !e.closest("p, .doc, .skip"))
  .map((e) => { const area = (e.tagName === "INPUT" && e.closest("label")) || e;
    const r = area.getBoundingClientRect();
    const name = (e.textContent || e.id).trim().slice(0, 40);
    return [Math.round(r.width), Math.round(r.height), name]; })
  .filter(([width, height]) => width < 44 || height < 44)"""
CONTROLS = "a, button, input, select, summary"
BOARD = "#tv-board [data-action]:not([data-option-of]), #tv-board [data-choose]"


def test_every_control_of_the_lobby_and_a_match_is_44_px(
    new_context: Any, server: ServerProcess
) -> None:
    page = new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    page.goto(f"{server.url}/?lang=it")
    assert page.evaluate(TOO_SMALL, CONTROLS) == []
    body = {"game": "campanile", "seats": ["human", "random"], "seed": 3}
    created = httpx.post(f"{server.url}/api/matches", json=body).json()
    page.goto(f"{server.url}{created['seats'][0]['url']}&lang=fr")
    page.wait_for_selector("#main[data-turn='you']")
    assert page.evaluate(TOO_SMALL, CONTROLS) == []
    assert page.evaluate(TOO_SMALL, BOARD) == []  # +1, +2, +3, bet, pass on the picture


def test_the_carcassonne_buttons_are_44_px_and_their_words_12_px(
    new_context: Any, server: ServerProcess
) -> None:
    page = new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    body = {"game": "carcassonne", "options": {"river": True}, "seats": ["human", "random"]}
    created = httpx.post(f"{server.url}/api/matches", json=body).json()
    page.goto(f"{server.url}{created['seats'][0]['url']}&lang=fr")
    page.wait_for_selector("#main[data-turn='you']")
    bag = page.locator("#tv-board .part-head [data-toggle='bag']").first
    box = bag.bounding_box()
    assert box is not None
    assert box["height"] >= 44
    sizes = bag.locator("text").evaluate_all(
        "texts => texts.map((t) => t.getAttribute('font-size') * t.getScreenCTM().a)"
    )
    assert min(sizes) >= 12, sizes


def test_a_spectator_on_a_phone_sees_no_empty_band(new_context: Any, server: ServerProcess) -> None:
    """Campanile's picture in bands: a spectator's has no hand and no moves, and no gap."""
    page = new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    body = {"game": "campanile", "seats": ["human", "random"], "seed": 3}
    created = httpx.post(f"{server.url}/api/matches", json=body).json()
    page.goto(f"{server.url}{created['spectate']}")
    page.wait_for_selector("#tv-board .part-section")
    heights = page.locator("#tv-board .part-section").evaluate_all(
        "svgs => svgs.map((s) => [s.viewBox.baseVal.height, s.getBoundingClientRect().height])"
    )
    for drawn, shown in heights:
        assert drawn > 0, heights
        assert shown <= drawn + 1, heights  # scaled down to the phone, never padded
