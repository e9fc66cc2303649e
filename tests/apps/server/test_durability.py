"""A real server killed with SIGKILL mid-match, and two servers on one PostgreSQL."""

from __future__ import annotations

import functools
import random
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

import tavola
from tests.apps.server.client import Api, auth, receive, socket, tokens_of, two_servers
from tests.apps.server.conftest import BACKENDS, new_db_url
from tests.live_server import PostgresCluster, ServerProcess, running_server

KILLED_AFTER = 12  # acknowledged moves: the kill falls mid-match, long before its end


@pytest.mark.parametrize("backend", BACKENDS)
def test_sigkill_mid_match_loses_no_acknowledged_move_and_repeats_none(
    backend: str, cluster: PostgresCluster, tmp_path: Path
) -> None:
    url = new_db_url(backend, cluster, tmp_path)
    server = ServerProcess(url).start()
    api = Api(server.url)
    created = api.create("carcassonne", ["human", "human"], seed=21)
    bots = api.create("campanile", ["heuristic", "random", "random"], seed=22)
    match_id, tokens = created["id"], tokens_of(created)
    acknowledged: list[tuple[int, str]] = []  # (seq, action) the server said 200 to
    killed = threading.Event()

    def play() -> None:
        rng = random.Random(1)
        while not killed.is_set():
            time.sleep(0.03)  # so that the kill falls mid-match
            try:
                state = api.get(match_id)
                player = state["current_player"]
                if player is None:
                    return
                mine = api.get(match_id, tokens[player])
                action = rng.choice(mine["legal"])
                response = api.act(match_id, tokens[player], mine["seq"], action)
            except (httpx.TransportError, AssertionError):
                return  # the server is gone
            if response.status_code == 200:
                acknowledged.append((mine["seq"] + 1, action))

    player = threading.Thread(target=play)
    player.start()
    deadline = time.monotonic() + 60  # however loaded the machine: the moves, not a time
    while len(acknowledged) < KILLED_AFTER:
        assert player.is_alive(), acknowledged
        assert time.monotonic() < deadline, acknowledged
        time.sleep(0.02)
    server.kill()
    killed.set()
    player.join(30)
    assert len(acknowledged) > 5

    with running_server(url) as again:
        api = Api(again.url)
        state = api.get(match_id)
        log = state["log"]
        assert [entry["seq"] for entry in log] == list(range(1, len(log) + 1))  # none twice
        assert state["seq"] >= acknowledged[-1][0]  # none lost
        for seq, action in acknowledged:
            assert log[seq - 1]["action"] == action
        assert state["seq"] <= acknowledged[-1][0] + 1  # at most the one in flight
        # The match goes on, and the bots' match resumes by itself.
        mine = api.get(match_id, tokens[state["current_player"]])
        assert (
            api.act(match_id, tokens[mine["seat"]], mine["seq"], mine["legal"][0]).status_code
            == 200
        )
        final = api.wait(bots["id"], lambda s: s["is_over"], timeout=120)
        record = api.http.get(f"/api/matches/{bots['id']}/record").json()
        assert tavola.replay(record).scores == final["scores"]


def _race(calls: list[Any]) -> list[httpx.Response]:
    """Run the calls at the same moment from threads; their responses in order."""
    barrier = threading.Barrier(len(calls))
    results: list[httpx.Response | None] = [None] * len(calls)

    def run(index: int) -> None:
        barrier.wait()
        results[index] = calls[index]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert all(result is not None for result in results)
    return [result for result in results if result is not None]


def test_two_servers_on_one_postgresql_apply_each_seq_once_and_tell_each_other(
    cluster: PostgresCluster,
) -> None:
    with two_servers(cluster) as (one, two):
        first, second = Api(one.url), Api(two.url)
        created = first.create("clocktowers", ["human", "human"], seed=5)
        match_id, tokens = created["id"], tokens_of(created)
        rng = random.Random(2)
        with socket(two.ws_url, match_id) as spectator:
            assert receive(spectator)["seq"] == 0
            outcomes = []
            for _ in range(12):
                state = first.get(match_id, tokens[first.get(match_id)["current_player"]])
                seat, seq, legal = state["seat"], state["seq"], state["legal"]
                if len(legal) > 1 and rng.random() < 0.5:  # two different moves race
                    a, b = rng.sample(legal, 2)
                else:  # the same move, sent twice at once through both servers
                    a = b = rng.choice(legal)
                token = tokens[seat]
                responses = _race(
                    [
                        functools.partial(first.act, match_id, token, seq, a),
                        functools.partial(second.act, match_id, token, seq, b),
                    ]
                )
                codes = sorted(r.status_code for r in responses)
                outcomes.append((a == b, codes))
                assert codes == ([200, 200] if a == b else [200, 409]), responses[1].text
                after = first.get(match_id)
                assert after["seq"] == seq + 1  # exactly one applied
                assert second.get(match_id)["seq"] == seq + 1
            # The spectator on the other server saw every entry, once, in order.
            entries: list[dict[str, Any]] = []
            while len(entries) < 12:
                message = receive(spectator, timeout=10)
                entries += message["log"]
            assert [entry["seq"] for entry in entries] == list(range(1, 13))
            assert entries == first.get(match_id)["log"]
        assert {same for same, _ in outcomes} == {True, False}  # both kinds of race ran


def test_matches_between_bots_alone_are_capped_per_server(tmp_path: Path) -> None:
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite3'}", "--bot-workers", "1") as server:
        api = Api(server.url)
        slow = ["ismcts:time=5", "ismcts:time=5"]
        for _ in range(7):
            api.create("carcassonne", slow, listed=False)
        # A person who resigns at once leaves a match between bots too: it counts.
        left = api.create("carcassonne", ["human", *slow], listed=False)
        token = tokens_of(left)[0]
        resigned = api.http.post(f"/api/matches/{left['id']}/resign", headers=auth(token))
        assert resigned.status_code == 200, resigned.text
        refused = api.http.post("/api/matches", json={"game": "carcassonne", "seats": slow})
        assert refused.status_code == 429
        assert refused.json()["error"] == "busy"
        assert api.create("carcassonne", ["human", "ismcts:time=5"])["id"]  # people still play
