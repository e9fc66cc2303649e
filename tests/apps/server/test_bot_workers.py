"""The bot workers under faults, on a real server process.

- One job past its bounds (memory, time) fails alone: its worker lives on.

- A worker killed mid-search (SIGKILL, as the out-of-memory killer would) costs a move's
  time, not the bots: the pool is replaced, the lost jobs run again, and every match's
  bot moves, and hints answer, however often it happens.
- A server killed with SIGKILL leaves no worker behind.
- Stopping the server (Ctrl-C) while bot moves are queued logs no traceback, and its
  workers end with it.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tavola.apps.server.settings import BotLimits
from tavola.apps.server.workers import JobTooLong, Workers
from tests.apps.server.client import Api, auth, in_own_thread, tokens_of
from tests.live_server import ServerProcess, running_server

BUDGET = 2.0  # seconds a bot's search may take here
SLACK = 60.0  # a deadline, not a speed: starting new worker processes on a loaded machine


def allocate(megabytes: int) -> int:
    """A job: hold ``megabytes`` of memory at once; the worker's process id."""
    held = bytearray(megabytes * 2**20)
    return os.getpid() + 0 * len(held)


def spin(seconds: float) -> None:
    """A job that computes for ``seconds``, ignoring any budget."""
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        pass


def test_one_job_past_its_bounds_fails_alone() -> None:
    async def run() -> None:
        workers = Workers(1, BotLimits(job_seconds=1.0, worker_memory_mb=1024))
        try:
            worker = await workers.run(allocate, 16)
            with pytest.raises(MemoryError):
                await workers.run(allocate, 2048)
            with pytest.raises(JobTooLong):
                await workers.run(spin, 30.0)
            assert await workers.run(allocate, 16) == worker  # the same process, alive
        finally:
            workers.close()

    in_own_thread(run)


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (Linux: /proc/PID/task/*/children)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(FileNotFoundError):  # the thread ended meanwhile
            found += [int(child) for child in (task / "children").read_text().split()]
    return found


def descendants(pid: int) -> list[int]:
    found = children(pid)
    return [*found, *(process for child in found for process in descendants(child))]


def bot_workers(server: ServerProcess) -> list[int]:
    """The server's bot worker processes: the children of its forkserver."""
    assert server.process is not None
    workers = []
    for child in children(server.process.pid):
        command = Path(f"/proc/{child}/cmdline").read_bytes()
        if b"forkserver" in command:
            workers += children(child)
    return workers


def started_bot_workers(server: ServerProcess) -> list[int]:
    """The server's bot workers, once there are some."""
    deadline = time.monotonic() + SLACK
    while not (workers := bot_workers(server)):
        assert time.monotonic() < deadline, "no bot worker started"
        time.sleep(0.05)
    return workers


def kill_workers_mid_search(server: ServerProcess) -> None:
    workers = started_bot_workers(server)
    time.sleep(0.3)  # into the search
    for worker in workers:
        os.kill(worker, signal.SIGKILL)


def play_to_the_bots_turn(api: Api, match_id: str, token: str) -> int:
    """The person plays until it is the bot's turn; the seq then."""
    while True:
        mine = api.get(match_id, token)
        if mine["current_player"] != mine["seat"]:
            return int(mine["seq"])
        assert api.act(match_id, token, mine["seq"], mine["legal"][0]).status_code == 200


def test_a_killed_bot_worker_stops_no_bot_and_no_hint(tmp_path: Path) -> None:
    bot = f"ismcts:iterations=20000,time={BUDGET:g}"
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite3'}") as server:
        api = Api(server.url)
        for attempt in range(2):  # a replaced pool is replaced again
            searching = api.create("carcassonne", [bot, "human"], seed=attempt)
            kill_workers_mid_search(server)
            api.wait(searching["id"], lambda state: state["seq"] >= 1, timeout=BUDGET + SLACK)
            other = api.create("carcassonne", ["human", bot], seed=10 + attempt)
            seq = play_to_the_bots_turn(api, other["id"], tokens_of(other)[0])
            api.wait(other["id"], lambda state, seq=seq: state["seq"] > seq, timeout=BUDGET + SLACK)
            hinted = api.create("clocktowers", ["human", "human"], hints=True)
            token = tokens_of(hinted)[0]
            hint = api.http.post(f"/api/matches/{hinted['id']}/hint", headers=auth(token))
            assert hint.status_code == 200, hint.text
            assert hint.json()["action"] in api.get(hinted["id"], token)["legal"]


def test_a_killed_servers_workers_end_with_it(tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'db.sqlite3'}").start()
    Api(server.url).create("carcassonne", [f"ismcts:time={BUDGET:g}", "human"])
    workers = started_bot_workers(server)
    server.kill()
    deadline = time.monotonic() + SLACK
    while alive := [pid for pid in workers if Path(f"/proc/{pid}").exists()]:
        assert time.monotonic() < deadline, f"workers {alive} outlive their server"
        time.sleep(0.1)


def test_stopping_the_server_with_bot_moves_queued_logs_no_traceback(tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'db.sqlite3'}", "--bot-workers", "1").start()
    api = Api(server.url)
    bots = ["ismcts:time=2", "ismcts:time=2"]
    for seed in range(4):  # one worker: three wait their turn
        api.create("carcassonne", bots, seed=seed, listed=False)
    started_bot_workers(server)  # the first move is searched, the others wait
    assert server.process is not None
    for process in [server.process.pid, *descendants(server.process.pid)]:
        os.kill(process, signal.SIGINT)  # Ctrl-C: the terminal signals them all
    output, _ = server.process.communicate(timeout=30)  # its workers end with it
    assert "Traceback" not in output, output
    assert "BrokenProcessPool" not in output, output


def test_a_bot_worker_imports_the_engine_and_the_bots_not_the_server() -> None:
    """What a worker unpickles (``workers.start_worker``, ``workers.bounded`` and the jobs of
    ``bot_jobs``) and a bot's move import none of the web and database layers: a new
    worker is ready in a fraction of the three CPU-seconds the whole server takes."""
    layers = {"fastapi", "starlette", "sqlalchemy", "alembic", "uvicorn", "jinja2"}
    program = (
        "import sys\n"
        "from tavola.apps.server.workers import bounded, start_worker\n"
        "from tavola.apps.server.bot_jobs import BotJob, choose\n"
        "job = BotJob('campanile', {'players': 3}, 5, [], 0, 'heuristic', 7)\n"
        "print(choose(job))\n"
        "print(' '.join(sorted({name.split('.')[0] for name in sys.modules})))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True
    )
    move, modules = run.stdout.splitlines()
    assert move
    assert "tavola" in modules.split()
    assert not layers & set(modules.split()), modules
