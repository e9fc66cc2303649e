"""Recording what people read, to hold the engine's English texts to a fixture recorded
before they became translatable (tests/games/carcassonne and tests/games/clocktowers test_texts):
``record_game`` records a game, ``check_as_recorded`` plays it again and compares."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from tavola.core.events import Event
from tavola.core.game import State

# What a look at a position found: refusals' texts, input hints, pictures (fingerprinted).
Looked = tuple[list[str], list[str], list[str]]


def fingerprint(texts: list[str]) -> str:
    """A short digest of pictures, so that the fixture holds them byte for byte."""
    return hashlib.sha256("\x00".join(texts).encode()).hexdigest()[:16]


def event_record(event: Event) -> dict[str, Any]:
    """An event's kind, text and table, as read now."""
    found: dict[str, Any] = {"kind": event.kind, "text": event.text}
    table = event.table
    if table is not None:
        found["table"] = [table.title, list(table.columns), [list(row) for row in table.rows]]
    return found


def dump(games: list[dict[str, Any]]) -> str:
    """The games as JSON, one event, refusal or hint a line (a fixture that diffs well)."""

    def field(key: str, value: Any) -> str:
        if not isinstance(value, list):
            return f"  {json.dumps(key)}: {json.dumps(value)}"
        items = ",\n".join("    " + json.dumps(item, ensure_ascii=False) for item in value)
        return f"  {json.dumps(key)}: [\n{items}\n  ]"

    shown = ["{\n" + ",\n".join(field(*item) for item in game.items()) + "\n}" for game in games]
    return "[\n" + ",\n".join(shown) + "\n]\n"


def record_game(
    setup: dict[str, Any],
    state: State,
    look: Callable[[State], Looked],
    every: int,
    act: Callable[[State, int], tuple[list[Event], list[str]]],
) -> dict[str, Any]:
    """A game's record for a fixture: its ``setup``, every event, and what ``look`` finds
    every ``every`` turns and at the end; ``act`` plays a turn (its number given) and
    says what it caused and any refusal on the way. Hints only where ``look`` gives some."""
    events: list[dict[str, Any]] = []
    refusals: list[str] = []
    hints: list[str] = []
    pictures: list[str] = []
    turn = 0
    while True:
        if turn % every == 0 or state.is_over:
            refused, hinted, drawn = look(state)
            refusals += refused
            hints += hinted
            pictures.append(fingerprint(drawn))
        if state.is_over:
            break
        happened, refused = act(state, turn)
        refusals += refused
        events += [event_record(event) for event in happened]
        turn += 1
    found: dict[str, Any] = {"setup": setup, "events": events}
    found["refusals"] = list(dict.fromkeys(refusals))  # each once, in order
    if hints:
        found["hints"] = hints
    found["pictures"] = pictures
    return found


def random_turn(rng: random.Random) -> Callable[[State, int], tuple[list[Event], list[str]]]:
    """``record_game``'s ``act`` for a random player drawing from ``rng``."""
    return lambda state, _: (state.apply(rng.choice(state.legal_actions())), [])


@cache
def recorded_games(fixture: Path) -> list[dict[str, Any]]:
    """The games a texts fixture recorded (a list of ``play``'s records)."""
    games: list[dict[str, Any]] = json.loads(fixture.read_text())
    return games


def check_as_recorded(
    fixture: Path, index: int, play: Callable[[dict[str, Any]], dict[str, Any]]
) -> None:
    """The ``index``-th recorded game, played again from its setup, says the same."""
    expected = recorded_games(fixture)[index]
    got = play(expected["setup"])
    for part in expected:
        assert got[part] == expected[part], part
