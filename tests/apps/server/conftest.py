"""Fixtures: a throwaway PostgreSQL cluster for the session, servers on SQLite and on it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.live_server import PostgresCluster, ServerProcess, postgres_cluster, running_server

BACKENDS = ["sqlite", "postgresql"]


@pytest.fixture(scope="session")
def cluster() -> Iterator[PostgresCluster]:
    with postgres_cluster() as running:
        yield running


def new_db_url(backend: str, cluster: PostgresCluster, folder: Path) -> str:
    if backend == "sqlite":
        return f"sqlite:///{folder / 'tavola.sqlite3'}"
    return cluster.database()


@pytest.fixture(scope="module", params=BACKENDS)
def server(
    request: pytest.FixtureRequest,
    cluster: PostgresCluster,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[ServerProcess]:
    """One server per module and backend (SQLite, PostgreSQL), shared by its tests."""
    with server_on(request.param, cluster, tmp_path_factory) as running:
        yield running


@contextmanager
def server_on(
    backend: str,
    cluster: PostgresCluster,
    tmp_path_factory: pytest.TempPathFactory,
    *extra: str,
) -> Iterator[ServerProcess]:
    """A server on a new database of ``backend``; ``extra``: more ``tavola serve`` options."""
    url = new_db_url(backend, cluster, tmp_path_factory.mktemp("db"))
    with running_server(url, *extra) as running:
        yield running
