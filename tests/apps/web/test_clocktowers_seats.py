"""ClockTowers' seats with long names, as the lobby lets a player name them (their own, a
hotseat's): every score chip says its seat's whole name on up to three lines, by one rule
for every seat ("(you)" after the viewer's, as Carcassonne's and Campanile's chips say
it), and no seat's name in the picture is set under 12 px on a phone."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.apps.web.helpers import Seat, create_in_lobby, open_my_seat, wait_shown
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser

LONG = "Maximiliane Friederike von Hohenstaufen"
HOTSEAT = "Bartholomäus Konstantin Wittelsbacher"
SCREENS = {"desktop": {"width": 1366, "height": 800}, "phone": {"width": 390, "height": 844}}
YOU = {"en": " (you)", "it": " (tu)"}

# Each chip: its name's lines (text, drawn px, inside the chip's frame), and its title.
CHIPS = """() => [...document.querySelectorAll('#tv-board svg g.score-chip')].map((chip) => {
  const frame = chip.querySelector('rect').getBoundingClientRect();
  const lines = [...chip.querySelectorAll('.chip-name text')].map((t) => {
    const box = t.getBoundingClientRect();
    const inside = box.left >= frame.left - 0.5 && box.right <= frame.right + 0.5
      && box.top >= frame.top - 0.5 && box.bottom <= frame.bottom + 0.5;
    return [t.textContent, parseFloat(t.getAttribute('font-size')) * t.getScreenCTM().a, inside];
  });
  return { title: chip.querySelector('title').textContent, lines };
})"""

# The least drawn size of the bold texts of the seats' areas (their headers: the names).
LEAST_BOLD = """() => Math.min(...[...document.querySelectorAll('#tv-board svg text')]
  .filter((t) => t.getAttribute('font-weight') === 'bold' && t.getClientRects().length)
  .map((t) => parseFloat(t.getAttribute('font-size')) * t.getScreenCTM().a))"""


def seat_names(page: Page) -> list[str]:
    """The seats' names in the page's list of scores."""
    return [
        name.strip()
        for name in page.evaluate(
            """() => [...document.querySelectorAll('#tv-scores tbody tr')]
              .map((row) => row.cells[1].firstChild.textContent)"""
        )
    ]


def check_chips(page: Page, viewer: int | None, lang: str, phone: bool) -> None:
    chips = page.evaluate(CHIPS)
    names = seat_names(page)
    assert len(chips) == len(names) == 3, (chips, names)
    for seat, (chip, name) in enumerate(zip(chips, names, strict=True)):
        said = name + (YOU[lang] if seat == viewer else "")
        lines = [text for text, _size, _inside in chip["lines"]]
        assert " ".join(lines) == said, (seat, lines, said)
        assert 1 <= len(lines) <= 3, lines
        assert all(inside for *_rest, inside in chip["lines"]), chip
        assert min(size for _text, size, _inside in chip["lines"]) >= (12 if phone else 10)
    if phone:
        assert page.evaluate(LEAST_BOLD) >= 12


def bots(page: Page) -> tuple[str, str]:
    """The lobby's medium ISMCTS bot and its easy heuristic one (their seat kinds)."""
    values = page.locator("#tv-seats select.kind").first.evaluate(
        "(s) => [...s.options].map((o) => [o.value, o.textContent])"
    )
    ismcts = next(v for v, words in values if "ISMCTS" in words and "medium" in words)
    heuristic = next(v for v, words in values if "heuristic" in words and "easy" in words)
    return ismcts, heuristic


@pytest.mark.parametrize("screen", sorted(SCREENS))
@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_chip_names_its_seat_whole(
    new_context: Any, server: ServerProcess, lang: str, screen: str
) -> None:
    """Playtest 9 #1: with seat A named "Maximiliane Friederike von Hohenstaufen", its chip
    read "Maximiliane / Friederik…" (its third line empty) in the replay and to a spectator,
    "you" alone in its own view; "Bot C (heuristic, easy)" was "Bot C" beside a whole "Bot B
    (ISMCTS, medium)". #2: the seat's header was squeezed to 9.4 px on a phone."""
    page = new_context(viewport=SCREENS[screen]).new_page()
    page.goto(f"{server.url}/?lang=en")
    ismcts, heuristic = bots(page)
    seats = [Seat("you", LONG), Seat(ismcts), Seat(heuristic)]
    create_in_lobby(page, server.url, "clocktowers", seats)
    mine = page.locator("#tv-open-seat").get_attribute("href")
    spectate = page.locator("#tv-created a[href*='/m/']").last.get_attribute("href")
    assert mine
    assert spectate
    assert mine != spectate
    for address, viewer in ((mine, 0), (spectate, None)):
        joint = "&" if "?" in address else "?"
        page.goto(f"{address if '//' in address else server.url + address}{joint}lang={lang}")
        wait_shown(page)
        check_chips(page, viewer, lang, screen == "phone")


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_a_hotseats_chips_name_each_seat_whole(
    new_context: Any, server: ServerProcess, screen: str
) -> None:
    """Two players on one screen, both with long names, and a bot: each seat's own view
    names it whole in its chip, "(you)" after it, as the others'."""
    page = new_context(viewport=SCREENS[screen]).new_page()
    page.goto(f"{server.url}/?lang=en")
    _ismcts, heuristic = bots(page)
    seats = [Seat("you", LONG), Seat("hotseat", HOTSEAT), Seat(heuristic)]
    create_in_lobby(page, server.url, "clocktowers", seats)
    open_my_seat(page)
    expect(page.locator("#tv-board svg g.score-chip")).to_have_count(3)
    check_chips(page, 0, "en", screen == "phone")


