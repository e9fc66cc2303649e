"""The replay viewer: a finished match stepped through by keys, buttons, the slider and the
chart; a record file uploaded; a file that is no record refused with the reason."""

from __future__ import annotations

import io
import itertools
import json
import re
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from PIL import Image
from playwright.sync_api import Page, expect

import tavola
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser


def finished_match(
    server: ServerProcess,
    game: str = "clocktowers",
    names: tuple[str, str] = ("Ada", "Bob"),
    options: dict[str, Any] | None = None,
    seed: int = 5,
) -> tuple[str, dict[str, Any]]:
    """A match of bots only, played to its end by the server; its id and record."""
    created = httpx.post(
        f"{server.url}/api/matches",
        json={
            "game": game,
            "seats": ["random", "random"],
            "names": list(names),
            "seed": seed,
            **({"options": options} if options else {}),
        },
    )
    created.raise_for_status()
    match = created.json()["id"]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        answer = httpx.get(f"{server.url}/api/matches/{match}/record")
        if answer.status_code == 200:
            return match, answer.json()
        time.sleep(0.2)
    raise AssertionError("the bots did not finish the match")


def step(page: Page) -> int:
    return int(page.locator("#main").get_attribute("data-step") or "-1")


def wait_step(page: Page, wanted: int) -> None:
    page.wait_for_selector(f"#main[data-step='{wanted}']")


def test_stepping_through_a_finished_match(page: Page, server: ServerProcess) -> None:
    match, record = finished_match(server)
    final = tavola.replay(record)
    last = len(record["actions"])

    page.goto(f"{server.url}/m/{match}")
    page.wait_for_selector("#main[data-over='true']")
    page.get_by_role("link", name="Replay this match").click()
    wait_step(page, 0)
    assert page.locator("#main").get_attribute("data-steps") == str(last)
    expect(page.locator("#tv-step")).to_contain_text(f"Step 0 of {last}")
    expect(page.locator("#tv-board .tavola-board")).to_be_visible()
    # the picture names the seats as the table does: Ada and Bob, no "Seat A"
    expect(page.locator("#tv-board .tavola-board")).to_contain_text("Ada")
    expect(page.locator("#tv-board .tavola-board")).not_to_contain_text("Seat A")

    # the heading names the players, not the match's id; the log and the step say the moves
    # in words, the notation never (the record keeps it)
    expect(page.locator("h1")).to_contain_text("Ada, Bob")
    expect(page.locator("h1")).not_to_contain_text(match)
    expect(page.locator("#tv-log > li.entry")).to_have_count(last)
    expect(page.locator("#tv-log code.notation")).to_have_count(0)
    page.keyboard.press("ArrowRight")
    wait_step(page, 1)
    expect(page.locator("#tv-step")).to_contain_text("Ada: ")
    expect(page.locator("#tv-step")).not_to_contain_text(f": {record['actions'][0]}")
    first_svg = page.locator("#tv-board").inner_html()
    page.get_by_role("button", name="Next step").click()
    wait_step(page, 2)
    assert page.locator("#tv-board").inner_html() != first_svg
    page.get_by_role("button", name="Previous step").click()
    wait_step(page, 1)
    assert page.locator("#tv-board").inner_html() == first_svg
    page.keyboard.press("End")
    wait_step(page, last)
    scores = [int(t) for t in page.locator("#tv-scores tbody td.num").all_inner_texts()]
    assert scores == list(final.scores)
    expect(page.locator("#tv-scores .tag.won")).to_have_count(len(final.winners))
    page.keyboard.press("Home")
    wait_step(page, 0)

    # the slider, and a click on an entry of the log
    page.get_by_label("Step", exact=True).focus()
    page.keyboard.press("ArrowRight")
    wait_step(page, 1)
    page.locator("#tv-log > li").nth(4).click()
    wait_step(page, 5)
    expect(page.locator("#tv-log > li.current")).to_have_count(1)

    # the chart: one line per seat and the marker at this step
    assert page.locator("#tv-chart polyline").count() == 2
    # a link to share this step opens the viewer at it
    share = page.locator("#tv-share").get_attribute("href")
    assert share is not None
    assert share.endswith("#step=5")
    page.goto(share)
    page.reload()
    wait_step(page, 5)

    # the record to download is the server's
    href = page.locator("#tv-download").get_attribute("href")
    assert href is not None
    with page.expect_download() as download:
        page.locator("#tv-download").click()
    saved = json.loads(Path(download.value.path()).read_text())
    assert saved == record


