"""The match page does not jump when the first state arrives: its cumulative layout shift
(the browser's own layout-shift entries, as Lighthouse sums them) stays under 0.1 for
every game, and the status box (hidden until then, so in no entry) stays where it was laid
out, since the page reserves the picture's and the panel's space beforehand."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import WebSocketRoute, expect

from tavola.core.registry import game_classes
from tests.apps.web.helpers import (
    Seat,
    create_in_lobby,
    open_at_my_turn,
    open_my_seat,
    take_turn,
    wait_shown,
    wait_turn_or_end,
)
from tests.apps.web.test_hotseat import played_until_the_second_seat_moves
from tests.apps.web.test_replay import finished_match
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser

# every layout shift of the page, with the nodes it moved
SHIFTS = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (!entry.hadRecentInput) window.__shifts.push({
      value: entry.value,
      nodes: (entry.sources || []).map((s) => (s.node ? s.node.id || s.node.nodeName : "?")),
    });
  }
}).observe({ type: "layout-shift", buffered: true });
"""
# on a match page, also where the status box is once the page is read, before any state
# can have come (the socket's first message comes after this event): the panel is hidden
# then, so its move counts in no layout-shift entry, but a phone draws it under the board
OBSERVE = (
    SHIFTS
    + """
document.addEventListener("DOMContentLoaded", () => {
  window.__statusAt = document.getElementById("tv-status").getBoundingClientRect().top + scrollY;
});
"""
)
STATUS_AT = "document.getElementById('tv-status').getBoundingClientRect().top + scrollY"


SCREENS = {"desktop": {"width": 1366, "height": 800}, "phone": {"width": 390, "height": 844}}


@pytest.mark.parametrize("screen", sorted(SCREENS))
@pytest.mark.parametrize("game", sorted(game_classes()))
def test_the_match_page_does_not_jump(
    new_context: Any, server: ServerProcess, game: str, screen: str
) -> None:
    context = new_context(viewport=SCREENS[screen])
    context.add_init_script(OBSERVE)
    page = context.new_page()
    open_at_my_turn(page, server.url, game)
    page.wait_for_timeout(500)
    shifts: list[dict[str, Any]] = page.evaluate("window.__shifts")
    total = sum(shift["value"] for shift in shifts)
    assert total < 0.1, shifts
    moved = page.evaluate(STATUS_AT) - page.evaluate("window.__statusAt")
    assert abs(moved) <= 0.01 * SCREENS[screen]["height"], moved


# Where the towers are on the page (the first tower's box, the page's scroll included).
TOWERS_AT = """() => {
  const box = document.querySelector('#tv-board [data-feature^="tower-"]').getBoundingClientRect();
  return [box.left, box.top + window.scrollY, box.width].map(Math.round);
}"""


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_campanile_keeps_its_towers_in_place_from_a_build_to_a_take(
    new_context: Any, server: ServerProcess, screen: str
) -> None:
    page = new_context(viewport=SCREENS[screen]).new_page()
    open_at_my_turn(page, server.url, "campanile", "&lang=de")
    board = page.locator("#tv-board")
    assert board.locator("[data-action^='build ']").count(), "the first turn builds"
    on_build = page.evaluate(TOWERS_AT)
    for _ in range(6):  # the build, maybe a marker, then the take
        take_turn(page, 1)
        wait_turn_or_end(page)
        if board.locator("[data-action^='take ']").count():
            break
    assert board.locator("[data-action^='take ']").count(), "a take turn came"
    assert page.evaluate(TOWERS_AT) == on_build


def test_a_campanile_spectator_sees_no_blank_band(new_context: Any, server: ServerProcess) -> None:
    body = {"game": "campanile", "seats": ["human", "human"], "seed": 2}
    created = httpx.post(f"{server.url}/api/matches", json=body).json()
    page = new_context(viewport=SCREENS["phone"]).new_page()
    page.goto(server.url + created["spectate"])
    wait_shown(page)
    # a spectator has no hand: its empty band would be a blank 150 px (an svg's default)
    drawn = "() => [...document.querySelectorAll('.part-section')].map(s => s.children.length)"
    assert all(page.evaluate(drawn)), page.evaluate(drawn)


