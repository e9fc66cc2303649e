"""Seeded random games traced step by step, to compare the compiled and interpreted engine.

``python -m tests.engine_forms`` prints the traces as JSON: the test runs it in the other
form of the engine (``TAVOLA_PURE``) and compares them with its own.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys

import tavola
from tavola.testing import configurations

GAMES = ("campanile", "carcassonne", "clocktowers")
GAMES_PER_GAME = 200  # spread over each game's configurations (player counts, editions)


def trace(name: str, options: dict[str, object], seed: int) -> list[str]:
    """One random game: per step, a digest of the seat to move, its legal actions and view,
    the scores and the events of the action; last, the record, every view and the winners."""
    state = tavola.load(name, **options).new_game(seed)
    rng = random.Random(seed)
    steps = []
    while not state.is_over:
        player = state.current_player
        legal = state.legal_actions()
        action = rng.choice(legal)
        events = state.apply(action)
        step = [
            player,
            legal,
            state.view(player),
            state.scores,
            [(e.kind, e.text, e.data) for e in events],
        ]
        steps.append(hashlib.blake2b(json.dumps(step).encode(), digest_size=8).hexdigest())
    views = [state.view(seat) for seat in [None, *range(state.game.num_players)]]
    steps.append(json.dumps([state.record(), views, state.scores, state.winners]))
    return steps


def traces() -> dict[str, list[str]]:
    """Every game's traces, by game, options and seed."""
    found = {}
    for name in GAMES:
        cases = configurations(name)
        for seed in range(GAMES_PER_GAME):
            options = cases[seed % len(cases)]
            found[f"{name} {options} seed={seed}"] = trace(name, options, seed)
    return found


if __name__ == "__main__":
    json.dump({"compiled": tavola.COMPILED, "traces": traces()}, sys.stdout)
