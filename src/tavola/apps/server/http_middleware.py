"""The base of the server's pure ASGI middlewares that act on HTTP answers only."""

from __future__ import annotations

from starlette.types import ASGIApp, Receive, Scope, Send


class HttpMiddleware:
    """Hand every HTTP request to ``handle``; pass anything else (WebSockets, lifespan)
    through untouched."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        await self.handle(scope, receive, send)

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Answer one HTTP request, calling ``self.app`` as it needs."""
        raise NotImplementedError
