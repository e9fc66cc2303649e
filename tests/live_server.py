"""Real servers for the server's and the browser client's tests.

``PostgresCluster`` is a throwaway PostgreSQL cluster (Debian's ``postgresql`` package,
which ``make test`` installs where missing): ``initdb`` refuses root, so the cluster runs
as the ``postgres`` user in a temporary folder of its own. ``ServerProcess`` is a real
``tavola serve`` in a child process, on a free port.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import pwd
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import psycopg

PG_USER = "postgres"
PR_SET_PDEATHSIG = 1


def _pg_bin() -> Path:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    if not found:
        raise RuntimeError(
            "PostgreSQL's server is not installed (/usr/lib/postgresql/*/bin/initdb): "
            "'make test' installs Debian's postgresql package"
        )
    return found[-1].parent


def _die_with_parent(sig: int) -> Any:
    """A ``preexec_fn``: the child gets ``sig`` when the test process dies (Linux), so a
    killed test run leaves no server or cluster behind."""

    def arm() -> None:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(PR_SET_PDEATHSIG, sig)

    return arm


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class PostgresCluster:
    """``initdb`` + ``postgres`` as the postgres user; ``database()`` gives a fresh database."""

    def __init__(self) -> None:
        self.bin = _pg_bin()
        self.user = pwd.getpwnam(PG_USER)
        self.dir = Path(tempfile.mkdtemp(prefix="tavola-pg-"))
        os.chown(self.dir, self.user.pw_uid, self.user.pw_gid)
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    def _as_postgres(self, *args: str, **kwargs: Any) -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            args,
            cwd=self.dir,  # the postgres user cannot enter root's checkout
            user=self.user.pw_uid,
            group=self.user.pw_gid,
            extra_groups=[],
            env={"PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            **kwargs,
        )

    def start(self) -> None:
        data = str(self.dir / "data")
        init = self._as_postgres(
            str(self.bin / "initdb"),
            "-D",
            data,
            "-U",
            PG_USER,
            "--auth=trust",
            "-E",
            "UTF8",
            "--locale=C.UTF-8",
            "--no-sync",
        )
        _, err = init.communicate(timeout=120)
        if init.returncode:
            raise RuntimeError(f"initdb failed: {err.decode(errors='replace')}")
        self.process = self._as_postgres(
            str(self.bin / "postgres"),
            "-D",
            data,
            "-p",
            str(self.port),
            "-k",
            str(self.dir),
            "-c",
            "listen_addresses=127.0.0.1",
            "-c",
            "fsync=off",
            "-c",
            "max_connections=300",
            preexec_fn=_die_with_parent(signal.SIGQUIT),
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                with psycopg.connect(self.conninfo("postgres"), connect_timeout=2):
                    return
            except psycopg.OperationalError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    assert self.process.stderr is not None
                    raise RuntimeError(
                        f"postgres did not start: {self.process.stderr.read().decode()}"
                    ) from None
                time.sleep(0.1)

    def conninfo(self, database: str) -> str:
        return f"host={self.dir} port={self.port} user={PG_USER} dbname={database}"

    def database(self) -> str:
        """A new empty database; its SQLAlchemy URL."""
        name = f"t_{secrets.token_hex(6)}"
        with psycopg.connect(self.conninfo("postgres"), autocommit=True) as connection:
            connection.execute(f"CREATE DATABASE {name}")
        return f"postgresql+psycopg://{PG_USER}@/{name}?host={self.dir}&port={self.port}"

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)  # fast shutdown
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=20)
            if self.process.poll() is None:
                self.process.kill()
        shutil.rmtree(self.dir, ignore_errors=True)


@contextlib.contextmanager
def postgres_cluster() -> Iterator[PostgresCluster]:
    cluster = PostgresCluster()
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.stop()


class ServerProcess:
    """``tavola serve --port 0 --db URL`` as a child process; ``url`` once it listens.
    ``env``: more environment variables (``TAVOLA_SMTP``, for example). The limits on what
    a client address may ask are off (the tests ask far more than people do), unless
    ``--request-limits`` is among ``extra``."""

    def __init__(self, db_url: str, *extra: str, env: dict[str, str] | None = None) -> None:
        self.db_url = db_url
        self.extra = extra
        self.env = env or {}
        self.process: subprocess.Popen[str] | None = None
        self.url = ""

    def start(self) -> ServerProcess:
        env = {**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "200", **self.env}
        self.process = subprocess.Popen(
            [
                sys.executable,
                *("-m", "tavola.apps.cli", "serve", "--port", "0", "--db", self.db_url),
                *self.extra,
                *(() if "--request-limits" in self.extra else ("--no-request-limits",)),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=env,
            preexec_fn=_die_with_parent(signal.SIGTERM),
        )
        assert self.process.stdout is not None
        seen = []
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            seen.append(line)
            found = re.search(r"serves at (http://\S+)/", line)
            if found:
                self.url = found.group(1)
                break
        if not self.url:
            self.process.kill()
            raise RuntimeError("tavola serve did not start:\n" + "".join(seen))
        # The port is bound before the app starts: wait until it answers.
        while time.monotonic() < deadline:
            try:
                httpx.get(f"{self.url}/api/games", timeout=5).raise_for_status()
                return self
            except httpx.TransportError:
                time.sleep(0.05)
        raise RuntimeError("tavola serve does not answer")

    @property
    def ws_url(self) -> str:
        return self.url.replace("http://", "ws://", 1)

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush; what was acknowledged must survive."""
        assert self.process is not None
        self.process.kill()
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)


@contextlib.contextmanager
def running_server(
    db_url: str, *extra: str, env: dict[str, str] | None = None
) -> Iterator[ServerProcess]:
    server = ServerProcess(db_url, *extra, env=env).start()
    try:
        yield server
    finally:
        server.stop()