def test_a_record_file_replays_and_a_bad_one_is_refused(
    page: Page, server: ServerProcess, tmp_path: Path
) -> None:
    state = tavola.load("campanile", players=2).new_game(seed=3)
    for _ in range(12):
        state.apply(state.legal_actions()[0])
    good = tmp_path / "game.json"
    good.write_text(json.dumps(state.record()))
    bad = tmp_path / "bad.json"
    broken = state.record()
    broken["actions"][3] = "build nowhere"
    bad.write_text(json.dumps(broken))

    page.goto(f"{server.url}/replay")
    page.get_by_label("Choose a record file").set_input_files(str(good))
    wait_step(page, 0)
    assert page.locator("#main").get_attribute("data-steps") == "12"
    page.keyboard.press("End")
    wait_step(page, 12)
    # a record file's link carries the record
    share = page.locator("#tv-share").get_attribute("href")
    assert share is not None
    assert "#record=" in share
    page.goto(share)
    page.reload()
    wait_step(page, 12)

    page.get_by_label("Choose a record file").set_input_files(str(bad))
    refusal = page.locator("#tv-refusal")
    expect(refusal).to_be_visible()
    expect(refusal).to_contain_text("action 4")


def test_events_name_the_seats_by_their_names(page: Page, server: ServerProcess) -> None:
    # The engine's texts name seats P0, P1; the log and the replay say Ada and Bob, as the
    # board and the seat list do.
    match, _ = finished_match(server, "carcassonne")
    engine_names = r"/\bP\d\b/"
    for path in (f"/m/{match}", f"/m/{match}/replay"):
        page.goto(f"{server.url}{path}")
        page.wait_for_selector(".event-table")
        texts = page.locator(".event").all_inner_texts()
        assert texts
        assert not [text for text in texts if page.evaluate(f"t => {engine_names}.test(t)", text)]
        assert any(text.startswith(("Ada scores", "Bob scores")) for text in texts)


# The texts of the picture whose boxes the zoom toolbar's box meets (those in view), and
# whether the toolbar lies above the picture's box, covering none of it.
TOOLS_OVER = """() => {
  const tools = document.querySelector(".board-tools").getBoundingClientRect();
  const board = document.querySelector("#tv-board").getBoundingClientRect();
  const texts = [...document.querySelectorAll("#tv-board text")].filter((text) => {
    const box = text.getBoundingClientRect();
    return box.width && box.left < tools.right && box.right > tools.left
      && box.top < tools.bottom && box.bottom > tools.top;
  }).map((text) => text.textContent);
  return { texts, above: tools.bottom <= board.top };
}"""


@pytest.mark.parametrize("game", ["campanile", "clocktowers", "carcassonne"])
def test_the_zoom_toolbar_covers_nothing_of_the_picture(
    page: Page, server: ServerProcess, game: str
) -> None:
    # docked above the picture as on the match page, not over its header's words
    match, _ = finished_match(server, game)
    page.set_viewport_size({"width": 1366, "height": 800})
    page.goto(f"{server.url}/m/{match}/replay#step=5")
    wait_step(page, 5)
    expect(page.locator("#tv-board .tavola-board")).to_be_visible()
    assert page.evaluate(TOOLS_OVER) == {"texts": [], "above": True}


def test_a_scoring_table_fits_in_the_log(page: Page, server: ServerProcess) -> None:
    # long names, the 1996 edition's final scoring: the table wraps inside the log's width
    names = ("Ada Lovelace-Byron", "Bot B (heuristic, easy)")
    match, _ = finished_match(server, "campanile", names, {"edition": "1996"})
    page.set_viewport_size({"width": 1366, "height": 800})
    page.goto(f"{server.url}/m/{match}")
    page.wait_for_selector("#main[data-over='true']")
    page.wait_for_selector(".log .event-table")
    sizes = page.evaluate(
        "() => [...document.querySelectorAll('.log')]"
        ".map((log) => [log.scrollWidth, log.clientWidth])"
    )
    assert sizes
    assert all(scrolled <= shown for scrolled, shown in sizes), sizes


