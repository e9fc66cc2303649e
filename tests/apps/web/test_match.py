"""The match page: hotseat with its curtain, an online match through the invite link with
a spectator, a reload, a refused move, a phone-sized screen. Clicks and keys only."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import BrowserContext, FloatRect, Locator, Page, expect

import tavola
from tests.apps.web.helpers import (
    Frames,
    Seat,
    create_in_lobby,
    is_over,
    match_id,
    open_first_seat,
    open_my_seat,
    seq,
    take_turn,
    wait_shown,
    wait_turn_or_end,
)
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser


def _hands_hidden(view: dict[str, Any], seat: int | None) -> bool:
    """Whether a view holds no hand but ``seat``'s own (Campanile's and ClockTowers' views)."""
    return all(
        (hand["cards"] is not None) == (index == seat) for index, hand in enumerate(view["hands"])
    )


def test_hotseat_passes_the_screen_behind_a_curtain(page: Page, server: ServerProcess) -> None:
    seats = [Seat("you", "Ada"), Seat("hotseat", "Bob"), Seat("random")]
    create_in_lobby(page, server.url, "campanile", seats)
    page.locator("#tv-open-seat").click()
    wait_shown(page)
    curtains = 0
    shown_seats = set()
    for turn in range(400):
        page.wait_for_selector(
            "#main[data-waiting='false'][data-turn='you'], #main[data-over='true'],"
            " #main[data-curtain='true']"
        )
        if is_over(page):
            break
        if page.locator("#main").get_attribute("data-curtain") == "true":
            curtain = page.locator("#tv-curtain")
            expect(curtain).to_be_visible()
            text = curtain.inner_text()
            assert "Pass the screen to" in text
            # behind the curtain: no picture, no moves, nobody's hand
            assert page.locator("#tv-board svg").count() == 0
            expect(page.locator("#tv-play")).to_be_hidden()
            assert "in your hand" not in page.content()
            name = "Bob" if "Bob" in text else "Ada"
            page.get_by_role("button", name=f"I am {name}").click()
            curtains += 1
            continue
        shown_seats.add(page.locator("#main").get_attribute("data-seat"))
        status = page.locator("#tv-status").inner_text()
        assert "your turn" in status
        take_turn(page, turn)
        if curtains >= 4:
            break
    assert curtains >= 4
    assert shown_seats == {"0", "1"}


