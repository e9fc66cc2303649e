"""Light on the wire: compressed answers and sockets, static files asked again answered 304,
and a socket whose client reads slowly (or not at all) holds one state at most.

Whole matches sent as patches are checked in ``test_matches.py``; the browser's side in
``tests/apps/web/test_wire.py``.
"""

from __future__ import annotations

import asyncio
import json
import random
import socket as sockets
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from websockets.extensions.permessage_deflate import PerMessageDeflate
from websockets.frames import Frame, Opcode
from websockets.sync.client import connect

from tavola.apps.server import patches
from tavola.apps.server.outbox import Outbox, Update
from tavola.apps.server.ws_deflate import SMALL, SmallUncompressed
from tests.apps.server.client import Api, play_randomly, tokens_of
from tests.live_server import ServerProcess, running_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server on SQLite for this module (what it tests does not depend on the database)."""
    folder = tmp_path_factory.mktemp("db")
    with running_server(f"sqlite:///{folder / 'tavola.sqlite3'}") as running:
        yield running


def state(seq: int, log: list[int], chat: list[str] | None = None) -> Update:
    return Update({"type": "state", "seq": seq, "log": log, "chat": chat or []})


def test_an_outbox_holds_the_latest_state_with_every_log_entry_in_order() -> None:
    async def main() -> None:
        outbox = Outbox(limit=3)
        outbox.put_state(state(1, [1], chat=["hello"]))  # a socket's first state: the chat
        assert outbox.put('{"type": "ack"}')
        for seq in range(2, 1000):
            outbox.put_state(state(seq, [seq]))
        assert outbox.put('{"type": "chat"}')
        assert outbox.put('{"type": "pong"}')
        assert not outbox.put('{"type": "pong"}')  # past the limit: the client is dropped
        assert outbox.put(None)  # closing always fits
        first = await outbox.get()
        assert isinstance(first, Update)
        assert first.message == {
            "type": "state",
            "seq": 999,
            "log": list(range(1, 1000)),
            "chat": ["hello"],
        }
        assert [await outbox.get() for _ in range(4)] == [
            '{"type": "ack"}',
            '{"type": "chat"}',
            '{"type": "pong"}',
            None,
        ]
        outbox.put_state(state(1000, [1000]))  # once sent, the next state queues anew
        assert (await outbox.get()) is not first

    asyncio.run(main())


def test_a_patch_is_made_once_for_every_socket_sent_the_same() -> None:
    before, after = state(1, [1]), state(2, [2])
    text = after.patch_from(before)
    assert after.patch_from(before) is text
    assert json.loads(text) == {"type": "patch", "patch": [1, {"seq": [0, 2], "log": [0, [2]]}, []]}


def test_a_client_that_does_not_read_gets_only_the_latest_state(server: ServerProcess) -> None:
    """It stops reading (a tiny receive buffer, one message queued) while a whole match is
    played, its states' pictures far more than the kernel's buffers hold (4 MiB): its
    socket holds one state, and once it reads it gets the last position with every log
    entry, without most states in between."""
    api = Api(server.url)
    created = api.create("carcassonne", ["human", "human"], seed=5)
    url = urlsplit(server.url)
    raw = sockets.socket()
    raw.setsockopt(sockets.SOL_SOCKET, sockets.SO_RCVBUF, 4096)
    raw.connect((url.hostname, url.port))
    ws_url = f"{server.ws_url}/api/matches/{created['id']}/ws?svg=true"
    with connect(ws_url, sock=raw, compression=None, max_queue=1, max_size=2**24) as slow:
        final = play_randomly(api, created["id"], tokens_of(created), seed=5)
        received: list[dict[str, Any]] = []
        while not (received and received[-1]["is_over"]):
            received.append(json.loads(slow.recv(timeout=30)))
    entries = [entry["seq"] for message in received for entry in message["log"]]
    assert entries == list(range(1, final["seq"] + 1))
    assert received[-1]["seq"] == final["seq"]
    assert len(received) < final["seq"] // 2  # most states in between never waited


def test_sockets_are_compressed_when_the_client_offers_it(server: ServerProcess) -> None:
    api = Api(server.url)
    created = api.create("campanile", ["human", "human"], options={"players": 2})
    ws_url = f"{server.ws_url}/api/matches/{created['id']}/ws"
    with connect(ws_url) as compressed:
        assert compressed.response is not None
        agreed = compressed.response.headers["Sec-WebSocket-Extensions"]
        assert "permessage-deflate" in agreed
        assert "server_max_window_bits=12" in agreed  # its memory bounded
    with connect(ws_url, compression=None) as plain:
        assert plain.response is not None
        assert "Sec-WebSocket-Extensions" not in plain.response.headers
        assert json.loads(plain.recv(timeout=30))["type"] == "state"  # whole, as before


def test_text_answers_are_gzipped_and_static_files_asked_again_answered_304(
    server: ServerProcess,
) -> None:
    http = httpx.Client(base_url=server.url, headers={"Accept-Encoding": "gzip"})
    page = http.get("/")
    assert page.headers["Content-Encoding"] == "gzip"
    assert "script-src 'self'" in page.headers["Content-Security-Policy"]
    script = http.get("/static/match.js")
    assert script.headers["Content-Encoding"] == "gzip"
    assert script.headers["Cache-Control"] == "no-cache"
    assert script.headers["X-Content-Type-Options"] == "nosniff"
    again = http.get("/static/match.js", headers={"If-None-Match": script.headers["ETag"]})
    assert again.status_code == 304
    assert again.content == b""
    games = http.get("/api/games")
    assert games.headers["Content-Encoding"] == "gzip"
    assert "Cache-Control" not in games.headers
    assert games.json()  # the same JSON, decompressed by the client


def test_short_messages_go_uncompressed_and_the_stream_still_inflates() -> None:
    """Per message (RFC 7692): under ``SMALL`` bytes a message is sent as it is (no RSV1),
    and the compressed ones around it still inflate, with context takeover, in order."""
    server_side = SmallUncompressed(False, False, 12, 12, {"memLevel": 5})
    client_side = PerMessageDeflate(False, False, 12, 12)
    rng = random.Random(1)
    for index in range(200):
        size = rng.choice([10, SMALL - 1, SMALL, 5000])
        text = json.dumps({"n": index, "pad": "ab" * rng.randrange(size)})[:size].encode()
        sent = server_side.encode(Frame(Opcode.TEXT, text))
        assert sent.rsv1 == (len(text) >= SMALL)
        assert client_side.decode(sent).data == text


TIMED = ("away", "clocks")  # seconds, as measured when a state is built


def untimed(state: dict[str, Any]) -> dict[str, Any]:
    """A state without the figures measured when it was built: two sockets' states of one
    position may be built a moment apart (on a busy machine, a tenth of a second or more)."""
    return {key: value for key, value in state.items() if key not in (*TIMED, "clock_grace")}


def test_a_socket_that_acts_rebuilds_every_state_from_deflated_patches(
    server: ServerProcess,
) -> None:
    """A seat that plays over its socket, asking patches and offering permessage-deflate
    (acks and short patches uncompressed, the rest deflated), rebuilds at every step the
    state another socket of the seat is sent whole and uncompressed."""
    api = Api(server.url)
    created = api.create("campanile", ["human", "human"], options={"players": 2}, seed=3)
    tokens = tokens_of(created)
    base = f"{server.ws_url}/api/matches/{created['id']}/ws?token={tokens[0]}"
    rng = random.Random(3)
    with (
        connect(f"{base}&patches=true", max_size=2**24) as deflated,
        connect(base, compression=None, max_size=2**24) as plain,
    ):
        rebuilt: dict[str, Any] | None = None
        whole: dict[str, Any] = {"is_over": False}
        while not whole["is_over"]:
            whole = json.loads(plain.recv(timeout=30))
            while rebuilt is None or rebuilt["seq"] < whole["seq"]:
                message = json.loads(deflated.recv(timeout=30))
                if message["type"] == "ack":
                    continue
                rebuilt = patches.apply(rebuilt, message["patch"]) if rebuilt else message
            assert untimed(rebuilt) == untimed(whole)
            for field in TIMED:  # read off the clock when each socket's state was built
                for mine, theirs in zip(rebuilt[field], whole[field], strict=True):
                    assert (mine is None) == (theirs is None), field
                    assert mine is None or abs(mine - theirs) <= 2, field
            mover = whole["current_player"]
            if mover == 0:
                action = rng.choice(whole["legal"])
                deflated.send(json.dumps({"type": "action", "seq": whole["seq"], "action": action}))
            elif mover == 1:
                mine = api.get(created["id"], tokens[1])
                api.act(created["id"], tokens[1], mine["seq"], rng.choice(mine["legal"]))