def layout_shift(page: Any) -> tuple[float, list[dict[str, Any]]]:
    """The page's shifts, summed, and every shift. (The bar on top counts too: on a phone
    it folded its links into a menu as topbar.js ran, and a first paint before that moved
    the account's box, CLS 0.01 at times, on every page; CSS folds them now.)"""
    shifts: list[dict[str, Any]] = page.evaluate("window.__shifts")
    return sum(shift["value"] for shift in shifts), shifts


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_the_lobby_does_not_jump_as_your_matches_fill_in(
    new_context: Any, server: ServerProcess, screen: str
) -> None:
    """Playtest 9 #5: in a browser with several matches the lobby's cards on the right
    moved down by 54, 138 and 167 px as "Your matches" and "Your turn" filled in (CLS
    0.054). Back in the lobby, they stay where they were drawn."""
    context = new_context(viewport=SCREENS[screen])
    page = context.new_page()
    for game in ("clocktowers", "carcassonne", "campanile", "clocktowers"):
        create_in_lobby(page, server.url, game, [Seat("you", "Ada"), Seat("heuristic")])
    page.goto(server.url + "/")
    expect(page.locator("#tv-mine li .standing")).to_have_count(4)
    context.add_init_script(SHIFTS)
    page.reload()
    expect(page.locator("#tv-mine li .standing")).to_have_count(4)
    expect(page.locator("#tv-turns-card")).to_be_visible()
    page.wait_for_timeout(1000)
    total, shifts = layout_shift(page)
    assert total < 0.005, shifts


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_the_replay_does_not_jump_as_its_record_comes(
    new_context: Any, server: ServerProcess, screen: str
) -> None:
    """Playtest 9 #5: the river game's replay shifted 0.023 as its score table filled in
    (35 to 104 px tall) and the score chart under it jumped 92 px."""
    match, _ = finished_match(server, "carcassonne", options={"river": True})
    context = new_context(viewport=SCREENS[screen])
    context.add_init_script(SHIFTS)
    page = context.new_page()
    page.goto(f"{server.url}/m/{match}/replay?lang=de")
    page.wait_for_selector("#main[data-step='0']")
    page.wait_for_timeout(800)
    total, shifts = layout_shift(page)
    assert total < 0.005, shifts


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_the_hotseat_page_does_not_jump_as_its_log_fills_in(
    new_context: Any, server: ServerProcess, screen: str
) -> None:
    """Playtest 10 #4: a hotseat match opened on its curtain ("Pass the screen to Bob")
    shifted 0.058 on every load: the log filled in and pushed the chat and the keyboard's
    hint down (by 386 px), where the other match pages measure 0.0002."""
    match, tokens = played_until_the_second_seat_moves(server.url, "clocktowers", moves=12)
    context = new_context(viewport=SCREENS[screen])
    page = context.new_page()
    page.goto(f"{server.url}/m/{match}?hotseat={tokens}")
    page.wait_for_selector("#main[data-curtain='true']")
    expect(page.locator("#tv-log > li.entry")).not_to_have_count(0)
    context.add_init_script(SHIFTS)
    page.reload()
    page.wait_for_selector("#main[data-curtain='true']")
    expect(page.locator("#tv-log > li.entry")).not_to_have_count(0)
    page.wait_for_timeout(800)
    _total, shifts = layout_shift(page)
    # the panel's shifts (a phone's bar on top moves "main" at times as fonts load, 0.012
    # once in 3 loads, on every match page: not this page's log)
    panel = [s for s in shifts if set(s["nodes"]) - {"main", "NAV", "A", "HEADER"}]
    assert sum(shift["value"] for shift in panel) < 0.005, shifts


