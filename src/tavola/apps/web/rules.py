"""Each game's rules page, rendered from the project's own docs.

The docs live in the repository (``docs/<game>/rules.md`` and ``notation.md``); an
installed package has no repository, so copies ship as package data in ``static/``
(``rules-<game>.md``, ``notation-<game>.md``) and a test keeps them equal to the docs.
They are rendered with markdown-it-py (a dependency of rich, so always installed), raw
HTML off, headings given ids so the docs' ``#anchors`` work.

>>> "<h1" in html("campanile", "rules") and 'id="components"' in html("campanile", "rules")
True
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from markdown_it import MarkdownIt

STATIC = Path(__file__).parent / "static"
PAGES = {"rules": "Rules", "notation": "Notation"}


def source(game: str, page: str) -> Path:
    """The shipped copy of ``docs/<game>/<page>.md``."""
    return STATIC / f"{page}-{game}.md"


def slug(text: str) -> str:
    """A heading's anchor as GitHub makes it.

    >>> slug("Edition 1996 (Blatz)")
    'edition-1996-blatz'
    """
    text = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return text.replace(" ", "-")


@cache
def html(game: str, page: str) -> str:
    """The page as HTML (empty if the game ships no such page)."""
    path = source(game, page)
    if not path.is_file():
        return ""
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    tokens = md.parse(path.read_text(encoding="utf-8"))
    for index, token in enumerate(tokens):
        if token.type == "heading_open" and index + 1 < len(tokens):
            token.attrSet("id", slug(tokens[index + 1].content))
        if token.type == "inline" and token.children:
            for child in token.children:
                if child.type == "link_open":
                    href = str(child.attrGet("href") or "")
                    child.attrSet("href", _link(game, href))
    rendered: str = md.renderer.render(tokens, md.options, {})
    return rendered


def _link(game: str, href: str) -> str:
    """Links between the docs' pages lead to the pages served here."""
    page, _, anchor = href.partition("#")
    anchor = f"#{anchor}" if anchor else ""
    if page == "rules.md":
        return f"/rules/{game}{anchor}"
    if page == "notation.md":
        return f"/rules/{game}/notation{anchor}"
    return href
