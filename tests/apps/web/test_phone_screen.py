"""A phone's screen: every control is at least 44x44 CSS px to tap (a link, a button, a
box whose label is its tap area; links inside running text are exempt, as WCAG 2.5.8 has
them), the picture's buttons too, their words at 12 px or more, and no empty band."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.apps.web.helpers import take_turn, wait_turn_or_end
from tests.apps.web.test_replay import finished_match, wait_step
from tests.apps.web.test_turn_to_turn import PHONE_CONTEXT, open_against_bot
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
# a field itself, not the label around it
FIELD_TOO_SMALL = TOO_SMALL.replace('(e.tagName === "INPUT" && e.closest("label")) || ', "")
FIELDS = "input:not([type='checkbox']):not([type='radio']), select"
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


def test_dudos_doubt_and_bids_are_44_px_on_a_phone(new_context: Any, server: ServerProcess) -> None:
    """Playtest 16 #7: on a phone every bid of Dudo's grid (the plugin game) was a 50x41 px
    target, 25 and more of them a turn. Against two bots, in English and Italian, at each of
    the player's first turns (tapped), the doubt and every bid on the picture are 44 px."""
    for lang in ("en", "it"):
        page = new_context(**PHONE_CONTEXT, device_scale_factor=3).new_page()
        open_against_bot(page, server, "dudo", lang, 5, seats=["human", "heuristic", "heuristic"])
        for turn in range(3):
            if wait_turn_or_end(page) == "over":
                break
            assert page.locator("#tv-board [data-action]").count() >= 6
            assert page.evaluate(TOO_SMALL, BOARD) == [], (lang, turn)
            take_turn(page, turn, touch=True)
        page.close()


def test_the_lobby_in_german_has_a_short_top_bar_and_44_px_fields(
    new_context: Any, server: ServerProcess
) -> None:
    """German's long words: the top bar still takes at most two rows (~100 px) before the
    content, every one of its links reachable and 44 px to tap, and the seats' name fields
    are 44 px tall as every control."""
    page = new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    page.goto(f"{server.url}/?lang=de")
    for kind in page.locator("#tv-seats select.kind").all():
        kind.select_option("friend")  # the seats' name fields show
    bar = page.locator("header.topbar").bounding_box()
    assert bar is not None
    assert bar["height"] <= 100, bar
    page.locator(".seat-alerts summary").first.click()  # a seat's e-mail and webhook fields
    assert page.evaluate(TOO_SMALL, CONTROLS) == []
    assert page.evaluate(FIELD_TOO_SMALL, FIELDS) == []
    for link in ("Lobby", "Aufzeichnung abspielen", "Turniere", "Ranglisten", "Anmelden"):
        target = page.locator("header.topbar").get_by_text(link, exact=True).first
        if not target.is_visible():  # behind the bar's menu button
            page.locator("header.topbar").get_by_role("button", name="Menü").click()
        expect(target).to_be_visible()
        box = target.bounding_box()
        assert box is not None
        assert box["height"] >= 44, link


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


# a link's (or a box's whole label's) height, by its words
HEIGHTS = """(selector) => [...document.querySelectorAll(selector)]
  .filter((e) => e.checkVisibility())
  .map((e) => [(e.textContent || e.value).trim().slice(0, 30),
    Math.round(((e.tagName === "INPUT" && e.closest("label")) || e)
      .getBoundingClientRect().height)])"""


def test_the_next_steps_and_the_sub_navigations_are_44_px_tall(
    new_context: Any, server: ServerProcess
) -> None:
    """The game over's links, the rules pages' sub-navigation, the lesson index's link to
    the rules and the lobby's games and boxes (their label rows) are 44 px tall to tap."""
    page = new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    heights: list[list[Any]] = []
    for address, selector in [
        ("/?lang=de", "input[name='game'], .listed input"),
        ("/rules/clocktowers?lang=de", ".rules-pages a"),
        ("/learn/carcassonne?lang=de", ".learn > p > a"),
    ]:
        page.goto(server.url + address)
        heights += page.evaluate(HEIGHTS, selector)
    body = {"game": "clocktowers", "seats": ["human", "random"], "seed": 3}
    created = httpx.post(f"{server.url}/api/matches", json=body).json()
    page.goto(f"{server.url}{created['seats'][0]['url']}&lang=de")
    page.locator("#tv-resign").click()
    page.locator("#tv-resign-yes").click()
    expect(page.locator("#tv-over")).to_be_visible()
    heights += page.evaluate(HEIGHTS, "#tv-over a")
    assert len(heights) >= 12, heights
    assert [shown for shown in heights if shown[1] < 44] == [], heights


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


def test_the_replay_pages_file_box_and_whole_log_are_44_px(
    new_context: Any, server: ServerProcess
) -> None:
    """Playtest 8 #12: the record file's box (25 px) and the "Whole log" summary (23 px)
    of the replay page were short to tap on a phone."""
    page = new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    page.goto(f"{server.url}/replay?lang=it")
    expect(page.locator("#tv-file")).to_be_visible()
    assert page.evaluate(FIELD_TOO_SMALL, "#tv-file") == []
    match, _ = finished_match(server, "clocktowers")
    page.goto(f"{server.url}/m/{match}/replay?lang=it")
    wait_step(page, 0)
    expect(page.locator("summary", has_text="Registro completo")).to_be_visible()
    assert page.evaluate(TOO_SMALL, "summary") == []


# The lesson's own links and buttons on view, wherever they stand (a running text's exemption
# does not hold for them: they are the lesson's controls)
LESSON_TOO_SMALL = """() => [...document.querySelectorAll('#tv-lesson :is(a, button)')]
  .filter((e) => e.checkVisibility())
  .map((e) => { const r = e.getBoundingClientRect();
    return [Math.round(r.width), Math.round(r.height), e.textContent.trim()]; })
  .filter(([width, height]) => width < 44 || height < 44)"""


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_lessons_links_are_44_px_on_a_phone(
    new_context: Any, server: ServerProcess, lang: str
) -> None:
    """Playtest 17 #8: the heading's "Lektion" link (60x16 px) and "Lektion neu beginnen"
    (147x20 px) were too small to tap on a phone."""
    page = new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    page.goto(f"{server.url}/learn/carcassonne/first-tiles?restart=1&lang={lang}")
    page.wait_for_selector("main[data-lesson-ready]")
    expect(page.locator("#tv-lesson-restart")).to_be_visible()
    assert page.evaluate(LESSON_TOO_SMALL) == []
