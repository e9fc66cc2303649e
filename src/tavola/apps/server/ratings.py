"""Ratings: openskill's Plackett-Luce model over the finished rated matches, in order.

A rating is derived from the match log, as the clocks are: ``replay`` is a pure function
of the results of the finished rated matches (each read from its log) and of the bots'
starting ratings (their tournaments), taken in one order, ``(finished_at, match_id)``.
The tables of ``rating_store`` only cache it; ``tavola db rerate`` computes them again.

Every game and player count has a pool of its own (``Game.rating_category``). A player
is a name: a person's account's (``seat_player``), or a bot's spec (``bot_player``).

>>> from datetime import UTC
>>> at = datetime(2026, 1, 1, tzinfo=UTC)
>>> first = RatedResult("m1", "g", "2p", at, ("ada", "bot:random"), (1, 2))
>>> standings, points = replay([first], {})
>>> ada = standings[("ada", "g", "2p")]
>>> round(ada.mu, 3), round(ada.sigma, 3), ada.games, round(ada.rating, 3)
(27.635, 8.066, 1, 3.438)
>>> [point.player for point in points]
['ada', 'bot:random']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from openskill.models import PlackettLuce

from tavola.apps.server.models import DELETED_PLAYER, SeatRow
from tavola.apps.server.refusals import Refused
from tavola.apps.server.request_language import lazy

PROVISIONAL_GAMES = 10  # a rating is provisional, and off the leaderboards, until then
ACTIVE_DAYS = 90  # the leaderboards show the players who played within these days
BOT = "bot:"  # a bot's player name is its spec after this
DELETED = "deleted:"  # a deleted account's seat's player name: its match and seat after this
UNBOUNDED = ("time",)  # a server's limits, not the bot's strength: left out of its name
MODEL = PlackettLuce()  # openskill's defaults: mu 25, sigma 25/3, tau 25/300

Key = tuple[str, str, str]  # (player, game, category)


@dataclass(frozen=True)
class RatedResult:
    """A finished rated match: its pool, when it ended, its players in seat order, and
    their places (1 is first; equal places tie)."""

    match_id: str
    game: str
    category: str
    finished_at: datetime
    players: tuple[str, ...]
    places: tuple[int, ...]

    @property
    def order(self) -> tuple[datetime, str]:
        return (self.finished_at, self.match_id)


@dataclass
class Standing:
    """A player's rating in one pool: openskill's ``mu`` and ``sigma``, the games behind
    it (a bot's tournament games among them), and when it last played."""

    player: str
    game: str
    category: str
    mu: float
    sigma: float
    games: int
    last_played: datetime

    @property
    def key(self) -> Key:
        return (self.player, self.game, self.category)

    @property
    def rating(self) -> float:
        """The displayed rating: conservative, ``mu - 3 sigma`` (openskill's ordinal)."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


@dataclass(frozen=True)
class Point:
    """A player's rating after a rated match: a point of its history."""

    player: str
    game: str
    category: str
    match_id: str
    at: datetime
    mu: float
    sigma: float

    @property
    def rating(self) -> float:
        return self.mu - 3 * self.sigma


def rating_json(standing: Standing) -> dict[str, Any]:
    """A rating as the API gives it: ``rating`` is ``mu - 3 uncertainty``."""
    return {
        "rating": standing.rating,
        "uncertainty": standing.sigma,
        "games": standing.games,
        "provisional": standing.provisional,
    }


def rate(places: Sequence[int], before: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """Each seat's ``(mu, sigma)`` after a match where it took ``places``."""
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    after = MODEL.rate(teams, ranks=[float(place) for place in places])
    return [(team[0].mu, team[0].sigma) for team in after]


def apply(result: RatedResult, standings: dict[Key, Standing]) -> list[Point]:
    """Rate one match on ``standings`` (changed in place); the points it adds."""
    keys = [(player, result.game, result.category) for player in result.players]
    before = [standings.get(key) or new_standing(key, result.finished_at) for key in keys]
    after = rate(result.places, [(s.mu, s.sigma) for s in before])
    points = []
    for standing, (mu, sigma) in zip(before, after, strict=True):
        standing.mu, standing.sigma = mu, sigma
        standing.games += 1
        standing.last_played = max(standing.last_played, result.finished_at)
        standings[standing.key] = standing
        points.append(Point(*standing.key, result.match_id, result.finished_at, mu, sigma))
    return points


def new_standing(key: Key, at: datetime) -> Standing:
    return Standing(*key, mu=MODEL.mu, sigma=MODEL.sigma, games=0, last_played=at)


def replay(
    results: Iterable[RatedResult], seeds: Mapping[Key, Standing]
) -> tuple[dict[Key, Standing], list[Point]]:
    """Every rating, and every point of their histories: the seeds (a bot's rating from
    its tournament), then each result in order."""
    standings = {key: _copy(seed) for key, seed in seeds.items()}
    points: list[Point] = []
    for result in sorted(results, key=lambda result: result.order):
        points += apply(result, standings)
    return standings, points


def _copy(standing: Standing) -> Standing:
    return Standing(**vars(standing))


def places(result: dict[str, Any], scores: Sequence[int]) -> tuple[int, ...]:
    """Each seat's place from a match's result (``outcome.result``): the winners first
    (tied), then the others by score (equal scores tie), the seats that resigned last.

    >>> places({"winners": [1], "ranking": [1, 0, 2], "resigned": []}, [3, 9, 3])
    (2, 1, 2)
    >>> places({"winners": [0], "ranking": [0, 2, 1], "resigned": [1]}, [5, 8, 1])
    (1, 3, 2)
    """
    winners, resigned = set(result["winners"]), list(result["resigned"])

    def key(seat: int) -> tuple[bool, int, int]:
        if seat in winners:
            return (False, -1, 0)
        if seat in resigned:
            return (True, result["ranking"].index(seat), 0)
        return (True, -1, -scores[seat])

    keys = [key(seat) for seat in range(len(scores))]
    order = sorted(set(keys))
    return tuple(order.index(seat_key) + 1 for seat_key in keys)


def bot_player(spec: str) -> str:
    """A bot's player name: its spec, without the limits a server puts on its time.

    >>> bot_player("ismcts:iterations=300,time=5")
    'bot:ismcts:iterations=300'
    >>> bot_player("heuristic")
    'bot:heuristic'
    """
    name, _, options = spec.partition(":")
    kept = [part for part in options.split(",") if part and part.split("=")[0] not in UNBOUNDED]
    return BOT + (f"{name}:{','.join(kept)}" if kept else name)


def seat_player(seat: SeatRow) -> str | None:
    """The player a seat's result counts for, or ``None`` (the match is then not rated):
    a bot by its spec; a person's seat by its account, under the account's name (the seat
    holds it); a seat whose account was deleted by a pseudonym of its own (``deleted``),
    so that the other players' matches stay rated; an anonymous seat by nobody.

    This is the one place that says who sat at a seat.
    """
    if seat.kind == "bot" and seat.bot:
        return bot_player(seat.bot)
    if seat.player_id is not None and seat.name:
        return seat.name
    if seat.player_id is None and seat.name == DELETED_PLAYER:
        return deleted(seat.match_id, seat.seat)
    return None


def deleted(match_id: str, seat: int) -> str:
    """The player a seat of a deleted account counts for: one of its own, which no name
    can be (a name has no ``:``) and no leaderboard lists.

    >>> deleted("m1", 0)
    'deleted:m1:0'
    """
    return f"{DELETED}{match_id}:{seat}"


def is_deleted(player: str) -> bool:
    return player.startswith(DELETED)


def check_rated(
    seats: Sequence[str], names: Sequence[str | None], prearranged: bool, hints: bool
) -> None:
    """422 ``not_rated`` for a match that may not be rated: a chosen seed or stacked deck,
    hints, no person, or one player at several seats (a hotseat)."""
    people = [
        (name or "").strip().casefold()
        for spec, name in zip(seats, names, strict=True)
        if spec.strip().lower() == "human"
    ]
    if prearranged:
        why = lazy("a rated match has no chosen seed and no stacked deck")
    elif hints:
        why = lazy("a rated match gives no hints")
    elif not people:
        why = lazy("a rated match seats at least one person")
    elif len(set(filter(None, people))) < len(list(filter(None, people))):
        why = lazy("a rated match seats each player once (no hotseat)")
    else:
        return
    raise Refused("not_rated", why)
