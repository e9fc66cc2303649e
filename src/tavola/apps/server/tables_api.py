"""The table's part of the API: resign, hand an abandoned seat to a bot, chat, rematch,
and the matches where you are to move (documented in docs/server.md)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends
from pydantic import Field

from tavola.apps.server.api import MatchId, Service, Strict, Token, tables_of
from tavola.apps.server.errors import ApiError
from tavola.apps.server.live import LiveMatch
from tavola.apps.server.messages import message_for
from tavola.apps.server.request_language import lazy
from tavola.apps.server.tables import Tables

router = APIRouter(prefix="/api")
TablesDep = Annotated[Tables, Depends(tables_of)]


class TakeOver(Strict):
    seat: int = Field(ge=0, lt=8, description="the seat to hand to the heuristic bot")


class ChatMessage(Strict):
    text: str = Field(max_length=2000, examples=["good game!"])


class MyTokens(Strict):
    tokens: list[Annotated[str, Field(max_length=200)]] = Field(max_length=100)


async def _seat(service: Service, match_id: str, token: str | None) -> tuple[LiveMatch, int]:
    live = await service.get(match_id)
    seat = live.seat_of(token)
    if seat is None:
        raise ApiError(401, "no_token", lazy("this needs a seat's token"))
    return live, seat


@router.post("/matches/{match_id}/resign")
async def resign(
    match_id: MatchId, service: Service, tables: TablesDep, token: Token
) -> dict[str, Any]:
    """Resign: with two players the other seat wins; with more, the heuristic bot plays
    your seat to the end and it is ranked last."""
    live, seat = await _seat(service, match_id, token)
    await tables.resign(live, seat)
    return message_for(live, seat)


@router.post("/matches/{match_id}/takeover")
async def take_over(
    match_id: MatchId, body: TakeOver, service: Service, tables: TablesDep, token: Token
) -> dict[str, Any]:
    """Hand another seat, away for longer than the match allows, to the heuristic bot."""
    live, seat = await _seat(service, match_id, token)
    await tables.take_over(live, seat, body.seat)
    return message_for(live, seat)


@router.post("/matches/{match_id}/chat", status_code=201)
async def chat(
    match_id: MatchId, body: ChatMessage, service: Service, tables: TablesDep, token: Token
) -> dict[str, Any]:
    """Say something to the table (plain text; 422 if too long, 429 if too fast)."""
    live, seat = await _seat(service, match_id, token)
    await tables.seen(live, seat)
    return await tables.chat(live, seat, body.text)


@router.post("/matches/{match_id}/rematch")
async def rematch(
    match_id: MatchId, service: Service, tables: TablesDep, token: Token
) -> dict[str, Any]:
    """After the end: a new match with the same seats, options and table, the seats
    rotated; offering one already offered accepts it. Gives your seat and token in it."""
    live, seat = await _seat(service, match_id, token)
    return await tables.offer_rematch(live, seat)


@router.post("/matches/{match_id}/rematch/accept")
async def accept_rematch(
    match_id: MatchId, service: Service, tables: TablesDep, token: Token
) -> dict[str, Any]:
    """Accept the rematch offered: your seat and token in it (404 if none was offered)."""
    live, seat = await _seat(service, match_id, token)
    return await tables.accept_rematch(live, seat)


@router.post("/seats/mine")
async def my_turns(body: MyTokens, tables: TablesDep) -> dict[str, Any]:
    """The matches where one of your seat tokens (kept in your browser) is to move."""
    return {"matches": await tables.your_turn(body.tokens)}
