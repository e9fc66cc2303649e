"""Quick pairing through real servers: on SQLite, a seek paired, cancelled, never with its
own player, only its owner's; on PostgreSQL, two servers pair 50 concurrent seekers into
exactly 25 matches, nobody twice, and two idle servers ask the database nothing until a
seek wakes them."""

from __future__ import annotations

import itertools
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text

from tavola.apps.server.tokens import hash_token
from tests.apps.server.client import Api, SignedUp, auth, two_servers
from tests.live_server import PostgresCluster, ServerProcess, running_server

NAMES = (f"s{n}" for n in itertools.count(1000))
PAIRED_WITHIN = 30.0  # seconds


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server on SQLite (one process) for the module's tests but the last."""
    with running_server(f"sqlite:///{tmp_path_factory.mktemp('db') / 'seeks.sqlite3'}") as running:
        yield running


class Seeker(SignedUp):
    """A signed-up player's browser: its cookie, this site's ``Origin``."""

    def __init__(self, base_url: str, name: str | None = None) -> None:
        super().__init__(base_url, name or next(NAMES))

    def seek(self, time_control: dict[str, Any] | None = None, **body: Any) -> str:
        body = {"game": "clocktowers", "options": {"players": 2}, "rated": True, **body}
        if time_control is not None:
            body["time_control"] = time_control
        answer = self.http.post("/api/seeks", json=body)
        assert answer.status_code == 201, answer.text
        seek_id: str = answer.json()["id"]
        return seek_id

    def status(self, seek_id: str) -> dict[str, Any]:
        answer = self.http.get(f"/api/seeks/{seek_id}")
        assert answer.status_code == 200, answer.text
        found: dict[str, Any] = answer.json()
        return found

    def profile_matches(self) -> list[str]:
        answer = self.http.get(f"/api/players/{self.name}")
        assert answer.status_code == 200, answer.text
        return [match["id"] for match in answer.json()["matches"]]

    def paired(self, seek_id: str) -> dict[str, Any]:
        deadline = time.monotonic() + PAIRED_WITHIN
        while (found := self.status(seek_id))["status"] == "waiting":
            assert time.monotonic() < deadline, "not paired in time"
            time.sleep(0.1)
        assert found["status"] == "paired", found
        return found


def test_two_seekers_are_paired_into_one_match_of_their_accounts(server: ServerProcess) -> None:
    ada, bob = Seeker(server.url), Seeker(server.url)
    control = {"kind": "realtime", "initial": 600, "increment": 5}
    first, second = ada.seek(control), bob.seek(control)
    mine, theirs = ada.paired(first), bob.paired(second)
    assert mine["match"] == theirs["match"]
    assert {mine["seat"]["seat"], theirs["seat"]["seat"]} == {0, 1}
    assert mine["seat"]["url"] == f"/m/{mine['match']}?token={mine['seat']['token']}"
    match = ada.get(mine["match"], mine["seat"]["token"])
    assert match["seat"] == mine["seat"]["seat"]
    names = {seat["seat"]: seat["name"] for seat in match["seats"]}
    assert names == {mine["seat"]["seat"]: ada.name, theirs["seat"]["seat"]: bob.name}
    assert match["rated"] is True
    assert match["time_control"] == {"kind": "realtime", "initial": 600.0, "increment": 5.0}
    for player in ada.profile_matches(), bob.profile_matches():
        assert mine["match"] in player


def test_a_cancelled_seek_is_not_paired(server: ServerProcess) -> None:
    control = {"kind": "correspondence", "per_move": 86400}
    cy = Seeker(server.url)
    gone = cy.seek(control)
    answer = cy.http.delete(f"/api/seeks/{gone}")
    assert answer.status_code == 200
    assert answer.json() == {"status": "cancelled", "match": None, "seat": None}
    dee, eve = Seeker(server.url), Seeker(server.url)
    first, second = dee.seek(control), eve.seek(control)
    assert dee.paired(first)["match"] == eve.paired(second)["match"]
    assert cy.status(gone) == {"status": "cancelled", "match": None, "seat": None}


def test_nobody_is_paired_with_themselves_and_a_seek_is_its_owners(server: ServerProcess) -> None:
    control = {"kind": "realtime", "initial": 300, "increment": 0}
    fay, gus = Seeker(server.url), Seeker(server.url)
    one, two = fay.seek(control), fay.seek(control)
    assert gus.http.get(f"/api/seeks/{one}").status_code == 404
    assert gus.http.delete(f"/api/seeks/{one}").status_code == 404
    paired = gus.paired(gus.seek(control))
    fays = [fay.status(one), fay.status(two)]
    assert sorted(found["status"] for found in fays) == ["paired", "waiting"]
    assert paired["match"] in {found["match"] for found in fays}
    waiting = one if fays[0]["status"] == "waiting" else two
    assert fay.http.delete(f"/api/seeks/{waiting}").json()["status"] == "cancelled"


