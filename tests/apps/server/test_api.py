"""The API through a real client against a real ``tavola serve``, on SQLite and PostgreSQL."""

from __future__ import annotations

import httpx
import pytest

import tavola
from tests.apps.server.client import (
    Api,
    auth,
    engine_state,
    play_randomly,
    receive,
    socket,
    tokens_of,
)
from tests.live_server import ServerProcess


@pytest.fixture(scope="module")
def api(server: ServerProcess) -> Api:
    return Api(server.url)


def test_games_lists_every_game_with_its_options(api: Api) -> None:
    games = {game["name"]: game for game in api.http.get("/api/games").json()}
    assert set(games) == set(tavola.game_classes())
    players = next(o for o in games["carcassonne"]["options"] if o["name"] == "players")
    assert players["default"] == 2
    assert players["choices"] == [2, 3, 4, 5]
    assert players["help"]
    river = next(o for o in games["carcassonne"]["options"] if o["name"] == "river")
    assert river["kind"] == "bool"
    assert river["default"] is False


def test_creating_a_match_gives_a_secret_link_per_human_seat(api: Api) -> None:
    created = api.create(
        "carcassonne",
        ["human", "ismcts:iterations=300", "human"],
        options={"river": True},
        names=["Ada", None, "Grace"],
    )
    human, bot, other = created["seats"]
    assert human["kind"] == "human"
    assert len(human["token"]) >= 32  # 192 bits, url-safe
    assert human["url"] == f"/m/{created['id']}?token={human['token']}"
    assert other["token"] != human["token"]
    assert bot == {"seat": 1, "kind": "bot", "bot": "ismcts:iterations=300,time=5"}
    assert created["spectate"] == f"/m/{created['id']}"
    state = api.get(created["id"])
    assert [seat["name"] for seat in state["seats"]] == ["Ada", None, "Grace"]
    assert state["options"]["players"] == 3  # taken from the seats
    assert state["options"]["river"] is True
    assert state["prearranged"] is False


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "chess", "seats": ["human"]}, "unknown game 'chess'"),
        (
            {"game": "campanile", "seats": ["human", "human"], "options": {"edition": "1997"}},
            "1997",
        ),
        ({"game": "campanile", "seats": ["human", "ismcts:iterations=lots"]}, "integer"),
        ({"game": "campanile", "seats": ["human", "alphazero"]}, "unknown bot 'alphazero'"),
        ({"game": "campanile", "seats": ["human"] * 2, "options": {"players": 3}}, "2 seat(s)"),
        ({"game": "campanile", "seats": ["human"] * 6}, "players: 6 is not valid"),
        ({"game": "campanile", "seats": ["human"] * 2, "names": ["a"]}, "1 name(s)"),
        ({"game": "campanile", "seats": ["human", "ismcts:time=3600"]}, "time is at most"),
        ({"game": "campanile", "seats": ["human"] * 2, "names": ["a\u0000", None]}, "printable"),
    ],
)
def test_a_bad_match_is_refused_with_the_engines_words_and_nothing_stored(
    api: Api, body: dict[str, object], words: str
) -> None:
    before = api.http.get("/api/matches").json()["matches"]
    response = api.http.post("/api/matches", json=body)
    assert response.status_code == 422, response.text
    assert words in response.json()["message"]
    assert api.http.get("/api/matches").json()["matches"] == before


def test_a_seat_sees_its_hand_and_a_spectator_none(api: Api) -> None:
    created = api.create("campanile", ["human", "human"], seed=5)
    tokens = tokens_of(created)
    mine = api.get(created["id"], tokens[0])
    watching = api.get(created["id"])
    engine = tavola.load("campanile", players=2).new_game(5)
    assert mine["seat"] == 0
    assert mine["view"] == engine.view(0)
    assert mine["legal"] == engine.legal_notations()
    assert watching["seat"] is None
    assert watching["view"] == engine.view(None)
    assert watching["legal"] == []
    assert api.get(created["id"], tokens[1])["legal"] == []  # not its turn
    assert mine["prearranged"] is True  # the creator chose the seed


