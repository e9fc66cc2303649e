"""Carcassonne's board keeps its signs and coordinates off the tiles (playtest 12): the edge
signs in a strip of their own above the board's box, the axes in opaque strips at its top
and left, every number whole."""

from __future__ import annotations

import base64
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.apps.web.helpers import wait_turn_or_end
from tests.apps.web.test_board_screen import DESKTOP
from tests.apps.web.test_turn_to_turn import (
    PHONE_CONTEXT,
    SCROLL_TO,
    open_against_bot,
    play_first_move,
)
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser

# What a player sees of the board's box: its inside less the axes' strips (client px).
SHOWN = """const box = document.querySelector('#tv-board .board-view');
  const b = box.getBoundingClientRect();
  const strip = (name) => document.querySelector(`#tv-board .axis-${name} rect`)
    .getBoundingClientRect();
  const view = { left: strip('rows').right, top: strip('columns').bottom,
    right: b.left + box.clientLeft + box.clientWidth,
    bottom: b.top + box.clientTop + box.clientHeight };
  const meets = (a, c) => a.left < c.right - 1 && c.left < a.right - 1 && a.top < c.bottom - 1
    && c.top < a.bottom - 1;"""

# The shown signs over a placed tile's part in view; the cells to choose wholly out of the
# box with no sign readable (shown, in the window, on top) at an edge they lie past, and the
# signs' counts where they add up to fewer; the signs under 44 px.
SIGNS = f"""() => {{ {SHOWN}
  const inView = (r) => ({{ left: Math.max(r.left, view.left), top: Math.max(r.top, view.top),
    right: Math.min(r.right, view.right), bottom: Math.min(r.bottom, view.bottom) }});
  const tiles = [...box.querySelectorAll('.part-board g.tile')]
    .map((t) => t.getBoundingClientRect()).filter((r) => meets(r, view)).map(inView);
  const signs = [...document.querySelectorAll('.edge-sign:not([hidden])')];
  const over = signs.filter((s) => tiles.some((t) => meets(t, s.getBoundingClientRect())))
    .map((s) => s.textContent);
  const readable = (sign) => {{ if (sign.hidden) return false;
    const r = sign.getBoundingClientRect();
    const [x, y] = [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
    return r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight
      && sign.contains(document.elementFromPoint(x, y)); }};
  const read = {{}};
  for (const sign of document.querySelectorAll('.edge-sign')) {{
    const side = [...sign.classList].find((c) => c !== 'edge-sign').slice(5);
    read[side] = readable(sign) ? Number(sign.textContent.replace(/[^0-9]/g, '')) : 0;
  }}
  // a cell wholly out of the box is counted by a sign at an edge it lies past (in part)
  const unread = [];
  let out = 0;
  for (const cell of box.querySelectorAll('[data-choose]')) {{
    const r = cell.getBoundingClientRect();
    if (r.bottom > b.top && r.top < b.bottom && r.right > b.left && r.left < b.right) continue;
    const past = {{ top: r.top < b.top, bottom: r.bottom > b.bottom, left: r.left < b.left,
      right: r.right > b.right }};
    const sides = Object.keys(past).filter((side) => past[side]);
    out += 1;
    if (!sides.some((side) => read[side])) unread.push(sides.join('+'));
  }}
  const total = Object.values(read).reduce((a, n) => a + n, 0);
  if (total < out) unread.push(`${{total}} of ${{out}}`);
  const small = signs.map((s) => s.getBoundingClientRect())
    .filter((r) => r.width < 44 || r.height < 44).length;  // a finger's target
  return [over, unread, small]; }}"""


def _turns(page: Page, count: int, zoom: bool, covering: bool = True, steps: int = 2) -> int:
    """Play ``count`` turns with cells to choose, checking the signs in the views a finger
    scrolls to (``steps`` + 1 across and down; ``zoom``: a step in each turn; ``covering``:
    the tiles under them too); returns the turns played."""
    turns = 0
    for _ in range(3 * count):
        if wait_turn_or_end(page) == "over" or turns == count:
            break
        if page.locator("#tv-board .part-board [data-choose]").count():
            turns += 1
            if zoom and page.locator("[data-zoom='in']").is_enabled():
                page.locator("[data-zoom='in']").click()
            page.evaluate("() => new Promise((r) => requestAnimationFrame(() => r()))")
            views = [(x / steps, y / steps) for x in range(steps + 1) for y in range(steps + 1)]
            for where in [None, *views]:
                if where:
                    page.evaluate(SCROLL_TO, where)
                over, unread, small = page.evaluate(SIGNS)
                assert [over if covering else [], unread, small] == [[], [], 0], (turns, where)
        play_first_move(page)
    return turns


def test_no_sign_covers_a_tile_on_a_phone(new_context: Any, server: ServerProcess) -> None:
    """Playtest 12 #1, #4: on a phone, on each of 12 turns a sign ("↑ 7", 57x44 px) lay over
    a placed tile, up to 46x31 px of its 48; and a sign with no free place was hidden, its
    count with it. In every view of 12 turns, no sign covers a tile in view, and wherever a
    cell to choose lies out of the box a sign in the window reads how many (at least)."""
    page = new_context(**PHONE_CONTEXT).new_page()
    open_against_bot(page, server, "carcassonne", "de", 5)
    assert _turns(page, 12, zoom=False) == 12


