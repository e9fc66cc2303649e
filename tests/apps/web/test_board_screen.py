"""The board uses the screen: Carcassonne's board fills the picture's area, zooms alone
(the status, the tile to place and the scores stay in view), prints nothing under 10 px and
offers no target under 44 px on a phone; the tile to place turns with the choice; cells,
follower spots and the others' moves are said in words. Campanile and ClockTowers take the
area's width too."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.apps.web.helpers import seq, wait_shown, wait_turn_or_end
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1366, "height": 800}
PHONE = {"width": 390, "height": 844}
# A short game: the start tile (a city and a road), then a city whose edge joins it, ...
SHORT = {"tiles": ["E", "V", "D", "U", "E", "U"]}

SMALLEST_TEXT = """() => Math.min(...[...document.querySelectorAll('#tv-board .part-board text')]
  .map((t) => parseFloat(t.getAttribute('font-size')) * t.getScreenCTM().a))"""
TARGETS = """() => [...document.querySelectorAll('#tv-board .part-board [data-choose],'
    + '#tv-board .part-board [data-action]:not([data-option-of])')]
  .map((t) => { const r = t.getBoundingClientRect(); return [r.width, r.height]; })"""


def open_carcassonne(
    page: Page,
    server: ServerProcess,
    bot: str = "random",
    options: dict[str, Any] = SHORT,
    lang: str = "en",
) -> None:
    body = {"game": "carcassonne", "options": options, "seats": ["human", bot], "seed": 5}
    created = httpx.post(f"{server.url}/api/matches", json=body).json()
    page.goto(server.url + created["seats"][0]["url"] + f"&lang={lang}")
    wait_shown(page)
    page.wait_for_selector("#main[data-turn='you']")


def on_screen(new_context: Any, screen: str) -> tuple[Page, dict[str, int]]:
    """A new page on a desktop or a phone sized screen, and the screen's size."""
    size = DESKTOP if screen == "desktop" else PHONE
    return new_context(viewport=size).new_page(), size


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).bounding_box()
    assert found is not None, selector
    return {"x": found["x"], "y": found["y"], "width": found["width"], "height": found["height"]}


def in_view(page: Page, selector: str, size: dict[str, int]) -> None:
    where = box(page, selector)
    assert where["x"] >= 0, (selector, where)
    assert where["y"] >= 0, (selector, where)
    assert where["x"] + where["width"] <= size["width"] + 1, (selector, where)
    assert where["y"] + where["height"] <= size["height"] + 1, (selector, where)


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_the_carcassonne_board_fills_the_area_and_zooms_alone(
    new_context: Any, server: ServerProcess, screen: str
) -> None:
    page, size = on_screen(new_context, screen)
    open_carcassonne(page, server)
    area = box(page, "#tv-board")
    board = box(page, "#tv-board .board-view")
    beside = page.locator("#tv-board .parted.in-column > .part-head")  # the head's column
    room = area["width"] - (box(page, "#tv-board .part-head")["width"] if beside.count() else 0)
    assert board["width"] >= room - 4  # the board fills the area's width (beside the head)
    assert page.evaluate(SMALLEST_TEXT) >= 10
    if screen == "phone":
        for width, height in page.evaluate(TARGETS):
            assert min(width, height) >= 44, (width, height)
    head = box(page, "#tv-board .part-head")
    tile = box(page, "#tv-board .part-head [data-turned]")
    before = box(page, "#tv-board .part-board")
    for _ in range(3):
        page.locator("[data-zoom='in']").click()
    page.mouse.move(board["x"] + board["width"] / 2, board["y"] + board["height"] / 2)
    page.mouse.wheel(0, -300)
    zoomed = box(page, "#tv-board .part-board")
    assert zoomed["width"] > 1.9 * before["width"]  # the board zoomed...
    assert box(page, "#tv-board .part-head") == head  # ... the head did not move
    assert box(page, "#tv-board .part-head [data-turned]") == tile
    for selector in ("#tv-board .part-head", "#tv-board .part-head [data-turned]"):
        in_view(page, selector, size)
    page.locator("[data-zoom='fit']").click()
    assert box(page, "#tv-board .part-board")["width"] <= before["width"] + 1


# Stacked games whose first player draws tiles of many features (a city, roads, fields, a
# cloister; River tiles too), and the match's seed, which also picks the cells played.
SPOTTY: list[tuple[dict[str, Any], int]] = [
    ({"river": True, "tiles": ["river-cloister", "river-cities", "river-road-curve",
                               "river-curve", "river-city-road", "lake", "X", "L"]}, 3),
    ({"tiles": ["X", "U", "L", "V", "W", "U", "A", "E", "T"]}, 5),
    ({"tiles": ["A", "U", "J", "V", "S", "U", "K", "E", "P"]}, 8),
]  # fmt: skip
TURNS = 3  # the first player's turns measured in each
# Every follower spot shown: the side of its tap area (its share of the tile, a path) in px.
SPOT_AREAS = """() => [...document.querySelectorAll("#tv-board [data-action^='deploy']")]
  .filter((t) => t.getClientRects().length > 0)  // drawn (display: none has no box)
  .map((t) => { const r = t.querySelector("path").getBoundingClientRect();
    return [t.closest(".part-head") ? "head" : "board", t.dataset.action, r.width, r.height]; })"""


