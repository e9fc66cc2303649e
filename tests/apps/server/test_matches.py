"""Whole matches of every game through the API, and nothing leaks.

Clients pick random legal moves (bots sit in some seats) while every seat and a spectator
listen on WebSockets, sent whole states, compressed (permessage-deflate), a seat and the
spectator with the pictures. In the first match of each game those two also listen for
patches of their states (``patches.py``, as the browser asks): the patch form costs the
server a diff and a compression per socket, so it is listened to where it adds coverage.
Once over, the record rebuilds every position, and each message a seat received (HTTP and
WebSocket, whole or rebuilt from its patches) must be exactly what the engine shows that
seat then: its view, its legal notations, the public notations and public events of the
log; the states rebuilt from patches are the whole states, picture included; and before
the end no message (patches included) holds the seed or a secret option.
"""

from __future__ import annotations

import json
import random
import threading
import time
from typing import Any

import pytest

import tavola
from tavola.apps.server import patches
from tavola.apps.server.live import event_json
from tavola.core.game import State
from tests.apps.server.client import Api, engine_state, receive, socket, tokens_of
from tests.live_server import ServerProcess

MATCHES = [
    ("campanile", {"players": 2}, ["human", "human"]),
    ("campanile", {"players": 4}, ["human", "random", "human", "heuristic"]),
    ("campanile", {"players": 3, "edition": "1996"}, ["human", "human", "random"]),
    ("clocktowers", {"players": 2}, ["human", "human"]),
    ("clocktowers", {"players": 3}, ["human", "random", "human"]),
    ("carcassonne", {"players": 2, "river": True}, ["human", "human"]),
    ("carcassonne", {"players": 3}, ["random", "human", "heuristic"]),
]


class Listener(threading.Thread):
    """Collects every message of one socket until the match is over, the patches applied
    (``query``: the socket's other parameters)."""

    def __init__(self, ws_base: str, match_id: str, token: str | None, **query: str) -> None:
        super().__init__(daemon=True)
        self.args_ = (ws_base, match_id, token)
        self.query = query
        self.extensions = ""  # what the handshake agreed
        self.messages: list[dict[str, Any]] = []
        self.texts: list[str] = []
        self.ready = threading.Event()
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            with socket(*self.args_, **self.query) as connection:
                assert connection.response is not None
                self.extensions = connection.response.headers.get("Sec-WebSocket-Extensions", "")
                self.ready.set()
                while True:
                    text = connection.recv(timeout=120)
                    assert isinstance(text, str)
                    message = json.loads(text)
                    if message["type"] == "patch":
                        message = patches.apply(self.messages[-1], message["patch"])
                    self.texts.append(text)
                    self.messages.append(message)
                    if message.get("is_over"):
                        return
        except BaseException as error:  # reported by the test
            self.error = error
            self.ready.set()


def expected_log(record: dict[str, Any]) -> list[dict[str, Any]]:
    """Each action's public notation and public events, from the engine."""
    state = tavola.replay({**record, "actions": []})
    log = []
    for seq, action in enumerate(record["actions"], start=1):
        seat = state.current_player
        events = state.apply(action)
        log.append(
            {
                "seq": seq,
                "seat": seat,
                "action": state.game.public_notation(state.history[-1]),
                "events": [event_json(event) for event in events],
            }
        )
    return log


def check_message(message: dict[str, Any], seat: int | None, state: State) -> None:
    assert message["seat"] == seat
    assert message["view"] == state.view(seat)
    legal = state.legal_notations() if seat is not None and seat == state.current_player else []
    assert message["legal"] == legal
    assert message["current_player"] == state.current_player
    assert message["scores"] == state.scores
    assert message["winners"] == state.winners
    assert message["is_over"] == state.is_over


