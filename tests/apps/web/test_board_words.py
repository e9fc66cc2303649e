"""The picture's words: the description shown for what is under the pointer (or tapped)
goes when the picture is redrawn, since what it described may be gone."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.apps.web.helpers import seq, take_turn, wait_shown, wait_turn_or_end
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser


def test_a_tapped_description_goes_with_the_picture_it_described(
    new_context: Any, server: ServerProcess
) -> None:
    created = httpx.post(
        f"{server.url}/api/matches",
        json={"game": "carcassonne", "seats": ["human", "random"], "seed": 7},
    ).json()
    link = f"{server.url}{created['seats'][0]['url']}"
    phone = new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = phone.new_page()
    page.goto(link)
    wait_turn_or_end(page)
    page.locator("#tv-board [data-feature]").last.tap(force=True)
    info = page.locator("#tv-info")
    expect(info).not_to_have_text("")
    described = info.inner_text()
    before = seq(page)
    desk = new_context().new_page()  # the same seat on another screen plays the move
    desk.goto(link)
    wait_shown(desk)
    take_turn(desk, 1)
    page.wait_for_function(
        "before => Number(document.querySelector('#main').dataset.seq) > before", arg=before
    )
    # The old description is gone; the finger still on the screen may describe what the
    # new picture has under it (the board's tap areas are large), never what was there.
    expect(info).not_to_have_text(described)


def test_a_cells_description_is_in_words_and_agrees_with_the_choice(
    new_context: Any, server: ServerProcess
) -> None:
    """Hovered, a cell is described in words, not by its print ("4,-1: ..."); tapped on a
    phone, nothing under the board says other words than the choice (the turn it shows)."""
    created = httpx.post(
        f"{server.url}/api/matches",
        json={"game": "carcassonne", "seats": ["human", "random"], "seed": 7},
    ).json()
    link = f"{server.url}{created['seats'][0]['url']}"
    desk = new_context(viewport={"width": 1366, "height": 800}).new_page()
    desk.goto(link)
    wait_turn_or_end(desk)
    cell = desk.locator("#tv-board [data-choose]").first
    cell.hover()
    info = desk.locator("#tv-info")
    expect(info).to_contain_text("column")
    assert not info.inner_text().startswith(cell.get_attribute("data-choose") or "?")
    phone = new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = phone.new_page()
    page.goto(link)
    wait_turn_or_end(page)
    page.locator("#tv-board [data-choose]").first.tap()
    label = page.locator("#tv-choice-label")
    expect(label).to_contain_text("column")
    said = page.locator("#tv-info").inner_text()
    assert said == "" or label.inner_text().startswith(said), (said, label.inner_text())


def test_the_move_buttons_read_in_words_and_the_notation_box_lists_the_notations(
    new_context: Any, server: ServerProcess
) -> None:
    """No card id ("1cat", "clock-mouse") on a move button: its text is the move in words,
    its notation in ``data-notation`` only; the "type a move" box lists each notation with
    its words, for the player who asks for it."""
    created = httpx.post(
        f"{server.url}/api/matches",
        json={"game": "clocktowers", "seats": ["human", "random"], "seed": 3},
    ).json()
    page = new_context().new_page()
    page.goto(f"{server.url}{created['seats'][0]['url']}")
    wait_turn_or_end(page)
    buttons = page.locator("#tv-actions button.action")
    expect(buttons.first).to_be_visible()
    moves = buttons.evaluate_all(
        "bs => bs.map((b) => [b.dataset.notation, b.innerText, b.title, b.ariaLabel])"
    )
    for notation, text, title, label in moves:
        assert notation, text
        assert notation not in text, (notation, text)
        assert notation != title, (notation, title)
        assert label is None
    listed = page.locator("#tv-notations option").evaluate_all(
        "os => os.map((o) => [o.value, o.label])"
    )
    assert [value for value, _ in listed] == [notation for notation, *_ in moves]
    assert [label for _, label in listed] == [text.replace("\u00a0", " ") for _, text, *_ in moves]
