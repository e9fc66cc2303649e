"""Real tables through the API, on SQLite and PostgreSQL: clocks and correspondence limits,
turn notifications (webhook, e-mail), resigning, abandoned seats, chat, rematches, and
"your turn" across matches. None of it reaches the engine's record."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from datetime import datetime
from email import message_from_bytes
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session

import tavola
from tests.apps.server.client import (
    Api,
    Receiver,
    auth,
    play_randomly,
    receive,
    socket,
    tokens_of,
    two_servers,
)
from tests.apps.server.conftest import BACKENDS, new_db_url
from tests.live_server import PostgresCluster, ServerProcess, free_port, running_server

SEAT_KINDS = {"resign", "timeout", "abandon"}


# -- a local SMTP server ---------------------------------------------------------------------------


class Inbox:
    """aiosmtpd's handler: keeps every message received."""

    def __init__(self) -> None:
        self.messages: list[tuple[list[str], Any]] = []

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        content = envelope.content if isinstance(envelope.content, bytes) else b""
        self.messages.append((list(envelope.rcpt_tos), message_from_bytes(content)))
        return "250 OK"


@pytest.fixture(scope="module")
def inbox() -> Iterator[tuple[Inbox, int]]:
    handler = Inbox()
    port = free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    yield handler, port
    controller.stop()


@pytest.fixture(scope="module", params=BACKENDS)
def tables_server(
    request: pytest.FixtureRequest,
    cluster: PostgresCluster,
    tmp_path_factory: pytest.TempPathFactory,
    inbox: tuple[Inbox, int],
) -> Iterator[ServerProcess]:
    """One server per backend, its e-mail sent to the local SMTP server, its webhooks
    allowed to reach this machine (the receiver below)."""
    url = new_db_url(request.param, cluster, tmp_path_factory.mktemp("db"))
    smtp = f"smtp://127.0.0.1:{inbox[1]}?from=tavola@example.org"
    with running_server(url, "--smtp", smtp, "--private-webhooks") as running:
        yield running


@pytest.fixture(scope="module")
def api(tables_server: ServerProcess) -> Api:
    return Api(tables_server.url)


def post(api: Api, match_id: str, what: str, token: str | None, **body: Any) -> Any:
    return api.http.post(f"/api/matches/{match_id}/{what}", json=body or None, headers=auth(token))


def kinds(state: dict[str, Any]) -> list[str]:
    return [entry["kind"] for entry in state["log"]]


def check_record(api: Api, state: dict[str, Any]) -> dict[str, Any]:
    """The record holds exactly the moves in effect, and replays to the same scores."""
    record: dict[str, Any] = api.http.get(f"/api/matches/{state['id']}/record").json()
    assert set(record) == {"format", "game", "options", "seed", "actions"}
    moves = [entry for entry in state["log"] if entry["kind"] == "move"]
    assert len(record["actions"]) == len(moves)
    assert not SEAT_KINDS & set(record["actions"])
    assert tavola.replay(record).scores == state["scores"]
    return record


def play_turn(api: Api, match_id: str, token: str) -> float:
    """The seat of ``token`` plays its whole turn (first legal actions); how long the last
    action took to be answered."""
    while True:
        mine = api.get(match_id, token)
        started = time.monotonic()
        response = api.act(match_id, token, mine["seq"], mine["legal"][0])
        answered = time.monotonic() - started
        assert response.status_code == 200, response.text
        if response.json()["current_player"] != mine["seat"]:
            return answered


