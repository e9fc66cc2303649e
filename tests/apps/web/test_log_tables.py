"""The scoring tables of a finished match's log fit their column: three seats with long
names, at a desktop's and a phone's size, in the four languages."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

from tests.apps.web.test_replay import finished_match
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser

NAMES = ("Ada Lovelace-Byron", "Bot B (euristico, facile)", "Bot C (euristico, facile)")


def finished_three_seats(server: ServerProcess, game: str) -> str:
    """A match of three bots with long names, played to its end by the server; its id."""
    created = httpx.post(
        f"{server.url}/api/matches",
        json={"game": game, "seats": ["random"] * 3, "names": list(NAMES), "seed": 7},
    )
    created.raise_for_status()
    match = str(created.json()["id"])
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if httpx.get(f"{server.url}/api/matches/{match}/record").status_code == 200:
            return match
        time.sleep(0.2)
    raise AssertionError("the bots did not finish the match")


# Each table of the log that reaches past the log's inside (the figures), and the log's
# sideways scroll.
WIDE_TABLES = """() => {
  const log = [...document.querySelectorAll(".log")].find((list) => list.offsetParent);
  const outer = log.getBoundingClientRect();
  const left = outer.left + log.clientLeft;
  const right = left + log.clientWidth;
  const tables = [...log.querySelectorAll(".event-table")];
  const wide = tables.map((table) => {
    const own = table.getBoundingClientRect();
    return { caption: table.caption.textContent, table: Math.round(own.width),
      box: Math.round(right - left),
      past: Math.round(Math.max(own.right - right, left - own.left)) };
  }).filter((t) => t.past > 0);
  return { wide, tables: tables.length, scroll: [log.scrollWidth, log.clientWidth] };
}"""


@pytest.mark.parametrize("game", ["campanile", "carcassonne"])
def test_no_scoring_table_is_wider_than_the_log(
    new_context: Any, server: ServerProcess, game: str
) -> None:
    match = finished_three_seats(server, game)
    for size in ({"width": 1366, "height": 800}, {"width": 390, "height": 844}):
        page = new_context(viewport=size).new_page()
        for lang in ("en", "it", "de", "fr"):
            page.goto(f"{server.url}/m/{match}?lang={lang}")
            page.wait_for_selector("#main[data-over='true']")
            page.wait_for_selector(".log .event-table")
            found = page.evaluate(WIDE_TABLES)
            assert found["tables"] > 0
            assert found["wide"] == [], (game, size, lang, found)
            assert found["scroll"][0] <= found["scroll"][1], (game, size, lang, found)


# Each scoring table of a list (a log, or a replay's step) that comes nearer than the
# entries' padding (6 px) to the list's frame, or past it, or past the window's right edge.
NEAR_THE_FRAME = """(list) => {
  const box = document.querySelector(list);
  const outer = box.getBoundingClientRect();
  const left = outer.left + box.clientLeft, right = left + box.clientWidth;
  return [...box.querySelectorAll('.event-table')].filter((t) => t.offsetWidth).map((t) => {
    const own = t.getBoundingClientRect();
    return { caption: t.caption.textContent, left: Math.round(own.left - left),
      right: Math.round(right - own.right), window: Math.round(innerWidth - own.right) };
  }).filter((t) => t.left < 6 || t.right < 6 || t.window < 6);
}"""


@pytest.mark.parametrize("size", [{"width": 1366, "height": 800}, {"width": 390, "height": 844}])
def test_a_river_games_final_tables_keep_off_the_frame(
    new_context: Any, server: ServerProcess, size: dict[str, int]
) -> None:
    """Playtest 8 #6: at 1366x800 in French, a river game's final tables in the log were
    flush with its frame (369 px across the entry's 342 and its padding); in the replay's
    "this step" at the last step, 9 px past the frame, the last column's badges cut at the
    window's edge. Each table stays within its entry's padding, in its compact form where
    it must."""
    match, _ = finished_match(
        server, "carcassonne", ("Moi", "Bot B (heuristique, facile)"), {"river": True}
    )
    page = new_context(viewport=size).new_page()
    page.goto(f"{server.url}/m/{match}?lang=fr")
    page.wait_for_selector("#main[data-over='true'] .log .event-table")
    assert page.evaluate(NEAR_THE_FRAME, "#tv-log") == []
    page.goto(f"{server.url}/m/{match}/replay?lang=fr")
    page.locator("#tv-last").click()
    page.wait_for_selector("#tv-events .event-table")
    assert page.evaluate(NEAR_THE_FRAME, "#tv-events") == []
