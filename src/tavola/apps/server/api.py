"""The HTTP and WebSocket API (documented in docs/server.md; OpenAPI at ``/docs``).

Every error is JSON: ``{"error": kind, "message": words}`` with a 4xx status.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Header, Path, Query, Request, WebSocket
from pydantic import BaseModel, ConfigDict, Field
from starlette.websockets import WebSocketDisconnect, WebSocketState

from tavola.apps.server.clocks import CORRESPONDENCE, REALTIME, TimeControl
from tavola.apps.server.errors import ApiError
from tavola.apps.server.hub import Subscriber
from tavola.apps.server.live import LiveMatch, TableRules
from tavola.apps.server.messages import match_summary, message_for
from tavola.apps.server.rates import client_limit
from tavola.apps.server.request_language import lazy
from tavola.apps.server.service import MatchService
from tavola.apps.server.tables import Tables
from tavola.apps.server.webhooks import WebhookRefused, public_address
from tavola.core.registry import game_classes

router = APIRouter(prefix="/api")

MAX_SOCKET_MESSAGE = 16 * 1024
MAX_SECONDS = 90 * 86400
DEFAULT_ABANDON_REALTIME = 300
EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")
MatchId = Annotated[str, Path(pattern=r"^[A-Za-z0-9_-]{1,32}$", description="the match's id")]
OptionValue = bool | int | str | list[str] | None


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class CreateMatch(Strict):
    game: str = Field(max_length=64, examples=["carcassonne"])
    options: dict[str, OptionValue] = Field(default_factory=dict, examples=[{"river": True}])
    seats: list[Annotated[str, Field(max_length=200)]] = Field(
        min_length=1, max_length=8, examples=[["human", "ismcts:iterations=300"]]
    )
    names: list[Annotated[str, Field(max_length=40)] | None] | None = Field(
        default=None, max_length=8, examples=[["Ada", None]]
    )
    seed: int | None = Field(default=None, ge=0, lt=2**63)
    listed: bool = Field(default=True, description="shown on the lobby's list of live matches")
    time_control: TimeControlBody | None = Field(
        default=None, examples=[{"kind": "realtime", "initial": 600, "increment": 10}]
    )
    on_timeout: Literal["bot", "lose"] = Field(
        default="bot", description='"lose": a 2-player match ends and the other seat wins'
    )
    abandon_after: int | None = Field(
        default=None,
        ge=1,
        le=MAX_SECONDS,
        description="seconds away after which another seat may hand a seat to a bot "
        "(default: 300 with a real-time clock, the move limit in correspondence, else never)",
    )
    chat_public: bool = Field(default=False, description="spectators read the chat")
    hints: bool | None = Field(
        default=None,
        description="the seat to move may ask for a suggested move "
        "(default: on with at most one human seat, off with several)",
    )
    webhooks: list[Annotated[str, Field(max_length=500)] | None] | None = Field(
        default=None, max_length=8, description="per seat: a URL POSTed when it is to move"
    )
    emails: list[Annotated[str, Field(max_length=254)] | None] | None = Field(
        default=None, max_length=8, description="per seat: an address told when it is to move"
    )


class TimeControlBody(Strict):
    """``realtime``: ``initial`` seconds and ``increment`` per action; ``correspondence``:
    ``per_move`` seconds per turn; ``none``."""

    kind: Literal["none", "realtime", "correspondence"]
    initial: float | None = Field(default=None, gt=0, le=MAX_SECONDS)
    increment: float | None = Field(default=None, ge=0, le=3600)
    per_move: float | None = Field(default=None, gt=0, le=MAX_SECONDS)

    def control(self) -> TimeControl:
        fields = {"realtime": {"initial"}, "correspondence": {"per_move"}, "none": set()}
        needed = fields[self.kind]
        given = {name for name in ("initial", "per_move") if getattr(self, name) is not None}
        if self.increment is not None:
            given.add("increment")
        allowed = needed | ({"increment"} if self.kind == "realtime" else set())
        if not needed <= given or not given <= allowed:
            takes = {
                "realtime": lazy(
                    'a "realtime" time control takes "initial" seconds (and "increment")'
                ),
                "correspondence": lazy('a "correspondence" time control takes "per_move" seconds'),
                "none": lazy('a time control of kind "none" takes nothing else'),
            }
            raise ApiError(422, "bad_time_control", takes[self.kind])
        if self.kind == "realtime":
            assert self.initial is not None
            return TimeControl(REALTIME, self.initial, self.increment or 0.0)
        if self.kind == "correspondence":
            return TimeControl(CORRESPONDENCE, per_move=self.per_move)
        return TimeControl()


class PlayAction(Strict):
    seq: int = Field(ge=0, description="the seq of the state you saw")
    action: str = Field(max_length=200, examples=["place 1,0 90"])


class TakeBack(Strict):
    seq: int = Field(ge=0)


def service_of(request: Request) -> MatchService:
    service: MatchService = request.app.state.service
    return service


def tables_of(request: Request) -> Tables:
    tables: Tables = request.app.state.tables
    return tables


Service = Annotated[MatchService, Depends(service_of)]


def bearer(authorization: Annotated[str | None, Header()] = None) -> str | None:
    """The token of ``Authorization: Bearer TOKEN`` (``None``: a spectator)."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "bad_token", lazy("write the header as 'Authorization: Bearer TOKEN'"))
    return token.strip()


