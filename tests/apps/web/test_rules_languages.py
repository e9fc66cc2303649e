"""The rules pages in the reader's language: rendered from the translated pages, served in
the language the request asks for (``?lang=``, the cookie, ``Accept-Language``), English
unchanged at the same address, and every anchor working in every language."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import httpx
import pytest
from playwright.sync_api import Page, expect

import tavola.games
from tavola.apps.web import rules
from tavola.core.i18n import punctuation_kept
from tavola.core.registry import game_classes
from tests.live_server import ServerProcess

GAMES_DIR = Path(tavola.games.__file__).parent
GAMES = sorted(path.parents[1].name for path in GAMES_DIR.glob("*/pages/rules.md"))  # our own
LANGS = ["en", *rules.TRANSLATED]


def ids(html: str) -> set[str]:
    return set(re.findall(r' id="([^"]+)"', html))


def title(game: str, lang: str) -> str:
    """The first line of the rules in ``lang``: its ``#`` heading."""
    first = (rules.page_text(game, "rules", lang) or "").splitlines()[0]
    assert first.startswith("# ")
    return first[2:]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_each_language_renders_its_own_doc(game: str, lang: str) -> None:
    html = rules.html(game, "rules", lang)
    heading = f">{punctuation_kept(title(game, lang), lang)}</h1>"
    assert heading in html
    for other in LANGS:
        assert other == lang or f">{punctuation_kept(title(game, other), other)}</h1>" not in html


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", rules.TRANSLATED)
def test_anchors_work_in_every_language(game: str, lang: str) -> None:
    """Links inside a page find their heading, and the English page's anchors (links
    from elsewhere to /rules/<game>#...) find the same section in a translation."""
    english = rules.html(game, "rules")
    html = rules.html(game, "rules", lang)
    for anchor in re.findall(r'href="#([^"]+)"', html):
        assert unquote(anchor) in ids(html), (lang, anchor)
    assert ids(english) <= ids(html)
    if game == "campanile":
        # The section's own heading carries the English anchor.
        section = html.split('<span id="edition-1996"></span>')[1].split("<")[0]
        assert section == {"it": "Edizione 1996", "de": "Ausgabe 1996", "fr": "Édition 1996"}[lang]


def test_the_notation_is_english_in_every_language() -> None:
    assert rules.languages("clocktowers", "notation") == ("en",)
    assert rules.html("clocktowers", "notation", "it") == rules.html("clocktowers", "notation")


def test_the_route_serves_the_language_asked_for(server: ServerProcess) -> None:
    url = f"{server.url}/rules/campanile"
    english = httpx.get(url)
    assert english.status_code == 200
    assert 'id="components"' in english.text
    assert "In short" in httpx.get(f"{url}/decisions").text  # with the decisions
    assert '<article class="doc" lang="en">' in english.text
    assert ">Materiale</h2>" not in english.text

    italian = httpx.get(url, params={"lang": "it"})
    assert ">Materiale</h2>" in italian.text
    assert '<article class="doc" lang="it">' in italian.text
    italian_decisions = httpx.get(f"{url}/decisions", params={"lang": "it"})
    assert "In breve" in italian_decisions.text
    assert 'href="#informazioni-nascoste"' in italian_decisions.text
    assert 'id="components"' in italian.text  # the English anchor still leads somewhere

    german = httpx.get(url, headers={"Accept-Language": "de-CH,de;q=0.9,en;q=0.5"})
    assert ">Spielmaterial</h2>" in german.text
    german_decisions = httpx.get(f"{url}/decisions", headers={"Accept-Language": "de"})
    assert "Kurz gesagt" in german_decisions.text
    french = httpx.get(url, cookies={"tavola_lang": "fr"})
    assert ">Matériel</h2>" in french.text
    assert "En bref" in httpx.get(f"{url}/decisions", cookies={"tavola_lang": "fr"}).text
    # The English page is still the English page, whatever was asked before.
    assert httpx.get(url).text == english.text


def test_untranslated_pages_say_so(server: ServerProcess) -> None:
    page = httpx.get(f"{server.url}/rules/carcassonne/notation", params={"lang": "de"})
    assert page.status_code == 200
    assert '<article class="doc" lang="en">' in page.text
    assert "Diese Seite ist auf Englisch: Die Notation ist in jeder Sprache dieselbe." in page.text
    english = httpx.get(f"{server.url}/rules/carcassonne/notation")
    assert '<p class="note">' not in english.text


