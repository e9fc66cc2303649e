"""What Carcassonne says to people, in English and in the other languages.

``texts.json`` was recorded from the engine before its texts became translatable: the
events' sentences and tables, the refusals of a sample of illegal actions and bad
notations, the input hints, and fingerprints of the terminal and SVG pictures of seeded
random games. The engine must still say exactly that in English. Regenerate it (only when
an English text changes on purpose) with ``python -m tests.games.carcassonne.test_texts``.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

import tavola
from tavola.core.errors import IllegalAction, NotationError
from tavola.core.events import Event
from tavola.core.game import State
from tavola.core.i18n import language
from tavola.games.carcassonne.actions import PASS, PLACES
from tavola.games.carcassonne.state import CarcassonneState
from tavola.games.carcassonne.svg import draw
from tavola.testing import checks
from tavola.testing.properties import refusal_texts, refused
from tests.games.carcassonne.english import (
    Shown,
    check_no_english_left,
    english_left,
    english_parts,
    svg_words,
    whole_game_in,
)
from tests.recorded_texts import Looked, check_as_recorded, dump, random_turn, record_game

FIXTURE = Path(__file__).with_name("texts.json")
GAMES: list[dict[str, Any]] = [
    {"players": 2, "seed": 1},
    {"players": 2, "seed": 2, "river": True},
    {"players": 2, "seed": 3, "small_city": "4", "farm_scoring": "per-farm"},
    {"players": 2, "seed": 4, "river": True, "farm_scoring": "per-city"},
    {"players": 2, "seed": 5},
    {"players": 4, "seed": 6},
    {"players": 4, "seed": 7, "river": True},
    {"players": 4, "seed": 8, "farm_scoring": "per-city"},
    {"players": 4, "seed": 9, "river": True, "small_city": "4"},
    {"players": 4, "seed": 10},
    # Scripted openings, then random: a discard, a completed cloister, the River's refusals.
    {"players": 2, "seed": 11, "tiles": ["E", "C", "U"], "script": ["place 0,1 180", "pass"]},
    {
        "players": 2,
        "seed": 12,
        "tiles": ["B", "U", "U", "B", "B", "B", "A", "A"],
        "script": [
            *("place 0,-1 0", "deploy cloister", "place -1,0 0", "pass", "place 1,0 0", "pass"),
            *("place -1,-1 0", "pass", "place 1,-1 0", "pass", "place 0,-2 0", "pass"),
            *("place -1,-2 0", "pass", "place 1,-2 0", "pass"),
        ],
    },
    {
        "players": 3,
        "seed": 13,
        "river": True,
        "tiles": ["river-curve", "river-curve", "lake", "D", "E"],
        "script": ["place 1,0 0", "place 0,1 0", "place 1,-1 90", "place 1,0 90"],
    },
]
BAD_NOTATIONS = (
    "",
    "fly",
    "pass now",
    "place 1 2",
    "place a b c",
    "place 1,2 45",
    "place 99,0 0",
    "deploy",
    "deploy cloister N",
    "deploy road",
    "deploy road Q",
    "deploy field N",
    "99",
    "1 45",
    "1",
    "2 0",
)
SCREENS = ((None, None), (40, None), (60, 24), (120, 30), (200, 60))


def _refusals(state: State, rng: random.Random) -> list[str]:
    """``str(error)`` of a few illegal actions and bad notations in this position."""
    legal = set(state.legal_actions())
    tried = [PASS, PLACES + 1, PLACES + 9, PLACES + 16, 0, 4 * 169 * 80 + 4]
    tried += rng.sample(range(state.game.num_distinct_actions), 2)
    tried += [4 * (action >> 2) + (action + 1) % 4 for action in sorted(legal)[:2]]
    return refusal_texts(state, tried, rng.sample(BAD_NOTATIONS, 5))


def play(setup: dict[str, Any]) -> dict[str, Any]:
    """A seeded random game: its events, refusals, hints and pictures' fingerprints."""
    options = {key: value for key, value in setup.items() if key not in ("seed", "script")}
    game = tavola.load("carcassonne", **options)
    state = game.new_game(seed=setup["seed"])
    assert isinstance(state, CarcassonneState)
    rng = random.Random(setup["seed"])
    script = setup.get("script", [])

    def look(state: State) -> Looked:
        refusals = _refusals(state, rng)
        seat = state.current_player
        drawn = []
        for viewer in (seat, None) if seat is not None else (0, None):
            view = state.view(viewer)
            for width, height in SCREENS:
                drawn.append(game.render(view, width=width, height=height))
            drawn.append(game.render(view, color=True))
            drawn.append(game.svg(view, state.legal_notations() if viewer == seat else []))
        return refusals, [str(state.input_hint())], drawn

    def act(state: State, turn: int) -> tuple[list[Event], list[str]]:
        """The script's action for this turn, else (or when it is refused) a random one."""
        if turn < len(script):
            try:
                return state.apply(script[turn]), []
            except IllegalAction as error:
                refused = [f"{script[turn]}: {error}"]
                return state.apply(rng.choice(state.legal_actions())), refused
        return random_turn(rng)(state, turn)

    return record_game(setup, state, look, 9, act)


