"""The tournaments' pages: ``/tournaments`` (upcoming, running, finished; a signed-in
player's form to create one) and ``/t/{id}`` (standings, rounds with their matches to
watch, the signed-in entrant's seat, join and withdraw), and its socket
``/api/tournaments/{id}/ws``: the tournament again whenever what it shows changes, as the
API answers it for the socket's session and, with ``html=true``, as the page's live part
in the socket's language (``static/tournament.js`` puts it in place)."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Annotated, Any

from anyio import to_thread
from fastapi import APIRouter, Query, Request, WebSocket
from fastapi.responses import HTMLResponse
from starlette.requests import HTTPConnection
from starlette.websockets import WebSocketDisconnect

from tavola.apps.server.accounts import Player
from tavola.apps.server.refusals import Refused
from tavola.apps.server.request_language import lazy
from tavola.apps.server.routes.match_socket import counted, refuse
from tavola.apps.server.routes.pages import BOT_CHOICES
from tavola.apps.server.routes.session import COOKIE, Caller, same_site
from tavola.apps.server.routes.tournaments import MAX_BOTS, MAX_ROUNDS, TournamentsDep
from tavola.apps.server.tournaments import MAX_SEATS, MIN_SEATS, Tournaments, answer_of
from tavola.apps.web.pages import environment, render
from tavola.core.registry import game_classes
from tavola.players import bot_name
from tavola.players.specs import bot_named

router = APIRouter(include_in_schema=False)
FORMAT_NAMES = {
    "arena": lazy("Arena"),
    "swiss": lazy("Swiss"),
    "round_robin": lazy("Round robin"),
}


def _titles() -> dict[str, str]:
    return {name: str(game.title) for name, game in game_classes().items()}


@router.get("/tournaments")
async def tournaments_page(tournaments: TournamentsDep, caller: Caller) -> HTMLResponse:
    listed = await tournaments.listed(caller)
    return render(
        "tournaments.html",
        title=lazy("Tournaments"),
        listed=listed,
        formats=FORMAT_NAMES,
        titles=_titles(),
        player=caller.name if caller else None,
        bots=[(spec, bot_name(spec)) for spec in BOT_CHOICES],
        limits={"seats": (MIN_SEATS, MAX_SEATS), "rounds": MAX_ROUNDS, "bots": MAX_BOTS},
    )


async def rating_changes(tournaments: Tournaments, found: dict[str, Any]) -> dict[str, float]:
    """Each entrant's rating change over a rated tournament's matches: the sum of what each
    match it played changed, as the server's ratings keep them (docs/tournaments.md)."""
    if not found["rated"]:
        return {}
    tables = [  # those whose result counts in the standings already
        table
        for round in found["rounds"]
        for table in round["tables"]
        if table["match"] and table["result"] is not None
    ]
    ratings = tournaments.service.ratings
    seats = await to_thread.run_sync(ratings.seat_changes, [table["match"] for table in tables])
    changes: dict[str, float] = {}
    for table in tables:
        for entrant, change in zip(table["entrants"], seats.get(table["match"], []), strict=False):
            if change is not None:
                changes[entrant] = changes.get(entrant, 0.0) + change
    return changes


async def live_context(
    connection: HTTPConnection,
    tournaments: Tournaments,
    found: dict[str, Any],
    caller: Player | None,
) -> dict[str, Any]:
    """What the page's live part (``tournament_live.html``) shows of ``found``."""
    base = str(connection.base_url).rstrip("/")
    return {
        "tournament": found,
        "changes": await rating_changes(tournaments, found),
        "named": entrants_named(found),
        "signed_in": caller is not None,
        "key": connection.query_params.get("key"),
        "base_url": "http" + base[2:] if base.startswith("ws") else base,
    }


def entrants_named(found: dict[str, Any]) -> dict[str, str]:
    """Each entrant as the page says it: a person by name, a bot as every page names bots
    (``bot_named``: "ISMCTS, medium #2"), never by the spec its entrant name keeps."""
    return {
        entrant["entrant"]: entrant["entrant"]
        if entrant.get("bot") is None
        else bot_named(entrant["bot"], entrant["entrant"])
        for entrant in found["entrants"]
    }


@router.get("/t/{tournament_id}")
async def tournament_page(
    request: Request, tournament_id: str, caller: Caller, tournaments: TournamentsDep
) -> HTMLResponse:
    try:
        found = await tournaments.answer(tournament_id[:32], caller)
    except Refused:
        message = lazy("There is no such tournament.")
        return render("error.html", status=404, title=lazy("Not found"), message=message)
    game = _titles().get(found["game"], found["game"])
    return render(
        "tournament.html",
        title=lazy("{format} of {game}", format=FORMAT_NAMES[found["format"]], game=game),
        player=caller.name if caller else None,
        **await live_context(request, tournaments, found, caller),
    )


async def socket_caller(websocket: WebSocket) -> Player | None:
    """The player the socket's session cookie signs in, if the socket was opened by a page
    of this site (or by a program that says no ``Origin``)."""
    token = websocket.cookies.get(COOKIE)
    origin = websocket.headers.get("origin")
    if not token or (origin and not same_site(origin, websocket.headers.get("host", ""))):
        return None
    player: Player | None = await to_thread.run_sync(
        websocket.app.state.accounts.session_player, token
    )
    return player


@router.websocket("/api/tournaments/{tournament_id}/ws")
async def tournament_socket(
    websocket: WebSocket, tournament_id: str, html: Annotated[bool, Query()] = False
) -> None:
    """``{"type": "tournament", "tournament": GET's answer, "html"?}`` at once and after
    every change; anything sent to it is answered ``{"type": "pong"}``."""
    await websocket.accept()
    await counted(websocket, lambda: _serve(websocket, tournament_id[:32], html))


async def _serve(websocket: WebSocket, tournament_id: str, html: bool) -> None:
    tournaments: Tournaments = websocket.app.state.tournaments
    caller = await socket_caller(websocket)
    try:
        snap = await tournaments.snapshot(tournament_id)
    except Refused as refusal:
        await refuse(websocket, refusal)
        return
    watcher = tournaments.watch(snap.tournament.id)
    reading = asyncio.create_task(_answer_pings(websocket))
    try:
        while not reading.done():
            found = answer_of(snap, caller)
            message: dict[str, Any] = {"type": "tournament", "tournament": found}
            if html:
                context = await live_context(websocket, tournaments, found, caller)
                message["html"] = environment.get_template("tournament_live.html").render(**context)
            await websocket.send_json(message)
            changed = asyncio.create_task(watcher.next())
            await asyncio.wait((changed, reading), return_when=asyncio.FIRST_COMPLETED)
            if not changed.done():
                changed.cancel()
                break
            snap = changed.result()
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        tournaments.unwatch(watcher)
        reading.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await reading


async def _answer_pings(websocket: WebSocket) -> None:
    """Answer what the client sends, until it goes."""
    while (await websocket.receive())["type"] != "websocket.disconnect":
        await websocket.send_json({"type": "pong"})
