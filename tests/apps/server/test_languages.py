"""Each seat reads its own language; the log and the records speak none.

A request's language is its ``lang`` query parameter, else the ``tavola_lang`` cookie,
else its ``Accept-Language``. Two seats of one match listen in two languages (one asks
with ``?lang=``, the other with its header): every message each one gets must be what
the engine shows in that language (the events' texts and the board's words), and the
server's own words (a resignation) come translated. The record is byte-identical
whatever languages the requests spoke.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from websockets.sync.client import connect

import tavola
from tavola.apps.server.live import event_json
from tavola.apps.web import CATALOG
from tavola.core.errors import IllegalAction
from tavola.core.i18n import language
from tests.apps.server.client import Api, auth, engine_state, tokens_of
from tests.live_server import ServerProcess, running_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server on SQLite (the language has nothing to do with the database)."""
    folder = tmp_path_factory.mktemp("db")
    with running_server(f"sqlite:///{folder / 'tavola.sqlite3'}") as running:
        yield running


def speaking(lang: str) -> dict[str, str]:
    return {"Accept-Language": f"{lang},en;q=0.5"}


def act(api: Api, match_id: str, token: str, seq: int, move: str, lang: str) -> Any:
    return api.http.post(
        f"/api/matches/{match_id}/actions",
        json={"seq": seq, "action": move},
        headers={**auth(token), **speaking(lang)},
    )


def test_a_refusal_is_given_in_the_language_of_the_request(server: ServerProcess) -> None:
    api = Api(server.url)
    created = api.create("campanile", ["human", "human"], seed=11)
    match_id, tokens = created["id"], tokens_of(created)
    engine = tavola.load("campanile", players=2).new_game(11)

    refused = act(api, match_id, tokens[0], 0, "take red", "it")
    assert refused.status_code == 422
    assert refused.json()["error"] == "illegal_action"  # the kind stays for programs
    try:
        engine.clone().apply(engine.read_action("take red"))
    except IllegalAction as error:
        with language("it"):
            reason, rule = error.reason, error.rule
    else:
        raise AssertionError("the engine allows 'take red' here")
    assert refused.json()["message"] == reason
    assert refused.json()["rule"] == rule

    # the server's own refusals too, by the cookie or ?lang= as well as the header
    stale = act(api, match_id, tokens[0], 5, engine.legal_notations()[0], "de")
    assert stale.status_code == 409
    with language("de"):
        german = CATALOG.gettext("you saw position {seq}; the match is at {now}")
    assert german != "you saw position {seq}; the match is at {now}"
    assert stale.json()["message"] == german.format(seq=5, now=0)
    api.http.cookies.set("tavola_lang", "fr")
    french = api.http.get(f"/api/matches/{match_id}/record")
    api.http.cookies.clear()
    asked = api.http.get(f"/api/matches/{match_id}/record?lang=it", headers=speaking("de"))
    with language("fr"):
        assert french.json()["message"] == str(
            CATALOG.lazy("the record is available once the match is over")
        )
    with language("it"):
        assert asked.json()["message"] == CATALOG.gettext(
            "the record is available once the match is over"
        )
    assert french.json()["message"] != asked.json()["message"]
    english = api.http.get(f"/api/matches/{match_id}/record")
    assert english.json()["message"] == "the record is available once the match is over"


class Socket:
    """One seat's WebSocket, opened in a language, and everything it received."""

    def __init__(self, ws_url: str, match_id: str, token: str, lang: str, by_query: bool):
        query = f"token={token}&svg=true" + (f"&lang={lang}" if by_query else "")
        self.url = f"{ws_url}/api/matches/{match_id}/ws?{query}"
        self.headers = {} if by_query else speaking(lang)
        self.lang = lang
        self.messages: list[dict[str, Any]] = []

    def open(self, stack: ExitStack) -> Socket:
        opening = connect(
            self.url, additional_headers=self.headers, open_timeout=30, max_size=2**24
        )
        self.connection = stack.enter_context(opening)
        return self

    def read_until(self, seq: int) -> None:
        while not self.messages or self.messages[-1]["seq"] < seq:
            message = json.loads(self.connection.recv(timeout=30))
            if message["type"] == "state":
                self.messages.append(message)


def expected_entries(record: dict[str, Any], lang: str) -> list[dict[str, Any]]:
    """The moves' public notations and events, as the engine shows them in ``lang``."""
    state = tavola.replay({**record, "actions": []})
    entries = []
    with language(lang):
        for seq, action in enumerate(record["actions"], start=1):
            events = state.apply(action)
            notation = state.game.public_notation(state.history[-1])
            entries.append(
                {"seq": seq, "action": notation, "events": list(map(event_json, events))}
            )
    return entries


def play(
    api: Api, match_id: str, tokens: dict[int, str], moves: int, lang: str, seed: int = 0
) -> list[Any]:
    """``moves`` random legal moves (the same for the same seed), each asked for in
    ``lang``: the answers."""
    rng = random.Random(seed)
    answers = []
    for _ in range(moves):
        state = api.get(match_id)
        seat = state["current_player"]
        mine = api.get(match_id, tokens[seat])
        answer = act(api, match_id, tokens[seat], mine["seq"], rng.choice(mine["legal"]), lang)
        assert answer.status_code == 200, answer.text
        answers.append(answer.json())
    return answers


