"""Errors at the HTTP boundary: each refusal's status, and every error answered as JSON.

Every error is ``{"error": kind, "message": words, ...details}`` with a 4xx status (500
for a failure of the server, 503 while its database is away: ``Failures``). The
domain's refusals (``Refused``) get their status from ``STATUS`` by kind; a route that
refuses a request for what only HTTP knows (its header, its body, a socket's message)
raises ``ApiError`` with its status.
"""

from __future__ import annotations

import logging
import math
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict
from sqlalchemy import exc
from starlette.exceptions import HTTPException
from starlette.routing import Match
from starlette.types import Message, Receive, Scope, Send

from tavola.apps.server.http_middleware import HttpMiddleware
from tavola.apps.server.refusals import CONFLICTS, Refused
from tavola.apps.server.request_language import _
from tavola.core.i18n import Text

log = logging.getLogger("tavola.server")

STATUS: dict[str, int] = {
    "bad_token": 401,
    **dict.fromkeys(
        ["name_taken", "seat_claimed", "challenge_taken", "challenge_expired", "closed", "entered"],
        409,
    ),
    **dict.fromkeys(
        ["spectator", "replaced", "not_your_turn", "no_hints", "bot_seat", "rated", "bad_key"],
        403,
    ),
    **dict.fromkeys(
        ["no_match", "no_rematch", "no_player", "no_challenge", "no_tournament", "not_entered"],
        404,
    ),
    **dict.fromkeys(CONFLICTS, 409),
    **dict.fromkeys(
        [
            *["bad_notation", "illegal_action", "revealed", "bad_game", "bad_seats"],
            *["bad_names", "bad_table", "bad_webhooks", "bad_emails", "bad_bot", "bad_seat"],
            *["empty_message", "too_long", "bad_text", "bad_name", "bad_password"],
            *["not_rated", "bad_challenge", "bad_passkey", "bad_tournament"],
        ],
        422,
    ),
    **dict.fromkeys(["busy", "too_fast", "rate_limited", "too_many_sockets"], 429),
    "hint_failed": 503,
}
"""The status of each kind of the domain's refusals."""


class ApiError(Refused):
    """A refusal the HTTP layer makes itself, with its status."""

    def __init__(self, status: int, kind: str, message: Text, **details: Any) -> None:
        super().__init__(kind, message, **details)
        self.status = status


def status_of(refusal: Refused) -> int:
    """The HTTP status that answers ``refusal``.

    >>> status_of(Refused("stale_seq", "")), status_of(ApiError(413, "too_large", ""))
    (409, 413)
    """
    if isinstance(refusal, ApiError):
        return refusal.status
    return STATUS[refusal.kind]


def headers_of(refusal: Refused) -> dict[str, str]:
    """A refusal's headers: ``Retry-After`` (whole seconds, rounded up) when it says when
    to try again.

    >>> headers_of(Refused("too_fast", "", retry_after=2.2))
    {'Retry-After': '3'}
    """
    wait = refusal.details.get("retry_after")
    return {} if wait is None else {"Retry-After": str(max(1, math.ceil(wait)))}


DATABASE_AWAY = (exc.OperationalError, exc.InterfaceError, exc.TimeoutError)
"""The database's failures that say it is away (stopped, restarting, unreachable, its
connections all taken): 503, worth trying again, not a failure of the server."""
RETRY_AFTER_DATABASE = 5  # seconds


class Failures(HttpMiddleware):
    """Answer a request that failed with JSON: 503 ``unavailable`` while the database is
    away, else 500 ``internal`` (logged). The failure stops here, so that the connection
    stays open for the client's next request (past this, the server would close it)."""

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = False

        async def sending(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, sending)
        except Exception as error:
            if started:  # half an answer is out: nothing to mend
                raise
            if isinstance(error, DATABASE_AWAY):
                log.warning("the database is away: %s", error.__class__.__name__)
                body = {"error": "unavailable", "message": _("the database is away; try again")}
                headers = {"Retry-After": str(RETRY_AFTER_DATABASE)}
                response = JSONResponse(body, status_code=503, headers=headers)
            else:
                log.exception("unexpected error", exc_info=error)
                message = _("the server failed on this request")
                response = JSONResponse({"error": "internal", "message": message}, 500)
            await response(scope, receive, send)


METHODS = ("DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT")


def allowed_methods(request: Request) -> list[str]:
    """The methods some route of the app takes at the request's path."""
    routes = request.app.router.routes
    return [
        method
        for method in METHODS
        if any(
            route.matches({**request.scope, "method": method})[0] == Match.FULL for route in routes
        )
    ]


class ErrorBody(BaseModel):
    """Every error's body: its kind for programs, its words for people, and details."""

    model_config = ConfigDict(extra="allow")
    error: str
    message: str


WHY = {
    400: "the body is not UTF-8, or not JSON",
    401: "a token that opens no seat of the match, or none where a seat's token is needed",
    403: "not yours to do: a spectator, a seat a bot plays now, not your turn, no hints here",
    404: "no such match (or rematch, or review)",
    409: "the match is not where you thought (moved on, over, not started): its state is in "
    '"state"',
    413: "the body is over the server's limit",
    422: "a body, parameter or value the server does not take",
    429: "too often, or too busy: the seconds to wait are in Retry-After and retry_after",
    503: "the database is away, or the review workers are busy: try again (Retry-After)",
}


def answers(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """A route's ``responses``: the error statuses it answers, for its OpenAPI document."""
    return {status: {"model": ErrorBody, "description": WHY[status]} for status in statuses}


def install_error_handlers(app: FastAPI) -> None:
    """Answer refusals, invalid requests, HTTP errors and failures as JSON."""

    @app.exception_handler(Refused)
    async def refused(_: Request, refusal: Refused) -> JSONResponse:
        return JSONResponse(
            refusal.body(), status_code=status_of(refusal), headers=headers_of(refusal)
        )

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        problems = error.errors()
        first = problems[0] if problems else {}
        where = ".".join(str(part) for part in first.get("loc", ()) if part != "body")
        message = f"{where}: {first.get('msg', 'invalid')}" if where else first.get("msg", "")
        if first.get("type") == "json_invalid":  # a file that is no JSON, say
            message = _("the body is not JSON")
        elif not where and first.get("type") in ("dict_type", "model_type"):
            message = _("the body must be a JSON object")
        details = [{"loc": list(p.get("loc", ())), "msg": p.get("msg")} for p in problems]
        body = {"error": "invalid_request", "message": message, "details": details}
        return JSONResponse(body, status_code=422)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> JSONResponse:
        kinds = {400: "bad_request", 404: "not_found", 405: "method_not_allowed"}
        kind = kinds.get(error.status_code, "http_error")
        body = {"error": kind, "message": str(error.detail)}
        headers = dict(error.headers or {})
        if error.status_code == 405:  # every method of the path, not only one route's
            headers["Allow"] = ", ".join(allowed_methods(request))
        return JSONResponse(body, status_code=error.status_code, headers=headers)