Token = Annotated[str | None, Depends(bearer)]


def _clean_name(name: str | None) -> str | None:
    if name is None:
        return None
    name = " ".join(name.split())
    if any(not char.isprintable() for char in name):
        raise ApiError(422, "bad_names", lazy("a name is printable text"))
    return name or None


@router.get("/games")
def list_games() -> list[dict[str, Any]]:
    """Every game with its options: name, default, valid values, help, label and the
    values' labels (the words in the request's language)."""
    games = []
    for name, cls in game_classes().items():
        options = [
            {
                "name": spec.name,
                "default": spec.to_json(spec.default),
                "kind": spec.value_kind.__name__,
                "choices": None if spec.choices is None else list(spec.choices),
                "item_choices": None if spec.item_choices is None else list(spec.item_choices),
                "valid": spec.valid_values(),
                "help": str(spec.help),
                "secret": spec.secret,
                "label": spec.shown_label(),
                "value_labels": spec.shown_values(),
            }
            for spec in cls.option_specs
        ]
        about = {"name": name, "title": str(cls.title), "summary": str(cls.summary)}
        games.append({**about, "options": options})
    return games


@router.post("/matches", status_code=201, dependencies=[Depends(client_limit("matches"))])
async def create_match(body: CreateMatch, service: Service) -> dict[str, Any]:
    """A new match; one secret token per human seat (in its invite link)."""
    names = None if body.names is None else [_clean_name(name) for name in body.names]
    webhooks = _check_each(body.webhooks, _check_webhook)
    if webhooks and not service.settings.alerts.private_webhooks:
        for url in filter(None, webhooks):
            await _check_public(url)
    emails = _check_each(body.emails, _check_email)
    table = _table(body)
    return await service.create(
        body.game, body.options, body.seats, names, body.seed, body.listed, table, webhooks, emails
    )


def _table(body: CreateMatch) -> TableRules:
    control = TimeControl() if body.time_control is None else body.time_control.control()
    abandon = body.abandon_after
    if abandon is None and control.kind == REALTIME:
        abandon = DEFAULT_ABANDON_REALTIME
    elif abandon is None and control.kind == CORRESPONDENCE:
        assert control.per_move is not None
        abandon = max(1, round(control.per_move))
    hints = body.hints
    if hints is None:
        hints = sum(spec.strip().lower() == "human" for spec in body.seats) <= 1
    return TableRules(control, body.on_timeout, abandon, body.chat_public, hints)


def _check_each(
    values: list[str | None] | None, check: Callable[[str], str]
) -> list[str | None] | None:
    if values is None:
        return None
    return [check(value.strip()) if value and value.strip() else None for value in values]


def _check_webhook(url: str) -> str:
    if not re.fullmatch(r"https?://[^\s/?#]+[^\s]*", url):
        raise ApiError(
            422, "bad_webhooks", lazy("a webhook is an http(s) URL, not {url!r}", url=url)
        )
    return url


async def _check_public(url: str) -> None:
    """Refuse a webhook whose host is not public (see ``webhooks.py``)."""
    try:
        await public_address(url)
    except WebhookRefused as error:
        if not error.found:
            message = lazy("a webhook's host {host!r} was not found", host=error.host)
        else:
            message = lazy(
                "a webhook must reach a public address, and {host!r} is not one", host=error.host
            )
        raise ApiError(422, "bad_webhooks", message) from None


def _check_email(address: str) -> str:
    if not EMAIL.fullmatch(address):
        raise ApiError(
            422, "bad_emails", lazy("{address!r} is not an e-mail address", address=address)
        )
    return address


@router.get("/matches")
async def list_matches(service: Service) -> dict[str, Any]:
    """The listed matches most recently created, for spectators."""
    return {"matches": [match_summary(live) for live in await service.listed()]}


@router.get("/matches/{match_id}")
async def get_match(
    match_id: MatchId, service: Service, token: Token, request: Request, svg: bool = False
) -> dict[str, Any]:
    """The match as the token's seat sees it (no token: as a spectator)."""
    live = await service.get(match_id)
    seat = live.seat_of(token)
    await tables_of(request).seen(live, seat)
    return message_for(live, seat, svg=svg)


@router.post("/matches/{match_id}/actions")
async def play_action(
    match_id: MatchId,
    body: PlayAction,
    service: Service,
    token: Token,
    request: Request,
    svg: bool = False,
) -> dict[str, Any]:
    """Play a move on the position ``seq``; returns the new state."""
    live = await service.get(match_id)
    seat = live.seat_of(token)
    if seat is None:
        raise ApiError(401, "no_token", lazy("playing needs a seat's token"))
    await tables_of(request).seen(live, seat)
    await service.move(live, seat, body.seq, body.action)
    return message_for(live, seat, svg=svg)


