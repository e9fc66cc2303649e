"""The rulebook's pictures are real positions: each replays from its stacked tiles, and
the points its caption states (and those the text states under other options) are the
engine's."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import pytest

from tavola.core.i18n import LANGUAGES
from tavola.games.carcassonne.game import Carcassonne

FIGURES = Carcassonne.figures()


@pytest.mark.parametrize("name", sorted(FIGURES))
def test_each_figure_replays_to_the_points_its_caption_states(name: str) -> None:
    figure = FIGURES[name]
    state = figure.state(Carcassonne)
    assert figure.scores is not None
    assert state.scores == list(figure.scores)
    assert figure.svg(Carcassonne).startswith("<svg")


@pytest.mark.parametrize(
    ("name", "options", "scores"),
    [
        ("small-city", {"small_city": "4"}, [4, 0]),  # "with the option: 4 points"
        ("farm-end", {"farm_scoring": "per-farm"}, [6, 3]),
        ("farm-end", {"farm_scoring": "per-city"}, [8, 3]),  # 4 per city: 8
    ],
)
def test_the_rulebooks_points_under_other_options(
    name: str, options: dict[str, Any], scores: list[int]
) -> None:
    figure = FIGURES[name]
    variant = replace(figure, options={**figure.options, **options})
    assert variant.state(Carcassonne).scores == scores


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rulebook_shows_the_figures(lang: str) -> None:
    text = Carcassonne.document("rules", lang)
    assert text is not None
    assert re.findall(r"\]\(figure:([a-z-]+)\)", text) == list(FIGURES)
