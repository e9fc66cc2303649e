"""The terminal as a new player meets it: help that wraps, a picture that says what its
columns are, input hints that work, bounded echoes and small wording."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import tavola
from tavola.apps.cli import app
from tavola.apps.play import play

runner = CliRunner()
COMMANDS = ["games", "play", "resume", "simulate", "tournament", "replay", "bench"]


def invoke(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.output


def shell(*args: str) -> str:
    """The command's output at 80 columns, as a terminal of that width gets it."""
    env = {**os.environ, "COLUMNS": "80", "LINES": "24", "TERM": "xterm"}
    done = subprocess.run(
        [sys.executable, "-m", "tavola.apps.cli", *args],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    return done.stdout + done.stderr


@pytest.mark.parametrize("args", [[c, "--help"] for c in COMMANDS] + [["--help"], ["games"]])
def test_help_and_tables_wrap_at_80_columns_and_never_cut_a_word(args: list[str]) -> None:
    out = shell(*args)
    assert "…" not in out
    assert "<bool>" not in out
    assert max(len(line) for line in out.splitlines()) <= 80
    if args == ["tournament", "--help"]:
        assert "ismcts:iterations=500,random" in out
    if args == ["games"]:
        assert "bet_on_built_tower " in out  # an option name is shown whole


def test_flags_still_work_without_a_type_shown(tmp_path: Path) -> None:
    state = tavola.load("campanile", players=2).new_game(1)
    record = tmp_path / "r.json"
    record.write_text(json.dumps(state.record()))
    code, out = invoke("replay", str(record), "--json")
    assert code == 0
    assert '"seed": 1' in out


def test_game_names_are_read_in_any_case(tmp_path: Path) -> None:
    code, out = invoke(
        "play", "CampAnile", "--seats", "random,random", "--save", str(tmp_path / "g.json")
    )
    assert code == 0, out
    code, out = invoke("tournament", "CLOCKTOWERS", "-b", "random,random", "-n", "2", "-w", "1")
    assert code == 0, out


def test_bot_errors_name_human_only_where_it_helps() -> None:
    code, out = invoke("play", "campanile", "--seats", "human,ismcts:iterations=x")
    assert code == 2
    assert "iterations must be an integer" in out
    assert "human" not in out.replace("'human,ismcts", "")
    code, out = invoke("play", "campanile", "--seats", "human,robot")
    assert "a seat is 'human' or a bot: random, heuristic, ismcts" in " ".join(out.split())


def test_counts_are_singular_when_one() -> None:
    code, out = invoke("play", "campanile", "--players", "2", "--seats", "human")
    assert code == 2
    assert "1 seat given for a 2-player game" in out
    code, out = invoke("tournament", "campanile", "-b", "random", "--players", "2")
    assert code == 2
    assert "1 bot for 2-player games" in " ".join(out.split())


def test_a_huge_input_line_is_not_echoed(tmp_path: Path) -> None:
    line = "x" * 1_000_000
    code, out = invoke(
        "play", "campanile", "--players", "2", "--seed", "1", "--save", str(tmp_path / "g.json"),
        stdin=f"{line}\n{'9' * 100_000}\nquit\n",
    )  # fmt: skip
    assert code == 0
    assert len(out) < 20_000
    assert "1000000 characters: no action is that long" in out


def person(
    state: tavola.State, answers: list[str], width: int = 80, height: int | None = None
) -> str:
    """Play ``state`` with a person at seat 0 typing ``answers`` (then the first action)."""

    def read(prompt: str) -> str:
        return answers.pop(0) if answers else "1"

    console = Console(
        record=True, width=width, height=height or 200, file=io.StringIO(), force_terminal=False
    )
    seats = ["human"] + ["random"] * (state.game.num_players - 1)
    play(state, seats, console, save=None, read=read, fit=height is not None)
    return console.export_text()


@pytest.fixture(autouse=True)
def records_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))


def test_campanile_labels_its_marker_columns_and_help_explains_them() -> None:
    for edition in ("2009", "1996"):
        state = tavola.load("campanile", players=2, edition=edition).new_game(2)
        out = person(state, ["help", "quit"])
        picture = state.game.render(state.view(0))
        assert "markers left" in picture
        assert re.search(r"1s 2s 3s\s+points", picture)
        assert re.search(r"^>you .* 5  3  1 ", picture, flags=re.MULTILINE)
        assert "5/3/1" not in out
        assert "1s 2s 3s: how many influence markers of value 1, 2 and 3" in out


def test_scoring_tables_name_the_person_as_the_board_does() -> None:
    out = person(tavola.load("campanile", players=2).new_game(11), [])
    assert "Intermezzo scoring" in out
    assert "P0 (you) +" in out or "P0 (you) " in out
    table_lines = [line for line in out.splitlines() if line.startswith("│") and "P0" in line]
    assert table_lines
    assert all("P0 (you)" in line for line in table_lines)


def test_carcassonne_shows_what_fits_where_and_help_explains_the_notation() -> None:
    state = tavola.load("carcassonne", players=2).new_game(3)
    out = person(state, ["help", "1", "1 180", "quit"])
    assert "Fits: 1 (180/270), 2 (180/270). Type the cell and its rotation" in " ".join(out.split())
    assert "candidate 1 fits 2 ways: type 1 180 or 1 270" in out
    assert "turned R degrees clockwise" in out
    assert "Nl the west half of the north side" in " ".join(out.split())
    assert "Type N (candidate N)" not in out


def test_the_frame_keeps_its_width_from_turn_to_turn() -> None:
    state = tavola.load("carcassonne", players=2).new_game(3)
    answers = [item for _ in range(12) for item in ("1 0", "1 90", "1 180", "1 270", "1")]
    out = person(state, [*answers, "quit"], height=40)
    widths = [len(line) for line in out.splitlines() if line.startswith("╭")]
    assert len(widths) > 5
    assert widths == sorted(widths)  # never narrower than the turn before


def test_brackets_in_names_and_paths_are_text_not_markup(tmp_path: Path) -> None:
    save = tmp_path / "game[/x].json"
    code, out = invoke(
        "play", "campanile", "--seats", "human,random", "--names", "[/x],[bold]B",
        "--seed", "2", "--save", str(save), stdin="1\n1\n1\nquit\n",
    )  # fmt: skip
    assert code == 0, out
    assert "[/x] (P0)> " in out
    assert "[bold]B (P1)" in out
    assert json.loads(save.read_text())["names"] == ["[/x]", "[bold]B"]
    code, out = invoke("replay", str(save))
    assert code == 0, out


def test_a_negative_delay_is_refused_before_the_game() -> None:
    code, out = invoke("play", "campanile", "--seats", "random,random", "--delay", "-1")
    assert code == 2
    assert "Traceback" not in out
