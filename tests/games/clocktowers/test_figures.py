"""The rulebook's figures: each replays from its stacked decks, the scores its caption
states are the engine's, and the game they come from is legal for the reference too."""

from __future__ import annotations

import re

import pytest

from tavola.games.clocktowers.figures import DECK, FIGURES, GAME
from tavola.games.clocktowers.game import ClockTowers
from tests.games.clocktowers.table import Table

FIGURE_LINK = re.compile(r"^!\[[^\]]+\]\(figure:([a-z0-9-]+)\)$", re.MULTILINE)


@pytest.mark.parametrize("name", sorted(FIGURES))
def test_each_figure_replays_with_the_scores_it_states(name: str) -> None:
    figure = FIGURES[name]
    state = figure.state(ClockTowers)
    if figure.scores is not None:
        assert tuple(state.scores) == figure.scores
    picture = figure.svg(ClockTowers)
    assert picture.startswith("<svg")
    assert 'data-action="' not in picture  # a picture, nothing to click


def test_the_figures_game_is_legal_for_the_reference_and_ends() -> None:
    table = Table(DECK)
    table.do(*GAME)
    assert table.state.is_over
    assert table.state.scores == [14, 5]
    assert table.state.winners == [0]


def test_every_rulebook_shows_every_figure_in_the_same_order() -> None:
    assert ClockTowers.figures() is FIGURES
    english = FIGURE_LINK.findall(ClockTowers.document("rules") or "")
    assert sorted(english) == sorted(FIGURES)
    for lang in ("it", "de", "fr"):
        named = FIGURE_LINK.findall(ClockTowers.document("rules", lang) or "")
        assert named == english, lang
