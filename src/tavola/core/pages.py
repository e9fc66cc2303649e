"""A game's pages (its rules, its notation): Markdown files shipped in the game's package.

A game's package holds ``pages/<page>.md`` in English and ``pages/<page>.<lang>.md`` in
the languages the page is translated into, as package data; ``Game.document`` reads them
with ``importlib.resources``, so they are found in a wheel, an editable install or a
zip alike, and a plugin game gets its pages by shipping the files.

>>> read_page("tavola.games.clocktowers", "rules", "it").splitlines()[0]
'# ClockTowers: le regole come le gioca tavola'
>>> read_page("tavola.games.clocktowers", "notation", "it") is None
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
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
    """A rulebook's example: a position the engine reaches from a new game."""

    options: Mapping[str, Any]
    """The game's options, a stacked deck included."""
    actions: tuple[str, ...]
    """Notations played from the start, in order."""
    seed: int = 1
    seat: int | None = None
    """Whose view is drawn (``None``: a spectator's)."""
    scores: tuple[int, ...] | None = None
    """The scores the text states after the actions."""

    def state(self, game_class: type[Game]) -> State:
        """The position: the game loaded with ``options``, ``new_game(seed)``, ``actions``."""
        state = game_class(**self.options).new_game(self.seed)
        for action in self.actions:
            state.apply(action)
        return state

    def svg(self, game_class: type[Game]) -> str:
        """The position drawn by the game's own ``svg``, with no action offered."""
        state = self.state(game_class)
        return state.game.svg(state.view(self.seat))
