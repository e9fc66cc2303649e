"""The tavola command, driven as a person would, through its arguments and prompt."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import tavola
from tavola import State
from tavola.apps.cli import app
from tavola.apps.play import play

runner = CliRunner()


def invoke(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


@pytest.mark.parametrize("command", ["games", "play", "resume", "simulate", "replay", "bench"])
def test_every_command_has_help(command: str) -> None:
    code, out = invoke(command, "--help")
    assert code == 0
    assert "Usage" in out


def test_games_lists_options_with_defaults_and_valid_values() -> None:
    code, out = invoke("games")
    assert code == 0
    for text in ("campanile", "players", "move_markers", "2, 3, 4, 5", "true, false", "deck"):
        assert text in out


def test_bots_play_to_the_end_and_the_record_replays(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    code, out = invoke(
        "play", "campanile", "--seats", "random,random,random", "--seed", "4", "--save", str(save)
    )
    assert code == 0, out
    assert "Finito scoring" in out
    assert "Result" in out
    assert str(save) in out.replace("\n", "")
    record = json.loads(save.read_text())
    state = tavola.replay(record)
    assert state.is_over
    code, out = invoke("replay", str(save), "--json")
    assert code == 0
    summary = json.loads(out)
    assert summary["game"] == "campanile"
    assert summary["options"]["players"] == 3
    assert summary["is_over"] is True
    assert summary["scores"] == state.scores
    assert summary["winners"] == state.winners
    code, out = invoke("replay", str(save))
    assert code == 0
    assert "Result" in out


def test_options_are_name_value_pairs(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    code, out = invoke(
        "play",
        "campanile",
        "players=2",
        "move_markers=true",
        "--seats",
        "random,random",
        "--seed",
        "1",
        "--save",
        str(save),
    )
    assert code == 0, out
    assert json.loads(save.read_text())["options"]["move_markers"] is True


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess"], "available: campanile"),
        (["play", "campanile", "players=9"], "valid values: 2, 3, 4, 5"),
        (["play", "campanile", "colour=red"], "valid options:"),
        (["play", "campanile", "players"], "name=value"),
        (["play", "campanile", "--seats", "human,robot"], "unknown bot 'robot'"),
        (["play", "campanile", "--players", "3", "--seats", "human,random"], "2 seats given"),
        (["play", "campanile", "move_markers=true"], "only with edition=2009 and players=2"),
        (["simulate", "campanile", "players=1"], "valid values"),
    ],
)
def test_bad_input_gets_a_clear_error(args: list[str], message: str) -> None:
    code, out = invoke(*args)
    assert code == 2
    assert message in out
    assert "Traceback" not in out


def test_replay_names_the_failing_step(tmp_path: Path) -> None:
    state = tavola.load("campanile", players=2).new_game(seed=2)
    record = state.record()
    record["actions"] = [state.legal_notations()[0], "take red", "pass"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    code, out = invoke("replay", str(bad))
    assert code == 2
    assert "action 2" in out
    assert "take red" in out
    missing = tmp_path / "none.json"
    code, out = invoke("replay", str(missing))
    assert code == 2
    assert "cannot read" in out
    bad.write_text("{not json")
    code, out = invoke("replay", str(bad))
    assert code == 2
    assert "not JSON" in out


def test_simulate_is_deterministic_for_a_seed() -> None:
    first = invoke("simulate", "campanile", "--games", "20", "--seed", "9", "--players", "3")
    second = invoke("simulate", "campanile", "--games", "20", "--seed", "9", "--players", "3")
    assert first[0] == 0
    assert first == second
    for seat in ("P0", "P1", "P2"):
        assert seat in first[1]
    assert "P3" not in first[1]
    assert "Mean game length" in first[1]


def test_bench_prints_throughput() -> None:
    code, out = invoke("bench", "campanile", "--seconds", "0.2")
    assert code == 0
    assert "games/s" in out
    assert "actions/s" in out


def play_against_random(
    tmp_path: Path, seed: int, read: Callable[[str], str]
) -> tuple[State, Path | None, str | None, str]:
    """A 2-player Campanile game, P0 a person answering ``read`` at the prompt, P1 the
    random bot: the state, the record's path, why play stopped early, and the screen."""
    console = Console(record=True, width=80)
    state = tavola.load("campanile", players=2).new_game(seed)
    path, stopped = play(state, ["human", "random"], console, save=tmp_path / "r.json", read=read)
    return state, path, stopped, console.export_text()


