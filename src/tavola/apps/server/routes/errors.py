"""Errors at the HTTP boundary: each refusal's status, and every error answered as JSON.

Every error is ``{"error": kind, "message": words, ...details}`` with a 4xx status (500
for a failure of the server). The domain's refusals (``Refused``) get their status from
``STATUS`` by kind; a route that refuses a request for what only HTTP knows (its header,
its body, a socket's message) raises ``ApiError`` with its status.
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from tavola.apps.server.refusals import CONFLICTS, Refused
from tavola.apps.server.request_language import _, scope_language
from tavola.core.i18n import Text, language

log = logging.getLogger("tavola.server")

STATUS: dict[str, int] = {
    "bad_token": 401,
    **dict.fromkeys(["spectator", "replaced", "not_your_turn", "no_hints", "bot_seat"], 403),
    **dict.fromkeys(["no_match", "no_rematch"], 404),
    **dict.fromkeys(CONFLICTS, 409),
    **dict.fromkeys(
        [
            *["bad_notation", "illegal_action", "revealed", "bad_game", "bad_seats"],
            *["bad_names", "bad_table", "bad_webhooks", "bad_emails", "bad_bot", "bad_seat"],
            *["empty_message", "too_long", "bad_text"],
        ],
        422,
    ),
    **dict.fromkeys(["busy", "too_fast", "rate_limited"], 429),
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


def install_error_handlers(app: FastAPI) -> None:
    """Answer refusals, invalid requests, HTTP errors and failures as JSON."""

    @app.exception_handler(Refused)
    async def refused(_: Request, refusal: Refused) -> JSONResponse:
        return JSONResponse(refusal.body(), status_code=status_of(refusal))

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

    @app.exception_handler(Exception)
    async def crashed(request: Request, error: Exception) -> JSONResponse:
        log.exception("unexpected error", exc_info=error)
        with language(scope_language(request.scope)):  # outside LanguageMiddleware here
            message = _("the server failed on this request")
        body = {"error": "internal", "message": message}
        return JSONResponse(body, status_code=500)

    @app.exception_handler(HTTPException)
    async def http_error(_: Request, error: HTTPException) -> JSONResponse:
        kinds = {400: "bad_request", 404: "not_found", 405: "method_not_allowed"}
        kind = kinds.get(error.status_code, "http_error")
        return JSONResponse(
            {"error": kind, "message": str(error.detail)}, status_code=error.status_code
        )
