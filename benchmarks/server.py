"""Server throughput: N concurrent matches played over WebSockets by random clients.

Starts a real ``tavola serve`` (on SQLite, then on a throwaway PostgreSQL cluster), opens
N matches of two human seats, each seat on its own WebSocket, and lets the seat to move
play a random legal move once it has seen the position. Prints the moves per second the
server applied and the latency from a move sent to every client of its match updated
(p50, p99). A finished match is replaced by a new one, so N stay in play.

Two loads: ``--rate`` moves per second offered in all (each match moves at rate/N per
second, as people who think between moves), where the latency is what a player feels;
then as fast as the clients can (``max``), which gives the server's ceiling (its latency
is only queueing: N moves always wait). The clients run in this process, on the same
2-core machine as the server and the database.

    python benchmarks/server.py [--matches 200] [--rate 300] [--seconds 20] [--game campanile]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.live_server import postgres_cluster, running_server


class Run:
    def __init__(self, seconds: float, pace: float) -> None:
        self.pace = pace  # seconds between a match's moves (0: none)
        self.start = time.perf_counter()
        self.measure_from = self.start + 8.0  # warm-up: 200 matches created, connected
        self.end = self.measure_from + seconds
        self.moves = 0
        self.latencies: list[float] = []
        self.errors = 0


async def play_matches(base: str, game: str, run: Run, rng: random.Random) -> None:
    """One slot: play matches one after another until the run ends (a failed request or
    connection is counted as an error, and the slot starts a new match)."""
    while time.perf_counter() < run.end:
        try:
            await play_match(base, game, run, rng)
        except (httpx.HTTPError, OSError, WebSocketException):
            run.errors += 1
            await asyncio.sleep(0.5)


async def play_match(base: str, game: str, run: Run, rng: random.Random) -> None:
    ws_base = base.replace("http://", "ws://", 1)
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        while time.perf_counter() < run.end:
            response = await http.post(
                "/api/matches", json={"game": game, "seats": ["human", "human"], "listed": False}
            )
            created = response.json()
            tokens = [seat["token"] for seat in created["seats"]]
            urls = [f"{ws_base}/api/matches/{created['id']}/ws?token={t}" for t in tokens]
            async with connect(urls[0]) as first, connect(urls[1]) as second:
                await play_one(run, [first, second], rng)


async def play_one(run: Run, sockets: list[ClientConnection], rng: random.Random) -> None:
    states: list[dict[str, Any]] = [json.loads(await socket.recv()) for socket in sockets]
    due = time.perf_counter() + rng.uniform(0, run.pace)  # a schedule, so delays do not add up
    while time.perf_counter() < run.end:
        state = states[0]
        if state["is_over"]:
            return
        mover = state["current_player"]
        mine = states[mover]
        seq = mine["seq"]
        if run.pace:
            due += rng.uniform(0.5, 1.5) * run.pace
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
        sent = time.perf_counter()
        await sockets[mover].send(
            json.dumps({"type": "action", "seq": seq, "action": rng.choice(mine["legal"])})
        )
        for index, socket in enumerate(sockets):  # wait until both seats see the move
            while True:
                message = json.loads(await socket.recv())
                if message["type"] == "state":
                    states[index] = message
                    if message["seq"] > seq:
                        break
                elif message["type"] == "error":
                    run.errors += 1
        done = time.perf_counter()
        if run.measure_from <= sent and done <= run.end:
            run.moves += 1
            run.latencies.append(done - sent)


def measure(base: str, game: str, matches: int, seconds: float, rate: float) -> Run:
    run = Run(seconds, matches / rate if rate else 0.0)

    async def main() -> None:
        rng = random.Random(1)
        slots = [play_matches(base, game, run, random.Random(rng.random())) for _ in range(matches)]
        await asyncio.gather(*slots)

    asyncio.run(main())
    return run


def report(backend: str, matches: int, rate: float, seconds: float, run: Run) -> None:
    cuts = statistics.quantiles(run.latencies, n=100) if len(run.latencies) > 1 else [0.0] * 99
    offered = f"{rate:,.0f}" if rate else "max"
    print(
        f"{backend:<11} {matches:>7} {offered:>8} {run.moves / seconds:>9,.0f} "
        f"{1000 * cuts[49]:>8.1f} {1000 * cuts[98]:>8.1f} {run.errors:>7}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200, help="concurrent matches")
    parser.add_argument("--rate", type=float, default=300.0, help="moves/s offered in all")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured seconds")
    parser.add_argument("--game", default="campanile")
    parser.add_argument("--backends", default="sqlite,postgresql")
    args = parser.parse_args()
    print(f"{args.game}, 2 seats a match, each seat on its own WebSocket; {args.seconds:g} s")
    print(
        f"{'backend':<11} {'matches':>7} {'offered':>8} {'moves/s':>9} "
        f"{'p50 ms':>8} {'p99 ms':>8} {'errors':>7}"
    )
    for backend in args.backends.split(","):
        with contextlib.ExitStack() as stack:
            if backend == "sqlite":
                folder = stack.enter_context(tempfile.TemporaryDirectory())
                url = f"sqlite:///{folder}/bench.sqlite3"
            else:
                url = stack.enter_context(postgres_cluster()).database()
            server = stack.enter_context(running_server(url))
            for rate in (args.rate, 0.0):
                run = measure(server.url, args.game, args.matches, args.seconds, rate)
                report(backend, args.matches, rate, args.seconds, run)


if __name__ == "__main__":
    main()
