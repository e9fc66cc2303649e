"""A match's socket: the state after every entry of its log; it takes actions too.

The messages it takes are ``bodies.SocketMessage``; each is answered (an ack, a pong or an
error) and the socket stays open. See docs/server.md.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from fastapi import APIRouter, Query, WebSocket
from starlette.websockets import WebSocketDisconnect, WebSocketState

from tavola.apps.server.hub import Subscriber
from tavola.apps.server.live import LiveMatch
from tavola.apps.server.rates import client_address
from tavola.apps.server.refusals import Refused
from tavola.apps.server.request_language import lazy
from tavola.apps.server.routes.bodies import ActionMessage, PingMessage, read_message
from tavola.apps.server.routes.errors import status_of
from tavola.apps.server.service import MatchService
from tavola.apps.server.tables import Tables

router = APIRouter(prefix="/api")


@router.websocket("/matches/{match_id}/ws")
async def match_socket(
    websocket: WebSocket,
    match_id: str,
    token: Annotated[str | None, Query(max_length=200)] = None,
    svg: bool = False,
    patches: bool = False,
) -> None:
    """The state after every entry of the log (``patches``: after the first, each as a
    patch of the one before); accepts actions and take-backs."""
    await websocket.accept()
    await counted(websocket, lambda: _serve(websocket, match_id, token, svg, patches))


async def counted(websocket: WebSocket, serve: Callable[[], Awaitable[None]]) -> None:
    """``serve`` the accepted socket, unless its address has as many open as the server
    allows (every socket counts: a match's or a tournament's)."""
    open_sockets: Counter[str] = websocket.app.state.sockets
    address = client_address(websocket)
    cap = websocket.app.state.service.settings.connections.sockets_per_address
    if open_sockets[address] >= cap:
        words = lazy("at most {count} sockets open at once from one address", count=cap)
        await refuse(websocket, Refused("too_many_sockets", words, retry_after=10.0))
        return
    open_sockets[address] += 1
    try:
        await serve()
    finally:
        open_sockets[address] -= 1
        if not open_sockets[address]:
            del open_sockets[address]


async def refuse(websocket: WebSocket, refusal: Refused) -> None:
    """One error, then the socket closes (code 4000 + the HTTP status)."""
    await websocket.send_json({"type": "error", "status": status_of(refusal), **refusal.body()})
    await websocket.close(code=4000 + status_of(refusal))


async def _serve(
    websocket: WebSocket, match_id: str, token: str | None, svg: bool, patches: bool
) -> None:
    service: MatchService = websocket.app.state.service
    tables: Tables = websocket.app.state.tables
    try:
        live = await service.get(match_id)
        seat = live.seat_of(token)
    except Refused as refusal:
        await refuse(websocket, refusal)
        return
    subscriber = service.hub.subscribe(live, seat, svg, patches)
    writer = asyncio.create_task(_write(websocket, subscriber))
    try:
        await tables.arrive(live, seat)
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            if not subscriber.holds_seat(live):  # its token was replaced: it acts for nobody
                service.hub.revoke(live, subscriber)
                break
            reply = await _answer(service, live, seat, message.get("text"))
            await tables.seen(live, seat)
            if not subscriber.send(reply):  # it sends and does not read: let it go
                break
    except WebSocketDisconnect:
        pass
    finally:
        service.hub.leave(live, subscriber)
        subscriber.close()
        await writer
        await tables.leave(live, seat)


async def _write(websocket: WebSocket, subscriber: Subscriber) -> None:
    while (item := await subscriber.outbox.get()) is not None:
        if websocket.client_state != WebSocketState.CONNECTED:
            return
        text = item if isinstance(item, str) else subscriber.encode(item)
        try:
            await websocket.send_text(text)
        except (WebSocketDisconnect, RuntimeError):
            return
    if websocket.client_state == WebSocketState.CONNECTED:
        await websocket.close(code=subscriber.close_code)


async def _answer(
    service: MatchService, live: LiveMatch, seat: int | None, text: str | None
) -> dict[str, Any]:
    """One client message answered: an ack, or an error (the socket stays open)."""
    try:
        message = read_message(text)
        if isinstance(message, PingMessage):
            return {"type": "pong", "seq": live.seq}
        if isinstance(message, ActionMessage):
            await service.move(live, seat, message.seq, message.action)
        else:
            await service.take_back(live, seat, message.seq)
        return {"type": "ack", "seq": live.seq}
    except Refused as refusal:
        body = refusal.body()
        body.pop("state", None)  # a subscriber is sent every state anyway: keep errors small
        return {"type": "error", "status": status_of(refusal), **body, "seq": live.seq}
