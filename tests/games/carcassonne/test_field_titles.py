"""A field's title counts the cities it touches without a part that is zero and in the
right number (issue 28: "confina con 0 città complete (e 1 incomplete)")."""

from __future__ import annotations

import random
import re

import tavola
from tavola.core.i18n import language
from tavola.games.carcassonne.svg_features import features
from tavola.games.carcassonne.tiles import KINDS

ZERO = {"en": r"\b0 (completed|incomplete)|\(and 0", "it": r"\b0 città|\(e 0"}


def field_titles(seed: int, moves: int) -> list[tuple[int, int, dict[str, str]]]:
    """Each field of a random game's positions: its completed and incomplete cities, and
    its title in English and Italian."""
    state = tavola.load("carcassonne", players=2).new_game(seed=seed)
    rng = random.Random(seed)
    found = []
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_notations()))
        view = state.view(0)
        titles = {}
        for lang in ("en", "it"):
            with language(lang):
                titles[lang] = [f for f in features(view).all if f.kind == KINDS.index("field")]
        for en, it in zip(titles["en"], titles["it"], strict=True):
            done = sum(city.complete for city in en.cities)
            found.append((done, len(en.cities) - done, {"en": en.title, "it": it.title}))
    return found


def test_a_fields_title_leaves_out_a_zero_and_counts_right() -> None:
    fields = field_titles(3, 70)
    assert any(done == 0 and open_ > 0 for done, open_, _ in fields)
    assert any(done > 0 and open_ == 1 for done, open_, _ in fields)
    for done, open_, title in fields:
        for lang, pattern in ZERO.items():
            assert not re.search(pattern, title[lang]), (done, open_, title)
        if done == 0 and open_ == 1:
            assert "1 città incompleta" in title["it"], title
        if done > 0 and open_ == 1:
            assert "(e 1 incompleta)" in title["it"], title
