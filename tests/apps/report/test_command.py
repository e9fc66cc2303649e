"""``tavola report`` as a designer runs it: small runs of every game, bad arguments,
interrupted runs and reruns that reuse what finished."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest

import tavola
from tavola.apps.report import played_games
from tavola.apps.report.rows import summarize
from tavola.players.tournament import run

from .helpers import invoke
from .html_check import check_page

SECTIONS = (
    "findings",
    "setup",
    "seats",
    "scores",
    "length",
    "sources",
    "skill",
    "branching",
    "compare",
    "method",
)


@pytest.mark.parametrize(
    ("game", "args", "plots"),
    [
        # Campanile: two editions, the stronger bot against the weaker; groups of sources.
        ("campanile", ["players=2", "--compare", "edition=1996", "--bots", "heuristic,random"], 8),
        ("clocktowers", ["players=3", "--compare", "players=2", "--bots", "random"], 6),
        ("carcassonne", ["--compare", "river=true small_city=4", "--bots", "random"], 7),
    ],
)
def test_a_small_run_of_every_game_writes_a_valid_page_with_its_plots(
    tmp_path: Path, game: str, args: list[str], plots: int
) -> None:
    page = tmp_path / "report.html"
    folder = tmp_path / "plots"
    code, out = invoke(
        game, *args, "--games", "20", "--jobs", "1", "--out", str(page), "--plots", str(folder)
    )
    assert code == 0, out
    assert "The first player wins" in out
    assert str(page) in "".join(out.split())  # a long path wraps at the terminal width
    text = page.read_text(encoding="utf-8")
    checked = check_page(text)
    assert checked.problems == []
    assert checked.tags["svg"] == plots  # one inline SVG per plot, nothing else
    assert text.count('<svg role="img" aria-label=') == plots
    assert checked.tags["h1"] == 1
    for section in SECTIONS:
        assert f'<section id="{section}"' in text
    assert "N=20 games" in text  # every plot's legend gives its sample size
    assert "95%" in text
    data = json.loads((tmp_path / "report.json").read_text())
    assert data["format"] == "tavola-report/1"
    assert data["complete"]
    assert len(data["figures"]) == 2
    assert data["games_played"] == len(data["games"])
    record = data["games"][0]["record"]
    assert tavola.replay(record).scores == data["games"][0]["scores"]
    rows = list(csv.DictReader(io.StringIO((tmp_path / "report.csv").read_text())))
    assert len(rows) == sum(len(g["scores"]) for g in data["games"])
    assert not (tmp_path / "report.partial.jsonl").exists()
    files = sorted(folder.glob("report-*.svg"))
    assert len(files) == plots  # the same plots as files of their own, for documents
    for file in files:
        root = ElementTree.parse(file).getroot()
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        assert root.get("width", "").endswith("pt")


@pytest.fixture
def no_games(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a game was played")

    monkeypatch.setattr(played_games, "run", refuse)


@pytest.mark.usefixtures("no_games")
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess"], "unknown game 'chess'; available: campanile"),
        (
            ["campanile", "--compare", "colour=red"],
            "--compare 'colour=red': unknown option "
            "'colour'; valid options: bet_on_built_tower, deck, edition",
        ),
        (
            ["campanile", "--compare", "edition=1997"],
            "--compare 'edition=1997': option "
            "edition: '1997' is not valid; valid values: 2009, 1996",
        ),
        (
            ["campanile", "--compare", "edition"],
            "--compare: 'edition': options are written name=value",
        ),
        (["campanile", "--compare", " "], "--compare ' ': give option=value"),
        (["campanile", "players=9"], "options: option players: '9' is not valid"),
        (
            ["campanile", "--bots", "ismcts:iterations=many"],
            "--bots: bot spec 'ismcts:iterations=many': iterations must be an integer",
        ),
        (["campanile", "--bots", "heuristic,robot"], "--bots: unknown bot 'robot'"),
        (["campanile", "--bots", "random:depth=2"], "random takes no option 'depth'"),
        (["campanile", "--bots", "random,random"], "each bot once"),
        (["campanile", "--games", "5"], "--games 5 is too few for a 95% interval"),
        (["campanile", "--skill-games", "10"], "--skill-games 10 is too few"),
        (["campanile", "--backend", "spark"], "unknown backend 'spark'"),
        (["campanile", "--out", "report.txt"], "give a .html file name"),
    ],
)
def test_bad_arguments_get_a_clear_error_before_any_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = invoke(*args)
    assert code == 2, out
    assert out.startswith("error: ")
    assert message in out
    assert "Traceback" not in out
    assert list(tmp_path.iterdir()) == []


@pytest.mark.usefixtures("no_games")
def test_a_file_that_is_no_report_is_not_replaced(tmp_path: Path) -> None:
    (tmp_path / "mine.json").write_text('{"notes": "precious"}')
    code, out = invoke("campanile", "--out", str(tmp_path / "mine.html"))
    assert code == 2
    assert "mine.json already exists and is not a report's" in out
    assert (tmp_path / "mine.json").read_text() == '{"notes": "precious"}'


def test_an_interrupted_run_keeps_its_games_and_the_next_run_reuses_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = tmp_path / "ct.html"
    args = ["clocktowers", "--bots", "random", "--games", "20", "--jobs", "1", "--out", str(page)]
    calls = []

    def stop_at_the_eighth(*given: Any) -> Any:
        calls.append(1)
        if len(calls) == 8:
            raise KeyboardInterrupt
        return summarize(*given)

    monkeypatch.setattr(played_games, "summarize", stop_at_the_eighth)
    code, out = invoke(*args)
    assert code == 130, out
    assert "Interrupted: 7 of 20 games finished" in out
    checkpoint = tmp_path / "ct.partial.jsonl"
    assert len(checkpoint.read_text().splitlines()) == 7
    assert "Interrupted: 7 of 20 games" in page.read_text()  # a page of what finished

    monkeypatch.setattr(played_games, "summarize", summarize)
    played: list[int] = []

    def counted(tasks: list[Any], *more: Any, **named: Any) -> Any:
        played.append(len(tasks))
        return run(tasks, *more, **named)

    monkeypatch.setattr(played_games, "run", counted)
    code, out = invoke(*args)
    assert code == 0, out
    assert played == [13]
    assert "Reused 7 games from an earlier run" in out
    assert not checkpoint.exists()
    data = json.loads((tmp_path / "ct.json").read_text())
    assert data["complete"]
    assert data["games_played"] == 20
    assert data["games_reused"] == 7

    # The same command again plays nothing; more games play only the new ones.
    played.clear()
    assert invoke(*args)[0] == 0
    assert played == []
    code, out = invoke(*args[:3], "--games", "24", *args[5:])
    assert code == 0, out
    assert played == [4]


def test_parallel_workers_give_the_same_games_as_one(tmp_path: Path) -> None:
    results = []
    for jobs in ("1", "2"):
        page = tmp_path / f"j{jobs}.html"
        code, out = invoke(
            "campanile",
            "players=2",
            "--bots",
            "random",
            "--games",
            "20",
            "--jobs",
            jobs,
            "--out",
            str(page),
        )
        assert code == 0, out
        data = json.loads(page.with_suffix(".json").read_text())
        results.append([(g["seed"], g["scores"], g["sources"]) for g in data["games"]])
    assert results[0] == results[1]


def test_the_command_loads_matplotlib_only_to_plot() -> None:
    code = (
        "import sys, tavola.apps.cli, tavola.apps.report; "
        "assert 'matplotlib' not in sys.modules, 'matplotlib loaded'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_fresh_plays_every_game_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    args = ["clocktowers", "--bots", "random", "--games", "20", "--jobs", "1"]
    page = str(tmp_path / "ct.html")
    assert invoke(*args, "--out", page)[0] == 0
    played: list[int] = []

    def counted(tasks: list[Any], *more: Any, **named: Any) -> Any:
        played.append(len(tasks))
        return run(tasks, *more, **named)

    monkeypatch.setattr(played_games, "run", counted)
    code, out = invoke(*args, "--out", page, "--fresh")
    assert code == 0, out
    assert played == [20]
    assert "Reused" not in out