def test_the_lobby_counts_the_seekers_and_no_token_is_stored(server: ServerProcess) -> None:
    control = {"kind": "realtime", "initial": 777, "increment": 7}
    ivy, jon = Seeker(server.url), Seeker(server.url)
    first = ivy.seek(control, rated=False)
    pools = httpx.get(f"{server.url}/api/seeks").json()["pools"]
    (found,) = [pool for pool in pools if pool["time_control"].get("initial") == 777]
    assert (found["game"], found["rated"], found["count"]) == ("clocktowers", False, 1)
    assert found["options"]["players"] == 2
    second = jon.seek(control, rated=False)
    theirs, mine = ivy.paired(first), jon.paired(second)
    assert theirs["match"] == mine["match"]
    assert theirs["seat"] != mine["seat"]
    assert jon.get(mine["match"], mine["seat"]["token"])["seat"] == mine["seat"]["seat"]
    engine = create_engine(server.db_url)
    with engine.connect() as connection:
        stored = " ".join(str(row) for row in connection.execute(text("SELECT * FROM seeks")))
    engine.dispose()
    assert second not in stored
    assert mine["seat"]["token"] not in stored
    assert hash_token(second) in stored


def test_a_seek_needs_a_session_from_this_site_and_a_known_game(server: ServerProcess) -> None:
    body = {"game": "clocktowers", "rated": False}
    assert httpx.post(f"{server.url}/api/seeks", json=body).status_code == 401
    hal = Seeker(server.url)
    crossed = hal.http.post("/api/seeks", json=body, headers={"Origin": "https://evil.example"})
    assert crossed.status_code == 403
    assert crossed.json()["error"] == "cross_site"
    unknown = hal.http.post("/api/seeks", json={**body, "game": "chess"})
    assert unknown.status_code == 422
    assert hal.http.get("/api/seeks/nothing", headers=auth(None)).status_code == 404


@pytest.mark.postgres
def test_two_servers_pair_fifty_concurrent_seekers_into_25_matches(
    cluster: PostgresCluster,
) -> None:
    with two_servers(cluster) as (one, two):
        with ThreadPoolExecutor(50) as pool:
            urls = [(one, two)[n % 2].url for n in range(50)]
            seekers = list(pool.map(Seeker, urls))
            seeks = list(pool.map(lambda seeker: seeker.seek(), seekers))
            found = list(pool.map(lambda seeker, seek: seeker.paired(seek), seekers, seeks))
        matches = Counter(paired["match"] for paired in found)
        assert len(matches) == 25
        assert set(matches.values()) == {2}
        seated = [seat["name"] for m in matches for seat in Api(one.url).get(m)["seats"]]
        assert sorted(seated) == sorted(seeker.name for seeker in seekers)  # each once


def last_query_start(db_url: str) -> datetime:
    """When the database's servers last sent a statement (PostgreSQL's live activity: each
    connection's last, the LISTEN connection's included; this one's left out)."""
    engine = create_engine(db_url)
    with engine.connect() as connection:
        found = connection.execute(
            text(
                "SELECT max(query_start) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        ).scalar_one()
    engine.dispose()
    assert isinstance(found, datetime)
    return found


def database_now(db_url: str) -> datetime:
    engine = create_engine(db_url)
    with engine.connect() as connection:
        found = connection.execute(text("SELECT now()")).scalar_one()
    engine.dispose()
    assert isinstance(found, datetime)
    return found


@pytest.mark.postgres
def test_idle_servers_ask_nothing_until_a_seek_wakes_them(cluster: PostgresCluster) -> None:
    """No seek waiting, no tournament to look after or watch: the pairing and the
    tournaments' scheduler sleep (they polled the database every second and every half
    second); a seek on each of two servers still pairs at once, then they sleep again."""
    with two_servers(cluster) as (one, two):
        time.sleep(2.0)  # the first looks, made at startup, found nothing
        quiet_from = database_now(one.db_url)
        time.sleep(3.0)
        assert last_query_start(one.db_url) < quiet_from
        kim, lou = Seeker(one.url), Seeker(two.url)
        first, second = kim.seek(), lou.seek()
        assert kim.paired(first)["match"] == lou.paired(second)["match"]
        time.sleep(2.0)  # the servers' next looks find no seek waiting
        quiet_from = database_now(one.db_url)
        time.sleep(3.0)
        assert last_query_start(one.db_url) < quiet_from
