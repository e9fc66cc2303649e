"""Bad input gets a clear 4xx JSON error; the server keeps serving and nothing changes."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed

from tests.apps.server.client import Api, auth, receive, socket, tokens_of
from tests.live_server import ServerProcess


@pytest.fixture(scope="module")
def api(server: ServerProcess) -> Api:
    return Api(server.url)


@pytest.fixture(scope="module")
def match(api: Api) -> dict[str, Any]:
    created = api.create("campanile", ["human", "human"], seed=4)
    return {"id": created["id"], "tokens": tokens_of(created)}


def unchanged(api: Api, match: dict[str, Any]) -> None:
    state = api.get(match["id"])
    assert state["seq"] == 0
    assert state["log"] == []


def check_error(response: Any, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert isinstance(body["error"], str)
    assert isinstance(body["message"], str)
    assert body["message"]
    return body


@pytest.mark.parametrize(
    ("content", "status"),
    [
        (b"{not json", 422),
        (b"[]", 422),
        (b'{"seq": "0", "action": "pass"}', 422),  # a string for a number
        (b'{"seq": true, "action": "pass"}', 422),
        (b'{"seq": 0, "action": 7}', 422),
        (b'{"seq": -1, "action": "pass"}', 422),
        (b'{"seq": 0, "action": "pass", "extra": 1}', 422),  # unknown field
        (b'{"seq": 0}', 422),
        (b'{"seq": 0, "action": "' + b"x" * 70_000 + b'"}', 413),  # over the size limit
        (b"\xff\xfe\x00", 400),  # not UTF-8
    ],
)
def test_malformed_moves_are_refused(
    api: Api, match: dict[str, Any], content: bytes, status: int
) -> None:
    response = api.http.post(
        f"/api/matches/{match['id']}/actions",
        content=content,
        headers={**auth(match["tokens"][0]), "Content-Type": "application/json"},
    )
    check_error(response, status)
    unchanged(api, match)


@pytest.mark.parametrize(
    "body",
    [
        {"game": "campanile"},
        {"game": "campanile", "seats": "human,human"},
        {"game": "campanile", "seats": ["human", "human"], "seed": "7"},
        {"game": "campanile", "seats": ["human", "human"], "seed": 2**64},
        {"game": "campanile", "seats": ["human", "human"], "options": {"players": [2]}},
        {"game": "campanile", "seats": ["human", "human"], "colour": "red"},
        {"game": "campanile", "seats": ["human", "human"], "options": {"cards": 3}},
        {"game": 7, "seats": ["human"]},
        {"game": "campanile", "seats": ["human", "human"], "names": ["x" * 41, None]},
    ],
)
def test_malformed_matches_are_refused(api: Api, body: dict[str, Any]) -> None:
    before = api.http.get("/api/matches").json()
    check_error(api.http.post("/api/matches", json=body), 422)
    assert api.http.get("/api/matches").json() == before


def test_moves_by_the_wrong_seat_or_after_the_end_change_nothing(
    api: Api, match: dict[str, Any]
) -> None:
    mine = api.get(match["id"], match["tokens"][0])
    check_error(api.act(match["id"], match["tokens"][1], 0, mine["legal"][0]), 403)
    check_error(api.act(match["id"], "Z" * 10, 0, mine["legal"][0]), 401)
    check_error(api.act("nosuchmatch", match["tokens"][0], 0, mine["legal"][0]), 404)
    check_error(api.http.get(f"/api/matches/{match['id']}", headers=auth("forged")), 401)
    check_error(api.http.get(f"/api/matches/{match['id']}/record"), 403)
    unchanged(api, match)
    bots = api.create("campanile", ["random", "random"])
    api.wait(bots["id"], lambda state: state["is_over"])
    over = api.create("campanile", ["human", "random"])
    token = tokens_of(over)[0]
    state = api.get(over["id"], token)
    while not state["is_over"]:  # play it out
        if state["legal"]:
            api.act(over["id"], token, state["seq"], state["legal"][0])
        state = api.get(over["id"], token)
    body = check_error(api.act(over["id"], token, state["seq"], "pass"), 409)
    assert body["error"] == "match_over"
    assert api.get(over["id"])["seq"] == state["seq"]


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    garbage=st.one_of(
        st.text(max_size=200),
        st.binary(max_size=200),
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
            lambda inner: (
                st.lists(inner, max_size=4)
                | st.dictionaries(
                    st.sampled_from(["type", "seq", "action", "x"]), inner, max_size=4
                )
            ),
            max_leaves=12,
        ).map(json.dumps),
        st.fixed_dictionaries(
            {
                "type": st.sampled_from(["action", "takeback", "ping", "chat", ""]),
                "seq": st.one_of(st.integers(-5, 5), st.text(max_size=3), st.none()),
                "action": st.one_of(st.text(max_size=30), st.integers(), st.none()),
            }
        ).map(json.dumps),
    )
)
@example(garbage='{"type": "action", "seq": ' + "9" * 5000 + "}")  # past int()'s digit limit
@example(garbage="7" * 5000)
def test_garbage_on_the_websocket_is_answered_and_changes_nothing(
    api: Api, server: ServerProcess, match: dict[str, Any], garbage: str | bytes
) -> None:
    with socket(server.ws_url, match["id"], match["tokens"][1]) as connection:
        assert receive(connection)["type"] == "state"
        connection.send(garbage)
        answer = receive(connection)
        assert answer["type"] in ("error", "pong"), answer
        if answer["type"] == "error":
            assert 400 <= answer["status"] < 500
            assert answer["message"]
        connection.send('{"type": "ping"}')
        assert receive(connection)["type"] == "pong"  # still open, still answering
    unchanged(api, match)


@pytest.mark.parametrize("name", ["name", "self", "game"])
def test_option_names_that_are_python_parameters_are_refused_cleanly(api: Api, name: str) -> None:
    body = {"game": "campanile", "seats": ["human", "human"], "options": {name: 1}}
    error = check_error(api.http.post("/api/matches", json=body), 422)
    assert f"unknown option {name!r}" in error["message"]


def test_take_backs_cannot_loop_forever(api: Api) -> None:
    created = api.create("campanile", ["human", "human"], seed=6)
    match_id, token = created["id"], tokens_of(created)[0]
    build = api.get(match_id, token)["legal"][0]
    for round_ in range(3):
        seq = api.get(match_id)["seq"]
        assert api.act(match_id, token, seq, build).status_code == 200
        taken = api.http.post(
            f"/api/matches/{match_id}/takeback", json={"seq": seq + 1}, headers=auth(token)
        )
        assert taken.status_code == 200, (round_, taken.text)
    seq = api.get(match_id)["seq"]
    assert api.act(match_id, token, seq, build).status_code == 200
    refused = api.http.post(
        f"/api/matches/{match_id}/takeback", json={"seq": seq + 1}, headers=auth(token)
    )
    assert check_error(refused, 409)["error"] == "too_many_takebacks"
    assert api.get(match_id, token)["can_take_back"] is False


def flood_then_listen(connection: Any, text: str, times: int) -> None:
    for _ in range(times):
        connection.send(text)
    while True:
        connection.recv(timeout=30)


def test_a_client_that_sends_and_never_reads_is_let_go(
    api: Api, server: ServerProcess, match: dict[str, Any]
) -> None:
    with socket(server.ws_url, match["id"], match["tokens"][1]) as connection:
        stale = '{"type": "action", "seq": 0, "action": "pass"}'
        with pytest.raises(ConnectionClosed):  # the server lets it go
            flood_then_listen(connection, stale, 5_000)  # far more than it keeps for one client
    api.get(match["id"])  # still serving
    unchanged(api, match)
