"""The OpenAPI document is the server's contract: a bounded Schemathesis run (a fixed
seed, every check) against a real server finds no server error and no contract finding:
every status a route answers is declared, a 405 names every method of its path in
``Allow``, bodies take what their schemas describe (``"seq": 388.0`` is the integer 388),
chat's declared maximum is the one enforced.

A 422 counts as an answer to a request its schema allows: the schemas cannot say which
games, options, records or moves exist, and the server refuses those it does not know
with 422."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.apps.server.client import Api, auth, tokens_of
from tests.live_server import running_server

CONFIG = """
[checks.positive_data_acceptance]
expected-statuses = ["2xx", "401", "403", "404", "409", "422", "429"]
"""


def test_the_server_keeps_to_its_openapi_document(tmp_path: Path) -> None:
    config = tmp_path / "schemathesis.toml"
    config.write_text(CONFIG)
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite3'}") as server:
        run = subprocess.run(
            [
                *(sys.executable, "-m", "schemathesis.cli", "--config-file", str(config)),
                *("run", f"{server.url}/openapi.json", "--seed", "1", "--max-examples", "25"),
                *("--checks", "all", "--phases", "examples,coverage,fuzzing"),
            ],
            capture_output=True,
            text=True,
            timeout=900,
            check=False,
        )
    assert run.returncode == 0, run.stdout[-8000:] + run.stderr[-2000:]


def test_a_whole_float_is_a_seq_and_405_names_every_method(tmp_path: Path) -> None:
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite3'}") as server:
        api = Api(server.url)
        created = api.create("campanile", ["human", "human"], listed=False)
        token = tokens_of(created)[0]
        legal = api.get(created["id"], token)["legal"][0]
        played = api.http.post(
            f"/api/matches/{created['id']}/actions",
            json={"seq": 0.0, "action": legal},
            headers=auth(token),
        )
        assert played.status_code == 200, played.text
        refused = api.http.put("/api/matches")
        assert refused.status_code == 405
        assert refused.headers["Allow"] == "GET, POST"
        assert refused.json()["error"] == "method_not_allowed"
