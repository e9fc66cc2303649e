"""A small real client of the server's API for the tests: httpx and websockets."""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlencode

import httpx
from websockets.sync.client import ClientConnection, connect

import tavola
from tavola.core.game import State
from tests.live_server import PostgresCluster, ServerProcess, running_server


class Api:
    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self.http = httpx.Client(base_url=base_url, timeout=60)

    def create(self, game: str, seats: list[str], **body: Any) -> dict[str, Any]:
        response = self.http.post("/api/matches", json={"game": game, "seats": seats, **body})
        assert response.status_code == 201, response.text
        created: dict[str, Any] = response.json()
        return created

    def get(self, match_id: str, token: str | None = None) -> dict[str, Any]:
        response = self.http.get(f"/api/matches/{match_id}", headers=auth(token))
        assert response.status_code == 200, response.text
        state: dict[str, Any] = response.json()
        return state

    def act(self, match_id: str, token: str | None, seq: int, action: str) -> httpx.Response:
        return self.http.post(
            f"/api/matches/{match_id}/actions",
            json={"seq": seq, "action": action},
            headers=auth(token),
        )

    def wait(self, match_id: str, until: Any, timeout: float = 60) -> dict[str, Any]:
        """Poll the spectator's state until ``until(state)``."""
        deadline = time.monotonic() + timeout
        while True:
            state = self.get(match_id)
            if until(state):
                return state
            assert time.monotonic() < deadline, f"timed out; match at {state['seq']}"
            time.sleep(0.05)


class SignedUp(Api):
    """A newly signed-up player's browser: its session cookie, this site's ``Origin``."""

    def __init__(self, base_url: str, name: str, password: str = "correct horse battery") -> None:
        super().__init__(base_url)
        self.http.headers["Origin"] = base_url
        self.name = name
        answer = self.http.post("/api/players", json={"name": name, "password": password})
        assert answer.status_code == 201, answer.text


def auth(token: str | None) -> dict[str, str]:
    return {} if token is None else {"Authorization": f"Bearer {token}"}


def tokens_of(created: dict[str, Any]) -> dict[int, str]:
    return {seat["seat"]: seat["token"] for seat in created["seats"] if seat["kind"] == "human"}


@contextmanager
def two_servers(cluster: PostgresCluster) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    """Two servers on one new database of the cluster."""
    url = cluster.database()
    with running_server(url) as one, running_server(url) as two:
        yield one, two


@contextmanager
def socket(
    ws_base: str, match_id: str, token: str | None = None, **query: str
) -> Iterator[ClientConnection]:
    """A match's socket (``query``: more parameters, ``svg="true"`` for example); it offers
    permessage-deflate, as the ``websockets`` library does by default."""
    parameters = urlencode({**({} if token is None else {"token": token}), **query})
    url = f"{ws_base}/api/matches/{match_id}/ws" + (f"?{parameters}" if parameters else "")
    with connect(url, open_timeout=30, max_size=2**24) as connection:
        yield connection


def receive(connection: ClientConnection, timeout: float = 30) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(connection.recv(timeout=timeout))
    return message


def play_randomly(
    api: Api, match_id: str, tokens: dict[int, str], seed: int, timeout: float = 120
) -> dict[str, Any]:
    """Humans of ``tokens`` pick random legal moves until the end (bots play themselves)."""
    rng = random.Random(seed)
    deadline = time.monotonic() + timeout
    while True:
        state = api.get(match_id)
        if state["is_over"]:
            return state
        player = state["current_player"]
        if player in tokens:
            mine = api.get(match_id, tokens[player])
            if mine["legal"]:
                response = api.act(match_id, tokens[player], mine["seq"], rng.choice(mine["legal"]))
                assert response.status_code == 200, response.text
                continue
        assert time.monotonic() < deadline, "the match does not advance"
        time.sleep(0.02)


def engine_state(record: dict[str, Any], steps: int) -> State:
    """The engine's state after the first ``steps`` actions of a record."""
    return tavola.replay({**record, "actions": record["actions"][:steps]})


class Receiver:
    """An HTTP server that records webhook calls; the first ``fail`` calls are slow and 500."""

    def __init__(self, fail: int = 1, delay: float = 1.0) -> None:
        self.calls: list[tuple[float, dict[str, Any]]] = []
        self.hosts: list[str] = []  # each call's Host header
        self.fail = fail
        self.delay = delay
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                receiver.hosts.append(self.headers["Host"])
                receiver.calls.append((time.monotonic(), body))
                failing = len(receiver.calls) <= receiver.fail
                if failing:
                    time.sleep(receiver.delay)
                self.send_response(500 if failing else 200)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()


def in_own_thread(run: Callable[[], Coroutine[Any, Any, None]], timeout: float = 60) -> None:
    """``run`` on an event loop of its own thread, to the end, its errors raised here: the
    browser tests' Playwright keeps a loop in this thread."""
    errors: list[BaseException] = []

    def main() -> None:
        try:
            asyncio.run(run())
        except BaseException as error:
            errors.append(error)

    thread = threading.Thread(target=main)
    thread.start()
    thread.join(timeout)
    assert not thread.is_alive()
    assert not errors, errors
