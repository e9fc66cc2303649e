"""A refused move says why in the language of the moment: the reason and the rule are
read when shown, so one error reads in Italian inside ``language("it")`` and in English
again outside it. Each game's other languages are checked in its own ``test_texts``."""

from __future__ import annotations

from typing import Any

import pytest

import tavola
from tavola.core.i18n import language
from tavola.testing.properties import refused


@pytest.mark.parametrize(
    ("name", "options", "seed", "action", "english", "reason", "rule"),
    [
        pytest.param(
            "carcassonne",
            {},
            1,
            "place 5,5 0",
            "(5,5) is not a free cell next to the board "
            "(a tile is placed edge to edge next to a tile already on the table)",
            "(5,5) non è una casella libera accanto al tavolo",
            "una tessera si piazza lato contro lato accanto a una tessera già sul tavolo",
            id="carcassonne",
        ),
        pytest.param(
            "clocktowers",
            {"players": 2},
            3,
            "play clock-mouse 4",
            "you have no tower 4 (no towers yet) "
            "(a clock goes only on one of your towers made only of floors (at least one))",
            "non hai la torre 4 (ancora nessuna torre)",
            "un orologio va solo su una tua torre fatta solo di piani (almeno uno)",
            id="clocktowers",
        ),
    ],
)
def test_a_refused_move_says_why_in_the_language_of_the_moment(
    name: str, options: dict[str, Any], seed: int, action: str, english: str, reason: str, rule: str
) -> None:
    state = tavola.load(name, **options).new_game(seed=seed)
    error = refused(state, action)
    assert str(error) == english
    with language("it"):
        assert error.reason == reason
        assert error.rule == rule
        assert str(error) == f"{error.reason} ({error.rule})"
    assert str(error) == english  # the same error, in English again
