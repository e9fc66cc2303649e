"""Dudo's picture keeps one size through a game (issue 28: on a phone its height went from
682 to 1040 px between turns as the grid's rows came and went, and the page under it
jumped): as tall as its largest state, whoever looks, whatever the round, with everything
drawn inside it."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from tavola_dudo import Dudo

from tavola.core.i18n import language
from tavola.core.svg import at_table

NS = "{http://www.w3.org/2000/svg}"
# long names, as a table gives bots: the last round's words take the most lines in French
NAMES = ["Élisabeth-Charlotte", "Bot B (heuristique, facile)", "Bot C (heuristique, facile)"]


def bottom(root: ET.Element) -> float:
    """The lowest edge of what the picture draws (its rects and its texts' baselines)."""
    edges = [
        float(el.get("y", 0)) + float(el.get("height", 0))
        for el in root.iter()
        if el.tag in (f"{NS}rect", f"{NS}text") and el.get("width") != "100%"
    ]
    return max(edges)


@pytest.mark.parametrize(
    ("options", "seed"),
    [({"players": 3}, 1), ({"players": 2, "dice": 2}, 2), ({"players": 5, "wild_ones": False}, 3)],
)
def test_every_picture_of_a_game_has_one_size(options: dict[str, object], seed: int) -> None:
    game = Dudo(**options)
    state = game.new_game(seed)
    rng = random.Random(seed)
    names = NAMES + [f"Bot {letter}" for letter in "DE"]
    sizes: set[tuple[str, str]] = set()
    with language("fr"):
        while True:
            for seat in [*range(game.num_players), None]:
                mine = seat is not None and seat == state.current_player
                view = at_table(state.view(seat), names[: game.num_players])
                root = ET.fromstring(game.svg(view, state.legal_notations() if mine else []))
                _, _, width, height = root.get("viewBox", "").split()
                sizes.add((width, height))
                assert bottom(root) <= float(height), (seat, bottom(root), height)
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
    assert len(sizes) == 1, sizes