def wait_until(what: Any, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while not what():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


# -- clocks ---------------------------------------------------------------------------------------


def test_a_clock_running_out_hands_the_seat_to_the_bot_and_the_game_ends(api: Api) -> None:
    control = {"kind": "realtime", "initial": 2, "increment": 0.5}
    created = api.create("campanile", ["human", "human"], seed=3, time_control=control)
    match_id, tokens = created["id"], tokens_of(created)
    mine = api.get(match_id, tokens[0])
    assert mine["time_control"] == {"kind": "realtime", "initial": 2.0, "increment": 0.5}
    assert mine["clock_running"] == 0
    assert 0 < mine["clocks"][0] <= 2
    assert mine["clocks"][1] == 2
    play_turn(api, match_id, tokens[0])  # three actions in Campanile
    after = api.get(match_id)
    assert after["clock_running"] == 1
    assert mine["clocks"][0] < after["clocks"][0] <= 3.5  # three increments
    assert after["replaced"] == []

    final = api.wait(match_id, lambda s: s["is_over"], timeout=90)
    timeouts = [entry for entry in final["log"] if entry["kind"] == "timeout"]
    assert [entry["seat"] for entry in timeouts] == [1, 0]  # seat 1 first: it was to move
    assert "ran out of time" in timeouts[0]["events"][0]["text"]
    assert final["replaced"] == [0, 1]
    assert final["clocks"] == [None, None]
    assert final["result"]["timed_out"] == [0, 1]
    assert final["result"]["reason"] == "game"
    assert (
        final["winners"]
        == final["result"]["winners"]
        == tavola.replay(check_record(api, final)).winners
    )
    # the people behind the seats can no longer play them
    late = api.act(match_id, tokens[0], final["seq"], "pass")
    assert late.status_code == 409


def test_each_seats_first_action_has_a_grace(api: Api) -> None:
    # A tenth of the initial time, at most 30 s: the time to open an invitation.
    control = {"kind": "realtime", "initial": 300, "increment": 0}
    created = api.create("campanile", ["human", "human"], seed=3, time_control=control)
    match_id, tokens = created["id"], tokens_of(created)
    time.sleep(1.0)
    first = api.get(match_id)
    assert first["clocks"] == [300.0, 300.0]
    assert 28 < first["clock_grace"] < 29.5
    play_turn(api, match_id, tokens[0])  # its first action within the grace: not charged
    after = api.get(match_id)
    assert 299.5 < after["clocks"][0] < 300  # only the turn's actions after the first
    assert after["clocks"][1] == 300
    assert after["clock_running"] == 1
    assert after["clock_grace"] > 29  # seat 1's own grace, untouched so far


def test_on_timeout_lose_ends_a_two_player_match(api: Api) -> None:
    control = {"kind": "realtime", "initial": 0.8}
    created = api.create(
        "campanile", ["human", "human"], time_control=control, on_timeout="lose", names=["A", "B"]
    )
    final = api.wait(created["id"], lambda s: s["is_over"], timeout=20)
    assert kinds(final) == ["timeout"]
    assert final["current_player"] is None
    assert final["winners"] == [1]
    assert final["result"] == {
        "reason": "timeout",
        "winners": [1],
        "ranking": [1, 0],
        "resigned": [],
        "timed_out": [0],
        "abandoned": [],
    }
    assert check_record(api, final)["actions"] == []


def test_a_correspondence_limit_passed_hands_the_seat_to_the_bot(api: Api) -> None:
    control = {"kind": "correspondence", "per_move": 1.5}
    created = api.create("campanile", ["human", "human"], seed=4, time_control=control)
    match_id, tokens = created["id"], tokens_of(created)
    assert api.get(match_id, tokens[0])["abandon_after"] == 2  # the move limit, by default
    play_turn(api, match_id, tokens[0])
    moved = api.get(match_id)
    assert moved["clocks"][0] == 1.5  # a new limit for each turn
    assert 1.0 < moved["clocks"][1] <= 1.5
    state = api.wait(match_id, lambda s: "timeout" in kinds(s), timeout=20)
    entry = next(e for e in state["log"] if e["kind"] == "timeout")
    assert entry["seat"] == 1
    turn = state["log"][entry["seq"] - 2]  # the entry that made it seat 1's turn
    waited = datetime.fromisoformat(entry["at"]) - datetime.fromisoformat(turn["at"])
    assert 1.5 <= waited.total_seconds() < 4
    assert 1 in state["replaced"]
    # the bot plays seat 1: the match moves on with no one at seat 1
    api.wait(match_id, lambda s: s["seq"] > entry["seq"], timeout=20)


@pytest.mark.parametrize(
    "control",
    [
        {"kind": "realtime"},
        {"kind": "realtime", "initial": 60, "per_move": 5},
        {"kind": "correspondence", "per_move": 60, "increment": 2},
        {"kind": "none", "initial": 5},
        {"kind": "blitz", "initial": 5},
        {"kind": "realtime", "initial": -1},
    ],
)
def test_a_bad_time_control_is_refused(api: Api, control: dict[str, Any]) -> None:
    body = {"game": "campanile", "seats": ["human", "human"], "time_control": control}
    response = api.http.post("/api/matches", json=body)
    assert response.status_code == 422, response.text
    assert response.json()["error"] in ("bad_time_control", "invalid_request")


def test_on_timeout_lose_is_for_two_players(api: Api) -> None:
    body = {"game": "campanile", "seats": ["human"] * 3, "on_timeout": "lose"}
    response = api.http.post("/api/matches", json=body)
    assert response.status_code == 422
    assert response.json()["error"] == "bad_table"
    # in words, for the lobby to show: no JSON key or value
    assert "2-player match" in response.json()["message"]
    assert "on_timeout" not in response.json()["message"]


# -- turn notifications ---------------------------------------------------------------------------


def test_a_webhook_is_delivered_and_retried_without_delaying_the_move(api: Api) -> None:
    receiver = Receiver(fail=1, delay=2.5)
    try:
        created = api.create("campanile", ["human", "human"], webhooks=[None, receiver.url])
        match_id, tokens = created["id"], tokens_of(created)
        answered = play_turn(api, match_id, tokens[0])
        assert answered < 1.5  # the receiver takes 2.5 s to fail: the move did not wait
        seq = api.get(match_id)["seq"]
        wait_until(lambda: len(receiver.calls) >= 2, timeout=15)
        (first, body), (second, again) = receiver.calls[:2]
        assert body == again == {"match": match_id, "seat": 1, "seq": seq, "url": body["url"]}
        assert body["url"].endswith(f"/m/{match_id}")
        assert second > first  # retried after the failure
        time.sleep(0.5)
        assert len(receiver.calls) == 2  # delivered once it succeeded
        assert "webhook" not in json.dumps(api.get(match_id, tokens[1]))
    finally:
        receiver.close()


def test_an_email_tells_a_seat_it_is_to_move(api: Api, inbox: tuple[Inbox, int]) -> None:
    mail, _ = inbox
    before = len(mail.messages)
    address = f"bob{time.monotonic_ns()}@example.org"
    created = api.create("campanile", ["human", "human"], emails=[None, address])
    match_id, tokens = created["id"], tokens_of(created)
    play_turn(api, match_id, tokens[0])
    wait_until(lambda: any(address in to for to, _ in mail.messages[before:]), timeout=15)
    _, message = next(m for m in mail.messages[before:] if address in m[0])
    assert message["Subject"] == f"Your turn in Campanile ({match_id})"
    assert message["From"] == "tavola@example.org"
    assert f"/m/{match_id}" in message.get_payload()
    assert address not in json.dumps(api.get(match_id, tokens[0]))


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ({"webhooks": ["ftp://example.org/x", None]}, "bad_webhooks"),
        ({"emails": ["not an address", None]}, "bad_emails"),
        ({"emails": [None]}, "bad_emails"),
    ],
)
def test_bad_notifications_are_refused(api: Api, body: dict[str, Any], error: str) -> None:
    response = api.http.post(
        "/api/matches", json={"game": "campanile", "seats": ["human", "human"], **body}
    )
    assert response.status_code == 422, response.text
    assert response.json()["error"] == error