FINAL_TABLE = """() => {
  const log = [...document.querySelectorAll(".log")].find((list) => list.offsetParent);
  const tables = log.querySelectorAll(".event-table");
  const table = tables[tables.length - 1];
  const [shown, caption, whole] = [log, table.querySelector("caption"), table]
    .map((node) => node.getBoundingClientRect());
  return { caption: caption.top >= shown.top && caption.bottom <= shown.bottom,
    table: whole.top >= shown.top && whole.bottom <= shown.bottom,
    wide: [log.scrollWidth, log.clientWidth] };
}"""

# The final scoring's words broken across two lines (a word whose box has two rects: a name
# may wrap at its spaces and after a hyphen, a place such as "column -3" is one word), its
# names cut (wider than their box, or past their cell), its seats not shown as a badge and
# a name (the whole name in the title and the text), and its heading told twice (an event's
# sentence the same as its table's caption). A table too wide for its log drops to its
# compact form, where a name is in its line's title and said to screen readers only.
FINAL_TABLE_WORDS = """() => {
  const log = [...document.querySelectorAll(".log")].find((list) => list.offsetParent);
  const tables = log.querySelectorAll(".event-table");
  const table = tables[tables.length - 1];
  const broken = [];
  const cut = [];
  const walker = document.createTreeWalker(table.tBodies[0], NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const name = node.parentElement.closest(".seat-name");
    if (name && !table.classList.contains("compact")) {
      const [box, cell] = [name, name.closest("td")].map((n) => n.getBoundingClientRect());
      const wider = name.scrollWidth > name.clientWidth + 1;
      if (wider || box.right > cell.right + 1) cut.push(node.textContent);
    }
    const words = name ? /[^ \\t\\n-]+-?/g : /\\p{L}+[ \\u00a0]-?\\d+|[^ \\t\\n]+/gu;
    for (const word of node.textContent.matchAll(words)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      if (tops.size > 1) broken.push(word[0]);
    }
  }
  const seats = [...table.querySelectorAll(".seat-line")].filter((line) =>
    !line.querySelector(".badge") || line.querySelector(".seat-name").textContent !== line.title);
  const twice = [...log.querySelectorAll("li.event")].filter((item) => {
    const caption = item.querySelector(":scope > table > caption");
    const said = item.cloneNode(true);
    for (const part of said.querySelectorAll("table")) part.remove();
    return caption && said.textContent.trim() === caption.textContent.trim();
  }).map((item) => item.textContent.slice(0, 40));
  const lines = table.querySelectorAll(".seat-line").length;
  return { broken, cut, twice, seats: lines, unnamed: seats.length };
}"""


def test_the_final_scoring_shows_whole_in_the_log(new_context: Any, server: ServerProcess) -> None:
    """At the end of a game, the log's last table (its final scoring) is in the log's view
    with its caption (told once), without a sideways scroll and no word broken across lines
    ("column -3" one word), each seat its badge and its whole name (wrapped): Campanile
    2009 and 1996, Carcassonne and ClockTowers, on a desktop in English and on a phone in
    Italian (whose headers are longer)."""
    names = ("Ada Lovelace-Byron", "Bot B (heuristic, easy)")
    games = [
        ("campanile", None),
        ("campanile", {"edition": "1996"}),
        ("carcassonne", None),
        ("clocktowers", None),
    ]
    screens = [({"width": 1366, "height": 800}, "en"), ({"width": 390, "height": 844}, "it")]
    pages = [new_context(viewport=size).new_page() for size, _ in screens]
    for game, options in games:
        match, _ = finished_match(server, game, names, options)
        for page, (_, lang) in zip(pages, screens, strict=True):
            page.goto(f"{server.url}/m/{match}?lang={lang}")
            page.wait_for_selector("#main[data-over='true']")
            page.wait_for_selector(".log .event-table")
            shown = page.evaluate(FINAL_TABLE)
            assert shown["caption"], (game, lang, shown)
            assert shown["table"], (game, lang, shown)
            assert shown["wide"][0] <= shown["wide"][1], (game, lang, shown)
            words = page.evaluate(FINAL_TABLE_WORDS)
            assert words["broken"] == [], (game, lang, words)
            assert words["cut"] == [], (game, lang, words)
            assert words["twice"] == [], (game, lang, words)
            assert words["seats"] >= 2, (game, lang, words)
            assert words["unnamed"] == 0, (game, lang, words)


