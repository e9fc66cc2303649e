"""Ways past the rules, closed (issue 29): a revoked token's open socket, forwarded client
addresses, limits sidestepped, malformed input that answered 500. Each through a real
server process."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from tests.live_server import ServerProcess, running_server
from tests.server.client import Api, auth, receive, socket, tokens_of


@pytest.fixture(scope="module")
def api(server: ServerProcess) -> Api:
    return Api(server.url)


def post(api: Api, match_id: str, what: str, token: str | None, **body: Any) -> Any:
    return api.http.post(f"/api/matches/{match_id}/{what}", json=body or None, headers=auth(token))


def read_until_closed(connection: Any, seen: list[dict[str, Any]], send: str = "") -> None:
    """Send ``send`` (if any), then every message until the server closes the socket
    (kept in ``seen``)."""
    if send:
        connection.send(send)
    while True:
        seen.append(receive(connection, timeout=10))


def finished_match(api: Api) -> tuple[str, dict[int, str]]:
    """A two-seat match that seat 1's resignation ended."""
    created = api.create("campanile", ["human", "human"], listed=False)
    tokens = tokens_of(created)
    assert post(api, created["id"], "resign", tokens[1]).status_code == 200
    return created["id"], tokens


# -- a revoked token ------------------------------------------------------------------------------


def test_a_socket_opened_with_a_revoked_token_is_closed_and_acts_for_nobody(
    api: Api, server: ServerProcess
) -> None:
    match_id, tokens = finished_match(api)
    ada = post(api, match_id, "rematch", tokens[0]).json()  # seat 1 of the rematch
    bob = post(api, match_id, "rematch/accept", tokens[1]).json()  # seat 0: it starts
    assert bob["started"] is True
    rematch = ada["id"]
    with socket(server.ws_url, rematch, ada["token"]) as old:
        first = receive(old)
        assert (first["type"], first["seat"]) == ("state", 1)
        again = post(api, match_id, "rematch", tokens[0]).json()  # a new token for seat 1
        assert again["token"] != ada["token"]
        seen: list[dict[str, Any]] = []
        with pytest.raises(ConnectionClosed) as closed:
            read_until_closed(old, seen)
        assert closed.value.rcvd is not None
        assert closed.value.rcvd.code == 4401
        assert all(message.get("seat") != 1 for message in seen if message["type"] == "state")
        assert [m["error"] for m in seen if m["type"] == "error"] == ["bad_token"]
    with socket(server.ws_url, rematch, ada["token"]) as refused:
        assert receive(refused)["error"] == "bad_token"
    with socket(server.ws_url, rematch, again["token"]) as current:
        assert receive(current)["seat"] == 1


def test_an_action_on_a_socket_is_checked_against_the_seats_token_of_the_moment(
    api: Api, server: ServerProcess
) -> None:
    """Between the token's change and the socket's closing, the socket may not act."""
    match_id, tokens = finished_match(api)
    bob = post(api, match_id, "rematch", tokens[1]).json()  # seat 0 of the rematch
    ada = post(api, match_id, "rematch/accept", tokens[0]).json()  # seat 1: it starts
    rematch = bob["id"]
    with socket(server.ws_url, rematch, bob["token"]) as old:
        state = receive(old)
        assert state["seat"] == 0
        assert state["legal"]
        post(api, match_id, "rematch", tokens[1])  # bob's token changes
        action = {"type": "action", "seq": state["seq"], "action": state["legal"][0]}
        with pytest.raises(ConnectionClosed):  # when sending, or else when reading
            read_until_closed(old, [], json.dumps(action))
    time.sleep(0.2)
    assert api.get(rematch, ada["token"])["seq"] == state["seq"]  # nothing was played


# -- forwarded client addresses -------------------------------------------------------------------


def create_from(server: ServerProcess, address: str) -> int:
    """The status of a new match asked with ``X-Forwarded-For: address``."""
    body = {"game": "campanile", "seats": ["human", "random"], "listed": False}
    headers = {"X-Forwarded-For": address}
    return httpx.post(f"{server.url}/api/matches", json=body, headers=headers).status_code


def test_forwarded_addresses_count_only_from_the_proxies_allowed(tmp_path: Path) -> None:
    with running_server(f"sqlite:///{tmp_path / 'a.sqlite3'}", "--request-limits") as server:
        # no proxy allowed: the header is the client's own words, and changes nothing
        made = [create_from(server, f"203.0.113.{n}") for n in range(21)]
        assert made == [201] * 20 + [429]
    proxy = ("--request-limits", "--forwarded-allow-ips", "127.0.0.1")
    with running_server(f"sqlite:///{tmp_path / 'b.sqlite3'}", *proxy) as server:
        # behind the proxy on this machine: each forwarded address counts apart
        assert [create_from(server, f"203.0.113.{n}") for n in range(21)] == [201] * 21
        assert [create_from(server, "198.51.100.7") for _ in range(21)] == [201] * 20 + [429]