@pytest.mark.parametrize("lang", rules.TRANSLATED)
def test_the_game_pages_lead_to_the_rules_in_the_readers_language(
    server: ServerProcess, lang: str
) -> None:
    """The lobby's link to the rules is the same address, which the reader's choice
    (remembered in the cookie) serves in their language."""
    with httpx.Client(base_url=server.url) as client:
        lobby = client.get("/", params={"lang": lang})
        assert 'href="/rules/carcassonne"' in lobby.text
        page = client.get("/rules/carcassonne")  # as the link opens it: the cookie is sent
        assert f">{punctuation_kept(title('carcassonne', lang), lang)}</h1>" in page.text
        assert {"it": ">Regole<", "de": ">Regeln<", "fr": ">Règles<"}[lang] in page.text


ILLUSTRATED = sorted(game for game, cls in game_classes().items() if cls.figures())


@pytest.mark.browser
@pytest.mark.parametrize("game", ILLUSTRATED)
@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_rulebook_fits_a_phone_and_names_its_pictures(
    page: Page, server: ServerProcess, game: str, lang: str
) -> None:
    """On a phone nothing scrolls sideways; each picture fits the screen and is an image
    named by its caption (what a screen reader says)."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{server.url}/rules/{game}?lang={lang}")
    figures = page.locator("figure.rule-figure")
    expect(figures.first).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for index in range(figures.count()):
        figure = figures.nth(index)
        picture = figure.locator("img")
        caption = figure.locator("figcaption").inner_text()
        assert caption
        assert picture.get_attribute("alt") == caption
        box = picture.bounding_box()
        assert box is not None
        assert box["x"] >= 0
        assert box["x"] + box["width"] <= 390


@pytest.mark.parametrize("game", GAMES)
def test_french_rules_keep_their_punctuation_to_its_word(game: str) -> None:
    """French sets a space before ? ! : ;, never a line's start: the rendered page's is a
    no-break one (its Markdown may have a plain space)."""
    html = rules.html(game, "rules", "fr")
    loose = re.findall(r".{12}[ \u202f][?!:;](?=\s|$|<)", html)
    assert "\u00a0:" in html
    assert loose == [], loose[:3]


# a plain (breakable) space or line break next to a guillemet: a lone « or » at a line's end
# or start
LOOSE_GUILLEMET = re.compile(r"«[ \t\r\n]|[ \t\r\n]»")


@pytest.mark.browser
def test_no_french_rules_page_breaks_a_line_inside_guillemets(
    page: Page, server: ServerProcess
) -> None:
    """Playtest 15 #6: on /rules/carcassonne and /rules/clocktowers in French the spaces
    inside « » were plain ones, and a lone « or » ended a line at 16 of 155 window widths
    ("avec l'option «" / "petite ville » à 4" at 320 px). Every French rules page's text,
    as the browser has it, has no plain space next to « or »."""
    quoted = 0
    for game in GAMES:
        for key in rules.PAGES:
            if "fr" not in rules.languages(game, key):
                continue
            suffix = "" if key == "rules" else f"/{key}"
            page.goto(f"{server.url}/rules/{game}{suffix}?lang=fr")
            expect(page.locator("html")).to_have_attribute("lang", "fr")
            text = page.locator("main").text_content() or ""
            quoted += text.count("«")
            found = LOOSE_GUILLEMET.finditer(text)
            loose = [text[max(0, m.start() - 30) : m.end() + 30] for m in found]
            assert not loose, (game, key, loose)
    assert quoted > 40  # the pages quote, in Carcassonne's and ClockTowers' rules too


@pytest.mark.parametrize(
    ("lang", "note"),
    [
        ("fr", "Cette page n&#39;existe qu&#39;en anglais"),  # as the page escapes it
        ("it", "Questa pagina è solo in inglese"),
        ("de", "Diese Seite gibt es nur auf Englisch"),
    ],
)
def test_a_plugin_page_only_in_english_says_so(server: ServerProcess, lang: str, note: str) -> None:
    """Dudo (a plugin game) ships its rules in English only: the page says so in the reader's
    language and marks the body as English, so a screen reader reads it as English."""
    page = httpx.get(f"{server.url}/rules/dudo", params={"lang": lang})
    assert page.status_code == 200
    assert f'<html lang="{lang}"' in page.text
    assert note in page.text
    # the summary in a few lines (the game's plain English text) is marked English too
    assert page.text.index(note) < page.text.index('<pre lang="en">Each seat rolls its dice')
    assert re.search(r'<article class="doc" lang="en">\s*<h1[^>]*>Dudo: the rules', page.text)
    english = httpx.get(f"{server.url}/rules/dudo", params={"lang": "en"})
    assert '<p class="note">' not in english.text
    assert "<pre>Each seat rolls its dice" in english.text
    assert '<article class="doc" lang="en">' in english.text
