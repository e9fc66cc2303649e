"""A player's profile and data: their ratings and the matches their account holds seats in.

``player_ratings`` is the one place a profile's ratings come from: the ratings' module
fills it (the profile page, ``GET /api/players/{name}`` and the data download read it).
"""

from __future__ import annotations

from typing import Any

from anyio import to_thread
from sqlalchemy import Engine

from tavola.apps.server.accounts import Accounts, Player
from tavola.apps.server.live import LiveMatch
from tavola.apps.server.service import MatchService

RECENT_MATCHES = 50  # on a profile; the data download has every match


def player_ratings(engine: Engine, name: str) -> list[dict[str, Any]]:
    """The player's ratings, one per game and rating pool: ``{"game", "category",
    "rating", "uncertainty", "games", "provisional"}``. No rated match is stored yet, so
    there are none."""
    return []


def outcome_for(live: LiveMatch, seat: int) -> str | None:
    """``"win"``, ``"draw"`` (a shared first place) or ``"loss"`` for a seat of a match
    that is over; ``None`` while it goes on."""
    if not live.is_over:
        return None
    winners = live.result()["winners"]
    if seat not in winners:
        return "loss"
    return "win" if len(winners) == 1 else "draw"


def match_entry(live: LiveMatch, seat: int) -> dict[str, Any]:
    """One match of a profile: what anyone may know of it, and how it went for the seat."""
    return {
        "id": live.id,
        "game": live.game.name,
        "title": live.game.title,
        "seat": seat,
        "over": live.is_over,
        "result": outcome_for(live, seat),
        "seats": [info.public() for info in live.seats],
        "created_at": live.created_at.isoformat(),
        "spectate": f"/m/{live.id}",
        "replay": f"/m/{live.id}/replay" if live.is_over else None,
    }


async def player_matches(
    service: MatchService, accounts: Accounts, player: Player, limit: int = RECENT_MATCHES
) -> list[tuple[LiveMatch, int]]:
    """The matches (and seats) the player holds, the most recent first."""
    seats = await to_thread.run_sync(accounts.seats_of, player, limit)
    return [(await service.get(match_id), seat) for match_id, seat in seats]


async def profile(service: MatchService, accounts: Accounts, player: Player) -> dict[str, Any]:
    """``GET /api/players/{name}``: the name, the ratings and the recent matches."""
    ratings = await to_thread.run_sync(player_ratings, accounts.engine, player.name)
    matches = await player_matches(service, accounts, player)
    return {
        "name": player.name,
        "ratings": ratings,
        "matches": [match_entry(live, seat) for live, seat in matches],
    }


async def player_data(service: MatchService, accounts: Accounts, player: Player) -> dict[str, Any]:
    """Everything the server keeps about the player: every match with its record once
    over (the record is secret until then), and the ratings."""
    ratings = await to_thread.run_sync(player_ratings, accounts.engine, player.name)
    matches = await player_matches(service, accounts, player, limit=1_000_000)
    return {
        "name": player.name,
        "matches": [
            {**match_entry(live, seat), "record": live.state.record() if live.is_over else None}
            for live, seat in matches
        ],
        "ratings": ratings,
    }
