"""A position's messages are built once per seat and shared among that seat's sockets
(``messages.Sights``, ``hub.Built``): each socket still gets exactly its own seat's view,
legal actions and picture, in its own language, and never another seat's."""

from __future__ import annotations

import asyncio
import json
import random
from datetime import UTC, datetime
from typing import Any

from tavola.apps.server import patches
from tavola.apps.server.hub import Hub, Subscriber
from tavola.apps.server.live import LiveMatch, SeatInfo
from tavola.apps.server.messages import message_for
from tavola.apps.server.outbox import Update, to_json
from tavola.core.i18n import language

# (seat, svg, language, patches): two sockets of seat 0 alike, others apart by one thing
SOCKETS = [
    (0, True, "en", False),
    (0, True, "en", False),
    (0, True, "it", False),
    (0, False, "en", True),
    (1, True, "en", True),
    (2, False, "de", False),
    (None, True, "en", False),
    (None, True, "fr", True),
]
MOMENT = ("clocks", "clock_grace", "away")  # what depends on when a message is built


def test_each_socket_gets_its_own_seats_message_built_once_per_seat() -> None:
    async def main() -> None:
        live = started("campanile", 3)
        hub = Hub()
        subscribers = []
        for seat, svg, lang, patched in SOCKETS:
            with language(lang):
                subscribers.append(hub.subscribe(live, seat, svg, patched))
        states: list[dict[str, Any] | None] = [None] * len(SOCKETS)
        rng = random.Random(3)
        while True:
            updates = [
                await read(subscriber, states, index)
                for index, subscriber in enumerate(subscribers)
            ]
            if live.seq:  # after a move (a socket's first state is its own)
                assert updates[0] is updates[1]  # two sockets alike: one message, one encoding
                assert len({id(update) for update in updates}) == len(SOCKETS) - 1
                views = [id(update.message["view"]) for update in updates]
                assert views[0] == views[2] == views[3]  # seat 0's view, built once
                assert len({views[0], views[4], views[5], views[6]}) == 4  # each seat's own
            for state, (seat, svg, lang, _) in zip(states, SOCKETS, strict=True):
                assert state is not None
                with language(lang):
                    alone = message_for(live, seat, live.seq - 1 if live.seq else 0, svg)
                assert state["view"] == live.state.view(seat)
                assert ("svg" in state) == svg
                same = [key for key in alone if key not in (*MOMENT, "log", "chat")]
                assert {key: state[key] for key in same} == {key: alone[key] for key in same}
            if live.is_over or live.seq >= 12:
                return
            play_randomly(live, hub, rng)

    asyncio.run(main())


def test_a_positions_messages_are_encoded_as_each_seat_sees_it() -> None:
    async def main() -> None:
        live = started("carcassonne", 2)
        hub = Hub()
        subscribers = [hub.subscribe(live, seat, False) for seat in (0, 1, None)]
        rng = random.Random(5)
        for _ in range(9):
            updates = []
            for subscriber in subscribers:
                update = await asyncio.wait_for(subscriber.outbox.get(), timeout=5)
                assert isinstance(update, Update)
                text = subscriber.encode(update)
                assert text == to_json(update.message)
                assert json.loads(text)["view"] == live.state.view(subscriber.seat)
                updates.append(update)
            if live.seq:  # the seats' views share their table (the board, the features)
                features = {id(update.message["view"]["features"]) for update in updates}
                assert len(features) == 1
            play_randomly(live, hub, rng)

    asyncio.run(main())


def test_a_message_is_compact_json_that_reads_back_as_itself() -> None:
    message: dict[Any, Any] = {"view": {"seat": 0, "to": None, "on": True}, "é": "è «»", 3: [1.5]}
    text = to_json(message)
    assert text == '{"view":{"seat":0,"to":null,"on":true},"é":"è «»","3":[1.5]}'
    assert json.loads(text) == json.loads(json.dumps(message))  # keys as JSON writes them
    huge = {"view": {"count": 2**70, "scores": [1, 2]}}  # past orjson's 64 bits: still sent
    assert json.loads(to_json(huge)) == huge


def started(game: str, players: int) -> LiveMatch:
    """A started match of ``players`` human seats (seed 7)."""
    at = datetime.now(UTC)
    seats = [SeatInfo(seat, "human", None, None, f"hash{seat}") for seat in range(players)]
    live = LiveMatch.create("m", game, {"players": players}, 7, False, False, at, seats)
    live.start(at)
    return live


def play_randomly(live: LiveMatch, hub: Hub, rng: random.Random) -> None:
    """A random legal move of the seat to move, committed and published."""
    mover = live.current_player
    trial = live.try_move(mover, live.seq, rng.choice(live.legal_for(mover)))
    live.commit(trial, live.seq + 1, datetime.now(UTC))
    hub.publish(live)


async def read(subscriber: Subscriber, states: list[dict[str, Any] | None], index: int) -> Update:
    """The socket's next state as its writer sends it, rebuilt as its client does."""
    update = await asyncio.wait_for(subscriber.outbox.get(), timeout=5)
    assert isinstance(update, Update)
    message = json.loads(subscriber.encode(update))
    if message["type"] == "patch":
        message = patches.apply(states[index], message["patch"])
    states[index] = message
    return update
