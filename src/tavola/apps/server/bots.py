"""Bots play server-side in a process pool, off the event loop.

A bot seat's spec is bounded when the match is created (``bound_spec``): a search gets a
time limit and caps on its iterations, so a move never holds a worker for long. A worker
rebuilds the position from the match's effective moves and lets the bot choose through a
``Seat``, which shows it only what its seat may know.
"""

from __future__ import annotations

import multiprocessing
import random
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from tavola.apps.server.errors import ApiError
from tavola.apps.server.request_language import lazy
from tavola.apps.server.settings import BotLimits
from tavola.core.registry import load
from tavola.players import BotSpecError, Seat, make_bot
from tavola.players.review import default_budget, suggest
from tavola.players.specs import BOTS


def bound_spec(spec: str, limits: BotLimits) -> str:
    """``spec`` as this server will run it: 422 if it does not parse or asks for more than
    the limits; a search without a time limit gets the server's.

    >>> bound_spec("ismcts:iterations=500", BotLimits(seconds=2.0))
    'ismcts:iterations=500,time=2'
    >>> bound_spec("ismcts", BotLimits(seconds=5.0))
    'ismcts:iterations=1000,time=5'
    >>> bound_spec("heuristic", BotLimits())
    'heuristic'
    """
    try:
        bot = make_bot(spec)
    except BotSpecError as error:
        raise ApiError(
            422, "bad_bot", lazy("not a bot this server plays: {reason}", reason=str(error))
        ) from None
    canonical = bot.spec
    name = canonical.partition(":")[0]
    caps: dict[str, float] = {
        "time": limits.seconds,
        "iterations": limits.iterations,
        "samples": limits.samples,
    }
    for option, cap in caps.items():
        value = getattr(bot, option, None)
        if isinstance(value, int | float) and value > cap:
            too_much = lazy(
                "bot spec {spec!r}: {option} is at most {cap} here",
                spec=spec,
                option=option,
                cap=f"{cap:g}",
            )
            raise ApiError(422, "bad_bot", too_much)
    if "time" in BOTS[name].options and getattr(bot, "time", None) is None:
        added = []  # keep the bot's own budget, under the server's time limit
        iterations = getattr(bot, "iterations", None)
        if iterations is not None and "iterations=" not in canonical:
            added.append(f"iterations={iterations}")
        added.append(f"time={limits.seconds:g}")
        canonical += ",".join(["", *added]) if ":" in canonical else ":" + ",".join(added)
    return canonical


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


def choose(job: BotJob) -> str:
    """Run in a worker process: the bot's move, as canonical notation."""
    state = load(job.game, **job.options).new_game(job.seed)
    for notation in job.moves:
        state.apply(notation)
    bot = make_bot(job.spec, seed=job.bot_seed)
    decision = bot.choose(Seat(state, job.seat))
    return state.game.action_to_string(decision.action)


def hint(job: BotJob) -> dict[str, Any]:
    """Run in a worker process: the move the review's estimates prefer for the seat to move
    (``job.spec`` is not used), judged from that seat's view alone."""
    state = load(job.game, **job.options).new_game(job.seed)
    for notation in job.moves:
        state.apply(notation)
    best = suggest(Seat(state, job.seat), default_budget(job.game), job.bot_seed)
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


def make_pool(workers: int) -> Executor:
    # forkserver: a clean process, not a fork of a server with threads and sockets.
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("forkserver"))
