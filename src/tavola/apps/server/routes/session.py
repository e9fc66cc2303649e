"""The caller's session: its cookie, the account it signs in, and the CSRF check.

The cookie is HTTP-only, ``SameSite=Lax``, and ``Secure`` when the request came over
HTTPS (behind a trusted proxy, its ``X-Forwarded-Proto``). A request that changes
something and is signed in by the cookie must come from a page of this site: an
``Origin`` (or, without one, a ``Referer``) naming another host is refused with 403
``cross_site``. Programs that send neither are not browsers another site can steer.

>>> same_site("http://localhost:8000", "localhost:8000"), same_site("https://evil.example/x", "a")
(True, False)
>>> same_site("null", "localhost:8000")
False
"""

from __future__ import annotations

from typing import Annotated
from urllib.parse import urlsplit

from anyio import to_thread
from fastapi import Depends, Request, Response

from tavola.apps.server.accounts import SESSION_LIFETIME, Accounts, Player
from tavola.apps.server.request_language import lazy
from tavola.apps.server.routes.errors import ApiError

COOKIE = "tavola_session"
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


def accounts_of(request: Request) -> Accounts:
    accounts: Accounts = request.app.state.accounts
    return accounts


AccountsDep = Annotated[Accounts, Depends(accounts_of)]


def same_site(origin: str, host: str) -> bool:
    """Whether ``origin`` (an ``Origin`` or ``Referer`` header) names ``host``."""
    return bool(host) and urlsplit(origin).netloc.lower() == host.lower()


def check_origin(request: Request) -> None:
    """403 ``cross_site`` when a request that changes something comes from another site."""
    if request.method in SAFE_METHODS:
        return
    origin = request.headers.get("origin") or request.headers.get("referer")
    if origin is not None and not same_site(origin, request.headers.get("host", "")):
        raise ApiError(
            403, "cross_site", lazy("a signed-in change must come from this site's own pages")
        )


async def session_caller(request: Request, accounts: AccountsDep) -> Player | None:
    """The player the session cookie signs in (``None``: nobody, or an ended session)."""
    token = request.cookies.get(COOKIE)
    if not token:
        return None
    check_origin(request)
    return await to_thread.run_sync(accounts.session_player, token)


async def signed_in(caller: Annotated[Player | None, Depends(session_caller)]) -> Player:
    """The signed-in player, or 401 ``not_signed_in``."""
    if caller is None:
        raise ApiError(401, "not_signed_in", lazy("sign in first"))
    return caller


Caller = Annotated[Player | None, Depends(session_caller)]
SignedIn = Annotated[Player, Depends(signed_in)]


def set_session_cookie(request: Request, response: Response, token: str) -> None:
    response.set_cookie(
        COOKIE,
        token,
        max_age=int(SESSION_LIFETIME.total_seconds()),
        path="/",
        httponly=True,
        secure=request.url.scheme == "https",
        samesite="lax",
    )


def clear_session_cookie(request: Request, response: Response) -> None:
    response.delete_cookie(
        COOKIE, path="/", httponly=True, secure=request.url.scheme == "https", samesite="lax"
    )


ME = "me"  # the seat spec of the signed-in caller's own seat


def my_seats(specs: list[str], caller: Player | None) -> tuple[list[str], dict[int, int]]:
    """The seat specs with ``"me"`` read as ``"human"``, and which of them is the caller's
    account (401 ``not_signed_in`` without a session; 422 ``bad_seats`` for two).

    >>> my_seats(["me", "heuristic"], Player(7, "ada"))
    (['human', 'heuristic'], {0: 7})
    """
    mine = [seat for seat, spec in enumerate(specs) if spec.strip().lower() == ME]
    if not mine:
        return specs, {}
    if caller is None:
        raise ApiError(401, "not_signed_in", lazy('the seat "me" is for a signed-in player'))
    if len(mine) > 1:
        raise ApiError(422, "bad_seats", lazy('only one seat may be "me"'))
    specs = ["human" if seat in mine else spec for seat, spec in enumerate(specs)]
    return specs, {mine[0]: caller.id}