@pytest.mark.parametrize("game", ["carcassonne", "clocktowers"])
def test_the_sidebar_stands_still_while_a_bot_thinks(
    new_context: Any, server: ServerProcess, game: str
) -> None:
    """Playtest 11 #3: against a bot that takes more than half a second, the sidebar moved
    on every turn with no input: the status box went from one line to two (the scores 23 px
    down) and the log and chat jumped 300-440 px as the moves' list came and went (CLS 0.113
    in 6 Carcassonne turns, 3.27 over a game). The bot thinks 0.7 s a move here."""
    body = {
        "game": game,
        "seats": ["human", "ismcts:iterations=20000,time=0.7"],
        "names": ["Giulia", ""],
        "seed": 4,
    }
    context = new_context(viewport=SCREENS["desktop"], locale="it-IT")
    context.add_init_script(SHIFTS)
    page = context.new_page()
    created = httpx.post(f"{server.url}/api/matches", json=body).json()
    page.goto(f"{server.url}{created['seats'][0]['url']}&lang=it")
    wait_shown(page)
    for turn in range(6):
        if wait_turn_or_end(page) == "over":
            break
        take_turn(page, turn)
    wait_turn_or_end(page)
    page.wait_for_timeout(300)
    _total, shifts = layout_shift(page)
    # not the bar on top, which moves "main" at times as its fonts load (every page)
    side = [shift for shift in shifts if "main" not in shift["nodes"]]
    assert sum(shift["value"] for shift in side) < 0.002, shifts


# where the lesson's buttons, the zoom bar and the picture are once the page is read, and now
LESSON_BOXES = """(() => ["#tv-lesson-restart", ".lesson-buttons", ".board-bar", "#tv-board"]
.map((s) => {
  const box = document.querySelector(s).getBoundingClientRect();
  return [Math.round(box.left), Math.round(box.top + scrollY)];
}))"""


@pytest.mark.parametrize("screen", sorted(SCREENS))
@pytest.mark.parametrize("game", sorted(g for g, c in game_classes().items() if c.lessons()))
def test_a_lesson_stands_still_as_its_first_step_comes(
    new_context: Any, server: ServerProcess, game: str, screen: str
) -> None:
    """Playtest 11 #2: the lesson's words came after the first paint and pushed its buttons,
    the zoom bar and the picture down by 74-98 px on a desktop (CLS 0.017-0.024), 165-247 px
    on a phone; the restart link jumped 141 px sideways."""
    lesson = game_classes()[game].lessons()[0]
    context = new_context(viewport=SCREENS[screen])
    context.add_init_script(
        SHIFTS
        + "document.addEventListener('DOMContentLoaded', () => { window.__boxes = "
        + LESSON_BOXES
        + "(); });"
    )
    page = context.new_page()
    page.goto(f"{server.url}/learn/{game}/{lesson.id}?restart=1")
    page.wait_for_url("**match=**")
    expect(page.locator("[data-lesson-target]")).to_have_count(1)
    page.wait_for_timeout(500)
    assert page.evaluate(LESSON_BOXES + "()") == page.evaluate("window.__boxes")
    total, shifts = layout_shift(page)
    assert total < 0.005, shifts


# where the side panel's parts under the moves' box are, on the page
SIDE_BELOW = """() => ["#tv-table", "#tv-log"]
.map((s) => Math.round(document.querySelector(s).getBoundingClientRect().top + scrollY))"""


def test_the_sidebar_stays_put_after_your_first_action(
    new_context: Any, server: ServerProcess
) -> None:
    """Playtest 12 #2: on a desktop (de) the take-back ("Meine letzte Aktion zurücknehmen")
    came after the first action of the game and stayed, pushing the hint, the table's
    buttons, the log and the chat 63 px down (the hint from y 734 to 797)."""
    page = new_context(viewport=SCREENS["desktop"]).new_page()
    open_at_my_turn(page, server.url, "carcassonne", "&lang=de")
    before = page.evaluate(SIDE_BELOW)
    take_turn(page, 0)  # a tile placed: still to move, and it may be taken back
    wait_turn_or_end(page)
    takeback = page.get_by_role("button", name="Meine letzte Aktion zurücknehmen")
    expect(takeback).to_be_visible()
    assert page.evaluate(SIDE_BELOW) == before
    take_turn(page, 1)  # the follower or not: the turn passes, no take-back now
    wait_turn_or_end(page)
    expect(takeback).to_be_hidden()
    assert page.evaluate(SIDE_BELOW) == before