def test_two_people_online_and_a_spectator(
    page: Page, new_context: Any, server: ServerProcess
) -> None:
    ada = page
    ada_frames = Frames().attach(ada)
    create_in_lobby(
        ada, server.url, "campanile", [Seat("you", "Ada"), Seat("friend", "Bob"), Seat("random")]
    )
    invite = ada.locator("#tv-created input.invite-url").input_value()
    spectate = ada.locator("#tv-created a[href^='/m/']").last.get_attribute("href")
    assert "token=" in invite
    assert spectate is not None
    assert "token" not in spectate
    open_my_seat(ada)

    bob_context: BrowserContext = new_context()
    bob = bob_context.new_page()
    bob_frames = Frames().attach(bob)
    bob.goto(invite)
    wait_shown(bob)

    watcher_context: BrowserContext = new_context()
    watcher = watcher_context.new_page()
    watcher_frames = Frames().attach(watcher)
    watcher.goto(server.url + spectate)
    wait_shown(watcher)
    expect(watcher.locator("#tv-status")).to_contain_text("watching")
    expect(watcher.locator("#tv-play")).to_be_hidden()
    expect(watcher.locator("#tv-keys")).to_be_hidden()  # no keys to play with
    expect(ada.locator("#tv-keys")).to_be_visible()

    # play the whole match: whoever is to move takes a turn
    turn = 0
    while not is_over(ada):
        ada.wait_for_selector(
            "#main[data-over='true'], #main[data-turn='you'][data-waiting='false'],"
            " #main[data-turn='other']"
        )
        for person in (ada, bob):
            person.wait_for_function(
                "n => Number(document.querySelector('#main').dataset.seq) >= n", arg=seq(ada)
            )
            if person.locator("#main").get_attribute("data-turn") == "you":
                take_turn(person, turn)
                turn += 1
                break
        else:
            ada.wait_for_timeout(50)
        assert turn < 600
    for person in (bob, watcher):
        person.wait_for_selector("#main[data-over='true']")

    # compare every state each page received with the engine's view for that seat
    record = httpx.get(f"{server.url}/api/matches/{match_id(ada)}/record").json()
    game = tavola.load(record["game"], **record["options"])
    states = [game.new_game(record["seed"])]
    for action in record["actions"]:
        states.append(states[-1].clone())
        states[-1].apply(action)
    for frames, seat in ((ada_frames, 0), (bob_frames, 1), (watcher_frames, None)):
        assert frames.states
        for message in frames.states:
            assert message["seat"] == seat
            view = message["view"]
            assert view == states[message["seq"]].view(seat)
            assert _hands_hidden(view, seat)
    # the spectator's page and traffic show no hand at all
    for text in watcher_frames.texts:
        assert "in your hand" not in text
    assert watcher.locator("#tv-board .hand-card").count() == 0
    assert "in your hand" not in watcher.content()
    assert not watcher_frames.sent or all(m["type"] == "ping" for m in watcher_frames.sent)
    # each player saw their own hand on their page at some point
    assert any(_hands_hidden(m["view"], 0) for m in ada_frames.states)
    expect(ada.locator("#tv-over")).to_be_visible()


def position_of(board_html: str) -> str:
    """The board without the hint a focused or hovered move button lays on its spot, and
    the turn that hint gives the tile to place: those follow the pointer and the focus (a
    race with Chromium's hover and the focus placed after a reload), not the position."""
    unhinted = re.sub(r' class="(hinted)?"', "", board_html)
    # its upright parts turned back as it turns (board-turn.js), with their drawn transform
    upright = re.sub(r' data-base="[^"]*"| rotate\(-?\d+ [-\d.e]+ [-\d.e]+\)', "", unhinted)
    upright = upright.replace(' transform=""', "")
    return re.sub(r'data-turned="[^"]*"( transform="rotate\(-?\d+\)")?', 'data-turned=""', upright)


def test_a_reload_restores_the_same_position(page: Page, server: ServerProcess) -> None:
    create_in_lobby(page, server.url, "carcassonne", [Seat("you"), Seat("random")])
    open_my_seat(page)
    for turn in range(5):
        wait_turn_or_end(page)
        take_turn(page, turn)
    wait_turn_or_end(page)
    # the pointer leaves the focused first move's button: its hint on the picture stays
    # (once raced with Chromium's hover after the buttons were redrawn under the pointer)
    page.locator("#tv-actions button.action").first.hover()
    page.mouse.move(0, 0)
    before_seq = seq(page)
    before_svg = position_of(page.locator("#tv-board").inner_html())
    before_log = page.locator("#tv-log").inner_text()
    before_actions = page.locator("#tv-actions").inner_text()
    page.reload()
    wait_shown(page)
    page.mouse.move(0, 0)
    assert seq(page) == before_seq
    assert position_of(page.locator("#tv-board").inner_html()) == before_svg
    assert page.locator("#tv-log").inner_text() == before_log
    assert page.locator("#tv-actions").inner_text() == before_actions


