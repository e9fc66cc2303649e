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
  it; where it is a ``<polygon>`` (a roof), the mark's letters (up to their capitals'
  height) stay inside the triangle (a letter on another drawn figure, a meeple, is that
  figure's label and may cross its outline);
- no shape drawn after a text covers it, unless the shape is part of the text's own group
  (a badge, a roof: what the text is the label of);
- no two texts overlap;
- no text of a picture's head (the part that stays, ``data-part="head"``) is under 10 px.

Carcassonne's head is measured as a band across a desktop's pane too (``head-wide``, which
the match page shows there), where the tile's caption runs beside the seats.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page

import tavola
from tavola.core.i18n import LANGUAGES, language
from tavola.core.svg import escape
from tests.apps.web.helpers import wait_shown
from tests.live_server import ServerProcess

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
    ("carcassonne", {"tiles": ["H", "H", "H"]}),  # "zwei gegenüberliegende Stadtränder"
    ("dudo", {}),
)
SEEDS = range(3)
# the pane the picture is drawn in: a desktop's picture pane, a phone's whole width
WIDTHS = {"desktop": (1366, 800, 945), "phone": (390, 844, 370)}

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
    if (!holder.getClientRects().length) continue;  // for the other screen
    const svg = holder.localName === 'svg' ? holder : holder.querySelector('svg');
    const name = holder.dataset.case;
    const frame = boxOf(svg);
    const unit = frame.width / svg.viewBox.baseVal.width;
    const slack = 0.75 * unit;
    const texts = [];
    const drawn = [];  // the shapes drawn so far, in document order
    for (const el of svg.querySelectorAll('rect, circle, ellipse, path, polygon, text')) {
      if (el.localName !== 'text') {
        const box = boxOf(el);
        if (!box.width || !box.height) continue;
        drawn.push({ rect: el.localName === 'rect', el, box });
        const group = el.closest('g') || svg;
        for (const text of texts) {
          if (meets(text.box, box, slack) && !group.contains(text.el)) {
            problems.push({ name, words: text.words, problem: `covered by a ${el.localName}` });
          }
        }
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
      if (text.closest('[data-part^="head"], .part-head') && size * text.getScreenCTM().a < 9.95) {
        problems.push({ name, words, problem: 'under 10 px' });
      }
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
      if (card && card.el.localName === 'polygon') {  // a roof's mark: inside its triangle
        const scale = text.getScreenCTM().a;
        const base = new DOMPoint(x, y).matrixTransform(text.getScreenCTM()).y;
        const cap = base - 0.7 * size * scale;  // the capitals' top
        const [left, right] = [box.left + slack, box.right - slack];
        const corners = [[left, cap], [right, cap], [left, base], [right, base]];
        const back = card.el.getScreenCTM().inverse();
        const out = corners.filter(([cx, cy]) => {
          const at = new DOMPoint(cx, cy).matrixTransform(back);
          return !card.el.isPointInFill(at) && !card.el.isPointInStroke(at);
        });
        if (out.length) problems.push({ name, words, problem: 'out of its roof' });
      }
      texts.push({ el: text, words, box });
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
    """(name, picture) of seeded random positions of every game, drawn in ``lang``: the
    start, two positions along the way (the seat to move, or now and then a spectator) and
    the end (a seat, or a spectator)."""
    for name, options in GAMES:
        game = tavola.load(name, **options)
        for seed in SEEDS:
            label = f"{name} {options} seed {seed}"
            moves = _random_game(game, seed)
            stops = random.Random(seed).sample(range(1, len(moves)), 2)
            state = game.new_game(seed=seed)
            with language(lang):
                if seed == 0:
                    yield f"{label} start", game.svg(state.view(0), _legal(state, 0))
                for done, move in enumerate(moves, start=1):
                    state.apply(move)
                    if done in stops:
                        viewer = state.current_player if done % 5 else None
                        view = state.view(viewer)
                        if options.get("river") and seed == 0:  # tiles nobody could place
                            view["discarded"] = ["river-curve", "river-city-road", "U", "L"]
                        yield f"{label} move {done}", game.svg(view, _legal(state, viewer))
                viewer = None if seed % 2 else 0
                yield f"{label} end", game.svg(state.view(viewer), [])


def _random_game(game: Any, seed: int) -> list[int]:
    """The moves of a game played at random to its end."""
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    moves = []
    while not state.is_over:
        moves.append(rng.choice(state.legal_actions()))
        state.apply(moves[-1])
    return moves


def _legal(state: Any, seat: int | None) -> list[str]:
    return state.legal_notations() if seat is not None and seat == state.current_player else []


def page_of(pictures: Iterator[tuple[str, str]]) -> str:
    """One page of pictures, each in a pane as wide as the ``--pane`` of the page; a
    picture with a head for wide screens (``head-wide``) twice (the first seed's: the
    measure takes time): as drawn, and with that head instead of the other (on a desktop
    only, as the match page shows it)."""
    cases = []
    for name, picture in pictures:
        cases.append(f'<div data-case="{escape(name)}" style="width:var(--pane)">{picture}</div>')
        if 'data-part="head-wide" display="none"' in picture and " seed 0 " in name:
            band = picture.replace('data-part="head" ', 'data-part="head" display="none" ', 1)
            band = band.replace('data-part="head-wide" display="none"', 'data-part="head-wide"')
            cases.append(
                f'<div data-case="{escape(name)} (band)" class="wide" '
                f'style="width:var(--pane)">{band}</div>'
            )
    style = "<style>body.narrow .wide { display: none }</style>"
    return f'<!doctype html><html>{style}<body style="margin:0">{"".join(cases)}</body></html>'


def failures(problems: list[dict[str, Any]]) -> str:
    return "\n".join(
        f"{p['name']}: {p['words']!r} {p['problem']}" + (f" by {p['over']}" if "over" in p else "")
        for p in problems
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_text_of_every_picture_fits(page: Page, lang: str) -> None:
    page.set_content(page_of(positions(lang)))
    for screen, (width, height, pane) in WIDTHS.items():
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("pane => document.body.style.setProperty('--pane', pane)", f"{pane}px")
        page.evaluate("narrow => document.body.classList.toggle('narrow', narrow)", width < 760)
        problems = page.evaluate(MEASURE)
        assert not problems, f"on a {screen}:\n{failures(problems)}"


# a game a language on the match page, watched while bots with long names play it
WATCHED: dict[str, tuple[str, dict[str, Any]]] = {
    "en": ("carcassonne", {"river": True}),
    "it": ("campanile", {"players": 3, "edition": "1996"}),
    "de": ("clocktowers", {"players": 4}),
    "fr": ("campanile", {"players": 4}),
}
LONG_NAMES = ["Maximiliane-Bartholomäa", "Anne-Françoise", "Giambattista", "Hildegard"]
STATUS_FITS = """() => {
  const status = document.querySelector('#tv-status');
  const box = status.getBoundingClientRect();
  return status.scrollWidth <= status.clientWidth && box.right <= window.innerWidth
    && box.left >= 0 && status.textContent.trim() !== '';
}"""


# The match page's picture to measure: each section of a picture in sections, else the whole.
MARK_THE_PICTURE = """() => {
  const sections = document.querySelectorAll('#tv-board .part-section');
  const holders = sections.length ? sections : [document.querySelector('#tv-board')];
  for (const holder of holders) holder.dataset.case = 'the match page';
}"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_match_page_status_and_picture_fit(
    new_context: Any, server: ServerProcess, lang: str
) -> None:
    game, options = WATCHED[lang]
    seats = tavola.load(game, **options).num_players
    created = httpx.post(
        f"{server.url}/api/matches",
        json={
            "game": game,
            "options": options,
            "seats": ["random"] * seats,
            "names": LONG_NAMES[:seats],
            "seed": 5,
        },
    ).json()
    page = new_context(locale=lang).new_page()
    page.goto(f"{server.url}/m/{created['id']}")
    wait_shown(page)
    for screen, (width, height, _) in WIDTHS.items():
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(MARK_THE_PICTURE)
        problems = page.evaluate(MEASURE)
        assert not problems, f"on a {screen}:\n{failures(problems)}"
        status = page.locator("#tv-status").text_content()
        assert page.evaluate(STATUS_FITS), f"on a {screen}, the status is cut: {status!r}"


# The picture's texts, and the seats' names in the page's list of scores.
TEXTS_AND_NAMES = """() => [
  [...document.querySelectorAll('#tv-board svg text')].map((t) => t.textContent),
  [...document.querySelectorAll('#tv-scores tbody tr')].map((row) => row.cells[1].firstChild
    .textContent.trim())]"""


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_no_seat_name_is_cut_in_a_clocktowers_picture(
    new_context: Any, server: ServerProcess, lang: str
) -> None:
    """Playtest 8 #8: at 1366x800 in French, a finished ClockTowers match's score chip said
    "Bot B (heuristique, facil…" where the list beside the picture said "Bot B (heuristique,
    facile)". No text of the picture is cut, and each chip says the list's name, whole."""
    created = httpx.post(
        f"{server.url}/api/matches",
        json={"game": "clocktowers", "seats": ["human", "heuristic"], "seed": 4},
    ).json()
    page = new_context(viewport={"width": 1366, "height": 800}).new_page()
    page.goto(f"{server.url}{created['spectate']}?lang={lang}")
    wait_shown(page)
    texts, names = page.evaluate(TEXTS_AND_NAMES)
    assert [t for t in texts if "\u2026" in t] == []
    lines = " ".join(texts)
    for name in names:
        assert lines.count(name) >= 2, (name, texts[:12])  # its chip and its area