def test_a_rated_match_keeps_no_room_for_a_take_back(
    new_context: Any, server: ServerProcess
) -> None:
    """A rated match takes nothing back: no blank where the take-back would be."""
    body = {"game": "carcassonne", "seats": ["human", "human"], "names": ["Ada", "Bruno"]}
    created = httpx.post(f"{server.url}/api/matches", json={**body, "rated": True}).json()
    page = new_context(viewport=SCREENS["desktop"]).new_page()
    page.goto(f"{server.url}{created['seats'][0]['url']}")
    wait_shown(page)
    take_turn(page, 0)
    wait_turn_or_end(page)
    assert page.locator("#tv-takeback").bounding_box() is None


def test_a_new_hotseat_match_opens_still_from_the_lobby(
    new_context: Any, server: ServerProcess
) -> None:
    """Playtest 12 #8: a hotseat match opened from the lobby just after its creation (the
    creator's hand shown at once, the other seats' sockets still opening) flickered: a
    "Connection lost; reconnecting…" line came over the scores for 60 ms, moving them and
    the moves 31 px down and back (two shifts of 0.0054 with no input). Reloads did not."""
    context = new_context(viewport=SCREENS["desktop"])
    context.add_init_script(SHIFTS)
    page = context.new_page()
    seats = [Seat("you", "Annegret"), Seat("hotseat", "Bruno"), Seat("hotseat", "Carla")]
    create_in_lobby(page, server.url, "campanile", seats, {"edition": "1996"})
    # the network as it was then: the first seat's socket opens at once, the other two
    # after its state has come (a slower handshake, 0.4 s; without it, 2 loads in 3 did so)
    sockets: list[str] = []

    def slow_after_the_first(route: WebSocketRoute) -> None:
        sockets.append(route.url)
        if len(sockets) > 1:
            page.wait_for_timeout(400)
        route.connect_to_server()

    page.route_web_socket(re.compile(r"/ws\?"), slow_after_the_first)
    open_my_seat(page)
    expect(page.locator("#main[data-turn='you']")).to_have_count(1)
    page.wait_for_timeout(800)
    _total, shifts = layout_shift(page)
    panel = [s for s in shifts if set(s["nodes"]) - {"main", "NAV", "A", "HEADER"}]
    assert sum(shift["value"] for shift in panel) < 0.001, shifts


# where the whole log's heading and the review's progress are, in the window
IN_VIEW = """["#tv-review-progress", ".log-area > summary"]
.map((s) => Math.round(document.querySelector(s).getBoundingClientRect().top))"""


def test_the_review_s_result_moves_nothing_in_view(new_context: Any, server: ServerProcess) -> None:
    """Playtest 12 #9: in a Carcassonne replay (desktop, de) the review's result (the luck,
    the chart and the flagged moves) came 27 s after the click above the whole log, which
    was in view, and pushed it out of the window: one shift of 0.109 with no input."""
    match, _ = finished_match(server, "carcassonne", seed=12)
    context = new_context(viewport=SCREENS["desktop"])
    context.add_init_script(SHIFTS)
    page = context.new_page()
    page.goto(f"{server.url}/m/{match}/replay?lang=de")
    page.wait_for_selector("#main[data-step='0']")
    page.get_by_role("button", name="Züge analysieren").click()
    page.wait_for_selector("#main[data-review='running'], #main[data-review='done']")
    page.wait_for_timeout(600)  # the click's own moves are done
    before = page.evaluate(IN_VIEW)
    assert 0 < before[0] < SCREENS["desktop"]["height"], before  # what the reader watches
    page.wait_for_selector("#main[data-review='done']", timeout=120_000)
    page.wait_for_timeout(300)
    assert page.evaluate(IN_VIEW) == before
    total, shifts = layout_shift(page)
    assert total < 0.005, shifts


PHONE = {"viewport": SCREENS["phone"], "is_mobile": True, "has_touch": True}


