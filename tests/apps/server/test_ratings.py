"""Rated matches through a real server, on SQLite and PostgreSQL: a rated match's end rates
its players (their accounts), a casual one's does not, nor one with an anonymous seat;
``tavola db rerate`` computes every rating again to the last bit, the bots start from a
tournament's ratings, the leaderboards and profiles list them, and a deleted account's
ratings go with it.

Matches end at once by a resignation (two players): the ratings, not the games, are tested.
Each person signs up (a client with its own cookie): the creator sits at the seat "me",
the other claims its seat with its token.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine
from typer.testing import CliRunner, Result

from tavola.apps.cli import app
from tavola.apps.server.rating_store import RatingStore
from tests.apps.server.client import Api, auth, tokens_of
from tests.live_server import ServerProcess

GAME = "clocktowers"  # two players: pool "2p"


PASSWORD = "correct horse battery"
PEOPLE = ("Ada", "Bruno", "Carla", "Dario")


@pytest.fixture(scope="module")
def api(server: ServerProcess) -> Api:
    return Api(server.url)


@pytest.fixture(scope="module")
def players(server: ServerProcess) -> dict[str, Api]:
    """A signed-in client per person."""
    signed_in = {}
    for name in PEOPLE:
        client = Api(server.url)
        answer = client.http.post("/api/players", json={"name": name, "password": PASSWORD})
        assert answer.status_code == 201, answer.text
        signed_in[name] = client
    return signed_in


def tavola(*args: str) -> Result:
    """The command line, in this process (a child process would import the server again)."""
    return CliRunner().invoke(app, list(args))


def play_to_resignation(seats: list[Api | str], **body: Any) -> str:
    """A 2-player match whose seat 1 resigns at once (seat 0 wins); its id. A seat is a
    person's (their client: the first creates the match at the seat "me", the other
    claims its seat) or a bot's spec."""
    creator = next(seat for seat in seats if isinstance(seat, Api))
    specs = [
        seat if isinstance(seat, str) else "me" if seat is creator else "human" for seat in seats
    ]
    created = creator.create(GAME, specs, **body)
    tokens = tokens_of(created)
    for seat, person in enumerate(seats):
        if isinstance(person, Api) and person is not creator:
            claim = f"/api/matches/{created['id']}/claim"
            claimed = person.http.post(claim, headers=auth(tokens[seat]))
            assert claimed.status_code == 200, claimed.text
    resign = f"/api/matches/{created['id']}/resign"
    answer = creator.http.post(resign, headers=auth(tokens[1]))
    assert answer.status_code == 200, answer.text
    return str(created["id"])


def resign_anonymously(api: Api, names: list[str | None], **body: Any) -> str:
    """A 2-player match of two anonymous seats whose seat 1 resigns at once; its id."""
    created = api.create(GAME, ["human", "human"], names=names, **body)
    resign = f"/api/matches/{created['id']}/resign"
    answer = api.http.post(resign, headers=auth(created["seats"][1]["token"]))
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
    # The name a deleted account's seats take is nobody else's: it would rate the others.
    posing = {"game": GAME, "seats": ["human", "human"], "names": ["Deleted  Player", "Bo"]}
    answer = api.http.post("/api/matches", json={**posing, "rated": True})
    assert answer.status_code == 422
    assert answer.json()["error"] == "bad_names"
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
    assert api.get(resign_anonymously(api, [None, None]))["rated"] is False


def test_a_rated_match_rates_its_players_and_a_casual_one_does_not(
    api: Api, players: dict[str, Api]
) -> None:
    play_to_resignation([players["Carla"], players["Dario"]])  # casual
    resign_anonymously(api, ["Elio", "Fede"], rated=True)  # anonymous seats count for nobody
    play_to_resignation([players["Ada"], players["Bruno"]], rated=True)
    rows = wait_for_games(api, "Bruno", 1)
    assert not {"Carla", "Dario", "Elio", "Fede"} & set(rows)
    ada, bruno = rows["Ada"], rows["Bruno"]
    assert ada["rating"] > bruno["rating"]
    assert ada["games"] == bruno["games"] == 1
    assert ada["provisional"]
    assert ada["uncertainty"] == bruno["uncertainty"] < 25 / 3
    history = api.http.get("/api/ratings/Ada/history", params={"game": GAME}).json()
    assert history["category"] == "2p"
    assert [point["rating"] for point in history["points"]] == [ada["rating"]]
    page = api.http.get("/players/Bruno", params={"lang": "en"}).text
    ratings = page.split('aria-labelledby="ratings-title">')[1].split("</section>")[0]
    assert "<polyline" not in ratings  # one rated match: no chart, no empty row under it
    assert ratings.count("<tr") == 2  # the heading and the rating
    # the provisional mark is explained: in its tooltip and in a note under the table
    assert re.search(r'<abbr title="[^"]*provisional[^"]*">\?</abbr>', ratings)
    assert re.search(r'class="note[^"]*">\?[^<]*provisional', ratings)


