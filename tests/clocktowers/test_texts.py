"""What ClockTowers says to people, in English and in the other languages.

``texts.json`` was recorded from the engine before its texts became translatable: the
events' sentences and tables, the refusals of a sample of illegal actions and bad
notations, and fingerprints of the terminal and SVG pictures of seeded random games. The
engine must still say exactly that in English. Regenerate it (only when an English text
changes on purpose) with ``python -m tests.clocktowers.test_texts``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import tavola
from tavola.core.errors import IllegalAction, NotationError
from tavola.core.game import State
from tavola.core.i18n import language
from tavola.games.clocktowers.components import CARD_CODES, DECKS
from tests.carcassonne.english import english_left, english_parts, svg_words
from tests.recorded_texts import dump, event_record, fingerprint

FIXTURE = Path(__file__).with_name("texts.json")
GAMES: list[dict[str, Any]] = [
    {"players": 2, "seed": 1},
    {"players": 2, "seed": 2},
    {"players": 2, "seed": 3},
    {"players": 2, "seed": 4},
    {"players": 2, "seed": 5},
    {"players": 4, "seed": 6},
    {"players": 4, "seed": 7},
    {"players": 4, "seed": 8},
    {"players": 3, "seed": 9},
    {"players": 4, "seed": 10},
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
    legal = set(state.legal_actions())
    found = []
    for action in rng.sample(range(state.game.num_distinct_actions), 16):
        if action in legal:
            continue
        try:
            state.clone().apply(action)
        except IllegalAction as error:
            found.append(str(error))
    for text in rng.sample(BAD_NOTATIONS, 5):
        try:
            state.read_action(text)
        except (IllegalAction, NotationError) as error:
            found.append(f"{text!r}: {error}")
    return found


def play(setup: dict[str, Any]) -> dict[str, Any]:
    """A seeded random game: its events, refusals and pictures' fingerprints."""
    game = tavola.load("clocktowers", players=setup["players"])
    state = game.new_game(seed=setup["seed"])
    rng = random.Random(setup["seed"])
    events: list[dict[str, Any]] = []
    refusals: list[str] = []
    pictures: list[str] = []
    turn = 0
    while True:
        if turn % 7 == 0 or state.is_over:
            refusals += _refusals(state, rng)
            seat = state.current_player
            drawn = []
            for viewer in [*range(game.num_players), None]:
                view = state.view(viewer)
                drawn.append(game.render(view))
                actions = state.legal_notations() if viewer == seat else []
                drawn.append(game.svg(view, actions))
            pictures.append(fingerprint(drawn))
        if state.is_over:
            break
        events += [event_record(event) for event in state.apply(rng.choice(state.legal_actions()))]
        turn += 1
    return {
        "setup": setup,
        "events": events,
        "refusals": list(dict.fromkeys(refusals)),  # each once, in order
        "pictures": pictures,
    }


def record() -> list[dict[str, Any]]:
    return [play(setup) for setup in GAMES]


@pytest.fixture(scope="module")
def recorded() -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = json.loads(FIXTURE.read_text())
    return games


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_english_texts_are_as_recorded(recorded: list[dict[str, Any]], index: int) -> None:
    expected = recorded[index]
    got = play(expected["setup"])
    for part in ("events", "refusals", "pictures"):
        assert got[part] == expected[part], part


NOTATION = (*CARD_CODES, *DECKS, "play", "discard", "draw", "new")


def test_a_refused_move_says_why_in_the_language_of_the_moment() -> None:
    state = tavola.load("clocktowers", players=2).new_game(seed=3)
    with pytest.raises(IllegalAction) as caught:
        state.apply("play clock-mouse 4")
    error = caught.value
    english = str(error)
    assert english == (
        "you have no tower 4 (no towers yet) "
        "(a clock goes only on one of your towers made only of floors (at least one))"
    )
    with language("it"):
        assert error.reason == "non hai la torre 4 (ancora nessuna torre)"
        assert error.rule == "un orologio va solo su una tua torre fatta solo di piani (almeno uno)"
        assert str(error) == f"{error.reason} ({error.rule})"
    assert str(error) == english
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
    assert " von den Stockwerken; " in german[1]
    assert events[0].text == "P0 discards a card face down"
    assert " from the floors; " in events[1].text


def _italian_game(seed: int, players: int) -> tuple[str, str, str]:
    """Everything a seeded random game shows in Italian: event texts and tables and
    refusals; terminal pictures; SVG pictures (for every seat)."""
    game = tavola.load("clocktowers", players=players)
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    said: list[str] = []
    drawn: list[str] = []
    pictured: list[str] = []
    with language("it"):
        while True:
            for viewer in [*range(players), None]:
                view = state.view(viewer)
                drawn.append(game.render(view))
                actions = state.legal_notations() if viewer == state.current_player else []
                pictured.append(svg_words(game.svg(view, actions)))
            said += _refusals(state, rng)
            if state.is_over:
                break
            for event in state.apply(rng.choice(state.legal_actions())):
                said.append(event.text)
                if event.table is not None:
                    said += [event.table.title, *event.table.columns]
                    said += [cell for row in event.table.rows for cell in row]
    return "\n".join(said), "\n".join(drawn), "\n".join(pictured)


@pytest.mark.parametrize(("seed", "players"), [(31, 2), (32, 4)])
def test_a_whole_game_in_italian_shows_no_english(seed: int, players: int) -> None:
    parts = english_parts("clocktowers", "it", NOTATION)
    assert {"Final scoring", "to move", "red roof"} <= parts  # the check looks for something
    said, drawn, pictured = _italian_game(seed, players)
    assert "Conteggio finale" in said
    assert english_left(said, parts) == []
    assert english_left(drawn, parts) == []
    assert english_left(pictured, parts) == []


if __name__ == "__main__":
    FIXTURE.write_text(dump(record()))
