"""The table's part of the API: resign, hand an abandoned seat to a bot, chat, rematch,
and the matches where you are to move (documented in docs/server.md)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request

from tavola.apps.server.messages import message_for
from tavola.apps.server.rates import client_limit
from tavola.apps.server.request_language import lazy
from tavola.apps.server.routes.bodies import ChatMessage, MyTokens, TakeOver
from tavola.apps.server.routes.dependencies import SeatedMatch, TablesDep, seat_needed
from tavola.apps.server.routes.errors import answers

router = APIRouter(prefix="/api")
count_new_match = client_limit("matches")
Seated = Annotated[SeatedMatch, Depends(seat_needed(lazy("this needs a seat's token")))]


@router.post("/matches/{match_id}/resign", responses=answers(401, 403, 404, 409, 503))
async def resign(seated: Seated, tables: TablesDep) -> dict[str, Any]:
    """Resign: with two players the other seat wins; with more, the heuristic bot plays
    your seat to the end and it is ranked last."""
    live, seat = seated.live, seated.seat
    await tables.resign(live, seat)
    return message_for(live, seat)


@router.post("/matches/{match_id}/takeover", responses=answers(400, 401, 403, 404, 409, 413, 503))
async def take_over(seated: Seated, body: TakeOver, tables: TablesDep) -> dict[str, Any]:
    """Hand another seat, away for longer than the match allows, to the heuristic bot."""
    live, seat = seated.live, seated.seat
    await tables.take_over(live, seat, body.seat)
    return message_for(live, seat)


@router.post(
    "/matches/{match_id}/chat", status_code=201, responses=answers(400, 401, 404, 413, 429, 503)
)
async def chat(seated: Seated, body: ChatMessage, tables: TablesDep) -> dict[str, Any]:
    """Say something to the table (plain text; 422 if too long, 429 if too fast)."""
    live, seat = seated.live, seated.seat
    await tables.seen(live, seat)
    return await tables.chat(live, seat, body.text)


@router.post("/matches/{match_id}/rematch", responses=answers(401, 403, 404, 409, 429, 503))
async def rematch(seated: Seated, tables: TablesDep, request: Request) -> dict[str, Any]:
    """After the end: a new match with the same seats, options and table, the seats
    rotated; offering one already offered accepts it. Gives your seat and token in it."""
    live, seat = seated.live, seated.seat
    if live.rematch is None and live.is_over:
        count_new_match(request)  # a new match, as far as the limits go
    return await tables.offer_rematch(live, seat)


@router.post("/matches/{match_id}/rematch/accept", responses=answers(401, 403, 404, 503))
async def accept_rematch(seated: Seated, tables: TablesDep) -> dict[str, Any]:
    """Accept the rematch offered: your seat and token in it (404 if none was offered)."""
    live, seat = seated.live, seated.seat
    return await tables.accept_rematch(live, seat)


@router.post("/seats/mine", responses=answers(400, 413, 503))
async def my_turns(body: MyTokens, tables: TablesDep) -> dict[str, Any]:
    """The matches where one of your seat tokens (kept in your browser) is to move."""
    return {"matches": await tables.your_turn(body.tokens)}