# -- resigning, abandoned seats -------------------------------------------------------------------


def test_resigning_in_two_players_ends_the_match_and_the_other_wins(api: Api) -> None:
    created = api.create("campanile", ["human", "human"], names=["Ada", "Bob"])
    match_id, tokens = created["id"], tokens_of(created)
    mine = api.get(match_id, tokens[0])
    assert api.act(match_id, tokens[0], 0, mine["legal"][0]).status_code == 200
    assert post(api, match_id, "resign", None).status_code == 401
    response = post(api, match_id, "resign", tokens[0])  # not its turn: still allowed
    assert response.status_code == 200, response.text
    state = response.json()
    assert state["is_over"] is True
    assert state["current_player"] is None
    assert state["legal"] == []
    assert state["winners"] == [1]
    assert state["result"]["reason"] == "resign"
    assert state["result"]["resigned"] == [0]
    assert state["log"][-1]["kind"] == "resign"
    assert "seat 0 resigned" in state["log"][-1]["events"][0]["text"]
    assert post(api, match_id, "resign", tokens[1]).json()["error"] == "match_over"
    record = check_record(api, state)
    assert len(record["actions"]) == 1


def test_resigning_in_four_players_hands_the_seat_to_the_bot_and_ranks_it_last(
    api: Api,
) -> None:
    created = api.create("campanile", ["human", "human", "random", "human"], seed=11)
    match_id, tokens = created["id"], tokens_of(created)
    response = post(api, match_id, "resign", tokens[1])
    assert response.status_code == 200, response.text
    state = response.json()
    assert state["is_over"] is False
    assert state["replaced"] == [1]
    assert post(api, match_id, "resign", tokens[1]).json()["error"] == "replaced"
    assert api.act(match_id, tokens[1], state["seq"], "pass").json()["error"] == "replaced"
    final = play_randomly(api, match_id, {0: tokens[0], 3: tokens[3]}, seed=2)
    assert final["result"]["ranking"][-1] == 1
    assert 1 not in final["winners"]
    assert final["result"]["resigned"] == [1]
    assert [e["seat"] for e in final["log"] if e["kind"] in SEAT_KINDS] == [1]
    check_record(api, final)


