"""The ratings in the database: recorded as rated matches end, read for the leaderboards.

The tables (``rating_rows``) cache ``ratings.replay``. A match that ends after every other
of its pool is rated on the stored standings, which is what replaying them all would do;
one that ends out of order (rare: two servers, one slower) replays its pool. Every write
holds one lock (a PostgreSQL advisory lock across servers, a thread lock within one), so
that two servers never rate on the same standings. A deleted account's seats count for
pseudonyms (``ratings.deleted``) that rate the other players and keep no rating of their own.
"""

from __future__ import annotations

import threading
from collections.abc import Collection, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta

from sqlalchemy import Engine, delete, select, text, tuple_
from sqlalchemy.orm import Session

from tavola.apps.server.live import LiveMatch
from tavola.apps.server.models import SeatRow, as_utc, now
from tavola.apps.server.rating_rows import HistoryRow, RatingRow, ResultRow, SeedRow
from tavola.apps.server.ratings import (
    ACTIVE_DAYS,
    Point,
    RatedResult,
    Standing,
    apply,
    deleted,
    is_deleted,
    new_standing,
    places,
    replay,
    seat_player,
)

LOCK = 0x7A701A  # the advisory lock of the ratings' writes (any number no other lock uses)
PAGE = 50  # players per leaderboard page


@dataclass(frozen=True)
class Finished:
    """What a rated match's log says of its end; its seats say who played (``players``)."""

    match_id: str
    game: str
    category: str
    finished_at: datetime
    places: tuple[int, ...]

    def rated(self, seats: Sequence[SeatRow]) -> RatedResult | None:
        """The result, if every seat counts for a player and none for the same one."""
        players = [seat_player(seat) for seat in sorted(seats, key=lambda seat: seat.seat)]
        named = [player for player in players if player is not None]
        if len(named) != len(players) or len(set(named)) != len(named):
            return None
        at = self.finished_at
        return RatedResult(self.match_id, self.game, self.category, at, tuple(named), self.places)


def finished(live: LiveMatch) -> Finished:
    """A match that is over: its pool, the time of its last entry, each seat's place."""
    at = live.entries[-1].at if live.entries else live.created_at
    scores = list(live.state.scores)
    category = live.game.rating_category()
    return Finished(live.id, live.game.name, category, at, places(live.result(), scores))


