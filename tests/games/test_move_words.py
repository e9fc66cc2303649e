"""``Game.move_words``: every legal move of a position in words, in every language.

The review lists the move played and a better one that was not played; both are said from
the position before them. Random positions of every game are searched: each legal action
has words, in English, German, Italian and French, with no notation and no internal id
in them (tile names, card codes).
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import tavola
from tavola.core.game import Game
from tavola.core.i18n import LANGUAGES, language
from tests.games.test_picture_words import IDS

GAMES = [
    ("campanile", {"players": 3}),
    ("campanile", {"players": 3, "edition": "1996"}),
    ("carcassonne", {"players": 3}),
    ("carcassonne", {"players": 2, "river": True}),
    ("clocktowers", {"players": 3}),
]
# The notation's verbs followed by what they name ("build brown 3", "deploy road E",
# "place 1,-2 90", "draw floors"): a move in notation, not in words.
NOTATION = re.compile(
    r"\b(build|influence|take|move|bet|play|discard|draw|deploy|place) "
    r"(brown|blue|red|green|yellow|white|purple|road|city|field|cloister|floors|roofs|clocks"
    r"|-?\d+,-?\d+|\d\w+|clock-\w+|roof-\w+|new)\b"
)


def positions(name: str, options: dict[str, Any], seed: int) -> list[tavola.State]:
    """Every fifth position of a random game (the seat to move with a choice in each)."""
    state = tavola.load(name, **options).new_game(seed=seed)
    rng = random.Random(seed)
    found = []
    while not state.is_over:
        if len(state.history) % 5 == 0:
            found.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return found


@pytest.mark.parametrize(("name", "options"), GAMES, ids=lambda x: str(x))
def test_every_legal_move_has_words_in_every_language(name: str, options: dict[str, Any]) -> None:
    english: dict[tuple[int, int], str] = {}
    for seed in (3, 11):
        for number, state in enumerate(positions(name, options, seed)):
            game = state.game
            for lang in LANGUAGES:
                with language(lang):
                    for action in state.legal_actions():
                        words = game.move_words(state, action)
                        notation = game.action_to_string(action)
                        assert words, (lang, notation)
                        assert notation not in words, (lang, notation, words)
                        assert not NOTATION.search(words), (lang, notation, words)
                        assert not IDS.search(words), (lang, notation, words)
                        key = (seed * 10_000 + number, action)
                        if lang == "en":
                            english[key] = words
                        else:  # translated, not the English words
                            assert words != english[key], (lang, notation, words)


def test_a_move_is_said_from_the_position_before_it() -> None:
    """Carcassonne's placement says the tile drawn, which the notation does not name."""
    game = tavola.load("carcassonne", tiles="U,V")
    state = game.new_game(seed=1)
    place = next(a for a in state.legal_actions() if game.action_to_string(a).endswith(" 0"))
    x, y = game.action_to_string(place).split()[1].split(",")
    assert game.move_words(state, place) == f"placed the straight road at column {x}, row {y}"


def test_a_game_without_words_says_none() -> None:
    """A game that does not put its moves into words keeps the default: its notation shows.
    The Dudo plugin says its moves through the same hook."""
    state = tavola.load("dudo").new_game(seed=1)
    assert Game.move_words(state.game, state, state.legal_actions()[0]) is None
    assert state.game.move_words(state, state.legal_actions()[0]) == "bid 1 die showing 2"
