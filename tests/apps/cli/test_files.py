"""No lost work: where a record or a tournament's results go is checked before the work
starts, files are written whole, another game's record is never overwritten without
--force, and a bad record file is one line of error, never a traceback."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

import tavola
from tavola.apps import records
from tavola.apps.cli import app

runner = CliRunner()
BOTS = ["--seats", "random,random", "--seed", "3"]


def invoke(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.output


@pytest.fixture(autouse=True)
def records_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home


def a_game_started(out: str) -> bool:
    return "Type 'help'" in out or "Result" in out


# -- where records go: checked first ------------------------------------------------------


@pytest.mark.parametrize(
    ("where", "says"),
    [
        ("{tmp}", "is a directory"),
        ("{tmp}/file.txt/record.json", "cannot write to"),  # a folder that is a file
        ("/proc/no/record.json", "cannot write to"),
    ],
)
def test_a_bad_save_path_is_refused_before_the_game(tmp_path: Path, where: str, says: str) -> None:
    (tmp_path / "file.txt").write_text("not a folder")
    code, out = invoke("play", "campanile", *BOTS, "--save", where.format(tmp=tmp_path))
    assert code == 2
    assert says in out
    assert not a_game_started(out)
    assert "Traceback" not in out


def test_an_unwritable_records_folder_is_found_before_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "home").write_text("a file, not a home")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "home" / "share"))
    code, out = invoke("play", "campanile", *BOTS)
    assert code == 2
    assert "cannot write to" in out
    assert "--save FILE" in " ".join(out.split())
    assert not a_game_started(out)


def test_a_bad_out_path_is_refused_before_the_tournament(tmp_path: Path) -> None:
    code, out = invoke(
        "tournament", "campanile", "-b", "random,random", "-n", "2", "-w", "1",
        "--out", str(tmp_path),
    )  # fmt: skip
    assert code == 2
    assert "is a directory" in out
    assert "games" not in out  # no table: nothing was played


def test_another_games_record_is_kept_unless_forced(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    save.write_text('{"a": "record of another game"}')
    code, out = invoke("play", "campanile", *BOTS, "--save", str(save))
    assert code == 2
    assert "already exists" in out
    assert "--force" in out
    assert json.loads(save.read_text()) == {"a": "record of another game"}
    code, out = invoke("play", "campanile", *BOTS, "--save", str(save), "--force")
    assert code == 0, out
    assert tavola.replay(json.loads(save.read_text())).is_over


def test_a_tournament_keeps_an_existing_out_file_unless_forced(tmp_path: Path) -> None:
    out_file = tmp_path / "results.json"
    out_file.write_text("{}")
    args = ["tournament", "campanile", "-b", "random,random", "-n", "2", "-w", "1"]
    code, out = invoke(*args, "--out", str(out_file))
    assert code == 2
    assert "already exists" in out
    assert out_file.read_text() == "{}"
    code, out = invoke(*args, "--out", str(out_file), "--force")
    assert code == 0, out
    assert json.loads(out_file.read_text())["games_played"] == 2


def test_a_game_saves_over_its_own_record(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    args = ["play", "campanile", "--players", "2", "--seed", "6", "--save", str(save)]
    assert invoke(*args, stdin="1\nquit\n")[0] == 0
    code, out = invoke("resume", str(save), "--seats", "human,random", stdin="1\n1\nquit\n")
    assert code == 0, out
    assert len(json.loads(save.read_text())["actions"]) >= 3
    other = tmp_path / "copy.json"
    other.write_text(save.read_text())  # an earlier record of the same game: its own
    code, out = invoke("resume", str(save), "--save", str(other), stdin="quit\n")
    assert code == 0, out


def test_default_records_never_overwrite_each_other(records_home: Path) -> None:
    for _ in range(3):  # the same seed in the same second: the same default name
        code, out = invoke("play", "campanile", *BOTS)
        assert code == 0, out
    saved = list((records_home / "tavola" / "records").glob("*.json"))
    assert len(saved) == 3


def test_files_are_written_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "r.json"
    path.write_text("old")

    def broken(source: str, target: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError, match="No space left"):
        records.write_file(path, "new")
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]  # no temporary file left


def test_a_save_that_fails_at_the_end_goes_elsewhere(
    tmp_path: Path, records_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The folder checked at the start is gone at the end: the record is still kept."""
    save = tmp_path / "gone" / "game.json"
    real = records.write_file

    def fails_there(path: Path, text: str) -> Path:
        if path.parent == save.parent:
            raise PermissionError(13, "Permission denied")
        return real(path, text)

    monkeypatch.setattr(records, "write_file", fails_there)
    code, out = invoke("play", "campanile", *BOTS, "--save", str(save))
    assert code == 0, out
    assert "Permission denied" in out
    kept = records_home / "tavola" / "records" / "game.json"
    assert tavola.replay(json.loads(kept.read_text())).is_over


