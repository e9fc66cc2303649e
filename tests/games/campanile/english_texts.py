"""Campanile's English texts over seeded random games, kept in ``english_texts.json``.

The fixture was recorded before the texts became translatable messages (lazy events,
gettext catalogs); ``test_texts.py`` plays the same games again and checks that English
reads exactly as it did: every event's text and table, the refusals of a sample of
illegal actions and typed inputs, and (as digests) the terminal picture and the SVG.

    python -m tests.games.campanile.english_texts   # record again (only on purpose)
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import tavola
from tavola.core.errors import IllegalAction, NotationError
from tavola.core.events import Event

FIXTURE = Path(__file__).with_name("english_texts.json")

SEEDS = range(20)
CASES: list[tuple[str, int, dict[str, Any], range]] = [
    *((edition, players, {}, SEEDS) for edition in ("2009", "1996") for players in (2, 3, 4, 5)),
    ("2009", 2, {"move_markers": True}, range(100, 105)),
    ("1996", 3, {"bet_on_built_tower": True}, range(100, 105)),
]

# What a person might type: wrong words, wrong numbers, the other edition's actions.
TYPED = {
    "2009": (
        "",
        "fly",
        "b",
        "build",
        "build blue",
        "build blue 4",
        "build xx 1",
        "influence",
        "influence b",
        "take",
        "move red red",
        "move red",
        "pass now",
        "bet red 1",
        "t y",
        "i r",
        "m bl r",
        "x" * 300,
    ),
    "1996": (
        "",
        "influence red",
        "take red",
        "move red blue",
        "b",
        "b red 1",
        "bet red 4",
        "build red 4",
        "bet xx 1",
        "pass 1",
        "bet red",
        "be bl 3",
        "bu y 2",
        "x" * 300,
    ),
}


def case_name(edition: str, players: int, options: dict[str, Any], seed: int) -> str:
    extra = "".join(f" {name}" for name in sorted(options))
    return f"{edition} {players}p{extra} seed {seed}"


class _Pool:
    """Every distinct string once; the games refer to them by index (a small fixture)."""

    def __init__(self, strings: list[str] | None = None) -> None:
        self.strings = strings if strings is not None else []
        self.index = {text: i for i, text in enumerate(self.strings)}

    def __call__(self, text: str) -> int:
        if text not in self.index:
            self.index[text] = len(self.strings)
            self.strings.append(text)
        return self.index[text]


def _event(event: Event, pool: _Pool) -> list[Any]:
    """``[kind, text]``, and ``[title, columns, rows]`` after them if there is a table."""
    shown: list[Any] = [pool(event.kind), pool(event.text)]
    table = event.table
    if table is not None:
        shown += [
            pool(table.title),
            [pool(column) for column in table.columns],
            [[pool(cell) for cell in row] for row in table.rows],
        ]
    return shown


def _refusal(state: Any, action: int | str) -> str:
    """``str`` of the error applying ``action`` raises ("" if it is legal: then undone)."""
    trial = state.clone()
    try:
        trial.apply(action)
    except (IllegalAction, NotationError) as error:
        return f"{type(error).__name__}: {error}"
    return ""


def play(edition: str, players: int, options: dict[str, Any], seed: int, pool: _Pool) -> Any:
    """One random game: its events, a sample of refusals, and a digest of its pictures."""
    game = tavola.load("campanile", players=players, edition=edition, **options)
    state = game.new_game(seed)
    rng = random.Random(seed)
    typed = TYPED[edition]
    events: list[Any] = []
    refusals: list[int] = []
    pictures = hashlib.sha256()
    step = 0
    while True:
        if step % 6 == 0 or state.is_over:
            legal = set(state.legal_actions())
            illegal = [a for a in range(game.num_distinct_actions + 1) if a not in legal]
            refusals.append(pool(_refusal(state, rng.choice(illegal))))
        if step % 7 == 0 or state.is_over:
            refusals.append(pool(_refusal(state, typed[(step // 7) % len(typed)])))
        if step % 10 == 0 or state.is_over:
            mover = state.current_player
            for seat in dict.fromkeys([mover, None, (step // 10) % players]):
                view = state.view(seat)
                actions = state.legal_notations() if seat is not None and seat == mover else ()
                pictures.update(game.render(view).encode())
                pictures.update(game.svg(view, actions).encode())
        if state.is_over:
            break
        for event in state.apply(rng.choice(state.legal_actions())):
            events.append(_event(event, pool))
        step += 1
    return {"events": events, "refusals": refusals, "pictures": pictures.hexdigest()[:16]}


def collect() -> dict[str, Any]:
    pool = _Pool()
    games = {
        case_name(edition, players, options, seed): play(edition, players, options, seed, pool)
        for edition, players, options, seeds in CASES
        for seed in seeds
    }
    return {"strings": pool.strings, "games": games}


def main() -> None:
    FIXTURE.write_text(json.dumps(collect(), ensure_ascii=False, separators=(",", ":")) + "\n")
    print(f"{FIXTURE}: {FIXTURE.stat().st_size} bytes")


if __name__ == "__main__":
    main()
