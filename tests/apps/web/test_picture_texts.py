"""Every text of every picture fits, in every language: nothing runs out of its box or over
another text.

The pictures are each game's ``svg.py`` drawings of seeded random positions (every edition,
the end of the game included, as a seat to move and as a spectator), all of one language
inlined in one page, so one page load and one script measure hundreds of them, at the
width of a desktop's picture pane and of a phone's. The rule, on the boxes Chromium lays out:

- a text stays inside the picture (its viewBox);
- a text is drawn on the last visible shape drawn before it whose box holds its anchor
  (the point its ``x``/``y`` name, a third of its size above the baseline); where that
  shape is a ``<rect>`` (a card, a button, a panel, a badge), the text stays inside all of
  it (a letter on a drawn figure, a meeple or a roof, is that figure's label and may cross
  its outline);
- no two texts overlap.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page

import tavola
from tavola.core.i18n import LANGUAGES, language

pytestmark = pytest.mark.browser

# (game, options), every edition and table size whose picture is laid out differently
GAMES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("campanile", {"players": 2}),
    ("campanile", {"players": 4}),
    ("campanile", {"players": 3, "edition": "1996"}),
    ("clocktowers", {"players": 2}),
    ("clocktowers", {"players": 4}),
    ("carcassonne", {"river": True}),
    ("carcassonne", {"players": 3, "river": True}),
    ("dudo", {}),
)
SEEDS = range(6)
# the pane the picture is drawn in: a desktop's picture pane, a phone's whole width
WIDTHS = {"desktop": (1366, 800, 900), "phone": (390, 844, 390)}

MEASURE = """
() => {
  const problems = [];
  const boxOf = (el) => el.getBoundingClientRect();
  const inside = (a, b, slack) =>
    a.left >= b.left - slack && a.right <= b.right + slack &&
    a.top >= b.top - slack && a.bottom <= b.bottom + slack;
  const meets = (a, b, slack) =>
    a.left < b.right - slack && b.left < a.right - slack &&
    a.top < b.bottom - slack && b.top < a.bottom - slack;
  const holds = (b, x, y) => x >= b.left && x <= b.right && y >= b.top && y <= b.bottom;
  for (const holder of document.querySelectorAll('[data-case]')) {
    const svg = holder.querySelector('svg');
    const name = holder.dataset.case;
    const frame = boxOf(svg);
    const unit = frame.width / svg.viewBox.baseVal.width;
    const slack = 0.75 * unit;
    const texts = [];
    const drawn = [];  // the shapes drawn so far, in document order
    for (const el of svg.querySelectorAll('rect, circle, ellipse, path, polygon, text')) {
      if (el.localName !== 'text') {
        const box = boxOf(el);
        if (box.width && box.height) drawn.push({ rect: el.localName === 'rect', box });
        continue;
      }
      const text = el;
      const box = boxOf(text);
      if (!box.width || !text.textContent.trim()) continue;  // hidden (a closed panel)
      const words = text.textContent.trim();
      if (!inside(box, frame, slack)) {
        problems.push({ name, words, problem: 'outside the picture' });
        continue;
      }
      const first = text.querySelector('tspan[x]') || text;
      const x = first.x.baseVal.length ? first.x.baseVal[0].value : 0;
      const y = first.y.baseVal.length ? first.y.baseVal[0].value : 0;
      const size = parseFloat(getComputedStyle(text).fontSize);
      const point = new DOMPoint(x, y - 0.35 * size).matrixTransform(text.getScreenCTM());
      let card = null;
      for (let k = drawn.length - 1; k > 0 && !card; k--) {  // 0: the paper
        if (holds(drawn[k].box, point.x, point.y)) card = drawn[k];
      }
      if (card && card.rect && !inside(box, card.box, slack)) {
        problems.push({ name, words, problem: 'out of its box',
          over: Math.round(Math.max(card.box.left - box.left, box.right - card.box.right,
            card.box.top - box.top, box.bottom - card.box.bottom) / unit) });
      }
      texts.push({ words, box });
    }
    for (let i = 0; i < texts.length; i++) {
      for (let j = i + 1; j < texts.length; j++) {
        if (meets(texts[i].box, texts[j].box, slack)) {
          problems.push({ name, words: texts[i].words + ' | ' + texts[j].words,
            problem: 'texts overlap' });
        }
      }
    }
  }
  return problems;
}
"""


def positions(lang: str) -> Iterator[tuple[str, str]]:
    """(name, picture) of seeded random positions of every game, drawn in ``lang``."""
    for name, options in GAMES:
        game = tavola.load(name, **options)
        for seed in SEEDS:
            rng = random.Random(seed)
            state = game.new_game(seed=seed)
            stops = sorted(rng.sample(range(1, 400), 3))
            moves = 0
            label = f"{name} {options} seed {seed}"
            with language(lang):
                yield f"{label} start", game.svg(state.view(0), _legal(state, 0))
            while not state.is_over:
                state.apply(rng.choice(state.legal_actions()))
                moves += 1
                if stops and moves == stops[0]:
                    stops.pop(0)
                    seat = state.current_player
                    with language(lang):
                        viewer = seat if rng.random() < 0.8 else None
                        yield (
                            f"{label} move {moves}",
                            game.svg(state.view(viewer), _legal(state, viewer)),
                        )
            with language(lang):
                yield f"{label} end", game.svg(state.view(0), [])
                yield f"{label} end, watched", game.svg(state.view(None), [])


def _legal(state: Any, seat: int | None) -> list[str]:
    return state.legal_notations() if seat is not None and seat == state.current_player else []


def page_of(pictures: Iterator[tuple[str, str]], pane: int) -> str:
    cases = "".join(
        f'<div data-case="{name}" style="width:{pane}px">{picture}</div>'
        for name, picture in pictures
    )
    return f'<!doctype html><html><body style="margin:0">{cases}</body></html>'


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("screen", sorted(WIDTHS))
def test_every_text_of_every_picture_fits(page: Page, lang: str, screen: str) -> None:
    width, height, pane = WIDTHS[screen]
    page.set_viewport_size({"width": width, "height": height})
    page.set_content(page_of(positions(lang), pane))
    problems = page.evaluate(MEASURE)
    assert not problems, "\n".join(
        f"{p['name']}: {p['words']!r} {p['problem']}" + (f" by {p['over']}" if "over" in p else "")
        for p in problems
    )
