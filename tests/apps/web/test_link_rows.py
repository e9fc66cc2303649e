"""The rows of links of a finished match's page and of its replay: a "·" between two links on
one line only, halfway between their texts."""

from __future__ import annotations

import io
import itertools
from typing import Any

import pytest
from PIL import Image
from playwright.sync_api import Page

from tests.apps.web.test_replay import assert_no_dot_at_a_lines_ends, finished_match, wait_step
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 800}
OVER_LINKS = "#tv-over p:has(#tv-replay-link)"


@pytest.mark.parametrize("lang", ["fr", "de"])
@pytest.mark.parametrize("game", ["clocktowers", "campanile", "carcassonne"])
def test_a_finished_matchs_links_wrap_with_no_dot_at_a_lines_ends(
    new_context: Any, server: ServerProcess, game: str, lang: str
) -> None:
    """Playtest 11 #1: on a phone the finished match's row read "Revoir cette partie ·" /
    "Télécharger l'enregistrement". On each line, nothing is drawn before its first link or
    after its last; between two links on a line, a dot."""
    match, _ = finished_match(server, game)
    page = new_context(viewport=PHONE, is_mobile=True).new_page()
    page.goto(f"{server.url}/m/{match}?lang={lang}")
    page.wait_for_selector("#main[data-over='true'] #tv-over:not([hidden])")
    assert_no_dot_at_a_lines_ends(page, OVER_LINKS, (game, lang))


# each link's text's box on the screen (its glyphs', not its box's padding), in the row's order
TEXT_BOXES = """(selector) => { const row = document.querySelector(selector);
  row.scrollIntoView({ block: 'center' });
  return [...row.querySelectorAll('a, button')].map((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const b = range.getBoundingClientRect();
    return [b.left, b.right, b.top, b.bottom];
  });
}"""


def dot_gaps(page: Page, one: list[float], other: list[float]) -> tuple[int, int]:
    """The blank columns between a text's end and the dot's ink, and the dot's and the next's."""
    top, bottom = max(one[2], other[2]), min(one[3], other[3])
    png = page.screenshot(
        clip={"x": one[1], "y": top, "width": other[0] - one[1], "height": bottom - top}
    )
    shot = Image.open(io.BytesIO(png)).convert("L")
    width, height = shot.size
    inked = [x for x in range(width) if sum(shot.crop((x, 0, x + 1, height)).histogram()[:160])]
    assert inked, "no dot between"
    return inked[0], width - 1 - inked[-1]


@pytest.mark.parametrize("lang", ["it", "en", "fr"])
def test_a_replays_dots_sit_halfway_between_the_links(
    new_context: Any, server: ServerProcess, lang: str
) -> None:
    """Playtest 11 #8: "Link a questo passo ·  copia" had a wider gap after the dot than
    before it. Every dot between two links on a line is as far from both texts (1 px)."""
    match, _ = finished_match(server)
    page = new_context(viewport=DESKTOP, device_scale_factor=1).new_page()
    page.goto(f"{server.url}/m/{match}/replay?lang={lang}")
    wait_step(page, 0)
    boxes = page.evaluate(TEXT_BOXES, ".links")
    pairs = [(a, b) for a, b in itertools.pairwise(boxes) if abs(a[2] - b[2]) < 8]
    assert pairs, boxes
    for one, other in pairs:
        before, after = dot_gaps(page, one, other)
        assert abs(before - after) <= 1, (lang, before, after, one, other)
