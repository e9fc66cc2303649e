"""Focus after a move: on the first new move if the seat plays on, else on the board; when
the turn comes back, on the first move. Never on the page's <body>, where a keyboard or a
screen reader would start again from the top."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from tests.apps.web.helpers import open_first_seat, seq
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser

FOCUSED = """() => {
  const active = document.activeElement;
  const first = document.querySelector('#tv-actions button');
  if (!active || active === document.body) return 'body';
  if (active === first) return 'first move';
  if (active.id === 'tv-board') return 'board';
  return active.outerHTML.slice(0, 80);
}"""


def test_focus_follows_the_moves(page: Page, server: ServerProcess) -> None:
    body = {"game": "campanile", "seats": ["human", "random"], "seed": 11}
    open_first_seat(page, server.url, body, "&pause=800")
    seen = set()
    for _ in range(6):
        page.wait_for_selector("#main[data-waiting='false'][data-turn='you']")
        before = seq(page)
        page.locator("#tv-actions button").first.focus()
        page.keyboard.press("Enter")  # the keyboard plays the first move
        page.wait_for_function(
            "before => Number(document.querySelector('#main').dataset.seq) > before"
            " && document.querySelector('#main').dataset.waiting === 'false'",
            arg=before,
        )
        turn = page.locator("#main").get_attribute("data-turn")
        where = page.evaluate(FOCUSED)
        assert where == ("first move" if turn == "you" else "board"), (turn, where)
        seen.add(turn)
        if turn != "you":
            page.wait_for_selector("#main[data-waiting='false'][data-turn='you']")
            assert page.evaluate(FOCUSED) == "first move"
    assert seen == {"you", "other"}


PHONE = {"width": 390, "height": 844}
SPOTS = "#tv-board .board-view [data-action]:not([data-option-of])"
AFTER_A_FRAME = (
    "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
)
SPOTS_IN_VIEW = """(selector) => {
  const view = document.querySelector('#tv-board .board-view').getBoundingClientRect();
  return [...document.querySelectorAll(selector)].every((spot) => {
    const box = spot.getBoundingClientRect();
    return box.left >= view.left && box.right <= view.right
      && box.top >= view.top && box.bottom <= view.bottom;
  });
}"""


def test_after_confirm_on_a_phone_focus_is_on_a_follower_spot_in_view(
    new_context: Any, server: ServerProcess
) -> None:
    """Carcassonne on a phone: Confirm (hidden once played) hands the focus to the first
    follower spot of the tile just placed, drawn on the board (the head's copy is hidden on
    a phone), and the spots are scrolled into view; never the <body>."""
    page = new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    body = {"game": "carcassonne", "options": {"river": True}, "seats": ["human", "random"]}
    open_first_seat(page, server.url, {**body, "seed": 5}, "&lang=it")
    placed = 0
    while placed < 4:
        page.wait_for_selector("#main[data-waiting='false'][data-turn='you']")
        before = seq(page)
        if page.locator("#tv-board [data-choose]").count():
            page.locator("#tv-board [data-choose]").first.tap()
            page.locator("#tv-confirm").tap()
            placed += 1
        else:
            page.locator("#tv-actions button.action").last.tap()  # no follower
        page.wait_for_function(
            "before => Number(document.querySelector('#main').dataset.seq) > before"
            " && document.querySelector('#main').dataset.waiting === 'false'",
            arg=before,
        )
        page.evaluate(AFTER_A_FRAME)  # a hidden control loses its focus at the next frame
        if page.locator("#main").get_attribute("data-turn") != "you":
            continue
        focused = page.evaluate(
            "s => document.activeElement === document.querySelector(s) ? 'first spot'"
            " : document.activeElement.outerHTML.slice(0, 60)",
            SPOTS,
        )
        if page.locator(SPOTS).count():
            assert focused == "first spot", placed
            assert page.evaluate(SPOTS_IN_VIEW, SPOTS), placed
        assert not focused.startswith("<body"), placed


TARGETED = """() => { const active = document.activeElement;
  if (active && active.hasAttribute('data-lesson-target')) return active.dataset.lessonTarget;
  return active === document.body ? 'body' : active.outerHTML.slice(0, 80); }"""


def test_a_lesson_focuses_each_steps_highlighted_control(page: Page, server: ServerProcess) -> None:
    """Playtest 7 #18: step 1 highlighted "Next" but the focus was on the first move, so
    Enter played a move instead of going on."""
    page.goto(f"{server.url}/learn/carcassonne/first-tiles?restart=1&pause=0")
    page.wait_for_selector("#main[data-lesson-step='1'] #tv-lesson-next[data-lesson-target]")
    page.wait_for_selector("#main[data-waiting='false']")
    page.wait_for_function("document.activeElement !== document.body")
    assert page.evaluate(TARGETED) == "next"
    page.keyboard.press("Enter")  # Next: step 2, its highlighted control focused in turn
    page.wait_for_selector("#main[data-lesson-step='2']")
    page.wait_for_function("document.activeElement.hasAttribute('data-lesson-target')")


def test_shift_tab_from_the_first_move_reaches_the_board(page: Page, server: ServerProcess) -> None:
    """Playtest 7 #17: from the first move of "Your move", Shift+Tab put the focus on
    <body>: the move's focus showed its tile on the board, a ghost the keyboard reached and
    which the move's blur then hid."""
    page.set_viewport_size({"width": 1366, "height": 800})
    body = {"game": "carcassonne", "seats": ["human", "heuristic"], "seed": 5}
    open_first_seat(page, server.url, body, "&pause=300&lang=en")
    for turn in range(3):
        page.wait_for_selector("#main[data-waiting='false'][data-turn='you']")
        # by the keyboard: back to the board, a cell chosen, turned, confirmed
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Enter")
        page.keyboard.press("r")
        before = seq(page)
        page.keyboard.press("Enter")
        page.wait_for_function(
            "before => Number(document.querySelector('#main').dataset.seq) > before", arg=before
        )
        page.wait_for_selector("#main[data-waiting='false']")
        for _ in range(3):  # up to the zoom's buttons, then the first move again
            page.keyboard.press("Shift+Tab")
        page.locator("#tv-actions button").first.focus()
        page.keyboard.press("Shift+Tab")
        assert page.evaluate(FOCUSED) != "body", turn
        assert page.evaluate("document.querySelector('#tv-board').contains(document.activeElement)")
        before = seq(page)
        page.locator("#tv-actions button").last.click()
        page.wait_for_function(
            "before => Number(document.querySelector('#main').dataset.seq) > before", arg=before
        )