@pytest.mark.parametrize(("game", "options", "seats"), MATCHES, ids=lambda v: str(v))
def test_whole_matches_replay_and_leak_nothing(
    server: ServerProcess, game: str, options: dict[str, Any], seats: list[str]
) -> None:
    api = Api(server.url)
    seed = random.Random(f"{game}{options}").randrange(2**32)
    created = api.create(game, seats, options=options, seed=seed)
    match_id, tokens = created["id"], tokens_of(created)
    seats_listening: list[int | None] = [*tokens, None]
    pictured = {None, min(tokens)}  # the pictures cost time: a seat's and the spectator's
    first_of_game = next(o for g, o, _ in MATCHES if g == game) == options
    patched = [s for s in seats_listening if s in pictured] if first_of_game else []
    listening = [(s, False) for s in seats_listening] + [(s, True) for s in patched]
    listeners = [
        Listener(
            server.ws_url,
            match_id,
            None if s is None else tokens[s],
            svg=str(s in pictured).lower(),
            **({"patches": "true"} if form else {}),
        )
        for s, form in listening
    ]
    for listener in listeners:
        listener.start()
        listener.ready.wait(30)
    rng = random.Random(seed)
    answers: list[tuple[int, dict[str, Any]]] = []  # every HTTP answer, by seat
    deadline = time.monotonic() + 120
    while True:
        state = api.get(match_id)
        if state["is_over"]:
            break
        assert time.monotonic() < deadline, f"the match is stuck at {state['seq']}"
        player: int = state["current_player"]
        if player not in tokens:
            time.sleep(0.01)
            continue  # a bot's turn: poll again
        mine = api.get(match_id, tokens[player])
        answers.append((player, mine))
        if mine["legal"]:
            response = api.act(match_id, tokens[player], mine["seq"], rng.choice(mine["legal"]))
            assert response.status_code == 200, response.text
            answers.append((player, response.json()))
    for listener in listeners:
        listener.join(120)
        assert listener.error is None, listener.error
        assert not listener.is_alive()

    record = api.http.get(f"/api/matches/{match_id}/record").json()
    final = tavola.replay(record)
    assert final.is_over
    assert final.scores == state["scores"]
    log = expected_log(record)
    positions = [engine_state(record, seq) for seq in range(len(record["actions"]) + 1)]
    secrets = [str(record["seed"])]

    for seat, message in answers:
        check_message(message, seat, positions[message["seq"]])
        assert [{k: e[k] for k in log[0]} for e in message["log"]] == log[: message["seq"]]
    whole_of: dict[int | None, Listener] = {}  # each seat's socket sent whole states
    for listener, (listening_seat, form) in zip(listeners, listening, strict=True):
        assert "permessage-deflate" in listener.extensions
        assert all(message["type"] == "state" for message in listener.messages)
        entries = [entry for message in listener.messages for entry in message["log"]]
        assert [{k: e[k] for k in log[0]} for e in entries] == log  # each entry once, in order
        for message, text in zip(listener.messages, listener.texts, strict=True):
            if not form:  # a state rebuilt from patches is the same (below)
                check_message(message, listening_seat, positions[message["seq"]])
            if not message["is_over"]:
                assert not any(secret in text for secret in secrets)
        if not form:
            whole_of[listening_seat] = listener
        else:
            assert same_states(whole_of[listening_seat].messages, listener.messages)


def same_states(whole: list[dict[str, Any]], patched: list[dict[str, Any]]) -> bool:
    """Whether two sockets of one seat were sent the same states, picture included: the
    same log in all, and at every position both saw, the same state but for the moments
    each was built (a socket sent a newer state before it read the last one gets both
    in one, its log entries joined)."""
    moment = ("log", "clocks", "clock_grace", "away", "chat")

    def by_seq(messages: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
        return {m["seq"]: {k: v for k, v in m.items() if k not in moment} for m in messages}

    seen, rebuilt = by_seq(whole), by_seq(patched)
    log = [[entry for m in messages for entry in m["log"]] for messages in (whole, patched)]
    return log[0] == log[1] and all(rebuilt[seq] == seen[seq] for seq in rebuilt.keys() & seen)


def test_a_stacked_deck_stays_secret_and_the_match_says_it_was_arranged(
    server: ServerProcess,
) -> None:
    api = Api(server.url)
    tiles = ["u", "v", "u", "v", "e", "e", "k", "b"]
    created = api.create("carcassonne", ["human", "human"], options={"tiles": tiles})
    match_id, tokens = created["id"], tokens_of(created)
    for token in (tokens[0], tokens[1], None):
        state = api.get(match_id, token)
        assert state["prearranged"] is True
        assert "tiles" not in state["options"]
        assert "tiles" not in json.dumps(state["view"]["options"])
    with socket(server.ws_url, match_id, tokens[1]) as connection:
        first = receive(connection)
        assert "tiles" not in first["options"]
        assert first["view"]["tiles_left"] == len(tiles) - 1