def record() -> list[dict[str, Any]]:
    return [play(setup) for setup in GAMES]


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_english_texts_are_as_recorded(index: int) -> None:
    check_as_recorded(FIXTURE, index, play)


NOTATION = ("pass", "place", "deploy", "road", "city", "field", "cloister", "board")


def test_a_refused_move_reads_in_german_and_a_bad_notation_in_french() -> None:
    """(Italian: tests/games/test_refusal_texts.py.)"""
    state = tavola.load("carcassonne").new_game(seed=1)
    error = refused(state, "place 5,5 0")
    with language("de"):
        assert str(error).startswith("(5,5) ist kein freies Feld")
    with language("fr"), pytest.raises(NotationError) as notation:
        state.read_action("place 1,2 45")
    with language("fr"):
        assert str(notation.value) == (
            "'place 1,2 45'\u00a0: la rotation est 0, 90, 180 ou 270 (degrés dans le sens horaire)"
        )


def test_events_are_kept_untranslated_and_read_in_any_language() -> None:
    game = tavola.load("carcassonne", tiles=["E", "C", "U"])
    state = game.new_game(seed=0)
    events = state.apply("place 0,1 180") + state.apply("pass")
    with language("it"):
        italian = [event.text for event in events]
    assert italian[0] == (
        "La tessera pescata (città su ogni lato, con stemma) non si può piazzare da nessuna "
        "parte: è scartata e P1 ne pesca un'altra"
    )
    assert events[0].text == (
        "The drawn tile (city on every side, with a pennant) fits nowhere: it is removed and "
        "P1 draws again"
    )
    assert events[0].data == {"tile": "C", "player": 1}


def _shown_in_a_position(state: State, rng: random.Random) -> Shown:
    """What a position says (refusals, the hint), draws and pictures, for the seat to move."""
    game = state.game
    view = state.view(state.current_player)
    drawn = [game.render(view, width=width, height=height) for width, height in SCREENS]
    pictured = [svg_words(game.svg(view, state.legal_notations()))]
    return [*_refusals(state, rng), str(state.input_hint())], drawn, pictured


@pytest.mark.parametrize(
    ("seed", "options"),
    [(21, {"players": 2, "river": True}), (22, {"players": 4, "farm_scoring": "per-city"})],
)
def test_a_whole_game_in_italian_shows_no_english(seed: int, options: dict[str, Any]) -> None:
    parts = english_parts("carcassonne", "it", NOTATION)
    assert {"Final scoring", "pennants"} <= parts  # the check looks for something
    state = tavola.load("carcassonne", **options).new_game(seed=seed)
    rng = random.Random(seed)
    said = whole_game_in("it", state, rng, lambda now: _shown_in_a_position(now, rng))
    check_no_english_left(said, parts, "Conteggio finale")


def test_the_check_finds_english() -> None:
    parts = english_parts("carcassonne", "it", NOTATION)
    assert english_left("Removed: straight road", parts) == ["Removed", "straight road"]
    assert english_left("deploy road E; pass", parts) == []


if __name__ == "__main__":
    FIXTURE.write_text(dump(record()))


# a preposition before an article, where Italian and French write one word ("alla", "au")
UNJOINED = {
    "it": re.compile(r"\b(a|da|di|in|su) (il|lo|la|l'|i|gli|le)\b"),
    "fr": re.compile(r"\b(à|de) (le|les)\b"),
}


@pytest.mark.parametrize("lang", sorted(UNJOINED))
def test_the_move_words_join_a_preposition_and_its_article(lang: str) -> None:
    """ "si unisce a la tua città" is no Italian: no preposition stands before an article
    that it joins with, in any picture's words of a game."""
    game = tavola.load("carcassonne", players=2, river=True)
    said: set[str] = set()
    with language(lang):
        for state in checks.random_positions(game, 3, 2):
            assert isinstance(state, CarcassonneState)
            seat = state.current_player
            picture = draw(state.view(seat), state.legal_notations() if seat is not None else [])
            said.update(re.findall(r'aria-label="([^"]*)"', picture))
            said.update(re.findall(r"<(?:title|desc)>([^<]*)<", picture))
    wrong = sorted(text for text in said if UNJOINED[lang].search(text))
    assert not wrong, wrong[:5]