# Each chip: the name's lines' boxes' least gap above the seat's disc (px; under 0, overlap).
NAME_OVER_DISC = """() => [...document.querySelectorAll('#tv-board svg g.score-chip')]
.map((chip) => {
  const disc = chip.querySelector('circle').getBoundingClientRect();
  const names = [...chip.querySelectorAll('.chip-name text')]
    .map((t) => t.getBoundingClientRect());
  return [chip.querySelector('title').textContent,
    Math.min(...names.map((box) => disc.top - box.bottom))];
})"""


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_a_chips_name_clears_its_disc_on_a_phone(
    new_context: Any, server: ServerProcess, lang: str
) -> None:
    """Playtest 11 #4: on a phone "(vous)" and "Bot C (aléatoire, débutant)" ran 3 px into
    their seats' letter discs under them (fr, de): a name's lines end above its disc."""
    created = httpx.post(
        f"{server.url}/api/matches",
        json={
            "game": "clocktowers",
            "seats": ["human", "heuristic", "random"],
            "names": ["Maximilienne-Charlotte de Montmorency-La", "", ""],
            "seed": 5,
            "options": {"players": 3},
        },
    )
    created.raise_for_status()
    page = new_context(viewport=SCREENS["phone"], is_mobile=True).new_page()
    address = created.json()["seats"][0]["url"]
    page.goto(f"{server.url}{address}{'&' if '?' in address else '?'}lang={lang}")
    wait_shown(page)
    gaps = page.evaluate(NAME_OVER_DISC)
    assert len(gaps) == 3, gaps
    assert all(gap >= 1 for _title, gap in gaps), gaps


# Each seat's header: its name's lines' boxes' vertical middles, and its points' box's
# (px). The name's lines are the bold texts starting where its first does; the points are
# the bold text that says them ("0 pt").
HEADERS = """() => [...document.querySelectorAll('#tv-board svg g.seat')].map((seat) => {
  const bold = [...seat.querySelectorAll(':scope > text[font-weight="bold"]')]
    .filter((t) => t.getAttribute('text-anchor') !== 'middle');
  const middle = (t) => {
    const box = t.getBoundingClientRect();
    return (box.top + box.bottom) / 2;
  };
  const points = bold.find((t) => /^-?\\d+ \\S+$/.test(t.textContent));
  const lines = bold.filter(
    (t) => t !== points && t.getAttribute('x') === bold[0].getAttribute('x'));
  return [lines.map((t) => t.textContent), lines.map(middle), middle(points)];
})"""


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_a_seats_points_sit_on_its_names_last_line(
    new_context: Any, server: ServerProcess, screen: str
) -> None:
    """Playtest 12 #3: a name in two lines ("Massimiliano-Giovanni della / Rovere (tu)") had
    its points after the first line, as if part of it: they sit on the last line."""
    names = ["Massimiliano-Giovanni della Rovere", "Bernadette-Louise Fontaine", "Kunigunde"]
    body = {"game": "clocktowers", "seats": ["human", "heuristic", "heuristic"], "seed": 7}
    created = httpx.post(f"{server.url}/api/matches", json={**body, "names": names}).json()
    page = new_context(viewport=SCREENS[screen]).new_page()
    page.goto(f"{server.url}{created['seats'][0]['url']}&lang=it")
    wait_shown(page)
    headers = page.evaluate(HEADERS)
    assert len(headers) == 3, headers
    assert any(len(lines) > 1 for lines, _middles, _points in headers), headers
    for _lines, middles, points in headers:
        assert abs(points - middles[-1]) <= 1, headers
