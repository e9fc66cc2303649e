"""Two real servers on one PostgreSQL: a server's copy of a match can be late, never wrong.

- A NOTIFY that arrives while a server is still reading a match from the database (it
  does not hold the match yet, so it drops the notice) does not leave its copy stale:
  the race is forced by a lock on the chat table, which the read takes after the log.
- A lost LISTEN connection (its backend terminated) does not either: the entries written
  while it was away are caught up once it is back.

In each, the seat to move, on the server whose copy was late, sees its turn and moves.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import psycopg
import pytest

from tests.apps.server.client import Api, tokens_of
from tests.live_server import PostgresCluster, running_server

pytestmark = pytest.mark.postgres

CAUGHT_UP_WITHIN = 8.0  # seconds; far below the periodic check's interval (30 s)


def conninfo(db_url: str) -> str:
    from tavola.apps.server.pg_listener import conninfo as listener_conninfo

    return listener_conninfo(db_url)


def move_once(api: Api, match_id: str, tokens: dict[int, str]) -> int:
    """The seat to move, as ``api``'s server sees it, plays its first legal move; the seq."""
    state = api.get(match_id)
    mine = api.get(match_id, tokens[state["current_player"]])
    response = api.act(match_id, tokens[mine["seat"]], mine["seq"], mine["legal"][0])
    assert response.status_code == 200, response.text
    return int(mine["seq"]) + 1


def keeps_moving(late: Api, truth: Api, match_id: str, tokens: dict[int, str]) -> None:
    """``late`` catches up with the log by itself, and its seat to move can move there."""
    seq = truth.get(match_id)["seq"]
    deadline = time.monotonic() + CAUGHT_UP_WITHIN
    while (seen := late.get(match_id)["seq"]) != seq:
        assert time.monotonic() < deadline, f"the server's copy stays at {seen}, the log at {seq}"
        time.sleep(0.1)
    for _ in range(3):  # the match goes on through either server (each told by NOTIFY)
        for mover, other in ((late, truth), (truth, late)):
            seq = move_once(mover, match_id, tokens)
            other.wait(match_id, lambda state, seq=seq: state["seq"] == seq, timeout=5)


def test_a_notify_during_the_first_read_of_a_match_is_not_lost(cluster: PostgresCluster) -> None:
    url = cluster.database()
    with running_server(url) as one, running_server(url) as two:
        late, truth = Api(one.url), Api(two.url)
        created = truth.create("clocktowers", ["human", "human"], seed=3)
        match_id, tokens = created["id"], tokens_of(created)
        with psycopg.connect(conninfo(url)) as blocker:
            blocker.execute("LOCK TABLE chat IN ACCESS EXCLUSIVE MODE")  # held until commit
            first_read: dict[str, Any] = {}
            reader = threading.Thread(target=lambda: first_read.update(late.get(match_id)))
            reader.start()
            with psycopg.connect(conninfo(url), autocommit=True) as watcher:
                waiting = "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                deadline = time.monotonic() + 30
                while watcher.execute(waiting).fetchone() != (1,):  # it read the log, not chat
                    assert time.monotonic() < deadline
                    time.sleep(0.02)
            move_once(truth, match_id, tokens)  # its NOTIFY reaches a server still reading
            time.sleep(1.0)
            blocker.commit()
        reader.join(30)
        assert first_read["seq"] == 1  # caught up before its first answer
        keeps_moving(late, truth, match_id, tokens)


def test_a_lost_listen_connection_catches_up_when_it_is_back(cluster: PostgresCluster) -> None:
    url = cluster.database()
    with running_server(url) as one, running_server(url) as two:
        late, truth = Api(one.url), Api(two.url)
        matches = []
        for seed in range(3):
            created = truth.create("clocktowers", ["human", "human"], seed=seed)
            matches.append((created["id"], tokens_of(created)))
            assert late.get(created["id"])["seq"] == 0  # the late server holds each match
        with psycopg.connect(conninfo(url), autocommit=True) as admin:
            killed = admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%'"
            ).fetchall()
        assert len(killed) == 2  # each server's
        for match_id, tokens in matches:  # while no server listens
            move_once(truth, match_id, tokens)
        for match_id, tokens in matches:
            keeps_moving(late, truth, match_id, tokens)