CHART_ENDS = """() => {
  const svg = document.querySelector('#tv-chart svg');
  const [, , width, height] = svg.getAttribute('viewBox').split(' ').map(Number);
  const boxes = [...svg.querySelectorAll("text[font-weight='bold']")].map((t) => t.getBBox());
  const inside = boxes.every((b) => b.x >= 0 && b.y >= 0 && b.x + b.width <= width
    && b.y + b.height <= height);
  const apart = boxes.every((b, i) => boxes.slice(i + 1).every((c) => b.y + b.height <= c.y
    || c.y + c.height <= b.y));
  return { labels: boxes.length, inside, apart };
}"""


def test_the_charts_end_letters_show_whole(page: Page, server: ServerProcess) -> None:
    """Each seat's letter at its line's end: inside the chart (the leader's not cut at its
    top edge), and not over another's."""
    match, _ = finished_match(server)
    page.goto(f"{server.url}/m/{match}/replay")
    page.wait_for_selector("#tv-chart polyline")
    assert page.evaluate(CHART_ENDS) == {"labels": 2, "inside": True, "apart": True}


# the board's tiles against its box: how far each side's last tile is inside (+) or cut (-)
TILES_IN_BOX = """() => {
  const view = document.querySelector('#tv-board .board-view').getBoundingClientRect();
  const tiles = [...document.querySelectorAll('#tv-board .board-view g.tile')]
    .map((t) => t.getBoundingClientRect());
  return [Math.min(...tiles.map((t) => t.left)) - view.left,
    view.right - Math.max(...tiles.map((t) => t.right)),
    Math.min(...tiles.map((t) => t.top)) - view.top,
    view.bottom - Math.max(...tiles.map((t) => t.bottom))];
}"""


def test_a_phones_replay_shows_the_board_without_cutting_one_side_for_an_empty_other(
    new_context: Any, server: ServerProcess
) -> None:
    """Carcassonne on a phone, step by step: where the board pans, no tile is cut on one
    side while the other side of the box shows empty cloth."""
    match, _ = finished_match(server, "carcassonne", options={"river": True})
    page = new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
    page.goto(f"{server.url}/m/{match}/replay?lang=it")
    wait_step(page, 0)
    lopsided = []
    for wanted in range(1, 14):
        page.keyboard.press("ArrowRight")
        wait_step(page, wanted)
        page.wait_for_selector("#tv-board .board-view g.tile")
        left, right, top, bottom = page.evaluate(TILES_IN_BOX)
        if min(left, right) < -1 < 1 < max(left, right) or min(top, bottom) < -1 < 1 < max(
            top, bottom
        ):
            lopsided.append((wanted, round(left), round(right), round(top), round(bottom)))
    assert not lopsided, lopsided


# the board's width, and how much of it the picture's columns span
DRAWN_ACROSS = """() => {
  const columns = [...document.querySelectorAll('#tv-board .section-column')]
    .map((c) => c.getBoundingClientRect());
  const across = Math.max(...columns.map((c) => c.right)) - Math.min(...columns.map((c) => c.left));
  return [document.querySelector('#tv-board').clientWidth, Math.round(across)];
}"""


def test_a_1996_replay_uses_the_pane_and_links_the_rules(
    new_context: Any, server: ServerProcess
) -> None:
    """The replay's picture takes the pane's width at every step, as the match page's does
    (not one column held to the window's height), and its top bar has the game's rules."""
    match, record = finished_match(server, "campanile", options={"edition": "1996"})
    page = new_context(viewport={"width": 1366, "height": 800}).new_page()
    page.goto(f"{server.url}/m/{match}/replay")
    rules = page.locator("header.topbar a[href='/rules/campanile']")
    expect(rules).to_have_text("Rules of Campanile, 1996 edition")
    widths = []
    for keys, wanted in (([], 0), (["ArrowRight"] * 10, 10), (["End"], len(record["actions"]))):
        for key in keys:
            page.keyboard.press(key)
        wait_step(page, wanted)
        widths.append(page.evaluate(DRAWN_ACROSS))
    assert all(drawn >= 0.95 * area - 4 for area, drawn in widths), widths


