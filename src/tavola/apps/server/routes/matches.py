"""A match: create one, list them, read one, play, take back, ask a hint, get its record.

Its socket (``match_socket``) sends the state after every entry and takes actions too.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request

from tavola.apps.server.bots import check_hint
from tavola.apps.server.clocks import TimeControl, default_abandon
from tavola.apps.server.live import TableRules
from tavola.apps.server.messages import match_summary, message_for
from tavola.apps.server.models import DELETED_PLAYER
from tavola.apps.server.rates import client_limit
from tavola.apps.server.request_language import lazy
from tavola.apps.server.routes.bodies import CreateMatch, PlayAction, TakeBack
from tavola.apps.server.routes.dependencies import (
    MatchId,
    SeatedMatch,
    Service,
    TablesDep,
    Watched,
    seat_needed,
)
from tavola.apps.server.routes.errors import ApiError, answers
from tavola.apps.server.routes.session import Caller, my_seats
from tavola.apps.server.webhooks import WebhookRefused, public_address, well_formed

router = APIRouter(prefix="/api")

EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")
Playing = Annotated[SeatedMatch, Depends(seat_needed(lazy("playing needs a seat's token")))]
TakingBack = Annotated[SeatedMatch, Depends(seat_needed(lazy("taking back needs a seat's token")))]
count_hint = client_limit("hints")
Hinted = Annotated[SeatedMatch, Depends(seat_needed(lazy("a hint needs a seat's token")))]


def _clean_name(name: str | None) -> str | None:
    if name is None:
        return None
    name = " ".join(name.split())
    if any(not char.isprintable() for char in name):
        raise ApiError(422, "bad_names", lazy("a name is printable text"))
    if name.casefold() == DELETED_PLAYER.casefold():
        # Reserved: a seat of this name counts for a deleted account in the ratings.
        raise ApiError(422, "bad_names", lazy("{name!r} is not a name a seat can take", name=name))
    return name or None


@router.post(
    "/matches",
    status_code=201,
    dependencies=[Depends(client_limit("matches"))],
    responses=answers(400, 401, 403, 413, 422, 429, 503),
)
async def create_match(body: CreateMatch, service: Service, caller: Caller) -> dict[str, Any]:
    """A new match; one secret token per human seat (in its invite link). A signed-in
    caller's seat ``"me"`` is a human seat their account holds, under their name."""
    specs, players = my_seats(body.seats, caller)
    body = body.model_copy(update={"seats": specs})
    names = None if body.names is None else [_clean_name(name) for name in body.names]
    if caller is not None and players:
        names = names or [None] * len(specs)
        for seat in players:
            if seat < len(names):
                names[seat] = caller.name
    webhooks = _check_each(body.webhooks, _check_webhook)
    if webhooks and not service.settings.alerts.private_webhooks:
        for url in filter(None, webhooks):
            await _check_public(url)
    emails = _check_each(body.emails, _check_email)
    table = _table(body)
    return await service.create(
        body.game,
        body.options,
        body.seats,
        names,
        body.seed,
        body.listed,
        table,
        webhooks,
        emails,
        players,
    )


def _table(body: CreateMatch) -> TableRules:
    control = TimeControl() if body.time_control is None else body.time_control.control()
    abandon = default_abandon(control) if body.abandon_after is None else body.abandon_after
    hints = body.hints
    if hints is None:
        hints = not body.rated and sum(spec.strip().lower() == "human" for spec in body.seats) <= 1
    return TableRules(control, body.on_timeout, abandon, body.chat_public, hints, body.rated)


def _check_each(
    values: list[str | None] | None, check: Callable[[str], str]
) -> list[str | None] | None:
    if values is None:
        return None
    return [check(value.strip()) if value and value.strip() else None for value in values]


def _check_webhook(url: str) -> str:
    if not re.fullmatch(r"https?://[^\s/?#]+[^\s]*", url) or not well_formed(url):
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


@router.get("/matches", responses=answers(503))
async def list_matches(service: Service) -> dict[str, Any]:
    """The listed matches being played (a move made, not over), most recently moved
    first, for spectators."""
    return {"matches": [match_summary(live) for live in await service.listed()]}


@router.get("/matches/{match_id}", responses=answers(401, 404, 503))
async def get_match(watched: Watched, tables: TablesDep, svg: bool = False) -> dict[str, Any]:
    """The match as the token's seat sees it (no token: as a spectator)."""
    await tables.seen(watched.live, watched.seat)
    return message_for(watched.live, watched.seat, svg=svg)


@router.post("/matches/{match_id}/actions", responses=answers(400, 401, 403, 404, 409, 413, 503))
async def play_action(
    playing: Playing, body: PlayAction, service: Service, tables: TablesDep, svg: bool = False
) -> dict[str, Any]:
    """Play a move on the position ``seq``; returns the new state."""
    live, seat = playing.live, playing.seat
    await tables.seen(live, seat)
    await service.move(live, seat, body.seq, body.action)
    return message_for(live, seat, svg=svg)


@router.post("/matches/{match_id}/takeback", responses=answers(400, 401, 403, 404, 409, 413, 503))
async def take_back(taking: TakingBack, body: TakeBack, service: Service) -> dict[str, Any]:
    """Take back your own last action while you are still to move and it revealed nothing."""
    await service.take_back(taking.live, taking.seat, body.seq)
    return message_for(taking.live, taking.seat)


@router.post("/matches/{match_id}/hint", responses=answers(401, 403, 404, 429, 503))
async def ask_hint(hinted: Hinted, service: Service, request: Request) -> dict[str, Any]:
    """A suggested move for the seat to move, judged from its view (matches with hints on):
    ``{"seq", "action", "win", "win_se", "margin", "samples"}``."""
    check_hint(hinted.live, hinted.seat)  # a refused hint costs nothing: it is not counted
    count_hint(request)
    return await service.bots.hint(hinted.live, hinted.seat)


@router.get("/matches/{match_id}/record", responses=answers(403, 404, 503))
async def get_record(match_id: MatchId, service: Service) -> dict[str, Any]:
    """The engine's record (seed and private notations): only once the match is over."""
    live = await service.get(match_id)
    if not live.is_over:
        raise ApiError(403, "not_over", lazy("the record is available once the match is over"))
    return live.state.record()
