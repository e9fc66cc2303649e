"""``tavola db upgrade`` and ``tavola serve`` from the command line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from sqlalchemy import create_engine, inspect

from tavola.apps.server.db import current_revision


def tavola(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "tavola.apps.cli", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)


def test_db_upgrade_creates_the_schema_and_is_idempotent(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'sub' / 'tavola.sqlite3'}"
    first = tavola("db", "upgrade", "--db", url)
    assert first.returncode == 0, first.stderr
    assert "schema revision 0010_playing_now" in first.stdout
    engine = create_engine(url)
    assert {"matches", "seats", "actions", "chat"} <= set(inspect(engine).get_table_names())
    assert current_revision(engine) == "0010_playing_now"
    again = tavola("db", "upgrade", "--db", url)
    assert again.returncode == 0
    assert "schema revision 0010_playing_now" in again.stdout


def test_serve_on_a_port_in_use_says_so(tmp_path: Path) -> None:
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = tavola("serve", "--port", str(port), "--db", f"sqlite:///{tmp_path}/x.sqlite3")
    assert result.returncode == 2
    assert f"cannot listen on 127.0.0.1:{port}" in result.stderr
    assert "Traceback" not in result.stderr


def test_serve_and_db_have_help() -> None:
    for args in (("serve", "--help"), ("db", "upgrade", "--help")):
        result = tavola(*args)
        assert result.returncode == 0
        assert "--db" in result.stdout
    assert "--smtp" in tavola("serve", "--help").stdout


def test_the_external_bot_of_the_docs_plays_a_whole_match(tmp_path: Path) -> None:
    import re

    import tavola
    from tests.apps.server.client import Api, tokens_of
    from tests.live_server import running_server

    docs = (Path(__file__).resolve().parents[3] / "docs" / "server.md").read_text()
    found = re.search(r"```python mybot.py\n(.*?)```", docs, flags=re.DOTALL)
    assert found is not None
    bot = tmp_path / "mybot.py"
    bot.write_text(found.group(1))
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite3'}") as server:
        api = Api(server.url)
        created = api.create("clocktowers", ["human", "heuristic"], seed=3)
        run = subprocess.run(
            [sys.executable, str(bot), server.ws_url, created["id"], tokens_of(created)[0]],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert run.returncode == 0, run.stderr
        final = api.get(created["id"])
        assert final["is_over"]
        record = api.http.get(f"/api/matches/{created['id']}/record").json()
        assert f"scores: {tavola.replay(record).scores}" in run.stdout


def test_upgrading_a_database_of_revision_0001_keeps_its_matches(tmp_path: Path) -> None:
    from alembic import command
    from sqlalchemy import text

    from tavola.apps.server import db

    engine = db.make_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    config = db._config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
        connection.execute(
            text(
                "INSERT INTO matches (id, game, options, seed, prearranged, listed, created_at)"
                " VALUES ('old', 'campanile', '{}', 1, 0, 1, '2026-01-02 03:04:05')"
            )
        )
    assert db.upgrade(engine) == "0010_playing_now"
    with engine.connect() as connection:
        row = connection.execute(
            text("SELECT started_at, created_at, on_timeout, time_control FROM matches")
        ).one()
    assert row == ("2026-01-02 03:04:05", "2026-01-02 03:04:05", "bot", None)
