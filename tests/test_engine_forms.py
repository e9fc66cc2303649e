"""The compiled engine plays exactly as the interpreted one: the same random games give the
same legal actions, views, events, scores and records at every step (``tests.engine_forms``).

The other form runs in a subprocess: interpreted (``TAVOLA_PURE=1``) under the compiled
suite, compiled when run with ``TAVOLA_PURE=1`` (``make test-pure`` leaves it out: the
compiled suite has run it).
"""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

import tavola
from tavola.apps.cli import app
from tavola.compiled import PURE_VARIABLE, compiled_state, form_name
from tavola.core.points import Source
from tavola.core.review_budget import Budget
from tavola.games.carcassonne.tiles import BASE_TABLE, parse_features
from tests import engine_forms

ROOT = Path(__file__).resolve().parent.parent


def test_compiled_and_interpreted_games_are_identical_step_by_step() -> None:
    env = {**os.environ, PURE_VARIABLE: "0" if not tavola.COMPILED else "1"}
    other = subprocess.run(
        [sys.executable, "-m", "tests.engine_forms"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    found = json.loads(other.stdout)
    if compiled_state(Path(tavola.__file__).resolve().parent.parent) == "fresh":
        assert found["compiled"] is not tavola.COMPILED
    mine = engine_forms.traces()
    assert found["traces"].keys() == mine.keys()
    for game, steps in mine.items():
        theirs = found["traces"][game]
        for step, (digest, other_digest) in enumerate(zip(steps, theirs, strict=False)):
            assert digest == other_digest, f"{game}: the forms differ at step {step + 1}"
        assert len(steps) == len(theirs), f"{game}: the forms play games of different lengths"


def test_the_engine_values_sent_to_worker_processes_pickle() -> None:
    """A review's budget, a source of points and a tile's segment cross to worker processes
    (``multiprocessing`` pickles them): compiled frozen dataclasses must survive the trip."""
    road = parse_features(BASE_TABLE[0][3])[1]
    for value in (Budget(samples=8), Source("Points", "Points"), road):
        assert pickle.loads(pickle.dumps(value)) == value


def test_the_command_line_says_which_form_runs() -> None:
    for command in (["--version"], ["bench", "dudo", "--seconds", "0.1"]):
        result = CliRunner().invoke(app, command, env={"COLUMNS": "200"})
        assert result.exit_code == 0, result.output
        words = " ".join(result.output.split())  # the table's title wraps at its width
        assert f"engine {form_name(tavola.COMPILED)}" in words
