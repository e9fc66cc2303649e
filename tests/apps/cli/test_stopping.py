"""Stopping early keeps what is finished: ``kill`` stops a tournament or a game as Ctrl-C
does, Ctrl-C in ``simulate`` shows the games so far; and a tournament never plays the same
game twice."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import tavola
from tavola.apps.cli import app
from tavola.apps.simulate import simulate
from tavola.players.match import game_seeds
from tavola.players.tournament import schedule

runner = CliRunner()
TAVOLA = [sys.executable, "-m", "tavola.apps.cli"]


def start(*args: str, home: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "XDG_DATA_HOME": str(home), "COLUMNS": "100", "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen(
        [*TAVOLA, *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        # Ctrl-C as a terminal gives it, even where this run was started with SIGINT ignored
        # (a background job of a shell), which a child would inherit
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def cpu_seconds(pid: int) -> float:
    """The CPU time a process and its living children have used (Linux's ``/proc``)."""
    ticks = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # the process ended meanwhile
        if stat.parent.name == str(pid) or int(fields[1]) == pid:  # fields[1]: its parent
            ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


def work_for(process: subprocess.Popen[str], seconds: float) -> None:
    """Wait until ``process`` (with its workers) has worked ``seconds`` of CPU time: on a
    busy machine a fixed sleep may end before it has finished a game."""
    deadline = time.monotonic() + 120
    while cpu_seconds(process.pid) < seconds:
        assert process.poll() is None, "the command ended before it was stopped"
        assert time.monotonic() < deadline, "the command got no CPU time for 2 minutes"
        time.sleep(0.2)


def test_kill_stops_a_tournament_like_ctrl_c_and_saves_the_finished_games(
    tmp_path: Path,
) -> None:
    out = tmp_path / "results.json"
    process = start(
        "tournament", "campanile", "-b", "heuristic,random", "-n", "100000", "-w", "2",
        "--out", str(out), home=tmp_path,
    )  # fmt: skip
    work_for(process, 6)  # the workers start, and play some games
    process.send_signal(signal.SIGTERM)
    stdout, stderr = process.communicate(timeout=120)
    assert process.returncode == 128 + signal.SIGTERM, stderr
    assert "Traceback" not in stderr + stdout
    assert "BrokenPipe" not in stderr + stdout
    data = json.loads(out.read_text())
    assert data["interrupted"] is True
    assert 0 < data["games_played"] < 100000
    assert "Interrupted:" in stdout
    for game in data["games"][:5]:
        assert tavola.replay(game["record"]).is_over


def test_kill_saves_a_game_in_the_terminal(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    process = start(
        "play", "campanile", "--seats", "random,random", "--delay", "0.5", "--save", str(save),
        home=tmp_path,
    )  # fmt: skip
    assert process.stdout is not None
    seen = ""
    while "(random): " not in seen:  # a bot's turn is over: some moves are made
        line = process.stdout.readline()
        assert line, "the game ended or failed before a move"
        seen += line
    process.send_signal(signal.SIGTERM)
    stdout, stderr = process.communicate(timeout=60)
    stdout = seen + stdout
    assert process.returncode == 128 + signal.SIGTERM, stderr
    assert "Game stopped (interrupted)" in stdout
    assert "Traceback" not in stderr
    record = json.loads(save.read_text())
    assert record["seats"] == ["random", "random"]
    assert len(record["actions"]) > 0
    assert not tavola.replay(record).is_over


def test_ctrl_c_in_simulate_shows_the_games_finished_so_far(tmp_path: Path) -> None:
    process = start("simulate", "carcassonne", "-n", "1000000", home=tmp_path)
    work_for(process, 4)  # the imports take about 1 s, then games are finished
    process.send_signal(signal.SIGINT)
    try:
        stdout, stderr = process.communicate(timeout=60)
    finally:
        process.kill()  # never left running a million games
    assert process.returncode == 130, stderr
    assert "Interrupted:" in stdout
    assert "Mean game length" in stdout
    assert "Traceback" not in stderr


def test_simulate_keeps_the_games_finished_before_an_interrupt() -> None:
    game = tavola.load("campanile", players=3)
    finished = 0

    def advance() -> None:
        nonlocal finished
        finished += 1
        if finished == 4:
            raise KeyboardInterrupt

    result = simulate(game, 100, seed=1, advance=advance)
    assert result.interrupted
    assert len(result.lengths) == 4
    assert all(len(stats.scores) == 4 for stats in result.seats)
    assert sum(stats.wins for stats in result.seats) == pytest.approx(4)


@pytest.mark.parametrize(
    ("bots", "players"),
    [
        (["random", "random"], 2),
        (["heuristic", "random", "random"], 2),
        (["heuristic", "random", "random"], 3),
        (["random", "RANDOM", "heuristic", "heuristic"], 4),
    ],
)
def test_repeated_specs_give_distinct_games(bots: list[str], players: int) -> None:
    tasks = schedule("campanile", {"players": players}, bots, 60, seed=2)
    games = {(tuple(s.lower() for s in task.specs), task.seed) for task in tasks}
    assert len(games) == len(tasks)


def test_a_tournament_of_twins_records_distinct_games(tmp_path: Path) -> None:
    out = tmp_path / "twins.json"
    result = runner.invoke(
        app,
        ["tournament", "campanile", "-b", "random,random", "-n", "8", "-w", "1", "--out", str(out)],
    )
    assert result.exit_code == 0, result.output
    records = [json.dumps(game["record"]) for game in json.loads(out.read_text())["games"]]
    assert len(set(records)) == 8


def test_without_repeats_the_schedule_is_as_before() -> None:
    """Tournaments of distinct specs keep their deals (and so their published results)."""
    tasks = schedule("campanile", {"players": 2}, ["heuristic", "random"], 4, seed=1)
    first, second = game_seeds(1, 2)
    assert [task.seed for task in tasks] == [first, first, second, second]
