"""Quick pairing: seek a match now, see whether it was paired, cancel (docs/players.md).

Every route needs a signed-in session; a seek is its owner's only (404 to anyone else).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Request
from pydantic import Field

from tavola.apps.server.clocks import TimeControl
from tavola.apps.server.request_language import lazy
from tavola.apps.server.routes.bodies import OptionValue, Strict, TimeControlBody
from tavola.apps.server.routes.errors import ApiError, answers
from tavola.apps.server.routes.session import SignedIn
from tavola.apps.server.seeks import Seeks

router = APIRouter(prefix="/api")
SeekId = Annotated[str, Path(pattern=r"^[A-Za-z0-9_-]{1,32}$", description="the seek's id")]


def seeks_of(request: Request) -> Seeks:
    seeks: Seeks = request.app.state.seeks
    return seeks


SeeksDep = Annotated[Seeks, Depends(seeks_of)]


class Seek(Strict):
    game: str = Field(max_length=64, examples=["carcassonne"])
    options: dict[str, OptionValue] = Field(default_factory=dict, examples=[{"players": 2}])
    time_control: TimeControlBody | None = Field(
        default=None, examples=[{"kind": "realtime", "initial": 600, "increment": 5}]
    )
    rated: bool = Field(default=False, description="the match is rated (docs/players.md)")


def _found(answer: dict[str, Any] | None) -> dict[str, Any]:
    if answer is None:
        raise ApiError(404, "no_seek", lazy("no such seek of yours"))
    return answer


@router.post("/seeks", status_code=201, responses=answers(400, 401, 403, 413, 422, 429, 503))
async def seek(body: Seek, player: SignedIn, seeks: SeeksDep) -> dict[str, Any]:
    """Wait for an opponent: a new match with players who seek the same game, options,
    time control and ratedness, of a near rating (a range that widens with waiting)."""
    control = TimeControl() if body.time_control is None else body.time_control.control()
    return {"id": await seeks.seek(player, body.game, body.options, control, body.rated)}


@router.get("/seeks", responses=answers(503))
async def seeking(seeks: SeeksDep) -> dict[str, Any]:
    """How many players seek each pool now: ``{"pools": [{"game", "options",
    "time_control", "rated", "count"}]}`` (anyone may ask; the lobby shows it)."""
    return {"pools": await seeks.seeking()}


@router.get("/seeks/{seek_id}", responses=answers(401, 404, 503))
async def seek_status(seek_id: SeekId, player: SignedIn, seeks: SeeksDep) -> dict[str, Any]:
    """``waiting``, ``paired`` (with the match and your seat: its token and link) or
    ``cancelled`` (by you, or after a minute nobody asked)."""
    return _found(await seeks.status(player, seek_id))


@router.delete("/seeks/{seek_id}", responses=answers(401, 403, 404, 503))
async def cancel_seek(seek_id: SeekId, player: SignedIn, seeks: SeeksDep) -> dict[str, Any]:
    """Stop waiting; a seek already paired stays so (the answer says how it stands)."""
    return _found(await seeks.cancel(player, seek_id))