def test_a_person_plays_through_the_prompt(tmp_path: Path) -> None:
    """Bad input gets a message and a new prompt; numbers and notation both work."""
    prompts: list[str] = []
    bad = ["", "help", "rules", "board", "actions", "build purple 2", "take red", "99", "influence"]

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if bad:
            return bad.pop(0)
        return "1"  # the first legal action, from here to the end

    state, path, stopped, out = play_against_random(tmp_path, 11, read)
    assert stopped is None
    assert state.is_over
    assert "no style 'purple'" in out
    assert "it is time to build, not to take" in out
    assert "Choose a number from 1 to" in out
    assert "Tab completes" in out
    assert "an earlier group wins ties" in out
    assert "Your step: build" in out
    assert "Traceback" not in out
    assert all(p == "P0 (you)> " for p in prompts)
    assert path is not None
    assert tavola.replay(json.loads(path.read_text())) == state


def test_leaving_the_prompt_saves_the_game_so_far(tmp_path: Path) -> None:
    answers = ["1", "1", "quit"]
    state, path, stopped, _ = play_against_random(tmp_path, 3, lambda _: answers.pop(0))
    assert stopped == "quit"
    assert not state.is_over
    assert path is not None
    record = json.loads(path.read_text())
    assert len(record["actions"]) >= 2
    assert tavola.replay(record) == state


def test_end_of_input_stops_cleanly(tmp_path: Path) -> None:
    code, out = invoke(
        "play", "campanile", "--players", "2", "--seed", "1", "--save", str(tmp_path / "r.json")
    )
    assert code == 1
    assert "Game stopped (end of input)" in out
    assert "Record saved" in out


def test_quitting_is_a_normal_end(tmp_path: Path) -> None:
    save = tmp_path / "r.json"
    args = ["play", "campanile", "--players", "2", "--seed", "1", "--save", str(save)]
    result = runner.invoke(app, args, input="1\nquit\n")
    assert result.exit_code == 0
    assert "Game stopped (quit) after 1 action." in result.output
    assert json.loads(save.read_text())["actions"] == ["build blue 1"]


def test_a_stopped_game_resumes_where_it_stopped(tmp_path: Path) -> None:
    save = tmp_path / "r.json"
    args = ["play", "campanile", "--players", "2", "--seed", "6", "--save", str(save)]
    assert runner.invoke(app, args, input="1\n1\nquit\n").exit_code == 0
    first_actions = json.loads(save.read_text())["actions"]
    assert len(first_actions) == 2
    result = runner.invoke(app, ["resume", str(save), "--seats", "random,random"])
    assert result.exit_code == 0, result.output
    assert "resumed after 2 actions" in result.output
    record = json.loads(save.read_text())
    assert record["actions"][:2] == first_actions
    assert tavola.replay(record).is_over
    code, out = invoke("resume", str(save))
    assert code == 2
    assert "is over" in out


def test_people_sharing_a_screen_are_asked_to_hand_over(tmp_path: Path) -> None:
    """With two humans, each turn starts with a hand-over prompt before the hand shows."""
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return "" if "press Enter" in prompt else "1"

    state = tavola.load("campanile", players=2).new_game(5)
    play(state, ["human", "human"], Console(record=True, width=80), tmp_path / "r.json", read=read)
    assert state.is_over
    hand_overs = [p for p in prompts if "press Enter" in p]
    turns = sum(1 for a in state.history if state.game.action_to_string(a).startswith("build"))
    assert len(hand_overs) == turns
    assert hand_overs[:2] == [
        "P0 (human), your turn: press Enter when only you can see. ",
        "P1 (human), your turn: press Enter when only you can see. ",
    ]