# -- reading record files ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b"\xff\xfe{\x00", "not UTF-8"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b'{"seed": ' + b"9" * 5000 + b"}", "not JSON"),
        (b"{not json", "not JSON"),
        (b"[]", "a record is a JSON object"),
        (b" " * (records.MAX_FILE_BYTES + 1), "larger than"),
    ],
    ids=["latin", "nested", "long-int", "broken", "list", "huge"],
)
@pytest.mark.parametrize("command", ["replay", "resume"])
def test_a_bad_record_file_is_one_line_of_error(
    tmp_path: Path, content: bytes, says: str, command: str
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    code, out = invoke(command, str(bad))
    assert code == 2
    assert says in out
    assert out.strip().startswith("error:")
    assert len(out.strip().splitlines()) == 1
    assert len(out) < 500
    assert "Traceback" not in out


def test_an_endless_file_is_read_only_so_far() -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    code, out = invoke("replay", "/dev/zero")
    assert code == 2
    assert "larger than" in out


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"format": None}, "the record has no 'format'"),
        ({"options": None}, "'options' must be an object, not null"),
        ({"options": []}, "'options' must be an object, not a list"),
        ({"seed": -3}, "seed must be from 0"),
        ({"seed": 2.0}, "'seed' must be an integer"),
        ({"game": ["campanile"]}, "'game' must be a text"),
        ({"seats": ["human"]}, "one text per seat"),
        ({"moves": []}, "unknown key 'moves'"),
    ],
)
def test_a_record_that_is_not_valid_fails_at_setup(change: dict[str, object], says: str) -> None:
    state = tavola.load("campanile", players=2).new_game(4)
    record = {**state.record(), **change}
    if record["format"] is None:
        del record["format"]
    with pytest.raises(tavola.ReplayError) as caught:
        tavola.replay(record)
    assert caught.value.step == 0
    assert says in str(caught.value)


# -- who sat where --------------------------------------------------------------------------


def test_resume_seats_the_same_players_again(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    args = ["play", "campanile", "--seats", "human,heuristic", "--names", "Ann,Hal"]
    code, _ = invoke(*args, "--seed", "2", "--save", str(save), stdin="1\nquit\n")
    assert code == 0
    record = json.loads(save.read_text())
    assert (record["seats"], record["names"]) == (["human", "heuristic"], ["Ann", "Hal"])
    code, out = invoke("resume", str(save), stdin="1\n1\nquit\n")
    assert code == 0, out
    assert "Hal (P1): build" in " ".join(out.split())  # the heuristic bot, not a random one
    assert "Ann (P0)> " in out
    code, out = invoke("resume", str(save), "--seats", "random,random")
    assert code == 0, out
    assert tavola.replay(json.loads(save.read_text())).is_over
    assert json.loads(save.read_text())["seats"] == ["random", "random"]


def test_a_record_without_seats_resumes_as_before(tmp_path: Path) -> None:
    state = tavola.load("campanile", players=2).new_game(5)
    state.apply(state.legal_actions()[0])
    save = tmp_path / "old.json"
    save.write_text(json.dumps(state.record()))
    code, out = invoke("resume", str(save), stdin="quit\n")
    assert code == 0, out
    assert "P0 (you)> " in out
    assert json.loads(save.read_text())["seats"] == ["human", "random"]
