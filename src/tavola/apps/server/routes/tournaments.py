"""Tournaments: create, join, withdraw, read, list (docs/tournaments.md).

Creating, joining and withdrawing need a signed-in session; reading is for anyone, and
a signed-in entrant reads its own seat too (``my_table``).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Query, Request
from pydantic import Field

from tavola.apps.server.routes.bodies import OptionValue, Strict, TimeControlBody
from tavola.apps.server.routes.errors import answers
from tavola.apps.server.routes.session import Caller, SignedIn
from tavola.apps.server.tournaments import MAX_SEATS, MIN_SEATS, Tournaments, entry_link

router = APIRouter(prefix="/api")
TournamentId = Annotated[
    str, Path(pattern=r"^[A-Za-z0-9_-]{1,32}$", description="the tournament's id")
]
MAX_ROUNDS = 50
MAX_MINUTES = 60 * 24 * 31  # an arena of a month at most
MAX_BOTS = 64


def tournaments_of(request: Request) -> Tournaments:
    tournaments: Tournaments = request.app.state.tournaments
    return tournaments


TournamentsDep = Annotated[Tournaments, Depends(tournaments_of)]


class CreateTournament(Strict):
    game: str = Field(max_length=64, examples=["clocktowers"])
    options: dict[str, OptionValue] = Field(default_factory=dict, examples=[{}])
    format: Literal["arena", "swiss", "round_robin"] = Field(examples=["swiss"])
    rounds: int | None = Field(default=None, ge=1, le=MAX_ROUNDS, description="a Swiss's rounds")
    minutes: float | None = Field(
        default=None, gt=0, le=MAX_MINUTES, description="an arena's duration"
    )
    seats_per_table: int | None = Field(
        default=None,
        ge=MIN_SEATS,
        le=MAX_SEATS,
        description="players per match (default: the game's with its options)",
    )
    time_control: TimeControlBody = Field(
        examples=[{"kind": "realtime", "initial": 300, "increment": 3}]
    )
    rated: bool = Field(default=False, description="its matches with a person are rated")
    bots: list[Annotated[str, Field(max_length=200)]] = Field(
        default_factory=list,
        max_length=MAX_BOTS,
        description="bot specs entered from the start",
        examples=[["heuristic", "random"]],
    )
    start: str = Field(
        default="now", max_length=40, description='"now", "when_full" or an ISO time'
    )
    max_players: int | None = Field(default=None, ge=2, le=1000)
    entry: Literal["open", "link"] = Field(
        default="open",
        description='"link": entered by its link only (its key), not listed to others',
    )


@router.post("/tournaments", status_code=201, responses=answers(400, 401, 403, 413, 422, 429, 503))
async def create_tournament(
    body: CreateTournament, player: SignedIn, tournaments: TournamentsDep
) -> dict[str, Any]:
    """A new tournament (arena, Swiss or round robin) that pairs and plays itself; its
    bots are entrants from the start. Points: 1 for a win, 0.5 each for a draw; a table
    of more seats by finishing place (docs/tournaments.md). One entered by link only
    answers its ``link`` too (``/t/ID?key=KEY``)."""
    created = await tournaments.create(
        player,
        body.game,
        body.options,
        body.format,
        body.rounds,
        body.minutes,
        body.seats_per_table,
        body.time_control.control(),
        body.rated,
        body.bots,
        body.start,
        body.max_players,
        body.entry,
    )
    answer = {"id": created.id, "url": f"/t/{created.id}"}
    if created.entry_key is not None:
        answer["link"] = entry_link(created)
    return answer


@router.post("/tournaments/{tournament_id}/join", responses=answers(401, 403, 404, 409, 503))
async def join_tournament(
    tournament_id: TournamentId,
    player: SignedIn,
    tournaments: TournamentsDep,
    key: Annotated[
        str | None, Query(max_length=64, description="the key of its link (entry by link)")
    ] = None,
) -> dict[str, Any]:
    """Enter the tournament (until it starts; an arena's until it ends). One entered by
    link only needs its link's ``key`` (403 ``bad_key``)."""
    return await tournaments.join(player, tournament_id, key)


@router.post("/tournaments/{tournament_id}/withdraw", responses=answers(401, 403, 404, 503))
async def withdraw_from_tournament(
    tournament_id: TournamentId, player: SignedIn, tournaments: TournamentsDep
) -> dict[str, Any]:
    """Be paired no more; the results played stand."""
    return await tournaments.withdraw(player, tournament_id)


@router.get("/tournaments/{tournament_id}", responses=answers(404, 503))
async def tournament(
    tournament_id: TournamentId, caller: Caller, tournaments: TournamentsDep
) -> dict[str, Any]:
    """Its status, standings (points, Buchholz tie-break, tables played) and rounds; for
    a signed-in entrant, ``my_table``: the match, seat, token and link it plays now."""
    return await tournaments.answer(tournament_id, caller)


@router.get("/tournaments", responses=answers(503))
async def list_tournaments(tournaments: TournamentsDep, caller: Caller) -> dict[str, Any]:
    """The upcoming and running tournaments, and the latest finished (of those entered by
    link only, the caller's own and those it entered)."""
    return await tournaments.listed(caller)


@router.get("/me/tournament-tables", responses=answers(401, 503))
async def my_tournament_tables(player: SignedIn, tournaments: TournamentsDep) -> dict[str, Any]:
    """``{"tables": [...]}``: the matches the signed-in player is paired in now, each
    ``{"tournament", "page", "game", "format", "match", "seat", "token", "url"}``."""
    return {"tables": await tournaments.seated(player)}