def test_a_phones_replay_opens_a_small_board_whole(new_context: Any, server: ServerProcess) -> None:
    """Playtest 4 #10: on a phone, step 10 of a Carcassonne replay opened cut at the left,
    the tile just placed cut at the right edge. Where nothing is to tap, the board is drawn as
    small as 12 px print allows, and the board of ten tiles shows whole."""
    match, _ = finished_match(server, "carcassonne", options={"river": True})
    page = new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
    page.goto(f"{server.url}/m/{match}/replay?lang=de#step=10")
    wait_step(page, 10)
    page.wait_for_selector("#tv-board .board-view g.tile")
    left, right, top, bottom = page.evaluate(TILES_IN_BOX)
    assert min(left, right, top, bottom) >= -1, (left, right, top, bottom)
    least = page.evaluate(
        "() => Math.min(...[...document.querySelectorAll('#tv-board .part-board text')]"
        ".map((t) => parseFloat(t.getAttribute('font-size')) * t.getScreenCTM().a))"
    )
    assert least >= 12, least


def test_the_french_log_keeps_its_colons_to_their_words(page: Page, server: ServerProcess) -> None:
    """French sets a no-break space before a colon: "Ada\u00a0: a pioché…", never "Ada: "
    nor a colon alone at a line's start (the log's entries and the replay's step line)."""
    match, _ = finished_match(server)
    page.goto(f"{server.url}/m/{match}/replay?lang=fr")
    wait_step(page, 0)
    page.keyboard.press("ArrowRight")
    wait_step(page, 1)
    said = [
        *page.locator("#tv-log > li.entry").all_inner_texts(),
        page.locator("#tv-step").inner_text(),
    ]
    loose = [text for text in said if re.search(r"[^\u00a0\u202f]:", text)]
    assert said
    assert loose == [], loose[:3]


# Where the replay's controls and the picture are in the window: the "next" button's top and
# bottom, the picture's top, and the page's scroll.
IN_REACH = """() => { const next = document.querySelector('#tv-next').getBoundingClientRect();
  const board = document.querySelector('#tv-board').getBoundingClientRect();
  return [next.top, next.bottom, board.top, scrollY]; }"""


def test_a_phones_replay_steps_with_the_picture_in_view(
    new_context: Any, server: ServerProcess
) -> None:
    """Playtest 8 #7: on a phone a ClockTowers replay's step buttons were at y=930, under a
    picture about 900 px tall, off the 844 px screen; scrolled to them, one saw only the
    picture's bottom change. They stay at the screen's bottom, the picture's top in view
    above them as one steps with them, and the page's end comes out above them."""
    match, _ = finished_match(server)
    context = new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{server.url}/m/{match}/replay?lang=it")
    wait_step(page, 0)
    page.wait_for_selector("#tv-board svg")
    for wanted in (1, 2, 3):
        top, bottom, board, scrolled = page.evaluate(IN_REACH)
        assert bottom <= 844, (top, bottom)
        assert 0 <= board < top - 200, (board, top)  # the picture's top in view above it
        page.locator("#tv-next").tap()
        wait_step(page, wanted)
        assert page.evaluate(IN_REACH)[3] == scrolled  # the page did not move to the button
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    end = page.locator("#main p.muted.small").last.bounding_box()
    bar = page.locator(".stepper").bounding_box()
    assert end is not None
    assert bar is not None
    assert end["y"] + end["height"] <= bar["y"], (end, bar)


