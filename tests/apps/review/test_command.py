"""``tavola review``: the table, JSON and HTML of a review, deterministic for a seed, and the
same clear errors as ``tavola replay`` for bad records, clear ones for bad options."""

from __future__ import annotations

import base64
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from markupsafe import escape
from rich.console import Console
from typer.testing import CliRunner

import tavola
from tavola.apps.cli import app
from tavola.apps.review import command as review
from tavola.core.i18n import language
from tests.apps.review.test_judging import CLOSING, last_tile_record
from tests.apps.web.helpers import blunder_words

runner = CliRunner()
QUICK = ["--samples", "3", "--depth", "4", "--jobs", "1"]


def invoke(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


def invoke_json(*args: str) -> tuple[int, str]:
    """Standard output alone: the progress is written to standard error, by lines here
    because the output is not a terminal."""
    result = runner.invoke(app, [*args, "--json"])
    assert re.search(r"^reviewing, [12] local workers?: \d+ of \d+, ", result.stderr, re.M)
    return result.exit_code, result.stdout


@pytest.fixture
def blunder(tmp_path: Path) -> Path:
    """The stacked Carcassonne game whose last tile does not close P0's city."""
    path = tmp_path / "blunder.json"
    path.write_text(json.dumps(last_tile_record("place -2,-1 90")))
    return path


def decisions(out: str) -> list[dict[str, Any]]:
    data = json.loads(out)
    return [{k: v for k, v in d.items() if k != "seconds"} for d in data["decisions"]]


def test_a_blunder_in_the_table_the_json_and_the_page(blunder: Path, tmp_path: Path) -> None:
    code, out = invoke("review", str(blunder), "--seats", "0", *QUICK)
    assert code == 0, out
    assert "blunder" in out
    # the best move, in words (wrapped in its narrow column: word by word)
    assert all(word in out for word in blunder_words("en", CLOSING).split()), out
    code, out = invoke_json("review", str(blunder), "--seats", "0", *QUICK)
    assert code == 0, out
    data = json.loads(out)
    assert data["format"] == "tavola-review/1"
    assert data["seats"] == [0]
    assert data["summary"][0]["blunder"] == 1
    last = data["decisions"][-1]
    assert (last["played"], last["best"], last["verdict"]) == ("place -2,-1 90", CLOSING, "blunder")
    page = tmp_path / "review.html"
    code, out = invoke("review", str(blunder), "--seats", "0", "--out", str(page), *QUICK)
    assert code == 0, out
    html = page.read_text()
    assert "<svg" in html  # the chart
    assert 'id="step-' in html
    assert "http" not in re.sub(r'xmlns(:\w+)?="http[^"]*"', "", html)  # nothing fetched
    flagged = [d for d in data["decisions"] if d["verdict"]]
    boards = re.findall(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)", html)
    assert len(boards) == len(flagged)  # a board per flagged move: the seat's view before it
    card = html[html.index(f'id="step-{last["step"]}"') :]
    board = re.search(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)", card)
    assert board is not None
    record = json.loads(blunder.read_text())
    before = tavola.replay({**record, "actions": record["actions"][: last["step"]]})
    assert base64.b64decode(board.group(1)).decode() == before.game.svg(before.view(0), [])
    code, out = invoke("review", str(blunder), "--out", str(page), *QUICK)
    assert code == 2
    assert "already exists" in out


def test_the_same_review_for_the_same_seed(tmp_path: Path) -> None:
    final = tavola.players.play_match(tavola.load("clocktowers"), ["random", "random"], seed=4)
    record = final.record()
    record["actions"] = record["actions"][:10]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    first = invoke_json("review", str(path), "--seed", "5", *QUICK)
    again = invoke_json("review", str(path), "--seed", "5", "--jobs", "2", *QUICK[:-2])
    other = invoke_json("review", str(path), "--seed", "6", *QUICK)
    assert first[0] == again[0] == other[0] == 0
    assert decisions(first[1]) == decisions(again[1])
    assert decisions(first[1]) != decisions(other[1])
    assert len(decisions(first[1])) == 10  # every action was a choice


def bad_records(tmp_path: Path) -> list[Path]:
    state = tavola.load("campanile", players=2).new_game(seed=2)
    record = state.record()
    record["actions"] = [state.legal_notations()[0], "take red", "pass"]
    files = {
        "bad-step.json": json.dumps(record),
        "not-json.json": "{not json",
        "a-list.json": "[]",
        "no-game.json": json.dumps({**record, "game": "chess"}),
        "bad-options.json": json.dumps({**record, "options": {"players": 9}}),
    }
    paths = [tmp_path / "missing.json"]
    for name, text in files.items():
        (tmp_path / name).write_text(text)
        paths.append(tmp_path / name)
    return paths


def test_bad_records_get_the_same_errors_as_replay(tmp_path: Path) -> None:
    for path in bad_records(tmp_path):
        code, out = invoke("review", str(path))
        assert code == 2, out
        assert (code, out) == invoke("replay", str(path))
        assert out.startswith("error: ")
        assert "Traceback" not in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seats", "2"], "2 is no seat of this 2-player game"),
        (["--seats", "0,x"], "give seat numbers separated by commas"),
        (["--bot", "robot"], "unknown bot 'robot'"),
        (["--bot", "ismcts:width=3"], "ismcts takes no option 'width'"),
        (["--samples", "1"], "--samples"),
        (["--backend", "dask"], "unknown backend 'dask'"),
        (["--jobs", "0"], "--jobs"),
    ],
)
def test_bad_options_get_a_clear_error(blunder: Path, args: list[str], message: str) -> None:
    code, out = invoke("review", str(blunder), *args)
    assert code == 2
    assert message in out
    assert "Traceback" not in out


