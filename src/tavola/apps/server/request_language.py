"""The language each request is answered in, and the server's texts for people.

Every HTTP request and WebSocket is served in one language (``tavola.core.i18n``), chosen
in this order:

1. the ``lang`` query parameter (``?lang=it``): a page opened with it also remembers it
   in the cookie, so the pages that follow speak it too (the language switch's links);
2. the ``tavola_lang`` cookie (set by the switch on every page);
3. the request's ``Accept-Language`` header (``i18n.negotiate``);
4. English.

``LanguageMiddleware`` sets it for the whole request, so whatever is shown while
answering (pages, error messages, events, boards) comes in that language. A WebSocket
keeps the language of its opening request for all the messages it is sent
(``hub.Subscriber.lang``), so each seat at a table reads its own.
"""

from __future__ import annotations

from http.cookies import SimpleCookie
from urllib.parse import parse_qs

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tavola.apps.web import CATALOG, COOKIE, PARAMETER
from tavola.core.i18n import LANGUAGES, language, negotiate

lazy = CATALOG.lazy
_ = CATALOG.gettext
COOKIE_AGE = 365 * 86400


def choose(asked: str | None, cookie: str | None, accept_language: str | None) -> str:
    """The language of a request: asked for, remembered, else negotiated.

    >>> choose("de", "fr", "it"), choose(None, "fr", "it"), choose(None, None, "it-CH")
    ('de', 'fr', 'it')
    >>> choose("xx", None, None), choose(None, "xx", "fr")
    ('en', 'fr')
    """
    for value in (asked, cookie):
        if value and value.strip().lower() in LANGUAGES:
            return value.strip().lower()
    return negotiate(accept_language)


def asked_for(scope: Scope) -> str | None:
    """The ``lang`` query parameter of a request, if it names one of tavola's languages."""
    values = parse_qs(scope.get("query_string", b"").decode("latin-1")).get(PARAMETER, [])
    value = values[-1].strip().lower() if values else ""
    return value if value in LANGUAGES else None


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            decoded: str = value.decode("latin-1")
            return decoded
    return None


def remembered(scope: Scope) -> str | None:
    """The language the ``tavola_lang`` cookie remembers."""
    header = _header(scope, b"cookie")
    if not header:
        return None
    cookies: SimpleCookie = SimpleCookie()
    try:
        cookies.load(header)
    except Exception:  # a malformed cookie header is no language
        return None
    morsel = cookies.get(COOKIE)
    return None if morsel is None else morsel.value


def scope_language(scope: Scope) -> str:
    """The language a request (HTTP or WebSocket) is answered in."""
    return choose(asked_for(scope), remembered(scope), _header(scope, b"accept-language"))


class LanguageMiddleware:
    """Answer each request in its language; a page asked for with ``?lang=`` remembers it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        lang = scope_language(scope)
        page = scope["type"] == "http" and not str(scope.get("path", "")).startswith(
            ("/api/", "/static/")
        )
        if page and asked_for(scope) is not None:
            send = _remembering(send, lang)
        with language(lang):
            await self.app(scope, receive, send)


def cookie_header(lang: str) -> bytes:
    return f"{COOKIE}={lang}; Path=/; Max-Age={COOKIE_AGE}; SameSite=Lax".encode("latin-1")


def _remembering(send: Send, lang: str) -> Send:
    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = [*message.get("headers", []), (b"set-cookie", cookie_header(lang))]
            message = {**message, "headers": headers}
        await send(message)

    return sending