def test_a_phone_can_tap_every_follower_spot(new_context: Any, server: ServerProcess) -> None:
    """On a phone, at the default zoom, every follower spot shown is 44 px or more to tap, on
    tiles of many features, as the board grows."""
    page = new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    measured = 0
    for options, seed in SPOTTY:
        body = {"game": "carcassonne", "options": options, "seats": ["human", "random"]}
        created = httpx.post(f"{server.url}/api/matches", json=body | {"seed": seed}).json()
        page.goto(server.url + created["seats"][0]["url"])
        for turn in range(TURNS):
            if wait_turn_or_end(page) == "over":
                break
            cells = page.locator("#tv-board [data-choose]")
            cells.nth((seed + turn) % cells.count()).tap()
            before = seq(page)
            page.locator("#tv-confirm").tap()
            page.wait_for_function("n => Number(main.dataset.seq) > n", arg=before)
            wait_shown(page)
            spots = page.evaluate(SPOT_AREAS)  # none: no spot was free, the turn went on
            assert not spots or any(part == "board" for part, *_ in spots), spots
            for part, action, width, height in spots:
                assert min(width, height) >= 44, (options["tiles"][2 * turn], part, action)
            measured += len(spots)
            passing = page.locator("#tv-board .part-head [data-action='pass']")
            if page.locator("#main[data-turn='you']").count() and passing.count():
                before = seq(page)
                passing.tap()
                page.wait_for_function("n => Number(main.dataset.seq) > n", arg=before)
    assert measured >= 30


def turned(page: Page) -> tuple[str | None, str | None]:
    """The rotation of the tile in the status panel, and of the ghost shown on the board."""
    tile = page.locator("#tv-board [data-turned]").get_attribute("data-turned")
    ghost = page.locator("#tv-board [data-option-of].shown").get_attribute("data-turn")
    return tile, ghost


def test_the_tile_to_place_turns_with_the_choice(new_context: Any, server: ServerProcess) -> None:
    page = new_context(viewport=DESKTOP).new_page()
    open_carcassonne(page, server)
    turns = page.locator("#tv-board [data-choose]").evaluate_all(
        "cells => cells.map((c) => document.querySelectorAll("
        "`[data-option-of='${c.dataset.choose}']`).length)"
    )
    page.locator("#tv-board [data-choose]").nth(
        max(range(len(turns)), key=turns.__getitem__)
    ).click()
    seen = {turned(page)[1]}
    tile, ghost = turned(page)
    assert tile == ghost
    page.keyboard.press("r")
    assert turned(page)[0] == turned(page)[1]
    seen.add(turned(page)[1])
    page.locator("#tv-rotate").click()
    assert turned(page)[0] == turned(page)[1]
    seen.add(turned(page)[1])
    page.locator("#tv-board [data-option-of].shown").hover()
    page.mouse.wheel(0, 100)
    assert turned(page)[0] == turned(page)[1]
    page.locator("#tv-board [data-option-of].shown").click()  # a click on the ghost turns it
    assert turned(page)[0] == turned(page)[1]
    seen.add(turned(page)[1])
    assert len(seen) > 1
    page.keyboard.press("Escape")  # back on the cell: its first option previewed, as turned
    assert page.locator("#tv-board [data-option-of].shown.preview").count() == 1
    assert turned(page)[0] == turned(page)[1]
    # a list move in focus shows its ghost on the board, and the tile to place turns with it
    turned_move = page.locator("#tv-board [data-option-of]:not([data-turn='0'])").first
    notation = turned_move.get_attribute("data-action")
    page.mouse.move(0, 0)  # the pointer off the board: only the focus previews
    page.locator(f"#tv-actions button[data-notation='{notation}']").focus()
    assert turned(page) == (turned_move.get_attribute("data-turn"),) * 2


def test_cells_spots_and_moves_are_said_in_words(new_context: Any, server: ServerProcess) -> None:
    context = new_context(viewport=DESKTOP)
    context.add_init_script("localStorage.setItem('tavola.pause', '100')")  # each move shown
    page = context.new_page()
    open_carcassonne(page, server, bot="heuristic")
    labels = page.locator("#tv-board [data-choose]").evaluate_all(
        "cells => cells.map((c) => c.getAttribute('aria-label'))"
    )
    # in words only: no "0,1: " before them (playtest 4 #7; the axes say the cell's print)
    said = "Place the city edge at column 0, row 1, turned upside down: joins a free city"
    assert f"{said} (1 tile)" in labels, labels
    cell = labels.index(f"{said} (1 tile)")
    page.locator("#tv-board [data-choose]").nth(cell).click()
    page.locator("#tv-confirm").click()
    spot = page.locator("#tv-board .part-board [data-action^='deploy']").first
    expect(spot).to_be_attached()
    about = spot.locator("desc").text_content() or ""
    assert "of 2 tiles" in about, about
    assert "No follower on it" in about, about
    before = seq(page)
    page.locator("#tv-board .part-head [data-action='pass']").click()
    page.wait_for_function(
        "before => Number(document.querySelector('#main').dataset.seq) >= before + 3"
        " && document.querySelector('#main').dataset.turn === 'you'",
        arg=before,
    )
    said = page.locator("#tv-log > li").evaluate_all(
        "items => items.map((li) => [li.textContent, li.querySelectorAll('code').length])"
    )
    theirs = said[2:4]  # the bot's place and its deploy or pass, in words, no notation
    assert "placed the " in theirs[0][0], said  # the tile in words, not its id
    assert "placed tile" not in theirs[0][0], said
    assert "deployed" in theirs[1][0], said
    assert theirs[0][1] == theirs[1][1] == 0, said


