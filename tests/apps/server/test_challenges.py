"""Challenges through real servers: on SQLite, a named player's challenge seen, accepted,
both seated as themselves; an open one taken by one player only; declined, cancelled,
refused; expired (their creation moved back in the database: no waiting) and then listed
nowhere and refused; on PostgreSQL, two servers' concurrent accepts make one match."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, update
from sqlalchemy.orm import Session

from tavola.apps.server.challenge_store import NAMED_LASTS, OPEN_LASTS, ChallengeRow
from tests.apps.server.client import SignedUp, two_servers
from tests.live_server import PostgresCluster, ServerProcess, running_server

NAMES = (f"c{n}" for n in itertools.count(1000))
CONTROL = {"kind": "correspondence", "per_move": 86400}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("db") / "challenges.sqlite3"
    with running_server(f"sqlite:///{db}") as running:
        yield running


class Player(SignedUp):
    def __init__(self, base_url: str) -> None:
        super().__init__(base_url, next(NAMES))

    def challenge(self, to: str | None, **body: Any) -> dict[str, str]:
        body = {"to": to, "game": "clocktowers", "time_control": CONTROL, "rated": True, **body}
        answer = self.http.post("/api/challenges", json=body)
        assert answer.status_code == 201, answer.text
        found: dict[str, str] = answer.json()
        return found

    def lists(self) -> dict[str, list[dict[str, Any]]]:
        answer = self.http.get("/api/challenges")
        assert answer.status_code == 200, answer.text
        found: dict[str, list[dict[str, Any]]] = answer.json()
        return found

    def accept(self, challenge_id: str) -> httpx.Response:
        return self.http.post(f"/api/challenges/{challenge_id}/accept")


def ids(challenges: list[dict[str, Any]]) -> list[str]:
    return [challenge["id"] for challenge in challenges]


def test_a_named_player_sees_the_challenge_and_accepting_seats_both(server: ServerProcess) -> None:
    ada, bob, cy = Player(server.url), Player(server.url), Player(server.url)
    made = ada.challenge(bob.name)
    assert set(made) == {"id", "key"}
    (mine,) = ada.lists()["mine"]
    assert mine == {
        "id": made["id"],
        "from": ada.name,
        "to": bob.name,
        "game": "clocktowers",
        "options": mine["options"],
        "time_control": CONTROL,
        "rated": True,
        "status": "open",
        "match": None,
        "seat": None,
        "expires": mine["expires"],
    }
    expires = datetime.fromisoformat(mine["expires"]) - datetime.now(UTC)
    assert NAMED_LASTS - timedelta(minutes=1) < expires <= NAMED_LASTS
    assert ids(bob.lists()["to_me"]) == [made["id"]]
    assert made["id"] not in ids(cy.lists()["open"])  # a named challenge is not open
    assert cy.accept(made["id"]).status_code == 404
    assert ada.accept(made["id"]).status_code == 404  # nobody accepts their own
    accepted = bob.accept(made["id"])
    assert accepted.status_code == 200, accepted.text
    match_id, seat = accepted.json()["match"], accepted.json()["seat"]
    assert seat["url"] == f"/m/{match_id}?token={seat['token']}"
    assert bob.accept(made["id"]).json()["error"] == "challenge_taken"
    status = ada.http.get(f"/api/challenges/{made['id']}", headers={"Authorization": "Bearer x"})
    assert (status.json()["status"], status.json()["match"]) == ("accepted", match_id)
    assert status.json()["seat"] is None  # without the key, no seat
    keyed = ada.http.get(
        f"/api/challenges/{made['id']}", headers={"Authorization": f"Bearer {made['key']}"}
    ).json()["seat"]
    assert keyed["seat"] == 1 - seat["seat"]
    match = ada.get(match_id, keyed["token"])
    assert match["seat"] == keyed["seat"]
    assert match["rated"] is True
    names = {info["seat"]: info["name"] for info in match["seats"]}
    assert names == {keyed["seat"]: ada.name, seat["seat"]: bob.name}
    for player in ada, bob:
        profile = player.http.get(f"/api/players/{player.name}").json()
        assert match_id in ids(profile["matches"])
    assert bob.lists()["to_me"] == []


def test_an_open_challenge_goes_to_one_player_and_can_be_cancelled(server: ServerProcess) -> None:
    dee, eve, fay = Player(server.url), Player(server.url), Player(server.url)
    made = dee.challenge(None, rated=False)
    assert made["id"] in ids(eve.lists()["open"])
    assert made["id"] in ids(fay.lists()["open"])
    assert made["id"] not in ids(dee.lists()["open"])
    assert eve.accept(made["id"]).status_code == 200
    assert fay.accept(made["id"]).status_code == 409
    assert made["id"] not in ids(fay.lists()["open"])
    gone = dee.challenge(None)
    assert eve.http.delete(f"/api/challenges/{gone['id']}").status_code == 404
    cancelled = dee.http.delete(f"/api/challenges/{gone['id']}")
    assert cancelled.json()["status"] == "cancelled"
    assert fay.accept(gone["id"]).status_code == 409


def test_a_challenge_is_declined_refused_or_crosses_sites_in_vain(server: ServerProcess) -> None:
    gus, hal = Player(server.url), Player(server.url)
    made = gus.challenge(hal.name)
    declined = hal.http.delete(f"/api/challenges/{made['id']}")
    assert declined.json()["status"] == "declined"
    assert hal.accept(made["id"]).status_code == 409
    assert gus.lists()["mine"] == []
    refused: dict[str, tuple[dict[str, Any], int, str]] = {
        "nobody": ({"to": "nobody-here"}, 404, "no_player"),
        "myself": ({"to": gus.name}, 422, "bad_challenge"),
        "game": ({"to": None, "game": "chess"}, 422, "bad_game"),
        "three": ({"to": None, "options": {"players": 3}}, 422, "bad_game"),
    }
    for body, status, error in refused.values():
        answer = gus.http.post(
            "/api/challenges", json={"game": "clocktowers", "time_control": CONTROL, **body}
        )
        assert (answer.status_code, answer.json()["error"]) == (status, error), answer.text
    crossed = gus.http.post(
        "/api/challenges", json={"game": "clocktowers"}, headers={"Origin": "https://evil.example"}
    )
    assert (crossed.status_code, crossed.json()["error"]) == (403, "cross_site")
    assert httpx.get(f"{server.url}/api/challenges").status_code == 401


def made_earlier(server: ServerProcess, challenge_id: str, by: timedelta) -> None:
    """The challenge was made ``by`` earlier than it was: the server's clock moved on."""
    engine = create_engine(server.db_url)
    try:
        with Session(engine) as session, session.begin():
            created = session.get(ChallengeRow, challenge_id)
            assert created is not None
            moved = update(ChallengeRow).where(ChallengeRow.id == challenge_id)
            session.execute(moved.values(created_at=created.created_at - by))
    finally:
        engine.dispose()


