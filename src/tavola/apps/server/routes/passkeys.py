"""Passkeys over HTTP (``passkeys.py``): a signed-in player registers one; anyone signs in
with one. Each ceremony is two requests: its options (``{"ceremony", "publicKey"}``, for
``navigator.credentials.create`` or ``get``), then the browser's answer with the ceremony."""

from __future__ import annotations

from typing import Annotated, Any

from anyio import to_thread
from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse
from pydantic import Field

from tavola.apps.server.passkeys import Passkeys
from tavola.apps.server.request_language import lazy
from tavola.apps.server.routes.bodies import Strict
from tavola.apps.server.routes.errors import ApiError, answers
from tavola.apps.server.routes.players import limit_sign_in, signed_in_answer
from tavola.apps.server.routes.session import AccountsDep, SignedIn

router = APIRouter(prefix="/api", tags=["players"])


def passkeys_of(request: Request) -> Passkeys:
    passkeys: Passkeys = request.app.state.passkeys
    return passkeys


PasskeysDep = Annotated[Passkeys, Depends(passkeys_of)]


class Ceremony(Strict):
    ceremony: str = Field(max_length=64, description="the token of the options' answer")
    credential: dict[str, Any] = Field(
        description="the PublicKeyCredential the browser made, as JSON (base64url fields)"
    )


@router.post("/me/passkeys/options", responses=answers(401, 403))
async def passkey_options(player: SignedIn, passkeys: PasskeysDep) -> dict[str, Any]:
    """Start registering a passkey: ``{"ceremony", "publicKey"}`` (5 minutes, once)."""
    return await to_thread.run_sync(passkeys.registration_options, player)


@router.post("/me/passkeys", status_code=201, responses=answers(400, 401, 403, 413, 422))
async def register_passkey(
    body: Ceremony, player: SignedIn, passkeys: PasskeysDep
) -> dict[str, Any]:
    """Keep the passkey the browser made: ``{"id"}``; 422 ``bad_passkey`` if it does not
    answer the ceremony, for this site."""
    found = await to_thread.run_sync(passkeys.register, player, body.ceremony, body.credential)
    return {"id": found}


@router.get("/me/passkeys", responses=answers(401))
async def count_passkeys(player: SignedIn, passkeys: PasskeysDep) -> dict[str, Any]:
    """``{"count"}``: how many passkeys sign you in."""
    return {"count": await to_thread.run_sync(passkeys.count, player)}


@router.post("/session/passkey/options", responses=answers(403, 429))
async def passkey_sign_in_options(request: Request, passkeys: PasskeysDep) -> dict[str, Any]:
    """Start signing in with a passkey: ``{"ceremony", "publicKey"}`` (5 minutes, once)."""
    limit_sign_in(request, "sign_ins")
    return await to_thread.run_sync(passkeys.sign_in_options)


@router.post("/session/passkey", responses=answers(400, 401, 403, 413, 422, 429))
async def passkey_sign_in(
    body: Ceremony, request: Request, accounts: AccountsDep, passkeys: PasskeysDep
) -> JSONResponse:
    """Sign in with the passkey: ``{"name"}`` and the session cookie; 401
    ``bad_credentials`` for a passkey unknown or not answering the ceremony."""
    limit_sign_in(request, "sign_ins")
    player = await to_thread.run_sync(passkeys.sign_in, body.ceremony, body.credential)
    if player is None:
        raise ApiError(401, "bad_credentials", lazy("this passkey does not sign anyone in"))
    return await signed_in_answer(request, accounts, player, 200)