def panels(text: str) -> list[list[str]]:
    """The framed pictures in a console's text, each as its lines."""
    found: list[list[str]] = []
    for line in text.splitlines():
        if line.startswith("╭"):
            found.append([])
        if found and (len(found[-1]) == 0 or not found[-1][-1].startswith("╰")):
            found[-1].append(line)
    return found


def test_carcassonne_fits_an_80_by_24_terminal_and_reads_candidate_numbers(
    tmp_path: Path,
) -> None:
    """Placements are counted, not listed, and a bare number is a candidate cell; the
    follower step keeps its numbered list; every board fits 24 rows but the 'board'
    command's, which shows the whole board."""
    state = tavola.load("carcassonne", players=2).new_game(3)
    asked: set[int] = set()
    script: list[str] = []
    turns = 0

    def read(prompt: str) -> str:
        nonlocal turns
        if script:
            return script.pop(0)
        if not state.reads_numbers:
            return "1"  # the first of the numbered follower step's list
        turns += 1
        if turns == 25:
            script.extend(["actions", "999", "board"])
            return ""
        if turns == 30:
            return "quit"
        candidates = state.view(0)["candidates"]
        number = 1 + turns % len(candidates)
        rotations = candidates[number - 1]["rotations"]
        if len(rotations) == 1 or number in asked:
            return str(number) if len(rotations) == 1 else f"{number} {rotations[-1]}"
        asked.add(number)
        return str(number)  # more than one rotation fits: the game asks which

    console = Console(record=True, width=80, height=24, force_terminal=True, file=io.StringIO())
    path, stopped = play(
        state, ["human", "random"], console, save=tmp_path / "r.json", read=read, fit=True
    )
    styled = console.export_text(styles=True, clear=False)
    out = console.export_text()
    assert stopped == "quit"
    assert "legal actions: 'actions' lists them" in out
    assert re.search(r"candidate \d+ fits [234] ways: type \d+ \d+ or", out)
    assert re.search(r"^  place -?\d+,-?\d+ \d+$", out, flags=re.MULTILINE)  # what N named
    assert "choose a candidate cell from 1 to" in out
    assert "1. deploy" in out  # the follower step is numbered
    assert "1. place" not in out  # placements never are
    assert "scores" in out  # a scoring as it happens
    assert "Off-screen: " in out
    pictures = panels(out)
    whole = [p for p in pictures if len(p) > 22]
    assert len(whole) == 1  # the 'board' command's picture
    assert not any("Off-screen" in line for line in whole[0])
    assert any("Off-screen" in line for p in pictures for line in p)
    for picture in pictures:
        assert max(len(line) for line in picture) <= 80
    assert "\x1b[" not in out
    assert ";41m" in styled  # P0's red
    assert path is not None
    assert tavola.replay(json.loads(path.read_text())) == state


def test_carcassonne_between_bots_ends_with_the_final_scoring_by_feature(tmp_path: Path) -> None:
    """Not on a terminal: whole boards, plain text, and the final tables after the board."""
    save = tmp_path / "c.json"
    code, out = invoke(
        "play", "carcassonne", "--seats", "random,random", "--seed", "4", "--save", str(save)
    )
    assert code == 0, out
    assert "\x1b[" not in out
    assert "Off-screen" not in out
    board_end = out.rindex("Game over: ")
    assert board_end < out.index("Final scoring by feature") < out.index("Result")
    for column in ("roads", "cities", "cloisters", "farms"):
        assert column in out
    assert tavola.replay(json.loads(save.read_text())).is_over