class RatingStore:
    def __init__(self, engine: Engine, postgres: bool) -> None:
        self.engine = engine
        self.postgres = postgres
        self._lock = threading.Lock()

    @contextmanager
    def writing(self) -> Iterator[Session]:
        """A transaction that holds the ratings' lock: every write to their tables is in
        one (an account's deletion too, ``accounts.Accounts.delete``)."""
        with self._lock, Session(self.engine) as session, session.begin():
            if self.postgres:
                session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK})
            yield session

    # -- writing ---------------------------------------------------------------------------

    def record(self, end: Finished) -> RatedResult | None:
        """Rate a rated match that ended; ``None`` if it was rated already, or counts not
        (a seat without a player, or a player at two seats)."""
        with self.writing() as session:
            seats = session.scalars(select(SeatRow).where(SeatRow.match_id == end.match_id))
            result = end.rated(list(seats))
            if result is None or session.get(ResultRow, end.match_id) is not None:
                return None
            last = session.execute(
                select(ResultRow.finished_at, ResultRow.match_id)
                .where(ResultRow.game == end.game, ResultRow.category == end.category)
                .order_by(ResultRow.finished_at.desc(), ResultRow.match_id.desc())
                .limit(1)
            ).first()
            session.add(_result_row(result))
            if last is None or (as_utc(last[0]), last[1]) < result.order:
                self._rate_on_stored(session, result)
            else:
                self._replay_pool(session, result.game, result.category)
            return result

    def _rate_on_stored(self, session: Session, result: RatedResult) -> None:
        keys = [(player, result.game, result.category) for player in result.players]
        rows = {
            (row.player, row.game, row.category): row
            for row in session.scalars(
                select(RatingRow).where(
                    RatingRow.game == result.game,
                    RatingRow.category == result.category,
                    RatingRow.player.in_(result.players),
                )
            )
        }
        standings = {key: _standing(rows[key]) for key in keys if key in rows}
        points = apply(result, standings)
        for key in keys:
            if key in rows:
                _fill(rows[key], standings[key])
            elif not is_deleted(key[0]):
                session.add(_fill(RatingRow(), standings[key]))
        session.add_all(_history_row(point) for point in points if not is_deleted(point.player))

    def _replay_pool(self, session: Session, game: str, category: str) -> None:
        """Compute a pool's ratings again from its results and seeds."""
        results = [
            _rated(row)
            for row in session.scalars(
                select(ResultRow).where(ResultRow.game == game, ResultRow.category == category)
            )
        ]
        seeds = [
            _seed(row)
            for row in session.scalars(
                select(SeedRow).where(SeedRow.game == game, SeedRow.category == category)
            )
        ]
        for table in (RatingRow, HistoryRow):
            session.execute(delete(table).where(table.game == game, table.category == category))
        self._write(session, results, seeds)

    def _write(
        self, session: Session, results: Iterable[RatedResult], seeds: Iterable[Standing]
    ) -> None:
        standings, points = replay(results, {seed.key: seed for seed in seeds})
        kept = [standing for standing in standings.values() if not is_deleted(standing.player)]
        session.add_all(_fill(RatingRow(), standing) for standing in kept)
        session.add_all(_history_row(point) for point in points if not is_deleted(point.player))

    def rerate(self, results: Sequence[RatedResult]) -> int:
        """Replace every result and rating by those of ``results`` (each rated match's,
        read from its log) and the seeds; matches rated meanwhile are kept. How many
        results there are."""
        with self.writing() as session:
            given = {result.match_id for result in results}
            kept = [
                _rated(row)
                for row in session.scalars(select(ResultRow))
                if row.match_id not in given
            ]
            seeds = [_seed(row) for row in session.scalars(select(SeedRow))]
            for table in (HistoryRow, RatingRow, ResultRow):
                session.execute(delete(table))
            every = [*results, *kept]
            session.add_all(_result_row(result) for result in every)
            session.flush()
            self._write(session, every, seeds)
            return len(every)

    def seed(self, seeds: Sequence[Standing]) -> None:
        """Set players' starting ratings (a bot's, from a tournament), then replay their
        pools."""
        with self.writing() as session:
            for seed in seeds:
                row = session.get(SeedRow, seed.key) or SeedRow(
                    player=seed.player, game=seed.game, category=seed.category
                )
                row.mu, row.sigma, row.games = seed.mu, seed.sigma, seed.games
                row.seeded_at = seed.last_played
                session.add(row)
            session.flush()
            for game, category in sorted({(seed.game, seed.category) for seed in seeds}):
                self._replay_pool(session, game, category)

    @staticmethod
    def forget(session: Session, name: str, seats: Iterable[tuple[str, int]]) -> None:
        """In a transaction of ``writing``: a deleted account's ratings and history go, and
        in the results of its rated matches (its ``seats``, ``(match, seat)``) its name
        becomes each seat's pseudonym (``ratings.deleted``), so that nobody who takes the
        name later inherits them. The other players' ratings stay as they are."""
        for table in (RatingRow, HistoryRow):
            session.execute(delete(table).where(table.player == name))
        for match_id, seat in seats:
            row = session.get(ResultRow, match_id)
            if row is not None and seat < len(row.players) and row.players[seat] == name:
                players = list(row.players)
                players[seat] = deleted(match_id, seat)
                row.players = players  # a new list: the JSON column sees the change

    # -- reading ---------------------------------------------------------------------------

    def leaderboard(
        self, game: str, category: str, page: int, min_games: int, at: datetime | None = None
    ) -> tuple[list[Standing], bool]:
        """A page (from 1) of a pool's players with ``min_games`` who played within
        ``ACTIVE_DAYS`` of ``at``, best first; and whether more pages follow."""
        since = (at or now()) - timedelta(days=ACTIVE_DAYS)
        query = (
            select(RatingRow)
            .where(
                RatingRow.game == game,
                RatingRow.category == category,
                RatingRow.games >= min_games,
                RatingRow.last_played >= since,
            )
            .order_by(RatingRow.rating.desc(), RatingRow.player)
            .offset((page - 1) * PAGE)
            .limit(PAGE + 1)
        )
        with Session(self.engine) as session:
            rows = [_standing(row) for row in session.scalars(query)]
        return rows[:PAGE], len(rows) > PAGE

    def categories(self, game: str) -> list[str]:
        """The pools of ``game`` that hold a rating."""
        with Session(self.engine) as session:
            found = session.scalars(
                select(RatingRow.category).where(RatingRow.game == game).distinct()
            )
            return sorted(found)

    def player_ratings(self, player: str) -> list[Standing]:
        """A player's rating in each pool where it has one (for its profile)."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(RatingRow)
                .where(RatingRow.player == player)
                .order_by(RatingRow.game, RatingRow.category)
            )
            return [_standing(row) for row in rows]

    def history(self, player: str, game: str, category: str) -> list[Point]:
        """A player's rating after each of its rated matches in a pool, oldest first."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(HistoryRow)
                .where(
                    HistoryRow.player == player,
                    HistoryRow.game == game,
                    HistoryRow.category == category,
                )
                .order_by(HistoryRow.at, HistoryRow.match_id)
            )
            return [_point(row) for row in rows]

    def seat_changes(self, match_ids: Collection[str]) -> dict[str, list[float | None]]:
        """Each rated match's change to each seat's rating, in seat order (``None``: a
        deleted account's seat); a match not rated is left out."""
        with Session(self.engine) as session:
            rows = session.scalars(select(ResultRow).where(ResultRow.match_id.in_(match_ids)))
            return {
                row.match_id: [_change(session, _rated(row), player) for player in row.players]
                for row in rows
            }

    def every(self) -> list[Standing]:
        """Every rating, in one order (to compare two computations of them)."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(RatingRow).order_by(RatingRow.game, RatingRow.category, RatingRow.player)
            )
            return [_standing(row) for row in rows]


def _change(session: Session, result: RatedResult, player: str) -> float | None:
    """What ``result`` changed of ``player``'s rating: its point of history minus the one
    before in the pool (before the first: the seed's, or a new player's)."""
    key = (player, result.game, result.category)
    after = session.get(HistoryRow, (*key, result.match_id))
    if after is None:
        return None
    before = session.scalars(
        select(HistoryRow)
        .where(
            HistoryRow.player == player,
            HistoryRow.game == result.game,
            HistoryRow.category == result.category,
            tuple_(HistoryRow.at, HistoryRow.match_id) < tuple_(after.at, after.match_id),
        )
        .order_by(HistoryRow.at.desc(), HistoryRow.match_id.desc())
        .limit(1)
    ).first()
    if before is not None:
        return _point(after).rating - _point(before).rating
    seed = session.get(SeedRow, key)
    start = _seed(seed) if seed is not None else new_standing(key, result.finished_at)
    return _point(after).rating - start.rating


def _result_row(result: RatedResult) -> ResultRow:
    return ResultRow(
        match_id=result.match_id,
        game=result.game,
        category=result.category,
        finished_at=result.finished_at,
        players=list(result.players),
        places=list(result.places),
    )


def _rated(row: ResultRow) -> RatedResult:
    return RatedResult(
        row.match_id,
        row.game,
        row.category,
        as_utc(row.finished_at),
        tuple(row.players),
        tuple(row.places),
    )


def _standing(row: RatingRow) -> Standing:
    return Standing(
        row.player, row.game, row.category, row.mu, row.sigma, row.games, as_utc(row.last_played)
    )


def _seed(row: SeedRow) -> Standing:
    return Standing(
        row.player, row.game, row.category, row.mu, row.sigma, row.games, as_utc(row.seeded_at)
    )


def _fill(row: RatingRow, standing: Standing) -> RatingRow:
    row.player, row.game, row.category = standing.key
    row.mu, row.sigma, row.rating = standing.mu, standing.sigma, standing.rating
    row.games, row.last_played = standing.games, standing.last_played
    return row


def _point(row: HistoryRow) -> Point:
    at = as_utc(row.at)
    return Point(row.player, row.game, row.category, row.match_id, at, row.mu, row.sigma)


def _history_row(point: Point) -> HistoryRow:
    return HistoryRow(**asdict(point))  # the same fields
