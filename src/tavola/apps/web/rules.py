"""Each game's rules page, rendered from the game's own pages, in the reader's language.

A game ships its pages in its package (tavola's own in ``tavola/games/<game>/pages/``:
``rules.md`` and ``notation.md``, the rules translated in ``rules.it.md``, ``rules.de.md``
and ``rules.fr.md``); the game gives their text (``Game.document``), so a plugin game's
pages are served as tavola's own. They are rendered with markdown-it-py (a dependency of
rich, so always installed), raw HTML off, headings given ids so the pages' ``#anchors``
work. A translated page's headings also answer to the English page's anchors, so a link
to ``/rules/campanile#edition-1996`` finds its section in every language. An image on a
line of its own whose address is ``figure:<name>`` is one of the game's figures
(``Game.figures``): the game's picture of that position, inline, captioned by its text.

>>> "<h1" in html("campanile", "rules") and 'id="components"' in html("campanile", "rules")
True
>>> 'id="materiale"' in html("campanile", "rules", "it")
True
"""

from __future__ import annotations

import base64
import re
from functools import cache
from html import escape

from markdown_it import MarkdownIt
from markdown_it.token import Token

from tavola.core.game import Game
from tavola.core.i18n import DEFAULT_LANGUAGE, LANGUAGES, N_, language, punctuation_kept
from tavola.core.registry import game_classes

PAGES = {
    "rules": N_("Rules"),
    "notation": N_("Notation"),
    "decisions": N_("How tavola reads the rules"),
}
"""Each page and its name (translated when shown, in the ``web`` domain)."""
FIGURE = "figure:"
"""The address of an image that is one of the game's figures: ``figure:<name>``."""
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
            elif child.type == "text":  # after the anchors: they are made of the plain text
                child.content = punctuation_kept(child.content, lang)
    cls = game_classes()[game]
    with language(lang):
        tokens = _figures(tokens, cls, lang)
    rendered: str = md.renderer.render(tokens, md.options, {})
    return rendered


def figure_names(markdown: str) -> list[str]:
    """The figures a page shows, in order (each image whose address is ``figure:<name>``).

    >>> figure_names("Text ![A tower](figure:tower) and ![A cat](cat.png)")
    ['tower']
    """
    return [
        str(child.attrGet("src"))[len(FIGURE) :]
        for token in _parse(markdown)[1]
        for child in token.children or ()
        if child.type == "image" and str(child.attrGet("src")).startswith(FIGURE)
    ]


def _figure_images(token: Token) -> list[Token]:
    return [
        child
        for child in token.children or ()
        if child.type == "image" and str(child.attrGet("src")).startswith(FIGURE)
    ]


def _figures(tokens: list[Token], cls: type[Game], lang: str) -> list[Token]:
    """The tokens with each paragraph that is a figure's image replaced by the figure (its
    caption's punctuation set as ``lang`` sets it);
    ``LookupError`` for a figure the game does not have, or one inside a paragraph."""
    figures = cls.figures()
    shown: list[Token] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        images = _figure_images(token)
        if not images:
            shown.append(token)
            index += 1
            continue
        name = str(images[0].attrGet("src"))[len(FIGURE) :]
        if name not in figures:
            raise LookupError(f"{cls.name}: a page shows figure {name!r}, which it has not")
        alone = len(token.children or ()) == 1 and shown and shown[-1].type == "paragraph_open"
        if not alone:
            raise LookupError(f"{cls.name}: figure {name!r} is not on a line of its own")
        caption = "".join(child.content for child in images[0].children or ())
        caption = punctuation_kept(caption, lang)
        shown[-1] = Token("html_block", "", 0, content=_figure(figures[name].svg(cls), caption))
        index += 2  # the image's paragraph_close goes with it
    return shown


def _figure(svg: str, caption: str) -> str:
    """A figure's picture as HTML: an image (the SVG as a ``data:`` address) whose text is
    its caption. An image, not inline SVG: what the game draws to be played (a toggle, a
    described spot) is no control in a rulebook, and its ids cannot meet the page's.

    >>> html = _figure('<svg xmlns="http://www.w3.org/2000/svg"/>', "A&B")
    >>> html.startswith('<figure class="rule-figure"><img src="data:image/svg+xml;base64,')
    True
    >>> html.rstrip().endswith('alt="A&amp;B"><figcaption>A&amp;B</figcaption></figure>')
    True
    """
    label = escape(caption)
    data = base64.b64encode(svg.encode()).decode("ascii")
    picture = f'<img src="data:image/svg+xml;base64,{data}" alt="{label}">'
    return f'<figure class="rule-figure">{picture}<figcaption>{label}</figcaption></figure>\n'


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
    if page in ("notation.md", "decisions.md"):
        return f"/rules/{game}/{page.removesuffix('.md')}{anchor}"
    return href