def test_the_games_options_are_labelled_in_the_language_of_the_request(
    server: ServerProcess,
) -> None:
    api = Api(server.url)
    for lang, label, choice, item, wild in (
        ("en", "Farm scoring", "3 per city, once per player", "blue", "Wild ones"),
        ("it", "Punteggio dei poderi", "3 per città, una volta per giocatore", "blu", "Uno jolly"),
        ("de", "Wiesenwertung", "3 je Stadt, einmal je Spieler", "Blau", "Einsen als Joker"),
    ):
        games = api.http.get("/api/games", headers=speaking(lang)).json()
        options = {g["name"]: {o["name"]: o for o in g["options"]} for g in games}
        farms = options["carcassonne"]["farm_scoring"]
        assert farms["choices"] == ["per-farm-once", "per-farm", "per-city"]  # what it takes
        assert (farms["label"], farms["value_labels"]["per-farm-once"]) == (label, choice)
        assert options["campanile"]["towers"]["value_labels"]["blue"] == item
        assert options["dudo"]["wild_ones"]["label"] == wild  # a plugin's, from its catalog
        page = api.http.get("/", headers=speaking(lang)).text
        assert f"> {label}</label>" in page or f">{label}</label>" in page
        assert f">{choice}</option>" in page
        assert f'<span class="item">{item[:1].upper()}{item[1:]}</span>' in page  # the towers


def test_two_seats_read_the_match_each_in_its_own_language(server: ServerProcess) -> None:
    api = Api(server.url)
    created = api.create("campanile", ["human", "human"], seed=2024)
    match_id, tokens = created["id"], tokens_of(created)
    italian = Socket(server.ws_url, match_id, tokens[0], "it", by_query=True)
    german = Socket(server.ws_url, match_id, tokens[1], "de", by_query=False)
    with ExitStack() as stack:
        for socket in (italian, german):
            socket.open(stack)
        answers = play(api, match_id, tokens, 8, "fr")
        resigned = api.http.post(f"/api/matches/{match_id}/resign", headers=auth(tokens[1]))
        assert resigned.status_code == 200, resigned.text
        last = api.get(match_id)["seq"]
        for socket in (italian, german):
            socket.read_until(last)

    record = api.http.get(f"/api/matches/{match_id}/record").json()
    for socket, seat in ((italian, 0), (german, 1)):
        expected = expected_entries(record, socket.lang)
        entries = [entry for message in socket.messages for entry in message["log"]]
        moves = [{key: entry[key] for key in expected[0]} for entry in entries[:-1]]
        assert moves == expected  # each event in this seat's language
        for message in socket.messages:
            state = engine_state(record, min(message["seq"], len(record["actions"])))
            if message["is_over"]:
                continue
            legal = state.legal_notations() if state.current_player == seat else []
            with language(socket.lang):
                assert message["svg"] == state.game.svg(state.view(seat), legal)
        resignation = CATALOG.lazy("seat {seat} resigned", seat=1)
        words = CATALOG.lazy("{what}: seat {winner} wins", what=resignation, winner=0)
        with language(socket.lang):
            assert entries[-1]["events"][0]["text"] == str(words)
    assert italian.messages[-1]["log"][-1]["events"][0]["text"].startswith("il posto 1")
    assert german.messages[-1]["log"][-1]["events"][0]["text"].startswith("Platz 1")
    french = expected_entries(record, "fr")
    for answer in answers:
        got = [{key: entry[key] for key in french[0]} for entry in answer["log"]]
        assert got == french[: answer["seq"]]  # the HTTP answers in the request's language


def test_records_are_the_same_bytes_whatever_the_language(server: ServerProcess) -> None:
    api = Api(server.url)
    records = []
    for lang in ("en", "it", "de", "fr"):
        created = api.create("campanile", ["human", "human"], seed=99)
        match_id, tokens = created["id"], tokens_of(created)
        api.http.cookies.set("tavola_lang", lang)
        play(api, match_id, tokens, 6, lang)
        resigned = api.http.post(
            f"/api/matches/{match_id}/resign", headers={**auth(tokens[0]), **speaking(lang)}
        )
        assert resigned.status_code == 200, resigned.text
        records.append(api.http.get(f"/api/matches/{match_id}/record").content)
        api.http.cookies.clear()
    assert len(records[0]) > 0
    assert all(record == records[0] for record in records)


@pytest.mark.parametrize(
    ("lang", "tiles"),
    [("en", "cards or tiles"), ("it", "tessere"), ("de", "Plättchen"), ("fr", "tuiles")],
)
def test_the_replays_review_speaks_of_tiles_too(
    server: ServerProcess, lang: str, tiles: str
) -> None:
    """The replay's review says it never uses what was hidden: Carcassonne's tiles as well
    as the cards (playtest 8: "never the hidden cards" in a Carcassonne review)."""
    page = Api(server.url).http.get("/replay", headers=speaking(lang))
    assert page.status_code == 200
    review = page.text[page.text.index('id="tv-review-title"') :]
    assert tiles in review[: review.index('id="tv-review"')]
