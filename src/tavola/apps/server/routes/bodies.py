"""Every request body the API accepts, and every message a match's socket accepts.

Bodies are strict: a field of the wrong type or a field unknown is 422. A socket's
messages are ``SocketMessage`` (its ``type`` tells which); ``read_message`` answers a bad
one with the words the socket has always sent.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from fastapi import Body
from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    TypeAdapter,
    ValidationError,
    WithJsonSchema,
)

from tavola.apps.server.clocks import CORRESPONDENCE, REALTIME, TimeControl
from tavola.apps.server.request_language import lazy
from tavola.apps.server.routes.errors import ApiError
from tavola.apps.server.settings import ChatLimits
from tavola.core.game import RECORD_FORMAT

MAX_SECONDS = 90 * 86400
MIN_SECONDS = 0.5  # less runs out before a move can cross the network
MIN_INCREMENT = 0.1  # an increment is none (0) or at least this
MAX_SOCKET_MESSAGE = 16 * 1024
OptionValue = bool | int | str | list[str] | None


def whole(value: Any) -> Any:
    """A float that is a whole number (``388.0``), as the integer JSON Schema takes it for.

    >>> whole(388.0), whole(388.5), whole(True)
    (388, 388.5, True)
    """
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


Seq = Annotated[int, BeforeValidator(whole)]


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
    rated: bool = Field(
        default=False,
        description="its end rates its players (docs/players.md): no chosen seed or stacked "
        "deck, no take-back, no hint, each player at one seat",
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
    initial: float | None = Field(default=None, ge=MIN_SECONDS, le=MAX_SECONDS)
    increment: float | None = Field(
        default=None, ge=0, le=3600, description=f"0, or from {MIN_INCREMENT} seconds"
    )
    per_move: float | None = Field(default=None, ge=MIN_SECONDS, le=MAX_SECONDS)

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
        if self.increment and self.increment < MIN_INCREMENT:
            raise ApiError(
                422,
                "bad_time_control",
                lazy("an increment is 0 or at least {seconds} s", seconds=MIN_INCREMENT),
            )
        if self.kind == "realtime":
            assert self.initial is not None
            return TimeControl(REALTIME, self.initial, self.increment or 0.0)
        if self.kind == "correspondence":
            return TimeControl(CORRESPONDENCE, per_move=self.per_move)
        return TimeControl()


class PlayAction(Strict):
    seq: Seq = Field(ge=0, description="the seq of the state you saw")
    action: str = Field(max_length=200, examples=["place 1,0 90"])


class TakeBack(Strict):
    seq: Seq = Field(ge=0)


class TakeOver(Strict):
    seat: int = Field(ge=0, lt=8, description="the seat to hand to the heuristic bot")


class ChatMessage(Strict):
    # Declared here, enforced by ``chat.clean_text`` (422 ``too_long``, as it always was).
    text: str = Field(json_schema_extra={"maxLength": ChatLimits().length}, examples=["gg!"])


class MyTokens(Strict):
    tokens: list[Annotated[str, Field(max_length=200)]] = Field(max_length=100)


RECORD_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "a record, as tavola writes it (docs/api.md): it must replay",
    "required": ["format", "game", "options", "seed", "actions"],
    "properties": {
        "format": {"type": "string", "enum": [RECORD_FORMAT]},
        "game": {"type": "string", "description": "an installed game (GET /api/games)"},
        "options": {"type": "object", "description": "the game's options, all of them"},
        "seed": {"type": "integer", "minimum": 0},
        "actions": {"type": "array", "items": {"type": "string"}, "description": "notations"},
        "seats": {"type": "array", "items": {"type": "string"}},
        "names": {"type": "array", "items": {"type": "string"}},
    },
}
Record = Annotated[
    dict[str, Any], WithJsonSchema(RECORD_SCHEMA), Body(description="a record, as tavola writes it")
]


# -- a match's socket ---------------------------------------------------------------------


class ActionMessage(PlayAction):
    """``{"type": "action", "seq", "action"}``: play, as ``POST .../actions``."""

    type: Literal["action"]


class TakeBackMessage(TakeBack):
    """``{"type": "takeback", "seq"}``: take back, as ``POST .../takeback``."""

    type: Literal["takeback"]


class PingMessage(BaseModel):
    """``{"type": "ping"}`` (anything else in it is ignored): answered with a pong."""

    type: Literal["ping"]


class OtherMessage(BaseModel):
    """A message of a type the socket does not know (its ``seq`` is checked first)."""

    model_config = ConfigDict(strict=True)
    type: str
    seq: int = Field(ge=0)


KNOWN = ("action", "takeback", "ping")
SocketMessage = Annotated[
    Annotated[ActionMessage, Tag("action")]
    | Annotated[TakeBackMessage, Tag("takeback")]
    | Annotated[PingMessage, Tag("ping")]
    | Annotated[OtherMessage, Tag("other")],
    Discriminator(lambda data: data["type"] if data["type"] in KNOWN else "other"),
]
SOCKET_MESSAGE: TypeAdapter[SocketMessage] = TypeAdapter(SocketMessage)
ONLY = {
    "action": lazy("an action has only type, seq and action"),
    "takeback": lazy("a take-back has only type and seq"),
}


def read_message(text: str | None) -> ActionMessage | TakeBackMessage | PingMessage:
    """A socket's message, or 413/422 ``bad_message`` with what is wrong with it: its
    ``seq`` first, then its ``action``, then fields it does not take."""
    if text is None:
        raise ApiError(422, "bad_message", lazy("messages are JSON text"))
    if len(text) > MAX_SOCKET_MESSAGE:
        raise ApiError(
            413, "too_large", lazy("a message is at most {limit} bytes", limit=MAX_SOCKET_MESSAGE)
        )
    try:
        data: Any = json.loads(text)
    except (ValueError, RecursionError):  # bad JSON, or a number of over 4,300 digits
        raise ApiError(422, "bad_message", lazy("a message is a JSON object")) from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ApiError(422, "bad_message", lazy('a message is a JSON object with a "type"'))
    try:
        message = SOCKET_MESSAGE.validate_python(data)
    except ValidationError as invalid:
        fields = {(error["loc"][1], error["type"]) for error in invalid.errors()}
        if any(field == "seq" for field, _ in fields):
            words = lazy("'seq' must be a whole number: the seq you saw")
        elif ("action", "extra_forbidden") not in fields and any(
            field == "action" for field, _ in fields
        ):
            words = lazy("'action' must be a notation (text)")
        else:
            words = ONLY[data["type"]]
        raise ApiError(422, "bad_message", words) from None
    if isinstance(message, OtherMessage):
        kind = message.type
        raise ApiError(422, "bad_message", lazy("unknown message type {kind!r}", kind=kind))
    return message