def test_bots_start_from_a_tournament_and_rerate_reproduces_every_rating(
    api: Api, players: dict[str, Api], server: ServerProcess, tmp_path: Path
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
    play_to_resignation(["random", players["Ada"]], rated=True)
    play_to_resignation([players["Bruno"], players["Ada"]], rated=True)
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


def test_the_site_leads_to_every_leaderboard(api: Api) -> None:
    games = [game["name"] for game in api.http.get("/api/games").json()]
    lobby = api.http.get("/", params={"lang": "en"}).text
    assert 'href="/leaderboard"' in lobby  # the site's navigation
    index = api.http.get("/leaderboard")
    assert index.status_code == 200
    for game in games:
        assert f'href="/leaderboard/{game}"' in lobby  # beside each game of the lobby
        assert f'href="/leaderboard/{game}"' in index.text
        page = api.http.get(f"/leaderboard/{game}")
        assert page.status_code == 200
        assert 'id="tv-account"' in page.text  # the account, as on every page of the site
    assert 'id="tv-account"' in index.text


def test_a_profile_lists_the_ratings_with_a_chart_and_each_opponent(api: Api) -> None:
    rows = wait_for_games(api, "Ada", 3)
    profile = api.http.get("/api/players/Ada").json()
    (rating,) = profile["ratings"]
    assert rating == {
        "game": GAME,
        "category": "2p",
        "rating": rows["Ada"]["rating"],
        "uncertainty": rows["Ada"]["uncertainty"],
        "games": 3,
        "provisional": True,
    }
    page = api.http.get("/players/Ada", params={"lang": "en"})  # an earlier test chose Italian
    assert page.status_code == 200
    assert f'href="/leaderboard/{GAME}?category=2p"' in page.text  # a rating leads to its board
    (chart,) = re.findall(r'<polyline points="([^"]*)"', page.text)
    assert len(chart.split()) == 3  # a point per rated match
    opponents = re.search(r'aria-labelledby="opponents-title">(.*?)</section>', page.text, re.S)
    assert opponents is not None
    cells = re.findall(
        r"<tr><td>([^<]*)</td><td class=\"num\">(\d+)</td><td class=\"num\">(\d+)", opponents[1]
    )
    assert ("Bruno", "1", "1") in cells  # won one, lost one
    assert ("random, beginner", "0", "1") in cells  # a bot by its name, never its spec
    # the list of matches names it so too, and says which moment its time is
    recent = page.text.split('aria-labelledby="recent-title">')[1].split("</section>")[0]
    assert "random, beginner" in recent
    assert "(random, beginner)" not in recent
    assert recent.count("created <time data-local") == recent.count("<time")


def test_a_deleted_account_takes_its_ratings_along(
    api: Api, players: dict[str, Api], server: ServerProcess
) -> None:
    """The last test of the module: Ada leaves."""
    rows = wait_for_games(api, "Ada", 3)
    bruno = api.http.get("/api/ratings/Bruno/history", params={"game": GAME}).json()
    ada = players["Ada"]
    left = ada.http.request("DELETE", "/api/me", json={"password": PASSWORD})
    assert left.status_code == 204, left.text
    after = {row["name"]: row for row in board(api)["players"]}
    assert "Ada" not in after
    assert after["Bruno"] == rows["Bruno"]
    assert api.http.get("/api/ratings/Bruno/history", params={"game": GAME}).json() == bruno
    again = Api(server.url)
    signed_up = again.http.post("/api/players", json={"name": "Ada", "password": PASSWORD})
    assert signed_up.status_code == 201
    assert again.http.get("/api/players/Ada").json()["ratings"] == []
    assert api.http.get("/api/ratings/Ada/history", params={"game": GAME}).json()["points"] == []
    rerated = tavola("db", "rerate", "--db", server.db_url)  # her matches stay rated
    assert rerated.exit_code == 0, rerated.output
    assert "Rated 3 match(es) again" in rerated.output
    assert again.http.get("/api/players/Ada").json()["ratings"] == []
    assert "Ada" not in {row["name"] for row in board(api)["players"]}