def test_a_refused_move_says_why(page: Page, server: ServerProcess) -> None:
    create_in_lobby(page, server.url, "carcassonne", [Seat("you"), Seat("random")])
    open_my_seat(page)
    wait_turn_or_end(page)
    before = seq(page)
    box = page.get_by_label("Or type a move")
    box.fill("fly to the moon")
    box.press("Enter")
    refusal = page.locator("#tv-refusal")
    expect(refusal).to_be_visible()
    expect(refusal).to_contain_text("Refused")
    # a well-formed placement where the tile cannot go: the rule it breaks is named
    box.fill("place 40,40 0")
    box.press("Enter")
    expect(refusal).to_contain_text("rule")
    assert seq(page) == before
    # a legal move typed with the completion list is played
    legal = page.locator("#tv-notations option").first.get_attribute("value")
    assert legal
    box.fill(legal)
    box.press("Enter")
    page.wait_for_function(
        "n => Number(document.querySelector('#main').dataset.seq) > n", arg=before
    )
    expect(refusal).to_be_hidden()


def test_taking_back_an_action(page: Page, server: ServerProcess) -> None:
    create_in_lobby(page, server.url, "carcassonne", [Seat("you"), Seat("random")])
    open_my_seat(page)
    wait_turn_or_end(page)
    take_turn(page, 1)  # a tile placed: still to move (a follower or pass)
    wait_turn_or_end(page)
    before = seq(page)
    takeback = page.get_by_role("button", name="Take back my last action")
    expect(takeback).to_be_visible()
    takeback.click()
    page.wait_for_function(
        "n => Number(document.querySelector('#main').dataset.seq) > n", arg=before
    )
    expect(page.locator("#tv-log li.undone")).to_have_count(1)
    expect(page.locator("#tv-log li.entry-takeback")).to_have_count(1)
    expect(takeback).to_be_hidden()
    expect(page.locator("#tv-board [data-choose]").first).to_be_visible()


def box_of(locator: Locator) -> FloatRect:
    box = locator.bounding_box()
    assert box is not None
    return box


def test_the_keyboard_alone_plays(page: Page, server: ServerProcess) -> None:
    create_in_lobby(page, server.url, "carcassonne", [Seat("you"), Seat("random")])
    open_my_seat(page)
    wait_turn_or_end(page)
    before = seq(page)
    # Tab to the first candidate cell on the board, Enter shows the tile, R turns it, Enter plays
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.hasAttribute('data-choose')"):
            break
    else:
        raise AssertionError("no candidate cell is reachable by Tab")
    board = page.locator("#tv-board .tavola-board")
    top = box_of(board)["y"]
    page.keyboard.press("Enter")
    expect(page.locator("#tv-choice")).to_be_visible()
    # the choice has a line of its own: it covers none of the picture, which does not move
    choice, picture = box_of(page.locator("#tv-choice")), box_of(board)
    assert choice["y"] + choice["height"] <= picture["y"]
    assert picture["y"] == top
    page.keyboard.press("r")
    page.keyboard.press("Escape")
    expect(page.locator("#tv-choice")).to_be_hidden()
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "n => Number(document.querySelector('#main').dataset.seq) > n", arg=before
    )
    wait_turn_or_end(page)
    # the follower step: Tab reaches the move buttons; Enter on one plays it
    before = seq(page)
    page.locator("#tv-actions button.action").last.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "n => Number(document.querySelector('#main').dataset.seq) > n", arg=before
    )


VISIBLE = """() => {
  const box = document.querySelector("#tv-board .board-view").getBoundingClientRect();
  const svg = document.querySelector("#tv-board .part-board");
  const r = svg.getBoundingClientRect();
  const [x, y, w] = svg.getAttribute("viewBox").split(/[ ,]+/).map(Number);
  const k = w / r.width;
  const left = Math.max(box.left, r.left), top = Math.max(box.top, r.top);
  const right = Math.min(box.right, r.right), bottom = Math.min(box.bottom, r.bottom);
  return [x + (left - r.left) * k, y + (top - r.top) * k, (right - left) * k, (bottom - top) * k]
    .map((v) => Math.round(v * 10) / 10);
}"""


