"""Every game's pages, tavola's own and the plugins', as ``Game.document`` gives them and
the rules pages render them: each page in each language it is written in."""

from __future__ import annotations

import importlib
import re
import textwrap
from pathlib import Path

import pytest

from tavola.apps.web import rules
from tavola.core.game import Game
from tavola.core.registry import game_classes

CASES = [
    (game, page, lang)
    for game, cls in game_classes().items()
    for page in rules.PAGES
    for lang in cls.document_languages(page)
]


@pytest.mark.parametrize("game", sorted(game_classes()))
def test_every_game_has_its_pages_in_english(game: str) -> None:
    """The rules and the notation are every game's; the decisions page is optional (a
    game whose rules page says how tavola reads them needs none), English first."""
    for page in rules.PAGES:
        shipped = rules.languages(game, page)
        if page != "decisions" or shipped:
            assert shipped[:1] == ("en",), (game, page)


@pytest.mark.parametrize(("game", "page", "lang"), CASES)
def test_each_page_renders_in_each_language_it_has(game: str, page: str, lang: str) -> None:
    html = rules.html(game, page, lang)
    assert rules.shown_in(game, page, lang) == lang
    assert html.startswith('<h1 id="')
    heading = (game_classes()[game].document(page, lang) or "").splitlines()[0]
    assert heading.startswith("# ")
    # Links between the game's pages lead to the pages served, never to a Markdown file.
    assert not re.search(r'href="[^"#:]*\.md', html), (game, page, lang)


def test_a_page_comes_from_the_package_of_the_game_class(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game in a package of its own gets its pages by shipping ``pages/*.md``; a name
    or a language that names no page gives ``None``, as does a class outside a package."""
    package = tmp_path / "mygame"
    (package / "pages").mkdir(parents=True)
    (package / "__init__.py").write_text(
        textwrap.dedent(
            """\
            from tavola_dudo.game import Dudo

            class MyGame(Dudo):
                name = "mygame"
            """
        )
    )
    (package / "pages" / "rules.md").write_text("# My rules\n", encoding="utf-8")
    (package / "pages" / "rules.it.md").write_text("# Le mie regole\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    my_game: type[Game] = importlib.import_module("mygame").MyGame

    assert my_game.document("rules") == "# My rules\n"
    assert my_game.document("rules", "it") == "# Le mie regole\n"
    assert my_game.document("rules", "de") is None
    assert my_game.document_languages("rules") == ("en", "it")
    assert my_game.document_languages("notation") == ()
    for page, lang in [("../pages/rules", "en"), ("rules", "../it"), ("Rules", "en")]:
        assert my_game.document(page, lang) is None
    nowhere: type[Game] = type("Nowhere", (my_game,), {"__module__": __name__})  # no pages
    assert nowhere.document("rules") is None
