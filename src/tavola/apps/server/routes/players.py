"""Accounts over HTTP: sign up, sign in and out, who am I, a new password, my data, delete
me; a player's profile; a seat claimed by its account.

Sign-ins (and sign-ups) are limited per client address, and sign-ins per account name
(``settings.requests``); a wrong password and an unknown name get the same answer.
"""

from __future__ import annotations

from typing import Annotated, Any

from anyio import to_thread
from fastapi import APIRouter, Depends, Request, Response
from fastapi.responses import JSONResponse
from pydantic import Field

from tavola.apps.server.accounts import Accounts, Player
from tavola.apps.server.profiles import my_matches, player_data, profile
from tavola.apps.server.rates import Rates, client_address, rules
from tavola.apps.server.request_language import lazy
from tavola.apps.server.routes.bodies import Strict
from tavola.apps.server.routes.dependencies import (
    SeatedMatch,
    Service,
    TablesDep,
    Token,
    seat_needed,
)
from tavola.apps.server.routes.errors import ApiError, answers
from tavola.apps.server.routes.session import (
    COOKIE,
    AccountsDep,
    Caller,
    SignedIn,
    check_origin,
    clear_session_cookie,
    set_session_cookie,
)

router = APIRouter(prefix="/api", tags=["players"])
Claiming = Annotated[SeatedMatch, Depends(seat_needed(lazy("claiming a seat needs its token")))]


class Credentials(Strict):
    name: str = Field(max_length=64, examples=["ada"])
    password: str = Field(max_length=1000, examples=["correct horse battery"])


class NewPassword(Strict):
    password: str = Field(max_length=1000, description="the password now")
    new_password: str = Field(max_length=1000)


class Confirmation(Strict):
    password: str = Field(max_length=1000, description="the password, to confirm")


def limit_sign_in(request: Request, what: str, name: str | None = None) -> None:
    """403 ``cross_site`` from another site's page (it would sign its visitor in to an
    account of its choosing); 429 ``rate_limited`` past the address's (and the account
    name's) limits."""
    check_origin(request)
    limits = request.app.state.service.settings.requests
    rates: Rates = request.app.state.rates
    rates.check(rules(limits.sign_ins), what, client_address(request))
    if name is not None:
        rates.check(rules(limits.sign_ins_per_account), "sign_in_account", name.casefold())


async def signed_in_answer(
    request: Request, accounts: Accounts, player: Player, status: int
) -> JSONResponse:
    token = await to_thread.run_sync(accounts.open_session, player)
    response = JSONResponse({"name": player.name}, status_code=status)
    set_session_cookie(request, response, token)
    return response


async def _check_password(request: Request, accounts: Accounts, name: str, password: str) -> Player:
    limit_sign_in(request, "sign_ins", name)
    player = await to_thread.run_sync(accounts.check_password, name, password)
    if player is None:
        raise ApiError(401, "bad_credentials", lazy("wrong name or password"))
    return player


@router.post("/players", status_code=201, responses=answers(400, 409, 413, 422, 429))
async def sign_up(body: Credentials, request: Request, accounts: AccountsDep) -> JSONResponse:
    """A new account, signed in at once: ``{"name"}`` and the session cookie."""
    limit_sign_in(request, "sign_ups")
    player = await to_thread.run_sync(accounts.sign_up, body.name, body.password)
    return await signed_in_answer(request, accounts, player, 201)


@router.post("/session", responses=answers(400, 401, 413, 422, 429))
async def sign_in(body: Credentials, request: Request, accounts: AccountsDep) -> JSONResponse:
    """Sign in: ``{"name"}`` and the session cookie; 401 ``bad_credentials`` alike for an
    unknown name and a wrong password."""
    player = await _check_password(request, accounts, body.name, body.password)
    return await signed_in_answer(request, accounts, player, 200)