@router.post("/matches/{match_id}/takeback")
async def take_back(
    match_id: MatchId, body: TakeBack, service: Service, token: Token
) -> dict[str, Any]:
    """Take back your own last action while you are still to move and it revealed nothing."""
    live = await service.get(match_id)
    seat = live.seat_of(token)
    if seat is None:
        raise ApiError(401, "no_token", lazy("taking back needs a seat's token"))
    await service.take_back(live, seat, body.seq)
    return message_for(live, seat)


@router.post("/matches/{match_id}/hint", dependencies=[Depends(client_limit("hints"))])
async def ask_hint(match_id: MatchId, service: Service, token: Token) -> dict[str, Any]:
    """A suggested move for the seat to move, judged from its view (matches with hints on):
    ``{"seq", "action", "win", "win_se", "margin", "samples"}``."""
    live = await service.get(match_id)
    seat = live.seat_of(token)
    if seat is None:
        raise ApiError(401, "no_token", lazy("a hint needs a seat's token"))
    return await service.hint(live, seat)


@router.get("/matches/{match_id}/record")
async def get_record(match_id: MatchId, service: Service) -> dict[str, Any]:
    """The engine's record (seed and private notations): only once the match is over."""
    live = await service.get(match_id)
    if not live.is_over:
        raise ApiError(403, "not_over", lazy("the record is available once the match is over"))
    return live.state.record()


@router.websocket("/matches/{match_id}/ws")
async def match_socket(
    websocket: WebSocket,
    match_id: str,
    token: Annotated[str | None, Query(max_length=200)] = None,
    svg: bool = False,
) -> None:
    """The state after every entry of the log; accepts actions and take-backs."""
    service: MatchService = websocket.app.state.service
    tables: Tables = websocket.app.state.tables
    await websocket.accept()
    try:
        live = await service.get(match_id)
        seat = live.seat_of(token)
    except ApiError as error:
        await websocket.send_json({"type": "error", **error.body()})
        await websocket.close(code=4000 + error.status)
        return
    subscriber = service.hub.subscribe(live, seat, svg)
    writer = asyncio.create_task(_write(websocket, subscriber))
    try:
        await tables.arrive(live, seat)
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
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
    while (text := await subscriber.outbox.get()) is not None:
        if websocket.client_state != WebSocketState.CONNECTED:
            return
        try:
            await websocket.send_text(text)
        except (WebSocketDisconnect, RuntimeError):
            return
    if websocket.client_state == WebSocketState.CONNECTED:
        await websocket.close()


async def _answer(
    service: MatchService, live: LiveMatch, seat: int | None, text: str | None
) -> dict[str, Any]:
    """One client message answered: an ack, or an error (the socket stays open)."""
    try:
        request = _read(text)
        kind = request["type"]
        if kind == "ping":
            return {"type": "pong", "seq": live.seq}
        seq = request.get("seq")
        if not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
            raise ApiError(
                422, "bad_message", lazy("'seq' must be a whole number: the seq you saw")
            )
        if kind == "action":
            action = request.get("action")
            if not isinstance(action, str) or len(action) > 200:
                raise ApiError(422, "bad_message", lazy("'action' must be a notation (text)"))
            if set(request) - {"type", "seq", "action"}:
                raise ApiError(422, "bad_message", lazy("an action has only type, seq and action"))
            await service.move(live, seat, seq, action)
        elif kind == "takeback":
            if set(request) - {"type", "seq"}:
                raise ApiError(422, "bad_message", lazy("a take-back has only type and seq"))
            await service.take_back(live, seat, seq)
        else:
            raise ApiError(422, "bad_message", lazy("unknown message type {kind!r}", kind=kind))
        return {"type": "ack", "seq": live.seq}
    except ApiError as error:
        body = error.body()
        body.pop("state", None)  # a subscriber is sent every state anyway: keep errors small
        return {"type": "error", "status": error.status, **body, "seq": live.seq}


def _read(text: str | None) -> dict[str, Any]:
    if text is None:
        raise ApiError(422, "bad_message", lazy("messages are JSON text"))
    if len(text) > MAX_SOCKET_MESSAGE:
        raise ApiError(
            413, "too_large", lazy("a message is at most {limit} bytes", limit=MAX_SOCKET_MESSAGE)
        )
    try:
        request = json.loads(text)
    except (ValueError, RecursionError):  # bad JSON, or a number of over 4,300 digits
        raise ApiError(422, "bad_message", lazy("a message is a JSON object")) from None
    if not isinstance(request, dict) or not isinstance(request.get("type"), str):
        raise ApiError(422, "bad_message", lazy('a message is a JSON object with a "type"'))
    return request
