"""The FastAPI application: the routes (``routes/``), errors as JSON, a limit on request
bodies, the security headers of every answer, and the workers that live as long as the
app (on ``app.state``: the match service, the tables, the review jobs)."""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI
from fastapi.responses import JSONResponse
from starlette.datastructures import Headers, MutableHeaders
from starlette.middleware.gzip import GZipMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tavola.apps.server import db
from tavola.apps.server.accounts import Accounts
from tavola.apps.server.challenges import Challenges
from tavola.apps.server.http_middleware import HttpMiddleware
from tavola.apps.server.hub import Hub
from tavola.apps.server.passkeys import Passkeys, RelyingParty
from tavola.apps.server.pg_listener import Listener
from tavola.apps.server.rates import Rates
from tavola.apps.server.request_language import LanguageMiddleware, _
from tavola.apps.server.routes import (
    challenges,
    games,
    lessons,
    match_socket,
    matches,
    pages,
    passkeys,
    players,
    ratings,
    replay,
    review,
    seeks,
    tables,
    tournament_pages,
    tournaments,
)
from tavola.apps.server.routes.errors import Failures, install_error_handlers
from tavola.apps.server.seeks import Seeks
from tavola.apps.server.service import MatchService
from tavola.apps.server.settings import Settings
from tavola.apps.server.store import Store
from tavola.apps.server.tables import Tables
from tavola.apps.server.tournaments import Tournaments


def create_app(settings: Settings | None = None) -> FastAPI:
    """The server for ``settings`` (the embedded SQLite database by default)."""
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = db.make_engine(settings.db_url)
        await asyncio.to_thread(db.upgrade, engine)
        service = MatchService(settings, Store(engine, notify=settings.is_postgres), Hub())
        app.state.service = service
        app.state.tables = Tables(service)
        app.state.accounts = Accounts(engine, service.ratings)
        app.state.jobs = review.Jobs()
        app.state.seeks = Seeks(service)
        app.state.challenges = Challenges(service, app.state.accounts)
        app.state.passkeys = Passkeys(engine, RelyingParty.of(settings.alerts.public_url))
        app.state.tournaments = Tournaments(service)
        listener = None
        if settings.is_postgres:
            loop = asyncio.get_running_loop()
            listener = Listener(settings.db_url, loop, service.on_notify, service.on_listening)
            await asyncio.to_thread(listener.start)
        resuming = asyncio.create_task(service.resume_bots())
        checking = asyncio.create_task(service.check_cached_every(settings.log_check_every))
        pairing = asyncio.create_task(app.state.seeks.run())
        scheduling = asyncio.create_task(app.state.tournaments.run())
        try:
            yield
        finally:
            resuming.cancel()
            checking.cancel()
            pairing.cancel()
            scheduling.cancel()
            if listener is not None:
                await asyncio.to_thread(listener.stop)
            app.state.jobs.close()
            await service.close()
            engine.dispose()

    app = FastAPI(
        title="tavola",
        summary="Play tabletop games online: matches, seats, bots; every installed game.",
        version="1",
        lifespan=lifespan,
    )
    app.state.rates = Rates()  # what each client address asks (settings.requests)
    app.state.sockets = Counter[str]()  # the WebSockets open, per client address
    routers = (games, matches, players, match_socket, tables, replay, review, ratings, lessons)
    for routes in (*routers, seeks, challenges, passkeys, tournaments):
        app.include_router(routes.router)
    app.mount("/static", pages.STATIC_FILES, name="static")
    app.include_router(pages.router)
    app.include_router(tournament_pages.router)
    install_error_handlers(app)
    app.add_middleware(Failures)  # inside the others: its answers are in the language asked
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    app.add_middleware(LanguageMiddleware)  # each request answered in its language
    app.add_middleware(SecurityHeaders)
    # text answers gzipped for clients that accept it (level 6: nearly 9's size, less CPU)
    app.add_middleware(GZipMiddleware, minimum_size=1024, compresslevel=6)
    return app


# The pages run only the server's own scripts, from its own address (no inline script: the
# data they carry is JSON in <script type="application/json">); the board's SVG carries its
# own <style>, hence inline styles; sockets go back to the same server.
PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'{sockets}; frame-ancestors 'none'; "
    "base-uri 'none'; form-action 'self'"
)
HOST = re.compile(r"[A-Za-z0-9.-]+(:[0-9]{1,5})?|\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?")


def page_policy(host: str) -> str:
    """The pages' policy, its sockets to the page's own host only (``'self'`` alone
    covers them in browsers of CSP level 3, not in older ones).

    >>> page_policy("localhost:8000").split("; ")[4]
    "connect-src 'self' ws://localhost:8000 wss://localhost:8000"
    >>> page_policy("evil; script-src *").split("; ")[4]
    "connect-src 'self'"
    """
    sockets = f" ws://{host} wss://{host}" if HOST.fullmatch(host) else ""
    return PAGE_POLICY.format(sockets=sockets)


# FastAPI's own API pages load Swagger UI and ReDoc from a CDN: they keep the browser's default.
API_DOCS = ("/docs", "/redoc")


class SecurityHeaders(HttpMiddleware):
    """Every HTTP answer: no content sniffing, no framing, no referrer (seat tokens are in
    page addresses); every page: the content security policy above; every static file:
    ``Cache-Control: no-cache``, so a browser keeps it and asks again with its ETag, answered
    304 without a body while the file is unchanged (and at once once a new version is
    installed)."""

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = str(scope.get("path", ""))
        docs = path.startswith(API_DOCS)
        static = path.startswith("/static/")
        host = Headers(scope=scope).get("host", "")

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers["X-Content-Type-Options"] = "nosniff"
                headers["X-Frame-Options"] = "DENY"
                headers["Referrer-Policy"] = "no-referrer"
                if headers.get("content-type", "").startswith("text/html") and not docs:
                    headers["Content-Security-Policy"] = page_policy(host)
                if static:
                    headers["Cache-Control"] = "no-cache"
            await send(message)

        await self.app(scope, receive, sending)


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with 413, before the app reads them."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await self._too_large(send)
                return
            chunks.append(chunk)
            if not message.get("more_body"):
                break
        body = b"".join(chunks)
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _too_large(self, send: Send) -> None:
        response = JSONResponse(
            {
                "error": "too_large",
                "message": _("a request body is at most {limit} bytes").format(limit=self.limit),
            },
            status_code=413,
        )
        scope: dict[str, Any] = {"type": "http"}
        await response(scope, _no_receive, send)


async def _no_receive() -> Message:
    return {"type": "http.disconnect"}
