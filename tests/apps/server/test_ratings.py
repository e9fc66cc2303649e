"""Rated matches through a real server, on SQLite and PostgreSQL: a rated match's end rates
its players, a casual one's does not, ``tavola db rerate`` computes every rating again to
the last bit, the bots start from a tournament's ratings, and the leaderboards list them.

Matches end at once by a resignation (two players): the ratings, not the games, are tested.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine
from typer.testing import CliRunner, Result

from tavola.apps.cli import app
from tavola.apps.server.rating_store import RatingStore
from tests.apps.server.client import Api, auth
from tests.live_server import ServerProcess

GAME = "clocktowers"  # two players: pool "2p"


@pytest.fixture(scope="module")
def api(server: ServerProcess) -> Api:
    return Api(server.url)


def tavola(*args: str) -> Result:
    """The command line, in this process (a child process would import the server again)."""
    return CliRunner().invoke(app, list(args))


def play_to_resignation(api: Api, seats: list[str], names: list[str | None], **body: Any) -> str:
    """A 2-player match whose seat 1 resigns at once (seat 0 wins); its id."""
    created = api.create(GAME, seats, names=names, **body)
    resigner = created["seats"][1]
    assert "token" in resigner, "seat 1 must be a person's"
    answer = api.http.post(f"/api/matches/{created['id']}/resign", headers=auth(resigner["token"]))
    assert answer.status_code == 200, answer.text
    return str(created["id"])


def board(api: Api, **params: Any) -> dict[str, Any]:
    answer = api.http.get(f"/api/leaderboard/{GAME}", params={"min_games": 1, **params})
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def wait_for_games(api: Api, player: str, games: int) -> dict[str, Any]:
    """Poll the leaderboard until ``player`` has ``games`` rated games (rating follows the
    end, off the answer's path)."""
    deadline = time.monotonic() + 20
    while True:
        rows = {row["name"]: row for row in board(api)["players"]}
        if player in rows and rows[player]["games"] >= games:
            return rows
        assert time.monotonic() < deadline, f"{player} not rated: {rows}"
        time.sleep(0.05)


def store_of(server: ServerProcess) -> RatingStore:
    return RatingStore(create_engine(server.db_url), server.db_url.startswith("postgresql"))


def test_a_rated_match_refuses_what_would_spoil_its_rating(api: Api) -> None:
    refused: dict[str, dict[str, Any]] = {
        "chosen seed": {"seed": 7},
        "hints": {"hints": True},
    }
    for why, body in refused.items():
        answer = api.http.post(
            "/api/matches",
            json={"game": GAME, "seats": ["human", "human"], "rated": True, **body},
        )
        assert answer.status_code == 422, why
        assert answer.json()["error"] == "not_rated", why
    hotseat = {"game": GAME, "seats": ["human", "human"], "names": ["Ada", "ada"], "rated": True}
    bots = {"game": GAME, "seats": ["random", "random"], "rated": True}
    for body in (hotseat, bots):
        answer = api.http.post("/api/matches", json=body)
        assert answer.status_code == 422
        assert answer.json()["error"] == "not_rated"
    created = api.create(GAME, ["human", "human"], names=["Ada", "Bruno"], rated=True)
    token = created["seats"][0]["token"]
    state = api.get(created["id"], token)
    assert state["rated"] is True
    assert state["hints"] is False
    assert not state["can_take_back"]
    played = api.act(created["id"], token, 0, state["legal"][0])
    assert played.status_code == 200, played.text
    back = api.http.post(
        f"/api/matches/{created['id']}/takeback", json={"seq": 1}, headers=auth(token)
    )
    assert back.status_code == 403
    assert back.json()["error"] == "rated"
    assert api.get(play_to_resignation(api, ["human", "human"], [None, None]))["rated"] is False


def test_a_rated_match_rates_its_players_and_a_casual_one_does_not(api: Api) -> None:
    play_to_resignation(api, ["human", "human"], ["Carla", "Dario"])  # casual
    play_to_resignation(api, ["human", "human"], ["Ada", "Bruno"], rated=True)
    rows = wait_for_games(api, "Bruno", 1)
    assert "Carla" not in rows
    assert "Dario" not in rows
    ada, bruno = rows["Ada"], rows["Bruno"]
    assert ada["rating"] > bruno["rating"]
    assert ada["games"] == bruno["games"] == 1
    assert ada["provisional"]
    assert ada["uncertainty"] == bruno["uncertainty"] < 25 / 3
    history = api.http.get("/api/ratings/Ada/history", params={"game": GAME}).json()
    assert history["category"] == "2p"
    assert [point["rating"] for point in history["points"]] == [ada["rating"]]


def test_bots_start_from_a_tournament_and_rerate_reproduces_every_rating(
    api: Api, server: ServerProcess, tmp_path: Path
) -> None:
    tournament = {
        "game": GAME,
        "options": {"players": 2},
        "standings": [
            {"spec": "random", "mu": 18.5, "sigma": 1.5, "games": 40},
            {"spec": "heuristic", "mu": 31.5, "sigma": 1.5, "games": 40},
        ],
    }
    path = tmp_path / "tournament.json"
    path.write_text(json.dumps(tournament))
    seeded = tavola("db", "seed-bots", str(path), "--db", server.db_url)
    assert seeded.exit_code == 0, seeded.output
    assert "bot:random (clocktowers 2p): 14.00" in seeded.output
    assert "bot:heuristic (clocktowers 2p): 27.00" in seeded.output
    assert board(api)["players"][0]["name"] == "bot:heuristic"  # an anchor from the start
    play_to_resignation(api, ["random", "human"], [None, "Ada"], rated=True)
    play_to_resignation(api, ["human", "human"], ["Bruno", "Ada"], rated=True)
    rows = wait_for_games(api, "Ada", 3)
    assert rows["bot:random"]["games"] == 41
    assert rows["bot:random"]["rating"] > 14.0
    store = store_of(server)
    before = store.every()
    history = store.history("Ada", GAME, "2p")
    assert len(history) == 3
    assert len(before) >= 4
    rerated = tavola("db", "rerate", "--db", server.db_url)
    assert rerated.exit_code == 0, rerated.output
    assert "Rated 3 match(es) again" in rerated.output
    assert store.every() == before  # the same floats, to the last bit
    assert store.history("Ada", GAME, "2p") == history
    store.engine.dispose()


def test_the_leaderboard_lists_a_pool_a_page_at_a_time(api: Api) -> None:
    wait_for_games(api, "Bruno", 1)
    shown = board(api, category="2p")
    assert shown["game"] == GAME
    assert shown["category"] == "2p"
    assert shown["page"] == 1
    assert set(shown["players"][0]) == {
        "rank",
        "name",
        "rating",
        "uncertainty",
        "games",
        "provisional",
    }
    ratings = [row["rating"] for row in shown["players"]]
    assert ratings == sorted(ratings, reverse=True)
    assert [row["rank"] for row in shown["players"]] == list(range(1, len(ratings) + 1))
    assert board(api, category="3p")["players"] == []
    assert board(api, page=2)["players"] == []
    assert not shown["more"]
    default = api.http.get(f"/api/leaderboard/{GAME}").json()  # provisional ones left out
    assert all(not row["provisional"] for row in default["players"])
    assert "Bruno" not in {row["name"] for row in default["players"]}
    assert api.http.get("/api/leaderboard/nogame").status_code == 404
    assert api.http.get(f"/api/leaderboard/{GAME}", params={"page": 0}).status_code == 422
    for lang, heading in (("en", "Leaderboard"), ("it", "Classifica")):
        page = api.http.get(f"/leaderboard/{GAME}", params={"lang": lang})
        assert page.status_code == 200
        assert heading in page.text
    assert api.http.get("/leaderboard/nogame").status_code == 404
