"""A player's profile and data: their ratings and the matches their account holds seats in.

``player_ratings`` is the one place a profile's ratings come from (the profile page,
``GET /api/players/{name}`` and the data download read it); the page adds a chart of each
rating over time (``rating_charts``) and the results against each opponent (``opponents``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from anyio import to_thread

from tavola.apps.server.accounts import Accounts, Player
from tavola.apps.server.live import LiveMatch
from tavola.apps.server.rating_store import RatingStore
from tavola.apps.server.ratings import rating_json
from tavola.apps.server.service import MatchService
from tavola.apps.web.pages import match_title

RECENT_MATCHES = 50  # on a profile; the data download has every match
CHART = (240, 48)  # a rating chart's width and height, in the SVG's units
CHART_MARGIN = 2


def player_ratings(store: RatingStore, name: str) -> list[dict[str, Any]]:
    """The player's ratings, one per game and rating pool: ``{"game", "category",
    "rating", "uncertainty", "games", "provisional"}``. It reads the database: call it in a
    worker thread."""
    return [
        {"game": standing.game, "category": standing.category, **rating_json(standing)}
        for standing in store.player_ratings(name)
    ]


def rating_chart(ratings: Sequence[float], width: int = CHART[0], height: int = CHART[1]) -> str:
    """An SVG polyline's points for ratings over time, oldest at the left, the scale from
    the lowest to the highest (a flat line in the middle if they are equal).

    >>> rating_chart([0.0, 10.0, 5.0], 100, 20)
    '2.0,18.0 50.0,2.0 98.0,10.0'
    """
    low, high = min(ratings), max(ratings)
    span, steps = (high - low) or 1.0, max(len(ratings) - 1, 1)
    inner_width, inner_height = width - 2 * CHART_MARGIN, height - 2 * CHART_MARGIN
    points = []
    for index, rating in enumerate(ratings):
        x = CHART_MARGIN + inner_width * index / steps
        y = height / 2 if high == low else CHART_MARGIN + inner_height * (high - rating) / span
        points.append(f"{x:.1f},{y:.1f}")
    return " ".join(points)


def rating_charts(store: RatingStore, name: str, ratings: list[dict[str, Any]]) -> dict[str, str]:
    """Each of the player's pools' chart (``rating_chart``), by ``"game/category"``. It reads
    the database: call it in a worker thread."""
    charts = {}
    for rating in ratings:
        points = store.history(name, rating["game"], rating["category"])
        charts[f"{rating['game']}/{rating['category']}"] = rating_chart(
            [point.rating for point in points] or [rating["rating"]]
        )
    return charts


def opponents(matches: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Win and loss against each opponent, over the finished matches of a profile
    (``match_entry``): ``{"name", "wins", "losses", "draws"}``, the most met first. An
    opponent is a seat's name, or a bot's name by strength (as the match page names it,
    never its spec; a tournament's entrants of one kind of bot, one row); an anonymous
    seat is nobody.

    >>> seats = [
    ...     {"seat": 0, "name": "ada", "bot": None, "bot_name": None},
    ...     {"seat": 1, "name": None, "bot": "ismcts:seconds=1", "bot_name": "ISMCTS, medium"},
    ... ]
    >>> opponents([{"seat": 0, "over": True, "result": "win", "seats": seats}])
    [{'name': 'ISMCTS, medium', 'wins': 1, 'losses': 0, 'draws': 0}]
    """
    tally: dict[str, dict[str, Any]] = {}
    column = {"win": "wins", "loss": "losses", "draw": "draws"}
    for match in matches:
        if not match["over"] or match["result"] not in column:
            continue
        for seat in match["seats"]:
            name = opponent_name(seat)
            if seat["seat"] == match["seat"] or name is None:
                continue
            row = tally.setdefault(name, {"name": name, "wins": 0, "losses": 0, "draws": 0})
            row[column[match["result"]]] += 1
    return sorted(
        tally.values(), key=lambda row: (-(row["wins"] + row["losses"] + row["draws"]), row["name"])
    )


def opponent_name(seat: dict[str, Any]) -> str | None:
    """A seat as the profile names an opponent, in its table and its list of matches alike:
    its name, else its bot by strength as ``bot_named`` words it ("heuristic, easy"; a
    tournament's entrants of one kind, one name); ``None`` for a person without a name.

    >>> opponent_name({"seat": 1, "name": None, "bot_name": "heuristic, easy"})
    'heuristic, easy'
    """
    name: str | None = seat["bot_name"] if seat.get("entrant") else seat["name"] or seat["bot_name"]
    return name


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
        "title": match_title(live.game),
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
    ratings = await to_thread.run_sync(player_ratings, service.ratings, player.name)
    matches = await player_matches(service, accounts, player)
    return {
        "name": player.name,
        "ratings": ratings,
        "matches": [match_entry(live, seat) for live, seat in matches],
    }


async def player_data(service: MatchService, accounts: Accounts, player: Player) -> dict[str, Any]:
    """Everything the server keeps about the player: every match with its record once
    over (the record is secret until then), and the ratings."""
    ratings = await to_thread.run_sync(player_ratings, service.ratings, player.name)
    matches = await player_matches(service, accounts, player, limit=1_000_000)
    return {
        "name": player.name,
        "matches": [
            {**match_entry(live, seat), "record": live.state.record() if live.is_over else None}
            for live, seat in matches
        ],
        "ratings": ratings,
    }


async def my_matches(service: MatchService, accounts: Accounts, player: Player) -> dict[str, Any]:
    """``GET /api/me/matches``: the matches where the player's seats play, the most recent
    first, each a profile's entry with ``to_move`` (the seat is to move now), and the
    seat's ``token`` and play link ``url`` (None where the server does not know its token)."""
    held = await to_thread.run_sync(accounts.held_seats, player)
    matches = []
    for match_id, seat, token in held:
        live = await service.get(match_id)
        to_move = live.started and not live.is_over and live.current_player == seat
        url = None if token is None else f"/m/{live.id}?token={token}"
        matches.append({**match_entry(live, seat), "to_move": to_move, "token": token, "url": url})
    return {"matches": matches}
