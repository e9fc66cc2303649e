"""What Carcassonne says to people, in English and in the other languages.

``texts.json`` was recorded from the engine before its texts became translatable: the
events' sentences and tables, the refusals of a sample of illegal actions and bad
notations, the input hints, and fingerprints of the terminal and SVG pictures of seeded
random games. The engine must still say exactly that in English. Regenerate it (only when
an English text changes on purpose) with ``python -m tests.carcassonne.test_texts``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import tavola
from tavola.core.errors import IllegalAction, NotationError
from tavola.core.i18n import language
from tavola.games.carcassonne.actions import PASS, PLACES
from tavola.games.carcassonne.state import CarcassonneState
from tests.carcassonne.english import english_left, english_parts, svg_words
from tests.recorded_texts import dump, event_record, fingerprint

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


def _refusals(state: CarcassonneState, rng: random.Random) -> list[str]:
    """``str(error)`` of a few illegal actions and bad notations in this position."""
    legal = set(state.legal_actions())
    tried = [PASS, PLACES + 1, PLACES + 9, PLACES + 16, 0, 4 * 169 * 80 + 4]
    tried += rng.sample(range(state.game.num_distinct_actions), 2)
    tried += [4 * (action >> 2) + (action + 1) % 4 for action in sorted(legal)[:2]]
    found = []
    for action in tried:
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
    """A seeded random game: its events, refusals, hints and pictures' fingerprints."""
    options = {key: value for key, value in setup.items() if key not in ("seed", "script")}
    game = tavola.load("carcassonne", **options)
    state = game.new_game(seed=setup["seed"])
    assert isinstance(state, CarcassonneState)
    rng = random.Random(setup["seed"])
    events: list[dict[str, Any]] = []
    refusals: list[str] = []
    hints: list[str] = []
    pictures: list[str] = []
    turn = 0
    while True:
        if turn % 9 == 0 or state.is_over:
            refusals += _refusals(state, rng)
            seat = state.current_player
            hints.append(str(state.input_hint()))
            drawn = []
            for viewer in (seat, None) if seat is not None else (0, None):
                view = state.view(viewer)
                for width, height in SCREENS:
                    drawn.append(game.render(view, width=width, height=height))
                drawn.append(game.render(view, color=True))
                actions = state.legal_notations() if viewer == seat else []
                drawn.append(game.svg(view, actions))
            pictures.append(fingerprint(drawn))
        if state.is_over:
            break
        script = setup.get("script", [])
        if turn < len(script):
            try:
                happened = state.apply(script[turn])
            except IllegalAction as error:
                refusals.append(f"{script[turn]}: {error}")
                happened = state.apply(rng.choice(state.legal_actions()))
        else:
            happened = state.apply(rng.choice(state.legal_actions()))
        events += [event_record(event) for event in happened]
        turn += 1
    return {
        "setup": setup,
        "events": events,
        "refusals": list(dict.fromkeys(refusals)),  # each once, in order
        "hints": hints,
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
    for part in ("events", "refusals", "hints", "pictures"):
        assert got[part] == expected[part], part


NOTATION = ("pass", "place", "deploy", "road", "city", "field", "cloister", "board")


def test_a_refused_move_says_why_in_the_language_of_the_moment() -> None:
    state = tavola.load("carcassonne").new_game(seed=1)
    with pytest.raises(IllegalAction) as caught:
        state.apply("place 5,5 0")
    error = caught.value
    english = str(error)
    assert english == (
        "(5,5) is not a free cell next to the board "
        "(a tile is placed edge to edge next to a tile already on the table)"
    )
    with language("it"):
        assert error.reason == "(5,5) non è una casella libera accanto al tavolo"
        assert error.rule == (
            "una tessera si piazza lato contro lato accanto a una tessera già sul tavolo"
        )
        assert str(error) == f"{error.reason} ({error.rule})"
    with language("de"):
        assert str(error).startswith("(5,5) ist kein freies Feld")
    assert str(error) == english  # the same error, in English again
    with language("fr"), pytest.raises(NotationError) as notation:
        state.read_action("place 1,2 45")
    with language("fr"):
        assert str(notation.value) == (
            "'place 1,2 45' : la rotation est 0, 90, 180 ou 270 (degrés dans le sens horaire)"
        )


def test_events_are_kept_untranslated_and_read_in_any_language() -> None:
    game = tavola.load("carcassonne", tiles=["E", "C", "U"])
    state = game.new_game(seed=0)
    events = state.apply("place 0,1 180") + state.apply("pass")
    with language("it"):
        italian = [event.text for event in events]
    assert italian[0] == (
        "La tessera C non si può piazzare da nessuna parte: è scartata e P1 ne pesca un'altra"
    )
    assert events[0].text == "Tile C fits nowhere: it is removed and P1 draws again"
    assert events[0].data == {"tile": "C", "player": 1}


def _italian_game(seed: int, **options: Any) -> tuple[str, str, str]:
    """Everything a seeded random game shows in Italian: event texts and tables, refusals
    and hints; terminal pictures; SVG pictures."""
    game = tavola.load("carcassonne", **options)
    state = game.new_game(seed=seed)
    assert isinstance(state, CarcassonneState)
    rng = random.Random(seed)
    said: list[str] = []
    drawn: list[str] = []
    pictured: list[str] = []
    with language("it"):
        while True:
            seat = state.current_player
            view = state.view(seat)
            for width, height in SCREENS:
                drawn.append(game.render(view, width=width, height=height))
            pictured.append(svg_words(game.svg(view, state.legal_notations())))
            said += _refusals(state, rng)
            said.append(str(state.input_hint()))
            if state.is_over:
                break
            for event in state.apply(rng.choice(state.legal_actions())):
                said.append(event.text)
                if event.table is not None:
                    said += [event.table.title, *event.table.columns]
                    said += [cell for row in event.table.rows for cell in row]
    return "\n".join(said), "\n".join(drawn), "\n".join(pictured)


@pytest.mark.parametrize(
    ("seed", "options"),
    [(21, {"players": 2, "river": True}), (22, {"players": 4, "farm_scoring": "per-city"})],
)
def test_a_whole_game_in_italian_shows_no_english(seed: int, options: dict[str, Any]) -> None:
    parts = english_parts("carcassonne", "it", NOTATION)
    assert {"Final scoring", "pennants"} <= parts  # the check looks for something
    said, drawn, pictured = _italian_game(seed, **options)
    assert "Conteggio finale" in said
    assert english_left(said, parts) == []
    assert english_left(drawn, parts) == []
    assert english_left(pictured, parts) == []


def test_the_check_finds_english() -> None:
    parts = english_parts("carcassonne", "it", NOTATION)
    assert english_left("Tile U to place", parts) == ["Tile", "to place"]
    assert english_left("deploy road E; pass", parts) == []


if __name__ == "__main__":
    FIXTURE.write_text(dump(record()))