def test_moves_are_checked_serialized_and_idempotent(api: Api) -> None:
    created = api.create("campanile", ["human", "human"], seed=11)
    match_id, tokens = created["id"], tokens_of(created)
    engine = tavola.load("campanile", players=2).new_game(11)
    first = engine.legal_notations()[0]

    response = api.act(match_id, tokens[0], 0, first)
    assert response.status_code == 200
    assert response.json()["seq"] == 1
    assert response.json()["log"][-1]["action"] == first
    engine.apply(first)
    assert response.json()["view"] == engine.view(0)

    again = api.act(match_id, tokens[0], 0, first)  # the same move resent: answered, not applied
    assert again.status_code == 200
    assert again.json()["seq"] == 1
    assert len(again.json()["log"]) == 1

    other = engine.legal_notations()[-1]
    stale = api.act(match_id, tokens[0], 0, other)
    assert stale.status_code == 409
    assert stale.json()["error"] == "stale_seq"
    assert stale.json()["state"]["seq"] == 1  # the fresh state, to resync

    illegal = api.act(match_id, tokens[0], 1, "take red")
    assert illegal.status_code == 422
    assert illegal.json()["error"] == "illegal_action"
    assert illegal.json()["rule"].startswith("a turn is")

    unreadable = api.act(match_id, tokens[0], 1, "dance")
    assert unreadable.status_code == 422
    assert unreadable.json()["error"] == "bad_notation"

    assert api.act(match_id, tokens[1], 1, "pass").status_code == 403  # not its turn
    assert api.act(match_id, None, 1, "pass").status_code == 401  # a spectator
    assert api.act(match_id, "x" * 32, 1, "pass").status_code == 401  # no such seat
    elsewhere = tokens_of(api.create("campanile", ["human", "human"]))[0]
    assert api.act(match_id, elsewhere, 1, "pass").status_code == 401  # another match's seat
    bad_header = api.http.post(
        f"/api/matches/{match_id}/actions",
        json={"seq": 1, "action": "pass"},
        headers={"Authorization": tokens[0]},
    )
    assert bad_header.status_code == 401

    state = api.get(match_id, tokens[0])
    assert state["seq"] == 1
    assert state["view"] == engine.view(0)  # nothing of the refused moves happened


def test_the_record_comes_only_after_the_end_and_replays_to_the_same_scores(api: Api) -> None:
    created = api.create("clocktowers", ["human", "random"], seed=3)
    match_id = created["id"]
    early = api.http.get(f"/api/matches/{match_id}/record")
    assert early.status_code == 403
    final = play_randomly(api, match_id, tokens_of(created), seed=1)
    record = api.http.get(f"/api/matches/{match_id}/record").json()
    assert record["seed"] == 3
    state = tavola.replay(record)
    assert state.is_over
    assert state.scores == final["scores"]
    assert state.winners == final["winners"]
    assert state.record() == record  # exactly the engine's record
    assert api.act(match_id, tokens_of(created)[0], final["seq"], "draw floors").status_code == 409


def test_take_back_of_a_misclick_while_still_to_move(api: Api) -> None:
    created = api.create("campanile", ["human", "human"], seed=2)
    match_id, tokens = created["id"], tokens_of(created)
    engine = tavola.load("campanile", players=2).new_game(2)
    build = engine.legal_notations()[0]
    assert api.act(match_id, tokens[0], 0, build).status_code == 200
    refused = api.http.post(
        f"/api/matches/{match_id}/takeback", json={"seq": 1}, headers=auth(tokens[1])
    )
    assert refused.status_code == 409  # not its action
    taken = api.http.post(
        f"/api/matches/{match_id}/takeback", json={"seq": 1}, headers=auth(tokens[0])
    )
    assert taken.status_code == 200, taken.text
    state = taken.json()
    assert state["seq"] == 2
    assert state["log"][-1]["kind"] == "takeback"
    assert state["view"] == engine.view(0)  # back where it was
    assert state["legal"] == engine.legal_notations()
    seen_by_other = api.get(match_id, tokens[1])
    assert [entry["kind"] for entry in seen_by_other["log"]] == ["move", "takeback"]

    # A whole turn: build, pass, take (which turns a card up): then the turn has passed.
    second = engine.legal_notations()[-1]
    for action in (second, "pass"):
        engine.apply(action)
        assert api.act(match_id, tokens[0], api.get(match_id)["seq"], action).status_code == 200
    take = engine.legal_notations()[0]
    assert api.act(match_id, tokens[0], 4, take).status_code == 200
    late = api.http.post(
        f"/api/matches/{match_id}/takeback", json={"seq": 5}, headers=auth(tokens[0])
    )
    assert late.status_code == 409
    engine.apply(take)

    final = play_randomly(api, match_id, tokens, seed=4)
    record = api.http.get(f"/api/matches/{match_id}/record").json()
    assert record["actions"][:3] == [second, "pass", take]  # the record leaves both out
    assert tavola.replay(record).scores == final["scores"]


def test_an_action_that_revealed_something_cannot_be_taken_back(api: Api) -> None:
    created = api.create("clocktowers", ["human", "human"], seed=1)
    match_id, tokens = created["id"], tokens_of(created)
    mine = api.get(match_id, tokens[0])
    discard = next(action for action in mine["legal"] if action.startswith("discard"))
    assert api.act(match_id, tokens[0], 0, discard).status_code == 200
    assert api.get(match_id)["current_player"] == 0  # still to draw
    refused = api.http.post(
        f"/api/matches/{match_id}/takeback", json={"seq": 1}, headers=auth(tokens[0])
    )
    assert refused.status_code == 422
    assert refused.json()["error"] == "revealed"
    assert api.get(match_id)["seq"] == 1