@router.delete("/session", status_code=204, responses=answers(403))
async def sign_out(request: Request, accounts: AccountsDep, caller: Caller) -> Response:
    """End this session (nothing to end is fine too)."""
    token = request.cookies.get(COOKIE)
    if caller is not None and token:
        await to_thread.run_sync(accounts.end_session, token)
    response = Response(status_code=204)
    clear_session_cookie(request, response)
    return response


@router.get("/me", responses=answers(401))
async def who_am_i(player: SignedIn) -> dict[str, Any]:
    """The signed-in player: ``{"name", "profile"}``."""
    return {"name": player.name, "profile": f"/players/{player.name}"}


@router.get("/me/matches", responses=answers(401))
async def list_my_matches(
    service: Service, accounts: AccountsDep, player: SignedIn
) -> dict[str, Any]:
    """``{"matches": [...]}``: the matches where the signed-in player's seats play (from
    any browser), each with its seat's token and play link, the most recent first."""
    return await my_matches(service, accounts, player)


@router.post("/me/password", status_code=204, responses=answers(400, 401, 403, 413, 422, 429))
async def change_password(
    body: NewPassword, request: Request, accounts: AccountsDep, player: SignedIn
) -> Response:
    """A new password; every other session of the account ends."""
    await _check_password(request, accounts, player.name, body.password)
    token = request.cookies[COOKIE]
    await to_thread.run_sync(accounts.change_password, player, body.new_password, token)
    return Response(status_code=204)


@router.get("/me/data", responses=answers(401))
async def download_data(
    request: Request, service: Service, accounts: AccountsDep, player: SignedIn
) -> JSONResponse:
    """Everything about the player: every match (with its record once over), the ratings,
    when each passkey was added (``{"added"}``: no key material), every challenge from or
    to them."""
    data = await player_data(service, accounts, player)
    added = await to_thread.run_sync(request.app.state.passkeys.added, player)
    data["passkeys"] = [{"added": moment} for moment in added]
    data["challenges"] = await request.app.state.challenges.of_player(player)
    disposition = f'attachment; filename="tavola-{player.name}.json"'
    return JSONResponse(data, headers={"Content-Disposition": disposition})


@router.delete("/me", status_code=204, responses=answers(400, 401, 403, 413, 422, 429))
async def delete_account(
    body: Confirmation,
    request: Request,
    accounts: AccountsDep,
    tables: TablesDep,
    player: SignedIn,
) -> Response:
    """Delete the account (its password confirms it): its seats stay in their matches,
    named "deleted player"; the matches and their records stay whole."""
    await _check_password(request, accounts, player.name, body.password)
    for match_id in await to_thread.run_sync(accounts.delete, player):
        await tables.reseat(match_id)
    response = Response(status_code=204)
    clear_session_cookie(request, response)
    return response


@router.get("/players/{name}", responses=answers(404))
async def get_player(name: str, service: Service, accounts: AccountsDep) -> dict[str, Any]:
    """A player's profile: ``{"name", "ratings", "matches"}`` (the most recent first)."""
    player = await to_thread.run_sync(accounts.find, name) if len(name) <= 64 else None
    if player is None:
        raise ApiError(404, "no_player", lazy("no player {name!r}", name=name))
    return await profile(service, accounts, player)


@router.post("/matches/{match_id}/claim", responses=answers(401, 403, 404, 409))
async def claim_seat(
    claiming: Claiming, token: Token, accounts: AccountsDep, tables: TablesDep, player: SignedIn
) -> dict[str, Any]:
    """The seat of the token (``Authorization: Bearer``) is the signed-in player's from
    now on, under their name; the server keeps its token for the account."""
    live, seat = claiming.live, claiming.seat
    assert token is not None  # the seat is the token's
    await to_thread.run_sync(accounts.bind_seat, live.id, seat, player, token)
    await tables.reseat(live.id)
    return {"match": live.id, "seat": seat, "name": player.name}
