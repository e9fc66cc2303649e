"""A game's pages (its rules, its notation): Markdown files shipped in the game's package.

A game's package holds ``pages/<page>.md`` in English and ``pages/<page>.<lang>.md`` in
the languages the page is translated into, as package data; ``Game.document`` reads them
with ``importlib.resources``, so they are found in a wheel, an editable install or a
zip alike, and a plugin game gets its pages by shipping the files.

A rulebook's pictures are ``Figure``s: positions the engine reaches from a new game
(``Game.figures``), drawn by the game's own ``svg`` when the page is shown, so they never
drift from the rules. A page shows one as an image on a line of its own whose address is
``figure:<name>`` and whose text is its caption.

>>> read_page("tavola.core", "rules", "it") is None  # a package without pages
True
>>> read_page("tavola.core", "../rules", "en") is None  # a page's name is never a path
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import TYPE_CHECKING, Any

from tavola.core.i18n import DEFAULT_LANGUAGE, LANGUAGES

if TYPE_CHECKING:
    from tavola.core.game import Game, State

PAGE_NAME = re.compile(r"[a-z][a-z0-9_-]*")
"""What a page's name looks like (``rules``, ``notation``): a file name, never a path."""


def page_file(page: str, lang: str) -> str:
    """The file a page is shipped as, under ``pages/`` in its package.

    >>> page_file("rules", "en"), page_file("rules", "fr")
    ('rules.md', 'rules.fr.md')
    """
    return f"{page}.md" if lang == DEFAULT_LANGUAGE else f"{page}.{lang}.md"


def read_page(package: str, page: str, lang: str) -> str | None:
    """The text of ``pages/<page>[.<lang>].md`` in ``package``, or ``None`` if there is no
    such file (or no such package, or a ``page`` or ``lang`` that names no page)."""
    if not package or not PAGE_NAME.fullmatch(page) or lang not in LANGUAGES:
        return None
    try:
        resource = resources.files(package) / "pages" / page_file(page, lang)
        return resource.read_text(encoding="utf-8") if resource.is_file() else None
    except (ModuleNotFoundError, FileNotFoundError, NotADirectoryError):
        return None


@dataclass(frozen=True)
class Figure:
    """A rulebook's example: a position the engine reaches from a new game.

    ``options`` are the game's options (a stacked deck among them, so the draws are the
    example's), ``actions`` the notations played from the start, ``seat`` whose view is
    drawn (``None``: a spectator's), ``scores`` the scores the text states after them
    (checked against the engine by the rulebooks' tests).

    >>> import tavola
    >>> figure = Figure({"players": 2}, ("build blue 1",), seed=3)
    >>> cls = type(tavola.load("campanile"))
    >>> figure.state(cls).history == [cls(players=2).parse_action("build blue 1")]
    True
    >>> figure.svg(cls).startswith("<svg") and 'data-action="' not in figure.svg(cls)
    True
    """

    options: Mapping[str, Any] = field(default_factory=dict)
    actions: tuple[str, ...] = ()
    seed: int = 1
    seat: int | None = None
    scores: tuple[int, ...] | None = None

    def state(self, game_class: type[Game]) -> State:
        """The position: a new game with ``options`` and ``seed``, ``actions`` played."""
        state = game_class(**self.options).new_game(self.seed)
        for action in self.actions:
            state.apply(action)
        return state

    def svg(self, game_class: type[Game]) -> str:
        """The position drawn by the game as ``seat`` sees it, with no action offered."""
        state = self.state(game_class)
        return state.game.svg(state.view(self.seat))