def test_the_websocket_sends_each_seat_its_state_and_answers_errors_without_closing(
    api: Api, server: ServerProcess
) -> None:
    created = api.create("campanile", ["human", "human"], seed=8)
    match_id, tokens = created["id"], tokens_of(created)
    engine = tavola.load("campanile", players=2).new_game(8)
    with socket(server.ws_url, match_id, tokens[0]) as mine, socket(server.ws_url, match_id) as spy:
        first = receive(mine)
        assert first["type"] == "state"
        assert first["seq"] == 0
        assert first["view"] == engine.view(0)
        assert receive(spy)["view"] == engine.view(None)

        mine.send("this is not json")
        error = receive(mine)
        assert error["type"] == "error"
        assert error["error"] == "bad_message"
        mine.send('{"type": "action", "seq": "0", "action": "pass"}')
        assert receive(mine)["error"] == "bad_message"
        mine.send(b"\x00\x01binary")
        assert receive(mine)["type"] == "error"

        action = engine.legal_notations()[0]
        mine.send(f'{{"type": "action", "seq": 0, "action": "{action}"}}')
        update = receive(mine)
        engine.apply(action)
        assert update["type"] == "state"
        assert update["seq"] == 1
        assert [entry["action"] for entry in update["log"]] == [action]  # only the new entry
        assert update["view"] == engine.view(0)
        assert receive(mine) == {"type": "ack", "seq": 1}
        assert receive(spy)["view"] == engine.view(None)

        mine.send('{"type": "action", "seq": 0, "action": "pass"}')
        stale = receive(mine)
        assert stale["error"] == "stale_seq"
        assert stale["seq"] == 1
        assert "state" not in stale  # the socket has been sent the state already
        spy.send('{"type": "action", "seq": 1, "action": "pass"}')
        assert receive(spy)["status"] == 403


def test_a_socket_with_a_bad_token_is_told_and_closed(api: Api, server: ServerProcess) -> None:
    created = api.create("campanile", ["human", "human"])
    with socket(server.ws_url, created["id"], "not-a-token") as connection:
        error = receive(connection)
        assert error["error"] == "bad_token"
        assert error["type"] == "error"


def test_bots_play_on_without_any_client(api: Api) -> None:
    created = api.create("carcassonne", ["random", "heuristic"], seed=9)
    final = api.wait(created["id"], lambda state: state["is_over"], timeout=120)
    record = api.http.get(f"/api/matches/{created['id']}/record").json()
    state = tavola.replay(record)
    assert state.scores == final["scores"]
    halfway = engine_state(record, len(record["actions"]) // 2)
    assert not halfway.is_over


def test_unknown_matches_and_routes_are_404_json(api: Api) -> None:
    response = api.http.get("/api/matches/nosuchmatch")
    assert response.status_code == 404
    assert response.json()["error"] == "no_match"
    assert api.http.get("/api/nothing").json()["error"] == "not_found"
    assert api.http.get("/api/matches/bad%20id").status_code in (404, 422)


def test_hints_are_for_the_seat_to_move_where_the_match_allows_them(api: Api) -> None:
    versus_bot = api.create("clocktowers", ["human", "random"], seed=12)
    match_id, token = versus_bot["id"], tokens_of(versus_bot)[0]
    state = api.get(match_id, token)
    assert state["hints"] is True  # one person: on by default
    answer = api.http.post(f"/api/matches/{match_id}/hint", headers=auth(token))
    assert answer.status_code == 200, answer.text
    hint = answer.json()
    assert hint["action"] in state["legal"]
    assert hint["seq"] == state["seq"]
    assert 0 <= hint["win"] <= 1
    assert hint["samples"] > 0
    assert api.get(match_id)["seq"] == state["seq"]  # asking changes nothing

    friends = api.create("clocktowers", ["human", "human"], seed=12)
    tokens = tokens_of(friends)
    assert api.get(friends["id"])["hints"] is False  # several people: off by default
    refused = api.http.post(f"/api/matches/{friends['id']}/hint", headers=auth(tokens[0]))
    assert refused.status_code == 403
    assert refused.json()["error"] == "no_hints"
    allowed = api.create("clocktowers", ["human", "human"], hints=True)
    other = api.http.post(f"/api/matches/{allowed['id']}/hint", headers=auth(tokens_of(allowed)[1]))
    assert other.status_code == 403
    assert other.json()["error"] == "not_your_turn"
    spectator = api.http.post(f"/api/matches/{allowed['id']}/hint")
    assert spectator.status_code == 401


def test_answers_carry_security_headers(server: ServerProcess) -> None:
    page = httpx.get(f"{server.url}/")
    policy = page.headers["content-security-policy"]
    assert "script-src 'self'" in policy
    assert "frame-ancestors 'none'" in policy
    api = httpx.get(f"{server.url}/api/games")
    for answer in (page, api):
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert answer.headers["x-frame-options"] == "DENY"
        assert answer.headers["referrer-policy"] == "no-referrer"
    assert "content-security-policy" not in api.headers  # JSON runs nothing
    assert "content-security-policy" not in httpx.get(f"{server.url}/docs").headers  # a CDN's
