"""The browser client in the players' languages.

A whole game in Italian (the browser asks for it with ``Accept-Language``) shows no
English: the page's rendered text and the board's words are checked against the
catalogs, every English text of the ``web`` and the games' domains whose Italian
translation differs must not appear (whatever the catalogs hold when the test runs).
The switch on every page is remembered across pages and reloads.
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from playwright.sync_api import BrowserContext, Page, expect

import tavola
from tavola.apps.web import pages
from tavola.core.registry import game_classes
from tests.apps.web.helpers import MATCH, play_to_the_end, wait_shown
from tests.apps.web.test_replay import finished_match
from tests.live_server import ServerProcess

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tools"))
import messages  # tools/messages.py: the domains and where their catalogs are

DOMAINS = ("web", "core", "campanile", "carcassonne", "clocktowers")
# The page's words as a person reads them, without what is the same in every language:
# notation (in code elements, the move list's datalist), key names, the language switch;
# apart, the words the games make (their events, the board's words, the moves' words).
PAGE_TEXT = """() => {
  const body = document.body.cloneNode(true);
  const games = ".event, #tv-actions, #tv-info, #tv-choice-label";
  const game = [...body.querySelectorAll(games)].map((n) => n.textContent);
  const same = "code, kbd, datalist, nav.languages, script, svg";
  for (const node of body.querySelectorAll(`${same}, ${games}`)) {
    node.remove();
  }
  document.body.append(body);
  body.style.position = "absolute";
  const text = body.innerText;
  body.remove();
  const svg = document.querySelector("#tv-board .tavola-board");
  const words = svg ? [...svg.querySelectorAll("text, title, desc")].map((n) => n.textContent) : [];
  const labelled = svg ? [...svg.querySelectorAll("[aria-label]")] : [];
  const labels = labelled.map((n) => n.getAttribute("aria-label"));
  return { page: text, game: [...game, ...words, ...labels].join("\\n") };
}"""


def english_fragments(lang: str) -> dict[str, re.Pattern[str]]:
    """The English texts that must not show in ``lang``: the literal parts (between
    ``{fields}``) of every message id translated differently, as whole words, leaving
    out parts that some translation in ``lang`` uses too."""
    translations: dict[str, str] = {}
    for domain in DOMAINS:
        path = messages.po_path(domain, lang)
        if not path.exists():
            continue
        with path.open("rb") as file:
            for message in read_po(file, locale=lang, domain=domain):
                ids = [message.id] if isinstance(message.id, str) else list(message.id)
                found = message.string or ""
                strings = [found] if isinstance(found, str) else list(found)
                if ids[0] and all(strings) and strings != ids[: len(strings)]:
                    for msgid in ids:
                        translations[msgid] = "\n".join(strings)
    every_translation = "\n".join(translations.values())
    fragments: dict[str, re.Pattern[str]] = {}
    for msgid, translated in translations.items():
        for part in re.split(r"\{[^{}]*\}", msgid):
            part = part.strip(" .,;:!?()\n")
            if len(re.findall(r"[A-Za-z]", part)) < 3 or part in translated:
                continue
            pattern = re.compile(rf"(?<![\w-]){re.escape(part)}(?![\w-])")
            if not pattern.search(every_translation):
                fragments[part] = pattern
    return fragments


def notation_words(record: dict[str, Any]) -> set[str]:
    """The words of a match's notation, the same in every language (``play clock 3``,
    ``draw clocks``, a card's code in an event): of every legal action at every turn
    and of each action taken, as the game writes them."""
    game = tavola.replay(record).game
    state = game.new_game(record["seed"])
    notations: set[str] = set()
    for text in record["actions"]:
        if state.current_player is not None:
            notations.update(game.action_to_string(a) for a in state.legal_actions())
        action = state.read_action(text)
        notations.update((game.action_to_string(action), game.public_notation(action)))
        state.apply(action)
    return {word.lower() for notation in notations for word in re.findall("[A-Za-z]+", notation)}


def not_notation(
    fragments: dict[str, re.Pattern[str]], words: set[str]
) -> dict[str, re.Pattern[str]]:
    """The fragments that are not all words of the notation (``words``)."""
    return {
        part: pattern
        for part, pattern in fragments.items()
        if not {word.lower() for word in re.findall("[A-Za-z]+", part)} <= words
    }


def english_in(text: str, fragments: dict[str, re.Pattern[str]]) -> list[str]:
    return sorted(part for part, pattern in fragments.items() if pattern.search(text))


def test_the_scripts_texts_are_the_ones_babel_extracts() -> None:
    """The pages embed the translations of what the scripts mark (found by a regular
    expression at run time): the same texts as tools/messages.py extracts with Babel."""
    found = extract_from_dir(pages.STATIC, [("**.js", "javascript")], keywords=messages.KEYWORDS)
    babel = {message if isinstance(message, str) else message[0] for _, _, message, _, _ in found}
    assert babel == set(pages.SCRIPT_TEXTS)
    assert "Your turn" in babel


def test_the_check_finds_english_on_an_english_page() -> None:
    fragments = english_fragments("it")
    assert "Seats and scores" in english_in("Seats and scores · Tocca a te", fragments)
    assert english_in("Posti e punteggi · Tocca a te", fragments) == []


def test_notation_is_told_apart_from_english() -> None:
    state = tavola.load("clocktowers", players=2).new_game(3)
    rng = random.Random(3)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    words = notation_words(state.record())
    assert {"play", "discard", "draw", "clock", "roof", "red"} <= words
    kept = not_notation(english_fragments("it"), words)
    assert "clock" not in kept
    assert "Seats and scores" in kept


@pytest.mark.browser
@pytest.mark.parametrize("game", ["clocktowers", "campanile", "carcassonne"])
def test_a_whole_game_in_italian_shows_no_english(
    server: ServerProcess, new_context: Any, game: str
) -> None:
    context: BrowserContext = new_context(locale="it-IT")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    created = httpx.post(
        f"{server.url}/api/matches",
        json={"game": game, "seats": ["human", "random"], "options": {"players": 2}},
    ).json()
    seat = next(seat for seat in created["seats"] if seat["kind"] == "human")
    page.goto(server.url + seat["url"])
    wait_shown(page)
    expect(page.locator("html")).to_have_attribute("lang", "it")
    fragments = english_fragments("it")
    seen = [page.evaluate(PAGE_TEXT)]
    play_to_the_end(page)
    expect(page.locator("#tv-over")).to_be_visible()
    seen.append(page.evaluate(PAGE_TEXT))
    assert "Partita finita" in seen[-1]["page"]
    page.goto(f"{server.url}/m/{created['id']}/replay")
    page.wait_for_selector(f"{MATCH}:not([data-step='-1'])")
    seen.append(page.evaluate(PAGE_TEXT))
    assert not errors, errors
    record = httpx.get(f"{server.url}/api/matches/{created['id']}/record").json()
    # the client's own words (templates, scripts, the server's), then the games' words,
    # where the notation (``play clock 3``, a card's code) is the same in every language
    looked_for = {"page": fragments, "game": not_notation(fragments, notation_words(record))}
    for part in ("page", "game"):
        found = {fragment for text in seen for fragment in english_in(text[part], looked_for[part])}
        assert not found, f"English in the Italian {part}: {sorted(found)}"


@pytest.mark.browser
def test_the_language_switch_is_remembered(page: Page, server: ServerProcess) -> None:
    page.goto(server.url + "/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    switch = page.locator("nav.languages")
    expect(switch.locator("a")).to_have_text(["English", "Italiano", "Deutsch", "Français"])
    switch.get_by_text("Italiano").click()
    expect(page.locator("html")).to_have_attribute("lang", "it")
    expect(page.locator("#new-title")).to_have_text("Nuova partita")
    expect(page.locator("#tv-seats .seat-row .seat-word").first).to_have_text(
        "Posto A: chi lo gioca"
    )  # the scripts' words too
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "it")
    page.goto(server.url + "/replay")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    expect(page.locator("nav.languages a[aria-current]")).to_have_text("Italiano")
    page.goto(server.url + "/rules/campanile")  # a page without scripts: links with ?lang=
    switch.get_by_text("Deutsch").click()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    page.goto(server.url + "/")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#new-title")).to_have_text("Neue Partie")
    switch.get_by_text("English").click()
    expect(page.locator("#new-title")).to_have_text("New match")


# French punctuation in a title with no no-break space before it (? ! : ;), or a plain
# space inside « »
LOOSE_FRENCH = re.compile(r"(?<![\u00a0\u202f])[?!:;]|«(?![\u00a0\u202f])|(?<![\u00a0\u202f])»")


@pytest.mark.browser
def test_every_french_page_title_spaces_its_punctuation(page: Page, server: ServerProcess) -> None:
    """Playtest 15 #9: the French rules page was titled "Carcassonne: Règles" where every
    other French title reads "X : Y" (a no-break space before the colon). Every French
    page's title, as the browser shows it, sets that space."""
    body = {"game": "campanile", "seats": ["human", "heuristic"], "seed": 3}
    created = httpx.post(f"{server.url}/api/matches", json=body).json()
    urls = ["/", "/replay", "/tournaments", "/leaderboard", "/players/nobody"]
    urls.append(created["seats"][0]["url"])  # a match being played
    for game in sorted(game_classes()):
        urls += [f"/learn/{game}", f"/leaderboard/{game}"]
        urls += [f"/rules/{game}{key}" for key in ("", "/decisions", "/notation")]
    titles = {}
    for url in urls:
        page.goto(server.url + url + ("&" if "?" in url else "?") + "lang=fr")
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        titles[url] = page.title()
    page.goto(f"{server.url}/learn/carcassonne?lang=fr")
    page.locator('main a[href^="/learn/carcassonne/"]').first.click()  # a lesson
    page.wait_for_url("**/learn/*/*")
    titles[page.url] = page.title()
    finished, _record = finished_match(server)
    for url in (f"/m/{finished}", f"/m/{finished}/replay"):
        page.goto(f"{server.url}{url}?lang=fr")
        page.wait_for_selector(".event-table")  # the log: the page has its state
        titles[url] = page.title()
    loose = {url: title for url, title in titles.items() if LOOSE_FRENCH.search(title)}
    assert not loose, loose
    assert any("\u00a0: " in title for title in titles.values()), titles  # the rules pages