def test_a_challenge_expires_listed_nowhere_and_refused(server: ServerProcess) -> None:
    ian, jo = Player(server.url), Player(server.url)
    opened, named = ian.challenge(None), ian.challenge(jo.name)
    almost = OPEN_LASTS - timedelta(minutes=1)
    made_earlier(server, opened["id"], almost)
    made_earlier(server, named["id"], almost)  # a named one lasts longer
    assert opened["id"] in ids(jo.lists()["open"])
    assert ids(jo.lists()["to_me"]) == [named["id"]]
    made_earlier(server, opened["id"], timedelta(minutes=2))
    assert opened["id"] not in ids(jo.lists()["open"])
    assert ids(ian.lists()["mine"]) == [named["id"]]
    refused = jo.accept(opened["id"])
    assert (refused.status_code, refused.json()["error"]) == (409, "challenge_expired")
    status = ian.http.get(f"/api/challenges/{opened['id']}").json()["status"]
    assert status == "expired"
    made_earlier(server, named["id"], NAMED_LASTS - almost)
    assert jo.lists()["to_me"] == []
    assert ian.lists()["mine"] == []
    assert jo.accept(named["id"]).json()["error"] == "challenge_expired"


@pytest.mark.postgres
def test_two_servers_accept_an_open_challenge_once(cluster: PostgresCluster) -> None:
    with two_servers(cluster) as (one, two):
        ivy = Player(one.url)
        takers = [Player((one, two)[n % 2].url) for n in range(4)]
        made = ivy.challenge(None)
        with ThreadPoolExecutor(len(takers)) as pool:
            answers = list(pool.map(lambda taker: taker.accept(made["id"]), takers))
        statuses = sorted(answer.status_code for answer in answers)
        assert statuses == [200] + [409] * 3
        (won,) = [answer.json() for answer in answers if answer.status_code == 200]
        mine = ivy.http.get(
            f"/api/challenges/{made['id']}", headers={"Authorization": f"Bearer {made['key']}"}
        ).json()
        assert mine["match"] == won["match"]
        assert mine["seat"]["seat"] == 1 - won["seat"]["seat"]
