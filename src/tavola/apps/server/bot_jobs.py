"""What a bot worker runs: a bot's move or a hint, from a match's setup and moves.

A worker process imports this module (its functions travel by name, as pickle wants) and
what it needs, the engine and the bots, not the server: a new worker is ready in about half
a second of CPU instead of three. Nothing here may import the server's web or database
layers.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tavola.apps.review.judging import suggest
from tavola.core.game import State
from tavola.core.registry import load
from tavola.players import Seat, make_bot


@dataclass(frozen=True)
class BotJob:
    """Everything a worker needs: the match's setup, its effective moves, the seat."""

    game: str
    options: dict[str, Any]
    seed: int
    moves: list[str]
    seat: int
    spec: str
    bot_seed: int


def _position(job: BotJob) -> State:
    state = load(job.game, **job.options).new_game(job.seed)
    for notation in job.moves:
        state.apply(notation)
    return state


def choose(job: BotJob) -> str:
    """Run in a worker process: the bot's move, as canonical notation."""
    state = _position(job)
    bot = make_bot(job.spec, seed=job.bot_seed)
    decision = bot.choose(Seat(state, job.seat))
    return state.game.action_to_string(decision.action)


def hint(job: BotJob) -> dict[str, Any]:
    """Run in a worker process: the move the review's estimates prefer for the seat to move
    (``job.spec`` is not used), judged from that seat's view alone."""
    state = _position(job)
    best = suggest(Seat(state, job.seat), state.game.review_budget, job.bot_seed)
    return {
        "action": best.action,
        "win": round(best.win, 3),
        "win_se": round(best.win_se, 3),
        "margin": round(best.margin, 2),
        "samples": best.samples,
    }


def bot_seed(match_seed: int, seq: int) -> int:
    """A bot's seed for the move after entry ``seq``: its moves replay the same."""
    return random.Random(match_seed * 1_000_003 + seq).randrange(2**32)