def test_a_folder_is_no_page(blunder: Path, tmp_path: Path) -> None:
    code, out = invoke("review", str(blunder), "--out", str(tmp_path))
    assert code == 2
    assert "is a directory" in out


@pytest.mark.parametrize("lang", ["en", "it", "de", "fr"])
def test_the_review_fits_80_columns_in_every_language(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # German's headers are long: they wrap a word per line, and the moves wrap; nothing
    # is cut short, the move numbers least of all.
    final = tavola.players.play_match(
        tavola.load("campanile", players=2), ["random", "random"], seed=3
    )
    path = tmp_path / "game.json"
    path.write_text(json.dumps(final.record()))
    screen = io.StringIO()
    monkeypatch.setattr(review, "console", Console(width=80, file=screen, markup=False))
    luck = [] if lang == "en" else ["--no-luck"]  # the luck's lines, in English only
    code, out = invoke("--lang", lang, "review", str(path), *QUICK, *luck)
    assert code == 0, out
    text = screen.getvalue()
    assert ("Biggest swings of the draws" in text) == (lang == "en")
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "…" not in text
    if lang != "en":  # the budget under the table is in the reader's language too
        words = text.replace("heuristic:samples=1", "")  # the rollout bot's spec: notation
        assert "rollouts" not in words
        assert "samples" not in words
    numbers = [int(m.group(1)) for m in re.finditer(r"^ *(\d+) +P[01] ", text, re.M)]
    assert len(numbers) >= 5
    assert numbers == sorted(numbers)


NOTATION = re.compile(r"place -?\d+,-?\d+ \d+")  # a Carcassonne placement's notation


@pytest.mark.parametrize("lang", ["en", "it", "de", "fr"])
def test_the_flagged_moves_are_said_in_words(
    lang: str, blunder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The move played and the better one are said in words, in the reader's language, in
    the table, the page (its cards, lists and chart) and the JSON; notation stays in the
    JSON's ``played`` and ``best`` and in the page's notation column only."""
    record = json.loads(blunder.read_text())
    before = tavola.replay({**record, "actions": record["actions"][:-1]})
    game = before.game
    with language(lang):
        played = game.move_words(before, before.read_action(record["actions"][-1]))
        better = game.move_words(before, before.read_action(CLOSING))
    assert played
    assert better
    assert played != better
    screen = io.StringIO()
    monkeypatch.setattr(review, "console", Console(width=400, file=screen, markup=False))
    page = tmp_path / "review.html"
    args = ["--lang", lang, "review", str(blunder), "--seats", "0", *QUICK, "--no-luck"]
    code, out = invoke(*args, "--out", str(page))
    assert code == 0, out
    table = screen.getvalue()
    assert played in table
    assert better in table
    assert not NOTATION.search(table), table
    html = page.read_text()
    assert html.count(escape(played)) >= 3  # the card, the costliest moves, every decision
    assert escape(better) in html
    read = re.sub(r'<td class="notation">.*?</td>', "", html)  # the notation column
    assert not NOTATION.search(read), NOTATION.findall(read)
    assert NOTATION.search(html)  # which is there
    result = runner.invoke(app, [*args, "--json"])  # the progress, in the language, apart
    assert result.exit_code == 0, result.output
    last = json.loads(result.stdout)["decisions"][-1]
    assert (last["played"], last["best"]) == (record["actions"][-1], CLOSING)
    assert (last["played_words"], last["best_words"]) == (played, better)
    assert {m["action"]: m["words"] for m in last["moves"]}[CLOSING] == better
