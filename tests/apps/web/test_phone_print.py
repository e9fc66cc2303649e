"""No print under 12 px on a phone: every text of the match pages (each game, as a seat in
English and as a spectator in German at the opening; as a seat in German and a spectator in
Italian at seeded random positions later on), and of a replay's review with its chart,
the page's and the picture's as drawn at the screen's scale, at 390x844."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page

import tavola
from tavola.core.registry import game_classes
from tests.apps.web.conftest import NO_PAUSE
from tests.apps.web.helpers import (
    blunder_record,
    match_id,
    open_at_my_turn,
    take_turn,
    wait_shown,
)
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser

LEAST = 12  # px
# Every visible text's size as shown: an SVG text's size times the picture's scale.
SMALL_PRINT = """least => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  while (walker.nextNode()) {
    const holder = walker.currentNode.parentElement;
    if (!walker.currentNode.textContent.trim() || seen.has(holder)) continue;
    seen.add(holder);
    if (holder.closest("title, desc, style, script, option, datalist, .visually-hidden")) continue;
    const box = holder.getBoundingClientRect();
    const style = getComputedStyle(holder);
    if (!box.width || !box.height || style.visibility === "hidden") continue;
    const text = holder.closest("text");
    const size = text
      ? parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM().a
      : parseFloat(style.fontSize);
    if (size < least - 0.05) found.push(`${size.toFixed(1)} px: ${holder.textContent.trim()}`);
  }
  return found;
}"""
GAMES = [
    pytest.param("campanile", "", id="campanile-2009"),
    pytest.param("campanile", "1996", id="campanile-1996"),
    *(pytest.param(game, "", id=game) for game in sorted(game_classes()) if game != "campanile"),
]


@pytest.fixture(scope="module")
def phone(browser: Browser) -> Iterator[Page]:
    """One phone's page for the module's tests."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    context.add_init_script(NO_PAUSE)
    context.set_default_timeout(15_000)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize(("game", "edition"), GAMES)
def test_no_print_under_12_px_on_a_phone(
    phone: Page, server: ServerProcess, game: str, edition: str
) -> None:
    options = {"edition": edition} if edition else None
    open_at_my_turn(phone, server.url, game, options=options)
    take_turn(phone, 1)  # the log has moves in it
    phone.wait_for_selector("#main[data-waiting='false']")
    small = phone.evaluate(SMALL_PRINT, LEAST)
    assert not small, f"{game} as a seat: {small}"
    phone.goto(f"{server.url}/m/{match_id(phone)}?lang=de")  # longer words
    wait_shown(phone)
    small = phone.evaluate(SMALL_PRINT, LEAST)
    assert not small, f"{game} as a spectator, in German: {small}"


def played_at_random(
    base: str, game: str, options: dict[str, Any], seed: int, moves: int = 0, players: int = 2
) -> dict[str, Any]:
    """A match of ``game`` between ``players`` people (seed ``seed``), played through the API
    up to a random move of its first part (or ``moves`` moves), each move chosen at random
    (by the engine, with the same seed) among the legal ones: the created match."""
    body = {"game": game, "seats": ["human"] * players, "seed": seed, "options": options}
    created: dict[str, Any] = httpx.post(f"{base}/api/matches", json=body).json()
    tokens = [f"Bearer {seat['token']}" for seat in created["seats"]]
    state = tavola.load(game, players=players, **options).new_game(seed=seed)
    rng = random.Random(seed)
    for done in range(moves or rng.randrange(8, 30)):
        if state.is_over:
            break
        action = rng.choice(state.legal_notations())
        played = httpx.post(
            f"{base}/api/matches/{created['id']}/actions",
            json={"seq": done, "action": action},
            headers={"authorization": tokens[state.current_player or 0]},
        )
        assert played.status_code == 200, played.text
        state.apply(state.read_action(action))
    return created


