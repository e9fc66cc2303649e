"""Each game's rules page, rendered from the game's own pages, in the reader's language.

A game ships its pages in its package (tavola's own in ``tavola/games/<game>/pages/``:
``rules.md`` and ``notation.md``, the rules translated in ``rules.it.md``, ``rules.de.md``
and ``rules.fr.md``); the game gives their text (``Game.document``), so a plugin game's
pages are served as tavola's own. They are rendered with markdown-it-py (a dependency of
rich, so always installed), raw HTML off, headings given ids so the pages' ``#anchors``
work. A translated page's headings also answer to the English page's anchors, so a link
to ``/rules/campanile#edition-1996`` finds its section in every language.

>>> "<h1" in html("campanile", "rules") and 'id="components"' in html("campanile", "rules")
True
>>> 'id="materiale"' in html("campanile", "rules", "it")
True
"""

from __future__ import annotations

import re
from functools import cache

from markdown_it import MarkdownIt
from markdown_it.token import Token

from tavola.core.i18n import DEFAULT_LANGUAGE, LANGUAGES, N_
from tavola.core.registry import game_classes

PAGES = {"rules": N_("Rules"), "notation": N_("Notation")}
"""Each page and its name (translated when shown, in the ``web`` domain)."""
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != DEFAULT_LANGUAGE)
"""The languages the rules are translated into (the notation is language-neutral)."""


def page_text(game: str, page: str, lang: str = DEFAULT_LANGUAGE) -> str | None:
    """The Markdown of ``page`` of the game named ``game`` in ``lang`` (``None``: no such
    game, or the game has no such page in that language)."""
    cls = game_classes().get(game)
    return cls.document(page, lang) if cls is not None else None


def languages(game: str, page: str) -> tuple[str, ...]:
    """The languages ``page`` of ``game`` is shipped in, English first.

    >>> languages("clocktowers", "rules"), languages("clocktowers", "notation")
    (('en', 'it', 'de', 'fr'), ('en',))
    """
    cls = game_classes().get(game)
    return cls.document_languages(page) if cls is not None else ()


def slug(text: str) -> str:
    """A heading's anchor as GitHub makes it.

    >>> slug("Edition 1996 (Blatz)"), slug("Édition 1996 : ce qui change")
    ('edition-1996-blatz', 'édition-1996--ce-qui-change')
    """
    text = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return text.replace(" ", "-")


def _headings(tokens: list[Token]) -> list[tuple[Token, Token]]:
    """Each heading's opening token with its inline content, in order."""
    return [
        (token, tokens[index + 1])
        for index, token in enumerate(tokens)
        if token.type == "heading_open" and index + 1 < len(tokens)
    ]


def _parse(markdown: str) -> tuple[MarkdownIt, list[Token]]:
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    return md, md.parse(markdown)


def shown_in(game: str, page: str, lang: str) -> str:
    """The language ``page`` is shown in for a reader of ``lang``: theirs if the page is
    translated into it, else English.

    >>> shown_in("campanile", "rules", "de"), shown_in("campanile", "notation", "de")
    ('de', 'en')
    """
    return lang if lang in languages(game, page) else DEFAULT_LANGUAGE


@cache
def html(game: str, page: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """The page as HTML in ``lang`` (English if not translated; empty if the game ships
    no such page)."""
    lang = shown_in(game, page, lang)
    markdown = page_text(game, page, lang)
    if markdown is None:
        return ""
    md, tokens = _parse(markdown)
    headings = _headings(tokens)
    for opening, inline in headings:
        opening.attrSet("id", slug(inline.content))
    if lang != DEFAULT_LANGUAGE:
        _english_anchors(headings, _headings(_parse(page_text(game, page) or "")[1]))
    for token in tokens:
        for child in token.children or ():
            if child.type == "link_open":
                child.attrSet("href", _link(game, str(child.attrGet("href") or "")))
    rendered: str = md.renderer.render(tokens, md.options, {})
    return rendered


def _english_anchors(
    headings: list[tuple[Token, Token]], english: list[tuple[Token, Token]]
) -> None:
    """Give each translated heading the English heading's anchor too (the docs translate
    heading by heading), unless the page already has that id."""
    taken = {str(opening.attrGet("id")) for opening, _ in headings}
    for (_, inline), (_, theirs) in zip(headings, english, strict=False):
        anchor = slug(theirs.content)
        if anchor in taken:
            continue
        taken.add(anchor)
        marker = Token("html_inline", "", 0, content=f'<span id="{anchor}"></span>')
        inline.children = [marker, *(inline.children or [])]


def _link(game: str, href: str) -> str:
    """Links between a game's pages lead to the pages served here."""
    page, _, anchor = href.partition("#")
    anchor = f"#{anchor}" if anchor else ""
    if page == "rules.md":
        return f"/rules/{game}{anchor}"
    if page == "notation.md":
        return f"/rules/{game}/notation{anchor}"
    return href
