"""What ClockTowers says to people, in English and in the other languages.

``texts.json`` was recorded from the engine before its texts became translatable: the
events' sentences and tables, the refusals of a sample of illegal actions and bad
notations, and fingerprints of the terminal and SVG pictures of seeded random games. The
engine must still say exactly that in English. Regenerate it (only when an English text
changes on purpose) with ``python -m tests.games.clocktowers.test_texts``.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

import tavola
from tavola.core.errors import NotationError
from tavola.core.game import State
from tavola.core.i18n import language
from tavola.games.clocktowers.components import CARD_CODES, DECKS
from tavola.testing.properties import refusal_texts
from tests.games.carcassonne import english
from tests.recorded_texts import Looked, check_as_recorded, dump, random_turn, record_game

FIXTURE = Path(__file__).with_name("texts.json")
GAMES: list[dict[str, Any]] = [
    {"players": players, "seed": seed}
    for seed, players in enumerate((2, 2, 2, 2, 2, 4, 4, 4, 3, 4), start=1)
]
BAD_NOTATIONS = (
    "",
    "jump",
    "d 1cat",
    "play",
    "play 1cat",
    "play 3cat new",
    "play c new",
    "play roof-red new",
    "play 1 99",
    "play 1 x",
    "draw x",
    "draw floors now",
    "r",
    "fl",
)


def _refusals(state: State, rng: random.Random) -> list[str]:
    """``str(error)`` of illegal actions and bad notations in this position."""
    tried = rng.sample(range(state.game.num_distinct_actions), 16)
    return refusal_texts(state, tried, rng.sample(BAD_NOTATIONS, 5))


def play(setup: dict[str, Any]) -> dict[str, Any]:
    """A seeded random game: its events, refusals and pictures' fingerprints."""
    game = tavola.load("clocktowers", players=setup["players"])
    rng = random.Random(setup["seed"])

    def look(state: State) -> Looked:
        refusals = _refusals(state, rng)
        drawn = []
        for viewer in [*range(game.num_players), None]:
            view = state.view(viewer)
            drawn.append(game.render(view))
            actions = state.legal_notations() if viewer == state.current_player else []
            drawn.append(game.svg(view, actions))
        return refusals, [], drawn

    return record_game(setup, game.new_game(seed=setup["seed"]), look, 7, random_turn(rng))


def record() -> list[dict[str, Any]]:
    return [play(setup) for setup in GAMES]


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_english_texts_are_as_recorded(index: int) -> None:
    check_as_recorded(FIXTURE, index, play)


NOTATION = (*CARD_CODES, *DECKS, "play", "discard", "draw", "new")


def test_a_bad_notation_says_why_in_the_language_of_the_moment() -> None:
    """(A refused move: tests/games/test_refusal_texts.py.)"""
    state = tavola.load("clocktowers", players=2).new_game(seed=3)
    with pytest.raises(NotationError) as notation:
        state.read_action("play c new")
    with language("it"):
        assert str(notation.value).startswith(
            "'play c new': carta ambigua 'c' (clock o clock-mouse); le carte sono 1, 1cat"
        )


def test_events_are_kept_untranslated_and_read_in_any_language() -> None:
    state = tavola.load("clocktowers", players=2).new_game(seed=1)
    events = state.apply("discard 1cat") + state.apply("draw floors")
    with language("de"):
        german = [event.text for event in events]
    assert german[0] == "P0 wirft eine Karte verdeckt ab"
    assert german[1].startswith("P0 zieht ")
    assert " von den Etagen; " in german[1]
    assert events[0].text == "P0 discards a card face down"
    assert " from the floors; " in events[1].text


FRENCH_LOOSE = re.compile(r"(?<![\u00a0\u202f])[;:?!](?=\s|$)")
"""A French ; : ? ! without the no-break space French sets before it."""


@pytest.mark.parametrize("seed", [3, 11])
def test_french_log_lines_set_a_no_break_space_before_double_punctuation(seed: int) -> None:
    """Every line a random game logs in French (its events' words and tables) has a
    no-break space before ; : ? ! (a draw said "… dans les toits; toit vert …")."""
    game = tavola.load("clocktowers", players=2 + seed % 3)
    state = game.new_game(seed)
    rng = random.Random(seed)
    events = []
    while not state.is_over:
        events += state.apply(rng.choice(state.legal_actions()))
    with language("fr"):
        lines = [str(event.text) for event in events]
        for table in (event.table for event in events if event.table is not None):
            lines += [str(table.title), *map(str, table.columns)]
            lines += [str(cell) for row in table.rows for cell in row]
    assert any("pioche" in line for line in lines)  # a draw was said
    assert [line for line in lines if FRENCH_LOOSE.search(line)] == []


def _shown_in_a_position(state: State, rng: random.Random) -> english.Shown:
    """What a position says (refusals), draws and pictures, for every seat and a spectator."""
    game = state.game
    drawn, pictured = [], []
    for viewer in [*range(game.num_players), None]:
        view = state.view(viewer)
        drawn.append(game.render(view))
        actions = state.legal_notations() if viewer == state.current_player else []
        pictured.append(english.svg_words(game.svg(view, actions)))
    return _refusals(state, rng), drawn, pictured


@pytest.mark.parametrize(("seed", "players"), [(31, 2), (32, 4)])
def test_a_whole_game_in_italian_shows_no_english(seed: int, players: int) -> None:
    parts = english.english_parts("clocktowers", "it", NOTATION)
    assert {"Final scoring", "to move", "red roof"} <= parts  # the check looks for something
    state = tavola.load("clocktowers", players=players).new_game(seed=seed)
    rng = random.Random(seed)
    said = english.whole_game_in("it", state, rng, lambda now: _shown_in_a_position(now, rng))
    english.check_no_english_left(said, parts, "Conteggio finale")


if __name__ == "__main__":
    FIXTURE.write_text(dump(record()))