@pytest.mark.parametrize(("game", "edition"), GAMES)
def test_no_print_under_12_px_on_a_phone_later_on(
    phone: Page, server: ServerProcess, game: str, edition: str
) -> None:
    options = {"edition": edition} if edition else {}
    for seed in (1, 2):
        created = played_at_random(server.url, game, options, seed)
        seen = httpx.get(f"{server.url}/api/matches/{created['id']}").json()
        seat = created["seats"][seen["current_player"] or 0]
        for address, who in (
            (f"{seat['url']}&lang=de", "a seat in German"),
            (created["spectate"], "a spectator"),
        ):
            phone.goto(server.url + address)
            wait_shown(phone)
            small = phone.evaluate(SMALL_PRINT, LEAST)
            assert not small, f"{game} seed {seed}, as {who}: {small}"


def test_no_print_under_12_px_on_a_carcassonne_board_wider_than_a_phone(
    phone: Page, server: ServerProcess
) -> None:
    """Playtest 8 #3: a board too wide for the phone opened at the scale that makes its cells
    44 px, its coordinates and follower letters then 10.6 px. The random positions above
    (up to 15 tiles) fit the phone at a larger scale: they did not show it."""
    for seed in (1, 2):
        created = played_at_random(server.url, "carcassonne", {}, seed, moves=60)
        seen = httpx.get(f"{server.url}/api/matches/{created['id']}").json()
        seat = created["seats"][seen["current_player"]]
        phone.goto(f"{server.url}{seat['url']}&lang=it")
        wait_shown(phone)
        phone.wait_for_selector("#main[data-turn='you']")
        assert phone.locator("#tv-board .board-view").count() == 1
        small = phone.evaluate(SMALL_PRINT, LEAST)
        assert not small, f"seed {seed}: {small}"


# The font sizes of the picture's heading (its first bold lines) and of its caption lines
# under the tile to place (from the line that starts with its words on, in one column).
HEADING_SIZES = """caption => {
  const texts = [...document.querySelectorAll('#tv-board svg text')];
  const end = texts.findIndex(t => t.getAttribute('font-weight') !== 'bold');
  const heading = texts.slice(0, end);
  const first = texts.findIndex(t => t.textContent.startsWith(caption));
  const under = [];
  for (let k = first; k >= 0 && k < texts.length; k++) {
    if (texts[k].getAttribute('x') !== texts[first].getAttribute('x')) break;
    under.push(texts[k]);
  }
  const size = t => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a;
  return { heading: heading.map(size), caption: under.map(size) };
}"""


def test_long_headings_wrap_at_full_size_on_a_phone(phone: Page, server: ServerProcess) -> None:
    open_at_my_turn(phone, server.url, "carcassonne", "&lang=de")
    short = phone.evaluate(HEADING_SIZES, "Zu legen:")
    assert len(short["heading"]) == 1, short  # "Du bist dran: Plättchen legen"
    assert short["caption"], short
    assert len(set(short["caption"])) == 1, short  # a long tile's name: more lines, one size
    take_turn(phone, 1)  # Ada placed her tile: she deploys a follower or passes
    phone.goto(f"{server.url}/m/{match_id(phone)}?lang=de")  # "Ada ist am Zug: Gefolgsmann..."
    wait_shown(phone)
    long = phone.evaluate(HEADING_SIZES, "Zu legen:")
    assert len(long["heading"]) > 1, long
    assert set(long["heading"]) == set(short["heading"]), (long, short)


def test_no_print_under_12_px_in_a_clocktowers_match_of_bots_on_a_phone(
    phone: Page, server: ServerProcess
) -> None:
    """Heuristic bots' long names in the score chips ("Bot B (heuristisch, leicht)") and
    the towers' labels ("2 Etagen"), in German at the end of the match, and in Italian and
    French."""
    created = httpx.post(
        f"{server.url}/api/matches",
        json={"game": "clocktowers", "seats": ["heuristic"] * 2, "seed": 4},
    ).json()
    deadline = time.monotonic() + 90
    while httpx.get(f"{server.url}/api/matches/{created['id']}/record").status_code != 200:
        assert time.monotonic() < deadline, "the bots did not finish the match"
        time.sleep(0.2)
    for lang in ("de", "it", "fr"):
        phone.goto(f"{server.url}/m/{created['id']}?lang={lang}")
        wait_shown(phone)
        assert phone.locator("#tv-board svg text").count() > 0
        small = phone.evaluate(SMALL_PRINT, LEAST)
        assert not small, f"clocktowers of bots, in {lang}: {small}"