# the replay's links: each one's box, and the lines that start with a "·" (a text's dot
# with nothing left of it on its line)
LINKS = """() => { const links = document.querySelector('.links');
  const items = [...links.querySelectorAll('a, button')].map((node) => {
    const box = node.getBoundingClientRect();
    return [node.textContent.trim(), Math.round(box.width), Math.round(box.height), box.top];
  });
  const walker = document.createTreeWalker(links, NodeFilter.SHOW_TEXT);
  const starts = [];
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    for (let i = text.data.indexOf('·'); i >= 0; i = text.data.indexOf('·', i + 1)) {
      const range = document.createRange();
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      const dot = range.getBoundingClientRect();
      const left = [...links.querySelectorAll('a, button')].filter((node) => {
        const box = node.getBoundingClientRect();
        return box.right <= dot.left && box.top < dot.bottom && dot.top < box.bottom;
      });
      if (!left.length) starts.push(text.data.slice(i).trim());
    }
  }
  return { items, starts };
}"""


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_phones_replay_links_are_tap_targets(
    new_context: Any, server: ServerProcess, lang: str
) -> None:
    """Playtest 9 #3: on a phone "Link to this step", "Download the record" and "Back to
    the match" were 19 px tall, and the wrapped line began "· Back to the match"."""
    match, _ = finished_match(server, "clocktowers", ("Maximiliane Friederike", "Bob"))
    page = new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
    page.goto(f"{server.url}/m/{match}/replay?lang={lang}")
    wait_step(page, 0)
    found = page.evaluate(LINKS)
    assert len(found["items"]) == 4, found
    assert all(height >= 44 for _text, _w, height, _top in found["items"]), found
    assert len({top for *_rest, top in found["items"]}) > 1, "the links wrap: nothing to test"
    assert not found["starts"], found


# the boxes of a row of links (a selector's), line by line (a link whose middle is within
# 8 px of the line's first one's is on its line), and the row's box, all scrolled into the
# middle of the screen (clear of a phone's steps at its bottom)
LINK_LINES = """(selector) => { const links = document.querySelector(selector);
  links.scrollIntoView({ block: 'center' });
  const lines = [];
  for (const node of links.querySelectorAll('a, button')) {
    const b = node.getBoundingClientRect();
    const box = [b.left, b.right, b.top, b.bottom];
    const line = lines.find((l) => Math.abs(l[0][2] + l[0][3] - b.top - b.bottom) < 16);
    if (line) line.push(box);
    else lines.push([box]);
  }
  for (const line of lines) line.sort((a, b) => a[0] - b[0]);
  const box = links.getBoundingClientRect();
  return { lines, box: [box.left, box.right] };
}"""


def ink_in(page: Page, left: float, right: float, top: float, bottom: float) -> int:
    """How many dark pixels the screen shows in a box (a text's, a dot's)."""
    if right - left < 1:
        return 0
    png = page.screenshot(clip={"x": left, "y": top, "width": right - left, "height": bottom - top})
    return sum(Image.open(io.BytesIO(png)).convert("L").histogram()[:160])


def assert_no_dot_at_a_lines_ends(page: Page, selector: str, told: object) -> None:
    """The links of the row at ``selector`` wrap, and on each line nothing is drawn before
    its first link or after its last; between two links on a line, a dot."""
    found = page.evaluate(LINK_LINES, selector)
    assert len(found["lines"]) > 1, "the links wrap: nothing to test"
    left, right = found["box"]
    for line in found["lines"]:
        top, bottom = min(b[2] for b in line), max(b[3] for b in line)
        before = ink_in(page, left - 4, line[0][0] - 1, top, bottom)
        after = ink_in(page, line[-1][1] + 1, right + 4, top, bottom)
        assert (before, after) == (0, 0), (told, found)
        for one, other in itertools.pairwise(line):
            assert ink_in(page, one[1] + 1, other[0] - 1, top, bottom), "no dot between"


@pytest.mark.parametrize(
    ("screen", "lang"),
    [("desktop", "en"), ("desktop", "fr"), ("phone", "de"), ("phone", "en")],
)
def test_the_replays_links_wrap_with_no_dot_at_a_lines_ends(
    new_context: Any, server: ServerProcess, screen: str, lang: str
) -> None:
    """Playtest 10 #3: a wrapped line of the links ended with a "·" ("Link to this step ·
    copy ·" / "Download the record · Back to the match"). On each line, nothing is drawn
    before its first link or after its last; between two links on a line, a dot."""
    match, _ = finished_match(server)
    size = {"width": 1366, "height": 800} if screen == "desktop" else {"width": 390, "height": 844}
    context = new_context(viewport=size, is_mobile=screen == "phone")
    page = context.new_page()
    page.goto(f"{server.url}/m/{match}/replay?lang={lang}")
    wait_step(page, 0)
    assert_no_dot_at_a_lines_ends(page, ".links", (lang, screen))
