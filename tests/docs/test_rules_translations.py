"""Each game's rules in Italian, German and French follow the English text.

``tavola/games/<game>/pages/rules.<lang>.md`` translates ``pages/rules.md`` (and
``decisions.<lang>.md`` translates ``decisions.md`` where a game has one): the same headings
(how many at each level, in the same order), the same notation examples (code spans and
blocks are language-neutral, so they stay exactly as they are), and every ``#anchor``
link leads to a heading of its own file, as the rules page gives ids
(``tavola.apps.web.rules.slug``).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from urllib.parse import unquote

import pytest
from markdown_it import MarkdownIt
from markdown_it.token import Token

import tavola.games
from tavola.apps.web.rules import TRANSLATED, slug
from tavola.core.pages import page_file

GAMES_DIR = Path(tavola.games.__file__).parent
GAMES = sorted(path.parents[1].name for path in GAMES_DIR.glob("*/pages/rules.md"))  # our own


TRANSLATED_PAGES = ("rules", "decisions")
"""The pages translated page for page (the notation is language-neutral)."""


def rules_file(game: str, lang: str = "en", page: str = "rules") -> Path:
    """A game's rules (or another of its pages) in ``lang``, as shipped in its package."""
    return GAMES_DIR / game / "pages" / page_file(page, lang)


PAGES = [
    (game, page)
    for game in GAMES
    for page in TRANSLATED_PAGES
    if rules_file(game, "en", page).is_file()
]
CASES = [(game, lang, page) for game, page in PAGES for lang in TRANSLATED]


def tokens(path: Path) -> list[Token]:
    md = MarkdownIt("commonmark").enable("table")
    return md.parse(path.read_text(encoding="utf-8"))


def headings(path: Path) -> list[tuple[str, str]]:
    """(level, text) of every heading, in order."""
    found = tokens(path)
    return [
        (token.tag, found[index + 1].content)
        for index, token in enumerate(found)
        if token.type == "heading_open"
    ]


def inline_children(path: Path) -> list[Token]:
    return [child for token in tokens(path) for child in token.children or ()]


def code(path: Path) -> Counter[str]:
    """Every code span and code block, as written."""
    spans = [child.content for child in inline_children(path) if child.type == "code_inline"]
    blocks = [t.content for t in tokens(path) if t.type in ("fence", "code_block")]
    return Counter(spans + blocks)


def anchors(path: Path) -> list[str]:
    """The targets of the links to ``#anchor`` in the same file (markdown-it
    percent-encodes them, browsers decode them to find the id)."""
    hrefs = [str(c.attrGet("href")) for c in inline_children(path) if c.type == "link_open"]
    return [unquote(href[1:]) for href in hrefs if href.startswith("#")]


def test_every_game_has_every_translation() -> None:
    assert GAMES == ["campanile", "carcassonne", "clocktowers"]
    for game, page in PAGES:
        for lang in TRANSLATED:
            assert rules_file(game, lang, page).is_file(), (game, lang, page)


@pytest.mark.parametrize(("game", "lang", "page"), CASES)
def test_the_same_headings_at_each_level(game: str, lang: str, page: str) -> None:
    english = headings(rules_file(game, "en", page))
    translated = headings(rules_file(game, lang, page))
    assert [level for level, _ in translated] == [level for level, _ in english]
    # The code in headings (an option's name) stays as it is.
    for (_, theirs), (_, ours) in zip(english, translated, strict=True):
        assert theirs.split("`")[1::2] == ours.split("`")[1::2]
    # Translated, not copied: most headings differ from the English ones.
    same = sum(theirs == ours for (_, theirs), (_, ours) in zip(english, translated, strict=True))
    assert same <= len(english) // 4, (game, lang, same)


@pytest.mark.parametrize(("game", "lang", "page"), CASES)
def test_the_same_notation_examples(game: str, lang: str, page: str) -> None:
    english = code(rules_file(game, "en", page))
    translated = code(rules_file(game, lang, page))
    assert translated == english, (english - translated, translated - english)


@pytest.mark.parametrize(("game", "lang", "page"), [(g, "en", p) for g, p in PAGES] + CASES)
def test_every_anchor_link_leads_to_a_heading_of_its_file(game: str, lang: str, page: str) -> None:
    path = rules_file(game, lang, page)
    ids = {slug(text) for _, text in headings(path)}
    for anchor in anchors(path):
        assert anchor in ids, (path.name, anchor)


@pytest.mark.parametrize(("game", "lang", "page"), CASES)
def test_the_same_links_to_other_pages(game: str, lang: str, page: str) -> None:
    """Links to other files (the notation) are kept, and as many anchor links."""

    def links(path: Path) -> tuple[list[str], int]:
        hrefs = [str(c.attrGet("href")) for c in inline_children(path) if c.type == "link_open"]
        return sorted(h for h in hrefs if not h.startswith("#")), len(anchors(path))

    assert links(rules_file(game, lang, page)) == links(rules_file(game, "en", page))