NAMELESS_STOP = """() => {
  const active = document.activeElement;
  if (!active || active === document.body) return null;
  const native = ['A', 'BUTTON', 'INPUT', 'SELECT', 'TEXTAREA', 'SUMMARY'];
  if (native.includes(active.tagName)) return '';  // named by its text or label (axe checks)
  const role = active.getAttribute('role') || (['OL', 'UL'].includes(active.tagName) ? 'list' : '');
  const named = active.getAttribute('aria-label') || active.getAttribute('aria-labelledby');
  return role && named ? '' : active.outerHTML.slice(0, 80);
}"""


def test_every_tab_stop_of_a_carcassonne_match_has_a_role_and_a_name(
    page: Page, server: ServerProcess
) -> None:
    """Playtest 8 #10: the board's scroll box and the empty chat took the focus with no
    role and no name (a screen reader read a field's description, then nothing)."""
    page.set_viewport_size({"width": 1366, "height": 800})
    body = {"game": "carcassonne", "seats": ["human", "heuristic"], "seed": 5}
    open_first_seat(page, server.url, body, "&pause=300&lang=en")
    page.wait_for_selector("#main[data-waiting='false'][data-turn='you']")
    page.locator("#tv-chat-area").wait_for()
    nameless, stops = set(), 0
    page.locator("a[href]").first.focus()  # Tab from the page's start
    for _ in range(300):
        page.keyboard.press("Tab")
        found = page.evaluate(NAMELESS_STOP)
        if found is None:  # past the page's end
            break
        stops += 1
        if found:
            nameless.add(found)
    assert stops > 10
    assert not nameless, nameless