def test_an_abandoned_seat_can_be_handed_to_a_bot_by_another_seat(
    api: Api, tables_server: ServerProcess
) -> None:
    created = api.create("campanile", ["human", "human", "human"], abandon_after=1)
    match_id, tokens = created["id"], tokens_of(created)
    with socket(tables_server.ws_url, match_id, tokens[2]) as here:
        receive(here)
        time.sleep(1.2)
        present = post(api, match_id, "takeover", tokens[0], seat=2)
        assert present.status_code == 409
        assert present.json()["error"] == "present"
        response = post(api, match_id, "takeover", tokens[0], seat=1)
        assert response.status_code == 200, response.text
    state = response.json()
    assert state["replaced"] == [1]
    entry = state["log"][-1]
    assert (entry["kind"], entry["seat"]) == ("abandon", 1)
    assert entry["events"][0]["data"]["by"] == 0
    assert post(api, match_id, "takeover", tokens[0], seat=0).status_code == 422
    assert post(api, match_id, "takeover", None, seat=2).status_code == 401
    none = api.create("campanile", ["human", "human"])
    nobody = post(api, none["id"], "takeover", tokens_of(none)[0], seat=1)
    assert nobody.json()["error"] == "no_abandon"


# -- chat -----------------------------------------------------------------------------------------


def test_chat_is_plain_text_limited_and_never_in_the_record(
    api: Api, tables_server: ServerProcess
) -> None:
    created = api.create("campanile", ["human", "human"], seed=9)
    match_id, tokens = created["id"], tokens_of(created)
    with socket(tables_server.ws_url, match_id, tokens[1]) as bob:
        assert receive(bob)["chat"] == []
        script = "<script>alert('hi')</script>"
        response = post(api, match_id, "chat", tokens[0], text=f"  {script}\n ")
        assert response.status_code == 201, response.text
        said = response.json()
        assert said["text"] == script  # stored as it was said; pages show it as text
        assert said["seat"] == 0
        assert receive(bob) == {"type": "chat", "chat": [said]}
    assert api.get(match_id, tokens[1])["chat"] == [said]
    assert api.get(match_id)["chat"] == []  # spectators read it only if the creator allows
    assert post(api, match_id, "chat", None, text="hi").status_code == 401
    assert post(api, match_id, "chat", tokens[0], text="x" * 501).json()["error"] == "too_long"
    assert post(api, match_id, "chat", tokens[0], text=" ").json()["error"] == "empty_message"
    codes = [post(api, match_id, "chat", tokens[0], text=f"{i}").status_code for i in range(6)]
    assert codes == [201, 201, 201, 201, 429, 429]  # five within ten seconds
    limited = post(api, match_id, "chat", tokens[0], text="again")
    assert limited.json()["error"] == "too_fast"
    assert post(api, match_id, "chat", tokens[1], text="my turn to talk").status_code == 201
    post(api, match_id, "resign", tokens[0])
    record = api.http.get(f"/api/matches/{match_id}/record").json()
    assert "alert" not in json.dumps(record)
    assert record["actions"] == []

    public = api.create("campanile", ["human", "human"], chat_public=True)
    post(api, public["id"], "chat", tokens_of(public)[1], text="hello, watchers")
    assert [m["text"] for m in api.get(public["id"])["chat"]] == ["hello, watchers"]


