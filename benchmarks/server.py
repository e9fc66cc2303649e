"""Server throughput: N concurrent matches played over WebSockets by random clients.

Starts a real ``tavola serve`` (on SQLite, then on a throwaway PostgreSQL cluster), opens
N matches of two human seats, each seat on its own WebSocket, and lets the seat to move
play a random legal move once it has seen the position. Prints the moves per second the
server applied and the latency from a move sent to every client of its match updated
(p50, p99, and the slowest match's p99), the bytes a state update takes on the wire
(counted by a relay between the clients and the server, after permessage-deflate) and
the server process's CPU time per applied move (read from ``/proc``). A finished match
is replaced by a new one, so N stay in play.

Two loads: ``--rate`` moves per second offered in all (each match moves at rate/N per
second, as people who think between moves), where the latency is what a player feels;
then as fast as the clients can (``max``), which gives the server's ceiling (its latency
is only queueing: N moves always wait). The clients run in this process, on the same
2-core machine as the server and the database. ``--before SRC`` runs every row on the
server of another source tree too (``git archive 3992cd4 | tar -x -C /tmp/before``, then
``--before /tmp/before/src``), side by side; ``--before LABEL=SRC`` may be repeated, so
that one run compares several trees (``--before 3992cd4=/tmp/before/src --before
main=/tmp/main/src``).

``--wire`` measures one whole match of each game instead (every seat played over HTTP,
Carcassonne at 5 players, the others at 4): what seat 0's socket receives, pictures
included, as a client written to docs/server.md gets it (whole states, with and without
permessage-deflate) and as the browser does (patches, deflated): bytes per update, the
first state, and the CPU per update at both ends.

    python benchmarks/server.py [--matches 200,400] [--rate 300] [--seconds 20]
        [--games campanile,clocktowers,carcassonne] [--before SRC] [--wire]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import statistics
import sys
import tempfile
import time
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.live_server import ServerProcess, postgres_cluster, running_server

from tavola.apps.server import patches

BOT: dict[str, str] = {}  # what a client written to docs/server.md asks: whole states, no picture
BROWSER = {"svg": "true", "patches": "true"}  # what the match page asks


class Relay:
    """A TCP relay in front of the server that counts the bytes it sends to the clients
    (after each connection's handshake answer): what travels on the wire."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.down = 0
        self.server: asyncio.Server | None = None

    async def start(self) -> str:
        self.server = await asyncio.start_server(self._connection, "127.0.0.1", 0)
        return f"ws://127.0.0.1:{self.server.sockets[0].getsockname()[1]}"

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        upstream_reader, upstream_writer = await asyncio.open_connection("127.0.0.1", self.port)
        await asyncio.gather(
            self._pipe(reader, upstream_writer, count=False),
            self._pipe(upstream_reader, writer, count=True),
        )

    async def _pipe(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, count: bool
    ) -> None:
        head: bytes | None = b""  # the handshake's answer, until its blank line
        try:
            while chunk := await reader.read(65536):
                if count:
                    if head is not None:
                        head += chunk
                        if b"\r\n\r\n" in head:
                            self.down += len(head) - head.index(b"\r\n\r\n") - 4
                            head = None
                    else:
                        self.down += len(chunk)
                writer.write(chunk)
                await writer.drain()
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            writer.close()


def cpu_seconds(pid: int) -> float:
    """The user and system CPU time a process has used so far (Linux's ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


CGROUPS = Path("/sys/fs/cgroup")


def family(pid: int) -> list[int]:
    """A process and every process under it (Linux's ``/proc``)."""
    found = [pid]
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            found.extend(family(int(child)))
    return found


@contextlib.contextmanager
def cpu_capped(pid: int, cores: float) -> Iterator[None]:
    """The process ``pid`` and its children on at most ``cores`` of the machine's CPU (a
    cgroup's CFS quota; Linux, as root), so that the clients, on the rest, can offer the
    server more than it can serve: on a small machine they would otherwise be the bound.
    Reniced ahead of the clients, so that a busy machine still gives it all of its share."""
    period = 100_000  # microseconds
    quota = max(1_000, round(cores * period))
    unified = CGROUPS / "cgroup.controllers"
    root = CGROUPS if unified.exists() and "cpu" in unified.read_text().split() else CGROUPS / "cpu"
    group = root / f"tavola-bench-{pid}"
    group.mkdir()
    if root == CGROUPS:
        (group / "cpu.max").write_text(f"{quota} {period}")
    else:
        (group / "cpu.cfs_period_us").write_text(str(period))
        (group / "cpu.cfs_quota_us").write_text(str(quota))
    try:
        for member in family(pid):
            (group / "cgroup.procs").write_text(str(member))
            for thread in Path(f"/proc/{member}/task").iterdir():  # nice is a thread's
                os.setpriority(os.PRIO_PROCESS, int(thread.name), -10)
        yield
    finally:
        for left in (group / "cgroup.procs").read_text().split():
            with contextlib.suppress(OSError):  # gone meanwhile
                (root / "cgroup.procs").write_text(left)
        group.rmdir()


class Run:
    def __init__(self, seconds: float, pace: float, matches: int, deflate: bool = True) -> None:
        self.pace = pace  # seconds between a match's moves (0: none)
        self.deflate = deflate  # the clients offer permessage-deflate
        self.seconds = seconds
        self.matches = matches
        self.slots_in_play: set[int] = set()  # the slots whose match has both seats connected
        self.start = time.perf_counter()
        # Warm-up: every match created and connected (at least 8 s, at most 120 s: a busy
        # machine takes longer), then the measured seconds.
        self.measure_from = self.start + 120.0
        self.end = self.measure_from + seconds
        self.in_play = asyncio.Event()
        self.warm = False  # every match was in play when the measured time began
        self.moves = 0
        self.latencies: list[float] = []
        self.worst_p99 = 0.0  # the slowest match's p99 latency: does any match starve?
        self.errors = 0
        self.updates = 0  # state updates the clients received in the measured time
        self.wire = 0  # their bytes on the wire
        self.cpu = 0.0  # the server's CPU seconds in the measured time

    def playing(self, slot: int) -> None:
        """A slot's match has both its seats connected; the last slot's starts the clock."""
        if self.in_play.is_set():
            return
        self.slots_in_play.add(slot)
        if len(self.slots_in_play) == self.matches:
            self.measure_from = max(time.perf_counter() + 2.0, self.start + 8.0)
            self.end = self.measure_from + self.seconds
            self.in_play.set()


async def play_matches(
    base: str, ws_base: str, game: str, query: dict[str, str], run: Run, rng: random.Random
) -> None:
    """One slot: play matches one after another until the run ends (a failed request or
    connection is counted as an error, and the slot starts a new match)."""
    while time.perf_counter() < run.end:
        try:
            await play_match(base, ws_base, game, query, run, rng)
        except (httpx.HTTPError, OSError, WebSocketException):
            run.errors += 1
            await asyncio.sleep(0.5)


async def play_match(
    base: str, ws_base: str, game: str, query: dict[str, str], run: Run, rng: random.Random
) -> None:
    asked = "".join(f"&{key}={value}" for key, value in query.items())
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        while time.perf_counter() < run.end:
            response = await http.post(
                "/api/matches", json={"game": game, "seats": ["human", "human"], "listed": False}
            )
            created = response.json()
            tokens = [seat["token"] for seat in created["seats"]]
            urls = [f"{ws_base}/api/matches/{created['id']}/ws?token={t}{asked}" for t in tokens]
            compression = "deflate" if run.deflate else None
            async with (
                connect(urls[0], max_size=2**24, compression=compression) as first,
                connect(urls[1], max_size=2**24, compression=compression) as second,
            ):
                await play_one(run, [first, second], rng)


def read_state(text: str | bytes, before: dict[str, Any] | None) -> dict[str, Any]:
    """A socket's message, a patch applied to the state ``before``."""
    message: dict[str, Any] = json.loads(text)
    if message["type"] == "patch":
        rebuilt: dict[str, Any] = patches.apply(before, message["patch"])
        return rebuilt
    return message


async def play_one(run: Run, sockets: list[ClientConnection], rng: random.Random) -> None:
    latencies: list[float] = []  # this match's
    try:
        await play_moves(run, sockets, rng, latencies)
    finally:
        if latencies:
            run.worst_p99 = max(run.worst_p99, p99(latencies))


def p99(latencies: list[float]) -> float:
    return statistics.quantiles(latencies, n=100)[98] if len(latencies) > 1 else latencies[0]


async def play_moves(
    run: Run, sockets: list[ClientConnection], rng: random.Random, latencies: list[float]
) -> None:
    states: list[dict[str, Any]] = [read_state(await socket.recv(), None) for socket in sockets]
    run.playing(id(rng))  # each slot has its own generator
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
                message = read_state(await socket.recv(), states[index])
                if message["type"] == "state":
                    states[index] = message
                    if run.measure_from <= time.perf_counter() <= run.end:
                        run.updates += 1
                    if message["seq"] > seq:
                        break
                elif message["type"] == "error":
                    run.errors += 1
        done = time.perf_counter()
        if run.measure_from <= sent and done <= run.end:
            run.moves += 1
            run.latencies.append(done - sent)
            latencies.append(done - sent)


def measure(
    server: ServerProcess,
    game: str,
    matches: int,
    seconds: float,
    rate: float,
    query: dict[str, str],
    deflate: bool = True,
) -> Run:
    run = Run(seconds, matches / rate if rate else 0.0, matches, deflate)
    assert server.process is not None
    pid = server.process.pid

    async def watch(relay: Relay) -> None:
        """The server's CPU and the bytes on the wire in the measured time."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(run.in_play.wait(), run.measure_from - time.perf_counter())
        await asyncio.sleep(run.measure_from - time.perf_counter())
        run.warm = run.in_play.is_set()
        cpu, wire = cpu_seconds(pid), relay.down
        await asyncio.sleep(run.end - time.perf_counter())
        run.cpu, run.wire = cpu_seconds(pid) - cpu, relay.down - wire

    async def main() -> None:
        relay = Relay(int(server.url.rsplit(":", 1)[1]))
        ws_base = await relay.start()
        rng = random.Random(1)
        slots = [
            play_matches(server.url, ws_base, game, query, run, random.Random(rng.random()))
            for _ in range(matches)
        ]
        await asyncio.gather(watch(relay), *slots)

    asyncio.run(main())
    return run


def report(label: str, matches: int, rate: float, seconds: float, run: Run) -> None:
    cuts = statistics.quantiles(run.latencies, n=100) if len(run.latencies) > 1 else [0.0] * 99
    offered = f"{rate:,.0f}" if rate else "max"
    per_update = run.wire / max(run.updates, 1) / 1024
    per_move = 1000 * run.cpu / max(run.moves, 1)
    print(
        f"{label:<34} {matches:>7} {offered:>8} {run.moves / seconds:>9,.0f} "
        f"{1000 * cuts[49]:>8.1f} {1000 * cuts[98]:>8.1f} {1000 * run.worst_p99:>9.1f} "
        f"{per_update:>9.2f} "
        f"{per_move:>9.2f} {run.errors:>7}"
        # the warm-up's 120 s ran out first: new matches' set-up counts in these figures
        + ("" if run.warm else "  (measured while matches were still being set up)"),
        flush=True,
    )


# -- one whole match of each game: the bytes of each update -------------------------------------

WIRE_GAMES = (("carcassonne", 5), ("campanile", 4), ("clocktowers", 4))
WIRE_FORMS = (  # (name, socket parameters, permessage-deflate offered)
    ("whole states, not compressed", {"svg": "true"}, False),
    ("whole states, deflate", {"svg": "true"}, True),
    ("patches, deflate (the browser)", {"svg": "true", **BROWSER}, True),
)


async def wire_match(
    server: ServerProcess, game: str, players: int, query: dict[str, str], deflate: bool
) -> dict[str, Any]:
    """One match (seed 1) played over HTTP while seat 0 listens: its figures."""
    relay = Relay(int(server.url.rsplit(":", 1)[1]))
    ws_base = await relay.start()
    assert server.process is not None
    async with httpx.AsyncClient(base_url=server.url, timeout=60) as http:
        body = {"game": game, "seats": ["human"] * players, "seed": 1, "listed": False}
        body["options"] = {"players": players}
        created = (await http.post("/api/matches", json=body)).json()
        tokens = [seat["token"] for seat in created["seats"]]
        asked = "".join(f"&{key}={value}" for key, value in query.items())
        url = f"{ws_base}/api/matches/{created['id']}/ws?token={tokens[0]}{asked}"
        texts: list[str] = []
        sizes: list[int] = []
        cpu = cpu_seconds(server.process.pid)
        async with connect(url, max_size=2**24, compression="deflate" if deflate else None) as ws:

            async def listen() -> None:
                state: dict[str, Any] | None = None
                while state is None or not state["is_over"]:
                    text = await ws.recv()
                    assert isinstance(text, str)
                    before = relay.down
                    state = read_state(text, state)
                    texts.append(text)
                    sizes.append(before)

            listening = asyncio.create_task(listen())
            rng = random.Random(1)
            while not listening.done():
                mover = (await http.get(f"/api/matches/{created['id']}")).json()["current_player"]
                if mover is None:
                    break
                auth = {"Authorization": f"Bearer {tokens[mover]}"}
                mine = (await http.get(f"/api/matches/{created['id']}", headers=auth)).json()
                action = {"seq": mine["seq"], "action": rng.choice(mine["legal"])}
                await http.post(f"/api/matches/{created['id']}/actions", json=action, headers=auth)
            await listening
        cpu = cpu_seconds(server.process.pid) - cpu
    on_wire = [after - before for before, after in zip([0, *sizes], sizes, strict=False)]
    return {
        "updates": len(texts) - 1,
        "first": on_wire[0],
        "average": sum(on_wire[1:]) / max(len(on_wire) - 1, 1),
        "max": max(on_wire[1:], default=0),
        "server_ms": 1000 * cpu / len(texts),
        "client_ms": client_cpu(texts, deflate),
    }


def client_cpu(texts: list[str], deflate: bool) -> float:
    """The client's CPU per update (ms): inflating it (the window the server agrees to,
    2**12), reading its JSON, applying it if a patch."""
    compressor = zlib.compressobj(wbits=-12, memLevel=5)
    frames = [compressor.compress(t.encode()) + compressor.flush(zlib.Z_SYNC_FLUSH) for t in texts]
    started = time.process_time()
    inflater = zlib.decompressobj(wbits=-12)
    state: dict[str, Any] | None = None
    for frame, text in zip(frames, texts, strict=True):
        if deflate:
            text = inflater.decompress(frame).decode()
        state = read_state(text, state)
    return 1000 * (time.process_time() - started) / len(texts)


def wire(server: ServerProcess, label: str) -> None:
    # a server before the patches and permessage-deflate sends every socket whole states
    forms = WIRE_FORMS if label in ("now", "after") else WIRE_FORMS[:1]
    for game, players in WIRE_GAMES:
        for name, query, deflate in forms:
            figures = asyncio.run(wire_match(server, game, players, query, deflate))
            print(
                f"{label:<8} {game:<12} {players:>7} {name:<31} {figures['updates']:>7} "
                f"{figures['first'] / 1024:>8.1f} {figures['average'] / 1024:>8.1f} "
                f"{figures['max'] / 1024:>8.1f} {figures['server_ms']:>9.2f} "
                f"{figures['client_ms']:>9.2f}",
                flush=True,
            )


@contextlib.contextmanager
def servers(
    backend: str, before: list[str], cores: float | None = None
) -> Iterator[list[tuple[str, ServerProcess]]]:
    """A server of each ``before`` tree (``LABEL=SRC``, or ``SRC`` labelled "before") and one
    of this tree ("now" beside others, else "after"), each on a database of its own (and
    on at most ``cores`` of the CPU, if given)."""
    with contextlib.ExitStack() as stack:
        cluster = None if backend == "sqlite" else stack.enter_context(postgres_cluster())
        started = []
        sources: list[tuple[str, str | None]] = [
            (given.split("=", 1)[0], given.split("=", 1)[1]) if "=" in given else ("before", given)
            for given in before
        ]
        for label, source in [*sources, ("now" if before else "after", None)]:
            if cluster is None:
                folder = stack.enter_context(tempfile.TemporaryDirectory())
                url = f"sqlite:///{folder}/bench.sqlite3"
            else:
                url = cluster.database()
            env = {} if source is None else {"PYTHONPATH": source}
            # every client here has one address: the cap on its sockets is lifted (a tree
            # from before the cap has none)
            capped = (
                source is None
                or "sockets_per_address"
                in (Path(source) / "tavola/apps/server/settings.py").read_text()
            )
            extra = ("--sockets-per-address", "100000") if capped else ()
            server = stack.enter_context(running_server(url, *extra, env=env))
            if cores is not None:
                assert server.process is not None
                stack.enter_context(cpu_capped(server.process.pid, cores))
            started.append((label, server))
        yield started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", default="200,400", help="concurrent matches, a list")
    parser.add_argument("--rate", type=float, default=300.0, help="moves/s offered in all")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured seconds")
    parser.add_argument("--games", default="campanile,clocktowers,carcassonne")
    parser.add_argument("--backends", default="sqlite,postgresql")
    parser.add_argument("--browser", action="store_true", help="clients ask as the page does")
    parser.add_argument(
        "--no-deflate", action="store_true", help="the clients do not offer permessage-deflate"
    )
    parser.add_argument(
        "--before",
        action="append",
        default=[],
        help="the src folder of a version to compare with (LABEL=SRC; may be repeated)",
    )
    parser.add_argument(
        "--server-cores",
        type=float,
        help="each server on at most this much of one core's time (a cgroup; Linux, as root), "
        "so that the clients can overload it on a small machine",
    )
    parser.add_argument("--wire", action="store_true", help="one whole match per game instead")
    args = parser.parse_args()
    # stopped (kill), the servers stop and their cgroups go, as at the end
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped"))
    if args.server_cores is not None and not 0 < args.server_cores <= (os.cpu_count() or 1):
        parser.error("--server-cores: more than 0, at most the machine's cores")
    print(f"load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} cores", end="")
    capped = args.server_cores
    print(f", each server on at most {capped:g} of a core" if capped else "")
    if args.wire:
        print(
            f"{'server':<8} {'game':<12} {'players':>7} {'socket':<31} {'updates':>7} "
            f"{'1st KiB':>8} {'avg KiB':>8} {'max KiB':>8} {'srv ms/u':>9} {'cli ms/u':>9}"
        )
        for backend in args.backends.split(","):
            with servers(backend, args.before) as started:
                for label, server in started:
                    wire(server, f"{label}")
        return
    query = BROWSER if args.browser else BOT
    deflate = not args.no_deflate
    offered = "not offering" if args.no_deflate else "offering"
    print(f"2 seats a match, each seat on its own WebSocket ({query or 'whole states'}, ", end="")
    print(f"{offered} permessage-deflate); ", end="")
    print(f"{args.seconds:g} s measured")
    print(
        f"{'server, backend, game':<34} {'matches':>7} {'offered':>8} {'moves/s':>9} "
        f"{'p50 ms':>8} {'p99 ms':>8} {'worst p99':>9} {'KiB/upd':>9} {'CPU ms/mv':>9} "
        f"{'errors':>7}"
    )
    for backend in args.backends.split(","):
        with servers(backend, args.before, args.server_cores) as started:
            for game in args.games.split(","):
                for matches in (int(n) for n in args.matches.split(",")):
                    for rate in (args.rate, 0.0):
                        for label, server in started:
                            run = measure(server, game, matches, args.seconds, rate, query, deflate)
                            row = f"{label} {backend} {game}"
                            report(row, matches, rate, args.seconds, run)


if __name__ == "__main__":
    main()
