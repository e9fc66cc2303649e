"""The players' rulebooks (``pages/rules*.md`` of every game with figures): their pictures
are positions the engine reaches and scores as the text says, every language shows the
same pictures, the text is for players (no repository path, test, code or terminal
syntax), and the server shows the rulebook with its pictures and the decisions page."""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest
from markdown_it import MarkdownIt

from tavola.apps.web import rules
from tavola.core.i18n import LANGUAGES, punctuation_kept
from tavola.core.registry import game_classes
from tests.live_server import ServerProcess, running_server

ILLUSTRATED = sorted(game for game, cls in game_classes().items() if cls.figures())
"""The games whose rulebook is illustrated: every game that has figures."""
FIGURES = [(game, name) for game in ILLUSTRATED for name in game_classes()[game].figures()]
RULEBOOKS = [
    (game, lang)
    for game in ILLUSTRATED
    for lang in game_classes()[game].document_languages("rules")
]
MIN_FIGURES = 4
POINTS = re.compile(r"\b(points?|punt[io]|Punkte[n]?|scored?|scores|segna|bekommt|marque)\b")
"""A caption that states a score: its word for points or for scoring, in each language."""
NOT_FOR_PLAYERS = ("src/", "tests/", "shared/", ".py", "test_", "tavola ", "--", "$ ")
"""What a rulebook never says: repository paths, test names, terminal syntax."""


def rulebook(game: str, lang: str) -> str:
    text = rules.page_text(game, "rules", lang)
    assert text is not None, (game, lang)
    return text


def test_every_rulebook_is_in_every_language() -> None:
    assert ILLUSTRATED == ["campanile", "carcassonne", "clocktowers"]
    for game in ILLUSTRATED:
        assert set(game_classes()[game].document_languages("rules")) == set(LANGUAGES), game


@pytest.mark.parametrize(("game", "lang"), RULEBOOKS)
def test_every_score_a_caption_states_is_the_engines(game: str, lang: str) -> None:
    """A caption that speaks of points names each seat's points as the engine scores the
    figure's position (``Figure.scores``, checked against the engine above)."""
    cls = game_classes()[game]
    captions = re.findall(r"!\[([^\]]*)\]\(figure:([a-z0-9-]+)\)", rulebook(game, lang))
    stating = [(caption, name) for caption, name in captions if POINTS.search(caption)]
    assert len(stating) >= 2, (game, lang)  # its scoring examples
    for caption, name in stating:
        scores = cls.figures()[name].scores
        assert scores is not None, (game, lang, name)
        said = {int(number) for number in re.findall(r"\d+", caption)}
        for score in scores:
            assert score == 0 or score in said, (game, lang, name, score)


@pytest.mark.parametrize(("game", "name"), FIGURES)
def test_every_figure_is_a_position_the_engine_reaches(game: str, name: str) -> None:
    cls = game_classes()[game]
    figure = cls.figures()[name]
    state = figure.state(cls)  # every action legal, in order
    if figure.scores is not None:
        assert tuple(state.scores) == figure.scores, (game, name)
    picture = figure.svg(cls)
    assert picture.startswith("<svg")
    assert 'data-action="' not in picture


@pytest.mark.parametrize(("game", "lang"), RULEBOOKS)
def test_every_rulebook_shows_the_same_figures_as_the_english_one(game: str, lang: str) -> None:
    names = rules.figure_names(rulebook(game, lang))
    assert len(names) >= MIN_FIGURES, (game, lang, names)
    assert set(names) <= set(game_classes()[game].figures()), (game, lang)
    assert sorted(names) == sorted(rules.figure_names(rulebook(game, "en"))), (game, lang)


@pytest.mark.parametrize(("game", "lang"), RULEBOOKS)
def test_every_rulebook_is_written_for_players(game: str, lang: str) -> None:
    text = rulebook(game, lang)
    tokens = MarkdownIt("commonmark").enable("table").parse(text)
    inline = [child for token in tokens for child in token.children or ()]
    said = "\n".join(token.content for token in tokens if token.type == "inline")
    for words in NOT_FOR_PLAYERS:  # in what is read (a table's |---| is no terminal syntax)
        assert words not in said, (game, lang, words)
    assert not [t for t in tokens if t.type in ("fence", "code_block")], (game, lang)
    assert not [t.content for t in inline if t.type == "code_inline"], (game, lang)
    # It ends by leading the curious to the decisions page.
    assert "decisions.md" in text, (game, lang)


@pytest.mark.parametrize(("game", "lang"), RULEBOOKS)
def test_each_figure_is_drawn_in_the_page_with_its_caption(game: str, lang: str) -> None:
    html = rules.html(game, "rules", lang)
    image = r'<figure class="rule-figure"><img src="data:image/svg\+xml;base64,[^"]*" alt="'
    figures = re.findall(image, html)
    assert len(figures) == len(rules.figure_names(rulebook(game, lang)))
    assert html.count("<figcaption>") == len(figures)
    assert "figure:" not in html
    ids = re.findall(r' id="([^"]+)"', html)
    assert len(ids) == len(set(ids)), "an id is repeated"


def test_a_figure_the_game_does_not_have_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    page = "# Rules\n\n![A tower that is not there](figure:nowhere)\n"
    monkeypatch.setattr(rules, "page_text", lambda game, page_name, lang="en": page)
    with pytest.raises(LookupError, match="nowhere"):
        rules.html.__wrapped__("campanile", "rules", "en")
    inside = "# Rules\n\nSee ![a tower](figure:nowhere) here.\n"
    monkeypatch.setattr(rules, "page_text", lambda game, page_name, lang="en": inside)
    with pytest.raises(LookupError):
        rules.html.__wrapped__("campanile", "rules", "en")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("rulebooks-db")
    with running_server(f"sqlite:///{folder / 'tavola.sqlite3'}") as running:
        yield running


@pytest.mark.parametrize("game", ILLUSTRATED)
def test_the_server_shows_the_rulebook_and_the_decisions(server: ServerProcess, game: str) -> None:
    with httpx.Client(base_url=server.url) as client:
        for lang in game_classes()[game].document_languages("rules"):
            page = client.get(f"/rules/{game}", params={"lang": lang})
            assert page.status_code == 200
            assert f'<article class="doc" lang="{lang}">' in page.text
            count = page.text.count('<figure class="rule-figure"><img src="data:image/svg+xml')
            assert count == len(rules.figure_names(rulebook(game, lang))) >= MIN_FIGURES
            assert f'href="/rules/{game}/decisions"' in page.text
            assert 'href="/static/rules.css"' in page.text
            article = re.findall(r"<article[^>]*>.*?</article>", page.text, re.DOTALL)[0]
            for tag in ("<code", "<pre", "<kbd", "<samp"):  # no monospace
                assert tag not in article, (game, lang, tag)
            read = re.sub(r"<[^>]+>", " ", re.sub(r'src="data:[^"]*"', "", article))
            for words in NOT_FOR_PLAYERS:
                assert words not in read, (game, lang, words)
            decisions = client.get(f"/rules/{game}/decisions", params={"lang": lang})
            assert decisions.status_code == 200
            shown = rules.shown_in(game, "decisions", lang)
            heading = (rules.page_text(game, "decisions", shown) or "").splitlines()[0][2:]
            assert f">{punctuation_kept(heading, shown)}</h1>" in decisions.text, (game, lang)
            assert f'<article class="doc" lang="{shown}">' in decisions.text