def test_a_phone_sized_screen(new_context: Any, server: ServerProcess) -> None:
    phone = new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = phone.new_page()
    create_in_lobby(page, server.url, "carcassonne", [Seat("you"), Seat("random")], {"river": True})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    open_my_seat(page)
    expect(page.locator("#tv-keys")).to_be_hidden()  # a touch screen: no keys to tell of
    board = page.locator("#tv-board .tavola-board")
    expect(board).to_be_visible()
    box = board.bounding_box()
    assert box is not None
    assert box["width"] <= 390
    assert box["width"] > 300
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for turn in range(6):
        wait_turn_or_end(page)
        expect(page.locator("#tv-actions button.action").first).to_be_visible()
        take_turn(page, turn)

    # zoom in with the buttons, drag to pan, fit again
    def view_box() -> list[float]:
        """The part of the board in view, in its units: x, y, width, height."""
        return [float(v) for v in page.evaluate(VISIBLE)]

    wait_turn_or_end(page)  # the bot has moved: the picture stays as it is while we look
    fit = page.get_by_role("button", name="Fit the board")
    if fit.get_attribute("aria-disabled") == "true":  # it opens fitted: zoom in to fit it
        page.get_by_role("button", name="Zoom in").tap()
        expect(fit).not_to_have_attribute("aria-disabled", "true")
    fit.tap()
    expect(fit).to_have_attribute("aria-disabled", "true")  # fitted: read the whole then
    whole = view_box()
    page.get_by_role("button", name="Zoom in").tap()
    page.get_by_role("button", name="Zoom in").tap()
    # less of the board is in view; a tall river board fitted by its height may still show
    # its whole width after two steps (CI saw that): the area is what shrinks
    smaller = whole[2] * whole[3] * 0.99
    page.wait_for_function(f"() => {{ const v = ({VISIBLE})(); return v[2] * v[3] < {smaller}; }}")
    zoomed = view_box()
    # drag along an axis the zoom cut, towards the board's middle, where there is room to go
    # (a drag to the right shows more of the board's left); press in the middle of the
    # board's scrolled area (not of the whole panel, whose middle may be under its head)
    axis = 0 if zoomed[2] < whole[2] - 1 else 1
    toward = -60 if zoomed[axis] + zoomed[axis + 2] / 2 < whole[axis] + whole[axis + 2] / 2 else 60
    area = page.locator("#tv-board .board-view").bounding_box()
    assert area is not None
    x, y = area["x"] + area["width"] / 2, area["y"] + area["height"] / 2
    pressed = page.evaluate(f"document.elementFromPoint({x}, {y})?.outerHTML.slice(0, 80)")
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + (toward if axis == 0 else 0), y + (toward if axis == 1 else 0), steps=5)
    page.mouse.up()
    panned = view_box()
    told = f"whole {whole}, zoomed {zoomed}, dragged {toward} on {axis}, panned {panned}"
    told += f", pressed {pressed}"
    assert (panned[axis] > zoomed[axis]) if toward < 0 else (panned[axis] < zoomed[axis]), told
    assert abs(panned[axis + 2] - zoomed[axis + 2]) < 1, told  # the same zoom
    page.get_by_role("button", name="Fit the board").tap()
    assert view_box() == whole
    # the choice bar stays on screen while a tile is turned
    wait_turn_or_end(page)
    cell = page.locator("#tv-board [data-choose]").first
    if cell.count():
        cell.tap()
        bar = page.locator("#tv-choice")
        expect(bar).to_be_in_viewport()
        page.locator("#tv-cancel").tap()


def test_a_hint_suggests_one_of_your_moves(page: Page, server: ServerProcess) -> None:
    body = {"game": "clocktowers", "seats": ["human", "random"], "seed": 4}
    open_first_seat(page, server.url, body, "&pause=0")
    wait_turn_or_end(page)
    hint = page.locator("#tv-hint")
    expect(hint).to_be_visible()
    hint.click()
    text = page.locator("#tv-hint-text")
    expect(text).to_contain_text("Suggested:", timeout=30_000)
    expect(page.locator("button.action.suggested")).to_have_count(1)
    assert seq(page) == 0  # asking changed nothing