def test_no_print_under_12_px_on_the_small_roof_cards_of_a_clocktowers_hand_on_a_phone(
    phone: Page, server: ServerProcess
) -> None:
    """Playtest 10 #1: a green or a yellow roof known in a seat's hand, on its small card,
    printed its German mark ("Gr", "Ge") at 9.5 px. Seed 10 after 10 moves: one hand holds
    a green roof and another a yellow one, face up to everyone."""
    created = played_at_random(server.url, "clocktowers", {}, 10, moves=10, players=3)
    seen = httpx.get(f"{server.url}/api/matches/{created['id']}").json()
    seat = created["seats"][seen["current_player"]]
    for address, who in (
        (f"{created['spectate']}?lang=de", "a spectator"),
        (f"{seat['url']}&lang=de", "a seat"),
    ):
        phone.goto(server.url + address)
        wait_shown(phone)
        roofs = phone.locator("#tv-board .hand g.card.face title")
        titles = " ".join(roofs.all_text_contents())
        assert "grünes Dach" in titles, titles
        assert "gelbes Dach" in titles, titles
        small = phone.evaluate(SMALL_PRINT, LEAST)
        assert not small, f"clocktowers, as {who}, in German: {small}"


def moves_to_the_intermezzo(seed: int) -> int:
    """The moves ``played_at_random`` plays in a 2009 Campanile of 2 (seed ``seed``) up to
    the Intermezzo's scoring, and one more."""
    state = tavola.load("campanile", players=2).new_game(seed=seed)
    rng = random.Random(seed)
    done = 0
    while not state.view(0)["intermezzo_scored"]:
        state.apply(state.read_action(rng.choice(state.legal_notations())))
        done += 1
    return done + 1


@pytest.mark.parametrize("lang", ["en", "it", "de", "fr"])
def test_no_print_under_12_px_in_campanile_s_scoring_words_on_a_phone(
    phone: Page, server: ServerProcess, lang: str
) -> None:
    """Playtest 15 #7: the words by the stack that say which scoring comes ("Prossima
    valutazione: Intermezzo") were fitted to their room, "valutazione:" at 11.6 px. They
    are read at the opening, after the Intermezzo ("scored; next: Finito") and at the end
    ("Finito scored"), as a seat and as a spectator, in every language."""
    for moves in (1, moves_to_the_intermezzo(1), 1_000):
        created = played_at_random(server.url, "campanile", {}, 1, moves=moves)
        seat = created["seats"][0]
        for address in (f"{seat['url']}&lang={lang}", f"{created['spectate']}?lang={lang}"):
            phone.goto(server.url + address)
            wait_shown(phone)
            board = phone.locator(
                "#tv-board svg text", has_text="Finito" if moves > 1 else "Intermezzo"
            )
            assert board.count() > 0
            small = phone.evaluate(SMALL_PRINT, LEAST)
            assert not small, f"campanile after {moves} moves, {address}: {small}"


@pytest.mark.parametrize("lang", ["en", "it"])
def test_no_print_under_12_px_in_a_review_on_a_phone(
    phone: Page, server: ServerProcess, tmp_path: Path, lang: str
) -> None:
    """Playtest 15 #8: the review's chart, drawn 380 units wide in a phone's 372 px, had its
    axis labels ("0%", "inizio", "azione 101", "le azioni della partita") at 11.8 px."""
    _, path = blunder_record(tmp_path)
    phone.goto(f"{server.url}/replay?lang={lang}")
    phone.locator("#tv-file").set_input_files(str(path))
    phone.wait_for_selector("#main[data-step='0']")
    phone.locator("#tv-review").tap()
    phone.wait_for_selector("#main[data-review='done']", timeout=90_000)
    assert phone.locator("#tv-review-chart svg.chart text").count() >= 8
    small = phone.evaluate(SMALL_PRINT, LEAST)
    assert not small, f"the review in {lang}: {small}"