@pytest.mark.parametrize("screen", ["desktop", "phone"])
@pytest.mark.parametrize("game", ["campanile", "clocktowers"])
def test_campanile_and_clocktowers_take_the_area_width(
    new_context: Any, server: ServerProcess, game: str, screen: str
) -> None:
    """A desktop sets the picture's bands in columns as wide as the area and no taller than
    the window, the status and the moves beside it; a phone draws it at the screen's width."""
    size = DESKTOP if screen == "desktop" else PHONE
    page = new_context(viewport=size).new_page()
    body = {"game": game, "seats": ["human", "random"], "seed": 3}
    created = httpx.post(f"{server.url}/api/matches", json=body).json()
    page.goto(server.url + created["seats"][0]["url"])
    wait_shown(page)
    page.wait_for_selector("#main[data-turn='you']")
    area = box(page, "#tv-board")
    picture = box(page, "#tv-board > .tavola-board")
    assert picture["width"] >= 0.95 * area["width"] - 4, (picture, area)
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    if screen == "desktop":
        in_view(page, "#tv-board > .tavola-board", size)
        assert len(page.locator("#tv-board .section-column").all()) > 1
    for selector in ("#tv-status", "#tv-actions button.action >> nth=0"):
        page.locator(selector).scroll_into_view_if_needed()  # a phone scrolls to them
        in_view(page, selector, size)


SHOWN_LABELS = """() => [...document.querySelectorAll('#tv-board [data-option-of].shown')]
  .map((g) => document.querySelector(`#tv-board [data-choose='${g.dataset.optionOf}'] text`))
  .filter((t) => t && getComputedStyle(t).visibility !== 'hidden').map((t) => t.textContent)"""


def test_no_tile_is_previewed_before_a_cell_is_chosen(
    new_context: Any, server: ServerProcess
) -> None:
    """The first move's button has the focus, but no tile sits on the board until the player
    points at a cell; then no coordinates are written over the tile shown there."""
    page = new_context(viewport=DESKTOP).new_page()
    open_carcassonne(page, server)
    assert page.locator("#tv-board [data-option-of].shown").count() == 0
    cells = page.locator("#tv-board [data-choose]")
    cells.nth(1).hover()  # a preview...
    expect(page.locator("#tv-board [data-option-of].shown")).to_have_count(1)
    assert page.evaluate(SHOWN_LABELS) == []
    cells.first.click()  # ... and a choice
    expect(page.locator("#tv-board [data-option-of].shown:not(.preview)")).to_have_count(1)
    assert page.evaluate(SHOWN_LABELS) == []


BAG_COVERED = """() => { const bag = document.querySelector('#bag');
  return [...bag.querySelectorAll('text')].map((t) => t.getBoundingClientRect())
    .filter((b) => { const e = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
      return !(e && bag.contains(e)); }).length; }"""


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_the_open_bag_is_above_the_board(
    new_context: Any, server: ServerProcess, screen: str
) -> None:
    page, _size = on_screen(new_context, screen)
    open_carcassonne(page, server, options={"river": True})
    page.locator("#tv-board [data-toggle='bag']").first.click()
    expect(page.locator("#bag")).to_be_visible()
    assert page.evaluate(BAG_COVERED) == 0  # no count in the bag drawn under the board


NAME_AND_POINTS = """() => [...document.querySelectorAll('#tv-board text')]
  .filter((t) => / pts$/.test(t.textContent) && t.previousElementSibling?.tagName === 'text'
    && t.previousElementSibling.getAttribute('y') === t.getAttribute('y'))
  .map((t) => t.getBoundingClientRect().left
    - t.previousElementSibling.getBoundingClientRect().right)"""


def test_a_clocktowers_bot_name_keeps_clear_of_its_points(
    new_context: Any, server: ServerProcess
) -> None:
    page = new_context(viewport=DESKTOP).new_page()
    body = {"game": "clocktowers", "seats": ["human", "ismcts:iterations=300"], "seed": 3}
    created = httpx.post(f"{server.url}/api/matches", json=body).json()
    page.goto(server.url + created["seats"][0]["url"])
    wait_shown(page)
    gaps = page.evaluate(NAME_AND_POINTS)
    assert gaps, "no seat's name and points"
    assert min(gaps) >= 6, gaps  # "Bot B (ISMCTS, medium)" does not touch "0 pts"
