"""``tavola tournament`` driven through its arguments, as a person would."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import tavola
from tavola.apps.cli import app

runner = CliRunner()


def invoke(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


def test_tournament_prints_the_table_and_saves_every_game(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    code, text = invoke(
        "tournament", "campanile", "--bots", "heuristic,random", "--games", "6",
        "--workers", "1", "--seed", "4", "--out", str(out),
    )  # fmt: skip
    assert code == 0, text
    for column in ("bot", "games", "wins", "win %", "95% CI", "mean score", "rating", "s/move"):
        assert column in text
    assert "Wins by seat: P0" in text
    data = json.loads(out.read_text())
    assert data["format"] == "tavola-tournament/1"
    assert (data["game"], data["bots"], data["seed"]) == ("campanile", ["heuristic", "random"], 4)
    assert data["options"] == {"players": 2}
    assert (data["games_played"], data["interrupted"]) == (6, False)
    assert [g["index"] for g in data["games"]] == list(range(6))
    assert [g["seats"] for g in data["games"][:2]] == [[0, 1], [1, 0]]
    wins = [0.0, 0.0]
    for game in data["games"]:
        state = tavola.replay(game["record"])
        assert state.winners == game["winners"]
        assert state.scores == game["scores"]
        for seat in game["winners"]:
            wins[game["seats"][seat]] += 1 / len(game["winners"])
    standings = data["standings"]
    assert [s["wins"] for s in standings] == wins
    assert [s["games"] for s in standings] == [6, 6]
    low, high = standings[0]["win_rate_ci95"]
    assert low <= standings[0]["win_rate"] <= high


def test_tournament_output_to_a_file_shows_progress_as_lines() -> None:
    # Not a terminal, so no bar: a line each twentieth of the games, the last at the end.
    code, text = invoke("tournament", "campanile", "-b", "random,random", "-n", "40", "-w", "1")
    assert code == 0, text
    lines = [line for line in text.splitlines() if " of 40, " in line]
    assert [line.split(":")[0] for line in lines] == ["campanile, 1 local worker"] * 20
    assert [line.split(": ")[1].split(",")[0] for line in lines] == [
        f"{done} of 40" for done in range(2, 41, 2)
    ]
    assert lines[-1].endswith(", 0:00:00 left")


def test_tournament_is_the_same_with_more_workers(tmp_path: Path) -> None:
    games = []
    for workers in ("1", "2"):
        out = tmp_path / f"w{workers}.json"
        code, text = invoke(
            "tournament", "campanile", "--bots", "random,heuristic,random", "--players", "3",
            "--games", "6", "--workers", workers, "--out", str(out),
        )  # fmt: skip
        assert code == 0, text
        games.append([{**g, "seconds": None} for g in json.loads(out.read_text())["games"]])
    assert games[0] == games[1]
    assert len({tuple(g["seats"]) for g in games[0]}) == 6


def test_players_default_to_the_number_of_bots(tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    code, text = invoke(
        "tournament", "campanile", "-b", "random,random,random", "-n", "3", "-w", "1",
        "--out", str(out), "move_markers=false",
    )  # fmt: skip
    assert code == 0, text
    assert json.loads(out.read_text())["options"]["players"] == 3
    assert "cycle of seatings is 6 games" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "random,alphazero"], "unknown bot 'alphazero'"),
        (["--bots", "ismcts:iterations=x,random"], "iterations must be an integer"),
        (["--bots", "random", "--players", "2"], "1 bot for 2-player games"),
        (["--bots", "random,random", "--backend", "slurm"], "unknown backend 'slurm'"),
        (["--bots", "random,random", "players=9"], "option players: '9' is not valid"),
    ],
)
def test_tournament_refuses_bad_input_clearly(args: list[str], message: str) -> None:
    code, text = invoke("tournament", "campanile", *args)
    assert code == 2
    assert message in " ".join(text.split())


def test_tournament_has_help() -> None:
    code, text = invoke("tournament", "--help")
    assert code == 0
    assert "--bots" in text
    assert "--backend" in text


def test_play_seats_take_bot_specs_with_several_options(tmp_path: Path) -> None:
    # split_specs keeps "depth=4" with the ismcts spec before it: two seats, not three.
    code, text = invoke(
        "play", "campanile", "--seats", "ismcts:iterations=20,depth=4,heuristic",
        "--seed", "2", "--save", str(tmp_path / "g.json"),
    )  # fmt: skip
    assert code == 0, text
    flat = " ".join(text.split())
    assert "P0 (ismcts:iterations=20,depth=4): build" in flat
    assert "to win, 20 iterations)" in flat
    assert "(projected " in flat
    assert json.loads((tmp_path / "g.json").read_text())["options"]["players"] == 2
