"""The bar of a pending Carcassonne move shows its place and rotation whole (issue 28: "…
nella colonna 3, riga -2, capovolt…"): where the whole move does not fit its lines, it
leaves out the tile's name (the panel shows the tile), for every rotation of the cell alike,
and its lines keep off the bar's border (playtest 12 #6)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.apps.web.helpers import open_carcassonne
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser

# Whether the bar's label is cut (more than its lines), its words, whether they are the
# short ones (the place and turn alone), and the px between its lines of print and the
# bar's border, above and below (the least).
LABEL = """() => {
  const label = document.querySelector("#tv-choice-label");
  const bar = document.querySelector("#tv-choice").getBoundingClientRect();
  const shown = document.querySelector("#tv-board [data-option-of].shown");
  const range = document.createRange();
  range.selectNodeContents(label);
  const lines = [...range.getClientRects()];
  const top = Math.min(...lines.map((r) => r.top));
  const bottom = Math.max(...lines.map((r) => r.bottom));
  return { cut: label.scrollHeight > label.clientHeight + 1, text: label.textContent,
    short: label.textContent.startsWith(shown.getAttribute("data-short")),
    clear: Math.min(top - bar.top - 1, bar.bottom - 1 - bottom) };
}"""


@pytest.mark.parametrize("lang", ["it", "de", "fr", "en"])
def test_the_pending_move_shows_its_place_and_rotation_whole(
    new_context: Any, server: ServerProcess, lang: str
) -> None:
    page = new_context(viewport={"width": 1366, "height": 800}).new_page()
    seen = 0
    for seed in (1, 2, 3):
        open_carcassonne(page, server, seed, True, lang)
        cells = page.locator("#tv-board [data-choose]")
        for index in range(min(cells.count(), 4)):
            cells.nth(index).click()
            options = page.locator("#tv-board [data-option-of].shown").count()
            assert options == 1
            forms = set()
            for _ in range(4):
                shown = page.evaluate(LABEL)
                assert not shown["cut"], (lang, seed, shown)
                assert shown["clear"] >= 1.5, (lang, seed, shown)
                forms.add(shown["short"])
                seen += 1
                rotate = page.locator("#tv-rotate")
                if rotate.is_disabled():
                    break
                rotate.click()
            # playtest 12 #6: "Spalte 1, Zeile -2, eine Vierteldrehung nach rechts gedreht
            # (1 von 2)", then "Lege das Plättchen „Flussbiegung“ auf Spalte 1, …"
            assert len(forms) == 1, (lang, seed, index)
            page.keyboard.press("Escape")
    assert seen >= 8