# -- rematch, your turn ---------------------------------------------------------------------------


def test_a_rematch_rotates_the_seats_and_starts_once_everyone_accepts(api: Api) -> None:
    control = {"kind": "realtime", "initial": 300, "increment": 5}
    created = api.create(
        "campanile",
        ["human", "human", "heuristic"],
        names=["Ada", "Bob", None],
        time_control=control,
        options={"edition": "1996"},
    )
    match_id, tokens = created["id"], tokens_of(created)
    assert post(api, match_id, "rematch", tokens[0]).json()["error"] == "not_over"
    assert post(api, match_id, "rematch/accept", tokens[0]).json()["error"] == "no_rematch"
    post(api, match_id, "resign", tokens[1])
    final = play_randomly(api, match_id, {0: tokens[0]}, seed=3)
    assert final["rematch"] is None

    offer = post(api, match_id, "rematch", tokens[0])
    assert offer.status_code == 200, offer.text
    ada = offer.json()
    assert ada["seat"] == 1
    assert ada["started"] is False
    assert api.get(match_id)["rematch"] == {"id": ada["id"], "accepted": [0], "started": False}
    waiting = api.get(ada["id"], ada["token"])
    assert [seat["name"] for seat in waiting["seats"]] == [None, "Ada", "Bob"]
    assert [seat["kind"] for seat in waiting["seats"]] == ["bot", "human", "human"]
    assert waiting["options"]["edition"] == "1996"
    assert waiting["time_control"] == final["time_control"]
    assert waiting["started"] is False
    assert waiting["clock_running"] is None
    assert waiting["seq"] == 0  # the bot at seat 0 waits too
    assert api.act(ada["id"], ada["token"], 0, "x").json()["error"] == "not_started"

    accepted = post(api, match_id, "rematch/accept", tokens[1])
    assert accepted.status_code == 200, accepted.text
    bob = accepted.json()
    assert (bob["id"], bob["seat"], bob["started"]) == (ada["id"], 2, True)
    assert api.get(match_id)["rematch"]["accepted"] == [0, 1]
    rematch = api.wait(ada["id"], lambda s: s["seq"] > 0, timeout=30)  # the bot moved
    assert rematch["started"] is True
    assert api.get(ada["id"], bob["token"])["seat"] == 2
    # offering again is accepting again: a fresh token, the previous one stops working
    again = post(api, match_id, "rematch", tokens[0]).json()
    assert again["id"] == ada["id"]
    assert api.http.get(f"/api/matches/{ada['id']}", headers=auth(ada["token"])).status_code == 401
    assert api.get(ada["id"], again["token"])["seat"] == 1


def test_your_turn_lists_the_matches_where_your_tokens_are_to_move(api: Api) -> None:
    one = api.create("campanile", ["human", "human"])
    clock = {"kind": "realtime", "initial": 600}
    two = api.create("clocktowers", ["human", "human"], time_control=clock)
    mine = [tokens_of(one)[0], tokens_of(two)[1], "not-a-token"]
    response = api.http.post("/api/seats/mine", json={"tokens": mine})
    assert response.status_code == 200, response.text
    turns = response.json()["matches"]
    assert [(t["id"], t["seat"]) for t in turns] == [(one["id"], 0)]
    assert turns[0]["url"] == f"/m/{one['id']}?token={mine[0]}"
    assert turns[0]["title"] == "Campanile"
    play_turn(api, two["id"], tokens_of(two)[0])
    turns = api.http.post("/api/seats/mine", json={"tokens": mine}).json()["matches"]
    assert {t["id"] for t in turns} == {one["id"], two["id"]}
    clocked = next(t for t in turns if t["id"] == two["id"])
    assert 590 < clocked["clock"] <= 600
    assert api.http.post("/api/seats/mine", json={"tokens": "x"}).status_code == 422


