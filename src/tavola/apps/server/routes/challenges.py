"""Challenges: invite a named player, or anyone signed in, to a match; accept, decline,
cancel (docs/players.md). Every route needs a signed-in session."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Path, Request
from pydantic import Field

from tavola.apps.server.challenges import Challenges
from tavola.apps.server.clocks import TimeControl
from tavola.apps.server.routes.bodies import OptionValue, Strict, TimeControlBody
from tavola.apps.server.routes.errors import answers
from tavola.apps.server.routes.session import SignedIn

router = APIRouter(prefix="/api", tags=["players"])
ChallengeId = Annotated[
    str, Path(pattern=r"^[A-Za-z0-9_-]{1,32}$", description="the challenge's id")
]


def challenges_of(request: Request) -> Challenges:
    challenges: Challenges = request.app.state.challenges
    return challenges


ChallengesDep = Annotated[Challenges, Depends(challenges_of)]


class Challenge(Strict):
    to: str | None = Field(
        default=None, max_length=64, description="the player invited; null: anyone signed in"
    )
    game: str = Field(max_length=64, examples=["carcassonne"])
    options: dict[str, OptionValue] = Field(default_factory=dict, examples=[{"players": 2}])
    time_control: TimeControlBody | None = Field(
        default=None, examples=[{"kind": "correspondence", "per_move": 86400}]
    )
    rated: bool = Field(default=False, description="the match is rated (docs/players.md)")


@router.post("/challenges", status_code=201, responses=answers(400, 401, 403, 404, 413, 422, 429))
async def challenge(body: Challenge, player: SignedIn, challenges: ChallengesDep) -> dict[str, Any]:
    """Challenge a player by name (``to``), or anyone (``to``: null): ``{"id", "key"}``;
    keep the key: ``GET /api/challenges/{id}`` with it gives your seat once accepted."""
    control = TimeControl() if body.time_control is None else body.time_control.control()
    return await challenges.create(player, body.to, body.game, body.options, control, body.rated)


@router.get("/challenges", responses=answers(401))
async def list_challenges(player: SignedIn, challenges: ChallengesDep) -> dict[str, Any]:
    """``{"mine", "to_me", "open"}``: your challenges (pending or accepted), those to you,
    and the open challenges of others, each ``{"id", "from", "to", "game", "options",
    "time_control", "rated", "status", "match", "seat"}``."""
    return await challenges.lists(player)


@router.get("/challenges/{challenge_id}", responses=answers(401, 404))
async def challenge_status(
    challenge_id: ChallengeId,
    player: SignedIn,
    challenges: ChallengesDep,
    authorization: Annotated[str | None, Header(description="Bearer KEY: the challenger's")] = None,
) -> dict[str, Any]:
    """The challenge; its ``seat`` (``{"seat", "token", "url"}``) is the challenger's once
    accepted, given to the challenger showing its key (``Authorization: Bearer KEY``)."""
    key = authorization.removeprefix("Bearer ").strip() if authorization else None
    return await challenges.status(player, challenge_id, key)


@router.post("/challenges/{challenge_id}/accept", responses=answers(401, 403, 404, 409, 422))
async def accept_challenge(
    challenge_id: ChallengeId, player: SignedIn, challenges: ChallengesDep
) -> dict[str, Any]:
    """Play it: a new match, both seated as themselves; ``{"match", "seat": {"seat",
    "token", "url"}}``. 409 ``challenge_taken`` if another accepted it first."""
    return await challenges.accept(player, challenge_id)


@router.delete("/challenges/{challenge_id}", responses=answers(401, 403, 404))
async def close_challenge(
    challenge_id: ChallengeId, player: SignedIn, challenges: ChallengesDep
) -> dict[str, Any]:
    """Cancel your challenge, or decline one to you (an accepted one stays so)."""
    return await challenges.close(player, challenge_id)