@pytest.mark.parametrize("game", ["campanile", "carcassonne", "clocktowers"])
def test_a_phone_s_sidebar_stands_still_when_the_turn_comes_back(
    new_context: Any, server: ServerProcess, game: str
) -> None:
    """Playtest 13 #1: on a phone (de), Campanile with a heuristic bot and an ISMCTS bot, the
    box of moves was gone while the bots played and came back with the turn, more than half a
    second after the last tap: the table's buttons went from y 139 to 717, the log and the
    chat out of the screen (a shift of 0.54 with no input, 4 times in 12 turns). The second
    bot thinks 0.7 s a move here; the box keeps its room, framed, and says whose move it is.
    In ClockTowers the picture grew with the bots' towers and pushed the panel 34-148 px
    down (0.31 in 8 turns): the page's scroll follows the panel now."""
    body = {
        "game": game,
        "options": {"players": 3},
        "seats": ["human", "heuristic", "ismcts:iterations=20000,time=0.7"],
        "names": ["Greta", "", ""],
        "seed": 5,
    }
    created = httpx.post(f"{server.url}/api/matches", json=body).json()
    context = new_context(**PHONE, locale="de-DE")
    context.add_init_script(SHIFTS)
    page = context.new_page()
    page.goto(f"{server.url}{created['seats'][0]['url']}&lang=de")
    wait_shown(page)
    waiting = page.locator("#tv-actions .waiting")
    saw_waiting = False
    for turn in range(8):
        if wait_turn_or_end(page) == "over":
            break
        take_turn(page, turn, touch=True)
        if page.locator("#main[data-turn='you']").count() == 0 and waiting.is_visible():
            expect(waiting).to_contain_text("ist am Zug")
            saw_waiting = True
    wait_turn_or_end(page)
    page.wait_for_timeout(300)
    _total, shifts = layout_shift(page)
    # not the bar on top, which moves "main" at times as its fonts load (every page)
    side = [shift for shift in shifts if "main" not in shift["nodes"]]
    assert sum(shift["value"] for shift in side) < 0.005, shifts
    assert saw_waiting, "the box said whose move it was while a bot thought"


# the log's empty line (its ::before, as the chat's), its height, and the chat's top under
# the log's (the picture above them may grow: a phone's Campanile towers)
EMPTY_LOG = """() => { const log = document.getElementById('tv-log');
  const said = getComputedStyle(log, '::before').content;
  const box = log.getBoundingClientRect();
  const chat = document.getElementById('tv-chat-area').getBoundingClientRect().top - box.top;
  return [log.children.length ? '' : said, Math.round(box.height), Math.round(chat)]; }"""
# (the context, the language, what the empty log says, the most of the window its box takes)
EMPTY_LOG_ON: dict[str, tuple[dict[str, Any], str, str, float]] = {
    "phone": ({**PHONE, "device_scale_factor": 3}, "fr", '"Aucun coup pour l\'instant."', 0.35),
    "desktop": ({"viewport": SCREENS["desktop"]}, "de", '"Noch kein Zug."', 0.5),
}


@pytest.mark.parametrize("screen", sorted(EMPTY_LOG_ON))
@pytest.mark.parametrize("game", ["campanile", "carcassonne", "clocktowers"])
def test_the_empty_log_says_so_and_keeps_its_box_as_the_moves_come(
    new_context: Any, server: ServerProcess, game: str, screen: str
) -> None:
    """Issue 28: on a phone (fr) at a ClockTowers match's first turn the log ("Journal") was
    an empty white box 422 px high, no word in it, where the chat under it said "Aucun
    message pour l'instant.". It says there is no move yet, takes a third of the phone's
    screen, and keeps that box as the moves come (the chat under it stays put, no shift)."""
    args, lang, empty, share = EMPTY_LOG_ON[screen]
    body = {"game": game, "seats": ["human", "heuristic"], "names": ["Élise", ""], "seed": 6}
    created = httpx.post(f"{server.url}/api/matches", json=body).json()
    context = new_context(**args, locale=lang)
    context.add_init_script(SHIFTS)
    page = context.new_page()
    page.goto(f"{server.url}{created['seats'][0]['url']}&lang={lang}")
    wait_shown(page)
    wait_turn_or_end(page)
    said, height, chat = page.evaluate(EMPTY_LOG)
    assert said == empty
    assert height <= share * args["viewport"]["height"], height
    page.locator("#tv-log").scroll_into_view_if_needed()  # the player reads the log
    for turn in range(6):
        if wait_turn_or_end(page) == "over":
            break
        take_turn(page, turn, touch=screen == "phone")
        assert page.evaluate(EMPTY_LOG)[1:] == [height, chat], turn
    expect(page.locator("#tv-log > li.entry")).not_to_have_count(0)
    assert page.evaluate(EMPTY_LOG) == ["", height, chat]
    _total, shifts = layout_shift(page)
    side = [shift for shift in shifts if "main" not in shift["nodes"]]
    assert sum(shift["value"] for shift in side) < 0.005, shifts