def test_a_long_move_list_scrolls_and_shows_each_move_whole(
    page: Page, server: ServerProcess
) -> None:
    create_in_lobby(page, server.url, "carcassonne", [Seat("you"), Seat("random")])
    open_my_seat(page)
    actions = page.locator("#tv-actions")
    for turn in range(12):  # until a tile has more placements than the list shows at once
        wait_turn_or_end(page)
        if "many" in (actions.get_attribute("class") or "").split():
            break
        take_turn(page, turn)
    else:
        raise AssertionError("no long list of moves came")
    buttons = actions.locator("button.action")
    assert buttons.count() > 8
    # each button is as tall as its words: none is squeezed to fit the list's height
    cut = buttons.evaluate_all("bs => bs.filter((b) => b.scrollHeight > b.clientHeight + 1).length")
    assert cut == 0
    assert actions.evaluate("a => a.scrollHeight > a.clientHeight")  # the list scrolls instead


def test_a_match_is_under_playing_now_once_its_first_move_is_made(
    page: Page, server: ServerProcess
) -> None:
    """ "Playing now" lists matches being played: not one nobody moved in yet (playtest 16
    #5: listing the newest matches, moved in or not, hid the ones being played)."""
    name = "Ada Lovelace"  # a name no other test gives
    create_in_lobby(page, server.url, "campanile", [Seat("you", name), Seat("friend")])
    seat = page.locator("#tv-open-seat").get_attribute("href") or ""
    page.goto(server.url + "/")
    match = seat.split("/m/")[1].split("?")[0]
    expect(page.locator(f"#tv-mine li[data-match='{match}']")).to_have_count(1)
    expect(page.locator("#tv-playing li", has_text=name)).to_have_count(0)
    page.goto(server.url + seat if seat.startswith("/") else seat)
    wait_shown(page)
    page.locator("#tv-actions button.action").first.click()
    page.wait_for_selector("#main[data-seq='1']")
    page.goto(server.url + "/")
    playing = page.locator("#tv-playing li", has_text=name)
    # each badge's letter, a space, and the seat's name as its match page says it
    expect(playing).to_contain_text(f"A {name}, B Seat B")
    expect(playing).to_contain_text("1 move ")


def test_french_counts_no_move_in_the_singular(page: Page, server: ServerProcess) -> None:
    """Playtest 13 #4: French says "0 coup" (0 takes the singular), not "0 coups"."""
    name = "Zoé Oudin"  # a name no other test gives
    create_in_lobby(page, server.url, "campanile", [Seat("you", name), Seat("friend")])
    page.get_by_role("link", name="Français").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    # "À vous de jouer": this browser's one match, new
    expect(page.locator("#tv-turns li")).to_contain_text(re.compile(r"\b0 coup\b(?!s)"))


def test_the_seat_list_names_each_bot_once(page: Page, server: ServerProcess) -> None:
    body = {
        "game": "campanile",
        "seats": ["human", "heuristic", "ismcts:iterations=50", "random"],
        "names": [None, None, None, "Rita"],
        "seed": 2,
    }
    open_first_seat(page, server.url, body)
    wait_shown(page)
    rows = page.locator("#tv-scores tbody tr")
    expect(rows.nth(1)).to_contain_text("Bot B (heuristic, easy)")  # by its strength
    expect(rows.nth(1)).not_to_contain_text("bot: heuristic")  # the name says it already
    expect(rows.nth(2)).to_contain_text("Bot C (ISMCTS, easy)")
    expect(rows.nth(2)).not_to_contain_text("ismcts:")  # words, not the spec
    expect(rows.nth(3)).to_contain_text("Rita (bot: random, beginner)")  # a name does not say it
