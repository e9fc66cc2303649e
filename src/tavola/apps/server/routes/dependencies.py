"""What the routes share: the app's workers, the caller's token, and its seat at a match.

The app's workers (the match service, the tables, the review jobs) live on
``app.state``, made and shut down with the app (``app.create_app``'s lifespan).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated

from fastapi import Depends, Header, Path, Request

from tavola.apps.server.live import LiveMatch
from tavola.apps.server.request_language import lazy
from tavola.apps.server.routes.errors import ApiError
from tavola.apps.server.service import MatchService
from tavola.apps.server.tables import Tables
from tavola.core.i18n import Text

if TYPE_CHECKING:
    from tavola.apps.server.routes.review import Jobs

MatchId = Annotated[str, Path(pattern=r"^[A-Za-z0-9_-]{1,32}$", description="the match's id")]


def service_of(request: Request) -> MatchService:
    service: MatchService = request.app.state.service
    return service


def tables_of(request: Request) -> Tables:
    tables: Tables = request.app.state.tables
    return tables


def jobs_of(request: Request) -> Jobs:
    jobs: Jobs = request.app.state.jobs
    return jobs


Service = Annotated[MatchService, Depends(service_of)]
TablesDep = Annotated[Tables, Depends(tables_of)]


def bearer(authorization: Annotated[str | None, Header()] = None) -> str | None:
    """The token of ``Authorization: Bearer TOKEN`` (``None``: a spectator)."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "bad_token", lazy("write the header as 'Authorization: Bearer TOKEN'"))
    return token.strip()


Token = Annotated[str | None, Depends(bearer)]


@dataclass(frozen=True)
class WatchedMatch:
    """A match and the seat the request's token acts for (``None``: a spectator)."""

    live: LiveMatch
    seat: int | None


@dataclass(frozen=True)
class SeatedMatch:
    """A match and the seat the request's token acts for."""

    live: LiveMatch
    seat: int


async def watched_match(match_id: MatchId, service: Service, token: Token) -> WatchedMatch:
    """The match (404 if none) and the caller's seat (401 if the token is none of its)."""
    live = await service.get(match_id)
    return WatchedMatch(live, live.seat_of(token))


Watched = Annotated[WatchedMatch, Depends(watched_match)]


def seat_needed(needs: Text) -> Callable[[WatchedMatch], Awaitable[SeatedMatch]]:
    """A dependency: the match and the caller's seat, or 401 ``no_token`` (``needs``: the
    words that say what needs a seat's token)."""

    async def seated(watched: Watched) -> SeatedMatch:
        if watched.seat is None:
            raise ApiError(401, "no_token", needs)
        return SeatedMatch(watched.live, watched.seat)

    return seated
