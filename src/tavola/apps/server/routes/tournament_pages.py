"""The tournaments' pages: ``/tournaments`` (upcoming, running, finished; a signed-in
player's form to create one) and ``/t/{id}`` (standings, rounds with their matches to
watch, the signed-in entrant's seat, join and withdraw); ``static/tournament.js`` keeps
``/t/{id}`` up to date while it runs."""

from __future__ import annotations

from typing import Any

from anyio import to_thread
from fastapi import APIRouter
from fastapi.responses import HTMLResponse

from tavola.apps.server.refusals import Refused
from tavola.apps.server.request_language import lazy
from tavola.apps.server.routes.pages import BOT_CHOICES
from tavola.apps.server.routes.session import Caller
from tavola.apps.server.routes.tournaments import MAX_BOTS, MAX_ROUNDS, TournamentsDep
from tavola.apps.server.tournaments import MAX_SEATS, MIN_SEATS, Tournaments
from tavola.apps.web.pages import render
from tavola.core.registry import game_classes
from tavola.players import bot_name

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
    listed = await tournaments.listed()
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


def entrants_named(found: dict[str, Any]) -> dict[str, str]:
    """Each entrant as the page says it: a person by name, a bot by its strength as every
    page names bots ("ISMCTS, medium"; a second of one spec "ISMCTS, medium #2"), not by
    the spec its entrant name keeps ("ismcts:iterations=300 #2")."""
    named: dict[str, str] = {}
    seen: dict[str, int] = {}
    for entrant in found["entrants"]:
        spec = entrant.get("bot")
        if spec is None:
            named[entrant["entrant"]] = entrant["entrant"]
            continue
        seen[spec] = seen.get(spec, 0) + 1
        words = str(bot_name(spec))
        named[entrant["entrant"]] = words if seen[spec] == 1 else f"{words} #{seen[spec]}"
    return named


@router.get("/t/{tournament_id}")
async def tournament_page(
    tournament_id: str, caller: Caller, tournaments: TournamentsDep
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
        tournament=found,
        changes=await rating_changes(tournaments, found),
        named=entrants_named(found),
        signed_in=caller is not None,
        player=caller.name if caller else None,
    )