def test_every_sign_reads_on_a_zoomed_board(new_context: Any, server: ServerProcess) -> None:
    """Playtest 12 #4, a phone zoomed in a step a turn (its cells as wide as the box, where a
    sign over the board found no free place and was hidden): every count reads."""
    page = new_context(**PHONE_CONTEXT).new_page()
    open_against_bot(page, server, "carcassonne", "it", 5)
    assert _turns(page, 12, zoom=True, covering=False, steps=4) == 12


def test_no_sign_covers_a_tile_on_a_desktop(new_context: Any, server: ServerProcess) -> None:
    """The same on a desktop, zoomed in a step a turn."""
    page = new_context(viewport=DESKTOP).new_page()
    open_against_bot(page, server, "carcassonne", "fr", 5)
    assert _turns(page, 5, zoom=True) == 5


# The axes' numbers shown but cut: by the other strip (a column's under the rows' strip, a
# row's under the columns'), or by the box's far edge.
CUT_NUMBERS = f"""() => {{ {SHOWN}
  return [...box.querySelectorAll('text.axis')].filter((t) => getComputedStyle(t).visibility
    !== 'hidden' && t.getClientRects().length).filter((t) => {{
      const r = t.getBoundingClientRect();
      return t.getAttribute('text-anchor') === 'end'
        ? r.top < view.top - 0.5 || r.bottom > view.bottom + 0.5
        : r.left < view.left - 0.5 || r.right > view.right + 0.5; }})
    .map((t) => t.textContent); }}"""


def zoomed_in(page: Page, server: ServerProcess, moves: int, zooms: int) -> Page:
    """``page`` on a German Carcassonne match against a bot, after ``moves`` of its own, on
    the board zoomed in ``zooms`` times."""
    open_against_bot(page, server, "carcassonne", "de", 5)
    for _ in range(moves):
        wait_turn_or_end(page)
        play_first_move(page)
    wait_turn_or_end(page)
    for _ in range(zooms):
        page.locator("[data-zoom='in']").click()
    return page


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_no_axis_number_is_cut(new_context: Any, server: ServerProcess, size: str) -> None:
    """Playtest 12 #3: the leftmost column's number on a phone read "14" for "-14", its
    minus under the rows' strip. Scrolled a few px at a time, every number shows whole or not
    at all."""
    context = PHONE_CONTEXT if size == "phone" else {"viewport": DESKTOP}
    page = zoomed_in(new_context(**context).new_page(), server, 6, 2 if size == "phone" else 3)
    for step in range(40):
        page.evaluate(
            """(s) => { const v = document.querySelector('#tv-board .board-view');
            v.scrollTo(s * 5, s * 4);
            return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))); }""",
            step,
        )
        assert page.evaluate(CUT_NUMBERS) == [], step


# The colours of a PNG's pixels, [r, g, b] each, decoded by a blank page's canvas.
PIXELS = """async (data) => { const img = new Image(); img.src = 'data:image/png;base64,' + data;
  await img.decode(); const c = document.createElement('canvas');
  [c.width, c.height] = [img.width, img.height]; const g = c.getContext('2d');
  g.drawImage(img, 0, 0); const d = g.getImageData(0, 0, c.width, c.height).data;
  const out = []; for (let i = 0; i < d.length; i += 4) out.push([d[i], d[i + 1], d[i + 2]]);
  return out; }"""
CLOTH = (216, 204, 174)  # the board's cloth (tavola carcassonne svg BOARD_BG)
INK = (106, 94, 72)  # its numbers (#6A5E48)


def _off_strip(pixel: list[int]) -> float:
    """How far (in levels) a colour lies from the blends of the cloth and the numbers' ink."""
    d = [i - c for i, c in zip(INK, CLOTH, strict=True)]
    p = [v - c for v, c in zip(pixel, CLOTH, strict=True)]
    t = min(max(sum(a * b for a, b in zip(p, d, strict=True)) / sum(a * a for a in d), 0), 1)
    return max(abs(p[i] - t * d[i]) for i in range(3))


def test_the_column_numbers_have_a_strip_of_their_own(
    new_context: Any, server: ServerProcess
) -> None:
    """Playtest 12 #2: on a phone, the column numbers lay over the top row of tiles, seen
    through their band. Scrolled down a few px at a time, the strip shows its numbers on
    cloth and nothing of the tiles under it."""
    page = zoomed_in(new_context(**PHONE_CONTEXT).new_page(), server, 8, 2)
    blank = page.context.new_page()
    for step in range(8):
        page.evaluate(
            """(s) => { const v = document.querySelector('#tv-board .board-view');
            v.scrollTo(v.scrollLeft, 20 + s * 13);
            return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))); }""",
            step,
        )
        strip = page.evaluate(
            """() => { const s = document.querySelector('#tv-board .axis-columns rect')
              .getBoundingClientRect(); const v = document.querySelector('#tv-board .board-view');
              const b = v.getBoundingClientRect(); const rows = document.querySelector(
                '#tv-board .axis-rows rect').getBoundingClientRect();
              return { x: rows.right + 1, y: Math.max(s.top, b.top) + 1,
                width: b.left + v.clientWidth - rows.right - 2,
                height: Math.min(s.bottom, b.bottom) - Math.max(s.top, b.top) - 3 }; }"""
        )
        shot = page.screenshot(clip=strip)
        pixels = blank.evaluate(PIXELS, base64.b64encode(shot).decode())
        off = [p for p in pixels if _off_strip(p) > 4]
        assert len(off) == 0, (step, strip, len(off), off[:5])
