"""The ratings' store on a SQLite file, in this process: a match rated out of order gives
what replaying them all gives, a table of four rates by places, seats that count for no
player or for one player twice rate nothing, a leaderboard's filters and pages, and a
deleted account's ratings go while the other players' stay."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from tavola.apps.server.accounts import Accounts, Player
from tavola.apps.server.db import make_engine, upgrade
from tavola.apps.server.models import MatchRow, PlayerRow, SeatRow
from tavola.apps.server.profiles import player_ratings
from tavola.apps.server.rating_rows import ResultRow
from tavola.apps.server.rating_store import PAGE, Finished, RatingStore
from tavola.apps.server.ratings import PROVISIONAL_GAMES, Standing, replay
from tavola.apps.server.store import Store

START = datetime(2026, 3, 1, tzinfo=UTC)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[RatingStore]:
    engine = make_engine(f"sqlite:///{tmp_path / 'ratings.sqlite3'}")
    upgrade(engine)
    yield RatingStore(engine, postgres=False)
    engine.dispose()


def account(store: RatingStore, name: str) -> int:
    """The id of the account ``name`` (made the first time)."""
    with Session(store.engine, expire_on_commit=False) as session, session.begin():
        row = session.scalars(select(PlayerRow).where(PlayerRow.name == name)).first()
        if row is None:
            row = PlayerRow(
                name=name, name_key=name.casefold(), password_hash="-", created_at=START
            )
            session.add(row)
    return row.id


def add_match(store: RatingStore, match_id: str, names: list[str | None]) -> None:
    """A rated match whose seats hold the accounts of ``names`` (``None``: anonymous)."""
    match = MatchRow(
        id=match_id,
        game="g",
        options={},
        seed=1,
        prearranged=False,
        listed=False,
        created_at=START,
        rated=True,
    )
    seats = [
        SeatRow(
            match_id=match_id,
            seat=seat,
            kind="human",
            bot=None,
            name=name and name.strip(),
            player_id=name and account(store, name.strip()),
        )
        for seat, name in enumerate(names)
    ]
    Store(store.engine, notify=False).insert_match(match, seats)


def end(match_id: str, minutes: int, places: tuple[int, ...], category: str = "2p") -> Finished:
    return Finished(match_id, "g", category, START + timedelta(minutes=minutes), places)


def test_a_match_rated_out_of_order_gives_what_a_replay_gives(store: RatingStore) -> None:
    ends = [end("a", 1, (1, 2)), end("b", 3, (2, 1)), end("c", 2, (1, 2))]
    results = []
    for finished, names in zip(ends, [["ada", "bea"], ["bea", "cid"], ["cid", "ada"]], strict=True):
        add_match(store, finished.match_id, list(names))
        recorded = store.record(finished)  # "c" ends before "b": its pool is replayed
        assert recorded is not None
        results.append(recorded)
    assert store.record(ends[0]) is None  # rated once only
    standings, points = replay(results, {})
    assert store.every() == sorted(standings.values(), key=lambda s: s.player)
    assert store.history("ada", "g", "2p") == [p for p in points if p.player == "ada"]
    assert [p.match_id for p in store.history("cid", "g", "2p")] == ["c", "b"]


def test_places_rate_a_table_of_four(store: RatingStore) -> None:
    add_match(store, "t", ["ada", "bea", "cid", "dan"])
    assert store.record(end("t", 1, (2, 1, 2, 4), "3-5p")) is not None
    (ada,) = player_ratings(store, "ada")  # one pool, as a profile lists it
    assert ada["game"] == "g"
    assert ada["category"] == "3-5p"
    assert ada["games"] == 1
    assert ada["provisional"]
    board, _ = store.leaderboard("g", "3-5p", 1, min_games=1, at=START)
    order = [s.player for s in board]
    assert order[0] == "bea"
    assert order[-1] == "dan"
    assert {s.player for s in board[1:3]} == {"ada", "cid"}
    tied = [s for s in board if s.player in ("ada", "cid")]
    assert tied[0].mu == tied[1].mu


def test_seats_without_a_player_or_with_one_twice_rate_nothing(store: RatingStore) -> None:
    add_match(store, "anon", ["ada", None])
    add_match(store, "hotseat", ["ada", " ada "])
    assert store.record(end("anon", 1, (1, 2))) is None
    assert store.record(end("hotseat", 2, (1, 2))) is None
    assert store.every() == []


def test_the_leaderboard_filters_and_pages(store: RatingStore) -> None:
    seeds = [
        Standing(f"bot:{n:02}", "g", "2p", 25.0 + n / 10, 1.0, PROVISIONAL_GAMES, START)
        for n in range(PAGE + 1)
    ]
    seeds.append(Standing("bot:new", "g", "2p", 40.0, 1.0, PROVISIONAL_GAMES - 1, START))
    store.seed(seeds)
    first, more = store.leaderboard("g", "2p", 1, PROVISIONAL_GAMES, at=START)
    assert more
    assert len(first) == PAGE
    assert first[0].player == f"bot:{PAGE:02}"  # the best; "bot:new" is provisional
    second, more = store.leaderboard("g", "2p", 2, PROVISIONAL_GAMES, at=START)
    assert [s.player for s in second] == ["bot:00"]
    assert not more
    assert store.leaderboard("g", "2p", 1, 1, at=START)[0][0].player == "bot:new"
    later = START + timedelta(days=91)  # nobody played within 90 days
    assert store.leaderboard("g", "2p", 1, 1, at=later) == ([], False)
    assert store.categories("g") == ["2p"]


def test_a_deleted_account_leaves_its_ratings_and_its_seats_count_for_pseudonyms(
    store: RatingStore,
) -> None:
    ends = [end("a", 1, (1, 2)), end("b", 2, (2, 1))]
    for finished, names in zip(ends, [["ada", "bea"], ["bea", "cid"]], strict=True):
        add_match(store, finished.match_id, list(names))
        assert store.record(finished) is not None
    before = store.every()
    history = store.history("bea", "g", "2p")
    Accounts(store.engine, store).delete(Player(account(store, "ada"), "ada"))
    assert player_ratings(store, "ada") == []
    assert store.history("ada", "g", "2p") == []
    assert store.every() == [s for s in before if s.player != "ada"]
    assert store.history("bea", "g", "2p") == history
    with Session(store.engine) as session:
        assert session.get(ResultRow, "a").players == ["deleted:a:0", "bea"]  # type: ignore[union-attr]
        seats = list(session.scalars(select(SeatRow).where(SeatRow.match_id == "a")))
    rated = ends[0].rated(seats)  # the deleted seat counts for its pseudonym, from the log too
    assert rated is not None
    assert rated.players == ("deleted:a:0", "bea")
    assert store.rerate([rated]) == 2
    assert store.every() == [s for s in before if s.player != "ada"]  # a pseudonym keeps none
    assert store.history("bea", "g", "2p") == history