# -- restarts -------------------------------------------------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_clock_survives_a_restart(
    backend: str, cluster: PostgresCluster, tmp_path: Any
) -> None:
    url = new_db_url(backend, cluster, tmp_path)
    # 10 s: a restart of the server on a busy machine took over 6 (the clock ran out before)
    initial = 10
    control = {"kind": "realtime", "initial": initial, "increment": 0}
    grace = initial / 10  # each seat's first action's
    moved: dict[str, dict[str, Any]] = {}
    with running_server(url) as server:
        api = Api(server.url)
        watched = api.create("campanile", ["human", "human"], seed=6, time_control=control)
        alone = api.create("campanile", ["human", "human"], seed=7, time_control=control)
        time.sleep(1.5)
        for created in (watched, alone):
            play_turn(api, created["id"], tokens_of(created)[0])
            moved[created["id"]] = api.get(created["id"])
    # While the server is down the clock of seat 1 runs on: it is derived from the log.
    with running_server(url) as again:
        api = Api(again.url)
        state = api.get(watched["id"])
        at = datetime.fromisoformat(state["log"][-1]["at"])
        spent = (datetime.now(at.tzinfo) - at).total_seconds()
        before = moved[watched["id"]]["clocks"]
        assert state["clocks"][0] == before[0]  # not running: seat 1 is to move
        assert 0.5 < before[0] < initial - (1.5 - grace)
        assert state["clocks"][1] == pytest.approx(min(initial, initial + grace - spent), abs=0.5)
        assert state["clock_running"] == 1
        # The other match, which nobody asks for, times out on time all the same.
        turned = len(moved[alone["id"]]["log"])  # the entry that made it seat 1's turn
        first = datetime.fromisoformat(moved[alone["id"]]["log"][-1]["at"])
        waited = (datetime.now(first.tzinfo) - first).total_seconds()
        time.sleep(max(0.0, initial + grace + 1.2 - waited))
        log = api.get(alone["id"])["log"]
        assert log[turned]["kind"] == "timeout"
        late = datetime.fromisoformat(log[turned]["at"]) - first
        assert initial + grace <= late.total_seconds() < initial + 1 + grace


def test_two_servers_time_a_seat_out_once_and_share_chat_and_rematch(
    cluster: PostgresCluster,
) -> None:
    with two_servers(cluster) as (one, two):
        first, second = Api(one.url), Api(two.url)
        control = {"kind": "realtime", "initial": 1.5}
        created = first.create("campanile", ["human", "human"], time_control=control)
        match_id, tokens = created["id"], tokens_of(created)
        second.get(match_id)  # both servers hold the match, and both set its alarm
        with socket(two.ws_url, match_id, tokens[1]) as bob:
            receive(bob)
            said = post(first, match_id, "chat", tokens[0], text="hello from the other server")
            assert said.status_code == 201
            while (message := receive(bob))["type"] != "chat":
                pass
            assert message["chat"] == [said.json()]
        state = first.wait(match_id, lambda s: "timeout" in kinds(s), timeout=20)
        time.sleep(0.5)
        log = second.get(match_id)["log"]
        assert log[: len(state["log"])] == state["log"]
        assert [(e["kind"], e["seat"]) for e in log if e["kind"] == "timeout"][:1] == [
            ("timeout", 0)
        ]
        assert sum(1 for e in log if e["kind"] == "timeout" and e["seat"] == 0) == 1
        # a rematch offered through one server shows on the other, and starts there
        post(first, match_id, "resign", tokens[1])
        offer = post(first, match_id, "rematch", tokens[1]).json()
        wait_until(lambda: second.get(match_id)["rematch"] is not None, timeout=10)
        assert first.get(offer["id"], offer["token"])["started"] is False  # held by the first
        accepted = post(second, match_id, "rematch/accept", tokens[0]).json()
        assert accepted["started"] is True
        wait_until(lambda: first.get(offer["id"], offer["token"])["started"], timeout=10)
        assert first.get(accepted["id"], accepted["token"])["seat"] == 1  # its new token too