# where the panel's status box is in the page each time it moves there, from the first click,
# tap or key on, but half a second after the last (as a layout shift's hadRecentInput)
PANEL_MOVES = """
window.__panelMoves = [];
let lastInput = null;
for (const type of ["pointerdown", "keydown"]) {
  addEventListener(type, () => { lastInput = performance.now(); }, true);
}
let panelAt = null;
const watch = () => {
  const status = document.getElementById("tv-status");
  const now = status ? Math.round(status.getBoundingClientRect().top + scrollY) : null;
  if (panelAt !== null && now !== panelAt && lastInput !== null
      && performance.now() - lastInput > 500) window.__panelMoves.push([panelAt, now]);
  panelAt = now;
  requestAnimationFrame(watch);
};
requestAnimationFrame(watch);
"""


# a point (client px) on the first tile's meadow below its road, which the others' tiles
# make larger, and the words for it longer
ON_THE_FIRST_MEADOW = """() => {
  const tile = document.querySelector('#tv-board .part-board g.tile[transform="translate(0,0)"]');
  const box = tile.getBoundingClientRect();
  return [box.left + box.width * 0.2, box.top + box.height * 0.8];
}"""


@pytest.mark.parametrize("width", [760, 1000])
def test_a_narrow_window_s_board_words_move_nothing(
    new_context: Any, server: ServerProcess, width: int
) -> None:
    """Issue 28: on a narrow desktop window (760 px, a mouse) the words about what lies
    under the pointer took lines of their own under the board: 1, 2, then 4 as the bots'
    tiles came (a redraw clears them, the resting pointer describes anew), and the scores
    and the moves under them moved 22-64 px with no input. They float beside the pointer
    there too, as on a wide screen: over a dozen turns, the mouse resting on the board
    while the others move, the panel under the board stays where it is in the page and
    nothing shifts."""
    body = {
        "game": "carcassonne",
        "options": {"players": 3},
        "seats": ["human", "heuristic", "random"],
        "names": ["Giulia", "", ""],
        "seed": 7,
    }
    created = httpx.post(f"{server.url}/api/matches", json=body).json()
    context = new_context(viewport={"width": width, "height": 800}, locale="it-IT")
    context.add_init_script(SHIFTS + PANEL_MOVES)
    page = context.new_page()
    # the others' moves 300 ms apart: redraws come while the pointer rests
    page.goto(f"{server.url}{created['seats'][0]['url']}&lang=it&pause=300")
    wait_shown(page)
    info = page.locator("#tv-info")
    described = 0
    for turn in range(12):
        if wait_turn_or_end(page) == "over":
            break
        take_turn(page, turn)
        page.mouse.move(*page.evaluate(ON_THE_FIRST_MEADOW))
        page.wait_for_timeout(100)
        described += bool(info.text_content())
    wait_turn_or_end(page)
    page.wait_for_timeout(600)
    assert described >= 6, described  # the pointer rested on what the words describe
    assert page.evaluate("window.__panelMoves") == []
    _total, shifts = layout_shift(page)
    side = [shift for shift in shifts if "main" not in shift["nodes"]]
    assert sum(shift["value"] for shift in side) == 0, shifts
