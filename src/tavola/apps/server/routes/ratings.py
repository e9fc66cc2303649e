"""The ratings: a game's leaderboard (``/api/leaderboard/{game}``; its page is in
``pages``), and a player's rating history (``/api/ratings/{name}/history``, for the
profile's chart).

A leaderboard lists one pool (``category``) of a game: the players with at least
``min_games`` rated games (by default, those whose rating is no longer provisional) who
played within ``ratings.ACTIVE_DAYS`` days, best first, ``rating_store.PAGE`` a page.
"""

from __future__ import annotations

from typing import Annotated, Any

from anyio import to_thread
from fastapi import APIRouter, Query

from tavola.apps.server.rating_store import PAGE, RatingStore
from tavola.apps.server.ratings import PROVISIONAL_GAMES, rating_json
from tavola.apps.server.request_language import lazy
from tavola.apps.server.routes.dependencies import Service
from tavola.apps.server.routes.errors import ApiError, answers
from tavola.core.registry import game_classes, load

router = APIRouter()

Category = Annotated[
    str | None,
    Query(
        max_length=32,
        description="the game's rating pool, as Game.rating_category names it (default: "
        "the pool of the game's default options)",
        examples=["2p"],
    ),
]
Page = Annotated[int, Query(ge=1, le=10_000, description="the page, from 1")]
MinGames = Annotated[
    int, Query(ge=1, le=100_000, description="the fewest rated games a player listed has")
]


def default_category(game: str) -> str | None:
    """The pool of ``game`` with its default options; ``None`` if there is no such game."""
    if game not in game_classes():
        return None
    return load(game).rating_category()


async def leaderboard_json(
    store: RatingStore, game: str, category: str, page: int, min_games: int
) -> dict[str, Any]:
    rows, more = await to_thread.run_sync(store.leaderboard, game, category, page, min_games)
    first = (page - 1) * PAGE + 1
    return {
        "game": game,
        "category": category,
        "page": page,
        "more": more,
        "min_games": min_games,
        "players": [
            {"rank": first + i, "name": row.player, **rating_json(row)}
            for i, row in enumerate(rows)
        ],
    }


@router.get("/api/leaderboard/{game}", responses=answers(404, 422))
async def leaderboard(
    game: str,
    service: Service,
    category: Category = None,
    page: Page = 1,
    min_games: MinGames = PROVISIONAL_GAMES,
) -> dict[str, Any]:
    """The best players of a game's rating pool, a page at a time."""
    default = default_category(game)
    if default is None:
        raise ApiError(404, "no_game", lazy("There is no game {game!r}.", game=game))
    return await leaderboard_json(service.ratings, game, category or default, page, min_games)


@router.get("/api/ratings/{name}/history", responses=answers(404, 422))
async def rating_history(
    name: str, game: str, service: Service, category: Category = None
) -> dict[str, Any]:
    """A player's rating after each of its rated matches in one pool, oldest first."""
    default = default_category(game)
    if default is None:
        raise ApiError(404, "no_game", lazy("There is no game {game!r}.", game=game))
    category = category or default
    points = await to_thread.run_sync(service.ratings.history, name, game, category)
    return {
        "name": name,
        "game": game,
        "category": category,
        "points": [
            {
                "match": point.match_id,
                "at": point.at.isoformat(),
                "rating": point.rating,
                "uncertainty": point.sigma,
            }
            for point in points
        ],
    }
