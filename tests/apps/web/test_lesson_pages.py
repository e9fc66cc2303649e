"""The lessons over HTTP (no browser): ``GET /api/games`` lists them in the request's
language, ``/learn/<game>`` and ``/learn/<game>/<id>`` render, ``POST /api/learn`` makes a
lesson's match, on which the lesson's line plays as the engine plays it."""

from __future__ import annotations

import json
import re

import httpx
import pytest

import tavola
from tavola.core.i18n import language
from tavola.core.registry import game_classes
from tests.live_server import ServerProcess


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_games_list_their_lessons_in_the_request_language(
    server: ServerProcess, lang: str
) -> None:
    games = httpx.get(f"{server.url}/api/games", params={"lang": lang}).json()
    for game in games:
        lessons = game_classes()[game["name"]].lessons()
        with language(lang):
            titles = [{"id": lesson.id, "title": str(lesson.title)} for lesson in lessons]
        assert game["lessons"] == titles
        english = [str(lesson.title) for lesson in lessons]
        if lang != "en":  # translated, not English left in place
            assert all(a["title"] != b for a, b in zip(game["lessons"], english, strict=True))
    assert all(game["lessons"] for game in games if game["name"] != "dudo")
    lobby = httpx.get(server.url + "/").text
    assert 'href="/learn/campanile"' in lobby
    assert 'href="/learn/dudo"' not in lobby  # a game without lessons offers none


def test_the_lesson_pages(server: ServerProcess) -> None:
    listed = httpx.get(f"{server.url}/learn/carcassonne", params={"lang": "de"})
    assert listed.status_code == 200
    assert 'href="/learn/carcassonne/first-tiles"' in listed.text
    assert 'href="/learn/carcassonne/river"' in listed.text
    assert "Carcassonne lernen" in listed.text
    start = httpx.get(f"{server.url}/learn/carcassonne/river").text
    assert 'data-lesson="river"' in start
    assert 'data-lesson-step="1"' in start
    assert 'data-lesson-done="false"' in start
    for missing in ("/learn/chess", "/learn/campanile/nothing", "/learn/campanile/../x"):
        assert httpx.get(server.url + missing).status_code == 404
    refused = httpx.post(f"{server.url}/api/learn/campanile/nothing")
    assert refused.status_code == 404
    assert refused.json()["error"] == "no_lesson"


def test_the_lesson_pages_have_the_sites_top_bar(server: ServerProcess) -> None:
    """The lessons' list and a lesson have the top bar of every page (the site's links and
    the account), in the page's language; their own links are on the page."""

    def top_bar(path: str, **query: str) -> str:
        page = httpx.get(server.url + path, params={"lang": "de", **query}).text
        return page.split('<header class="topbar">')[1].split("</header>")[0]

    site = top_bar("/tournaments")
    assert 'href="/leaderboard"' in site
    assert 'id="tv-account"' in site
    for path in ("/learn/carcassonne", "/learn/carcassonne/river"):
        assert top_bar(path) == site, path
        page = httpx.get(server.url + path).text
        assert 'href="/rules/carcassonne"' in page.split("</header>")[1]
    lesson = httpx.get(server.url + "/learn/carcassonne/river").text.split("</header>")[1]
    assert 'href="/learn/carcassonne"' in lesson
    match = httpx.post(f"{server.url}/api/learn/carcassonne/river").json()["id"]
    on_its_table = top_bar("/learn/carcassonne/river", match=match)  # a match page's bar
    assert on_its_table.split("</nav>")[0].startswith(site.split("</nav>")[0])
    assert 'href="/rules/carcassonne"' in on_its_table  # and its game's rules


def test_a_lessons_match_plays_its_line(server: ServerProcess) -> None:
    cls = game_classes()["clocktowers"]
    lesson = cls.lessons()[0]
    created = httpx.post(f"{server.url}/api/learn/clocktowers/{lesson.id}")
    assert created.status_code == 201
    body = created.json()
    tokens = [seat["token"] for seat in body["seats"]]
    page = httpx.get(
        f"{server.url}/learn/clocktowers/{lesson.id}",
        params={"match": body["id"], "token": tokens[lesson.seat], "lang": "it"},
    ).text
    assert f'data-lesson="{lesson.id}"' in page
    assert 'id="tv-lesson-next"' in page
    data = json.loads(re.findall(r'id="tv-lesson-data">(.*?)</script>', page)[0])
    with language("it"):
        assert [step["text"] for step in data["steps"]] == [str(s.text) for s in lesson.steps]
    plan = lesson.plan(cls)
    assert data["line"] == list(plan.line)
    assert [step["at"] for step in data["steps"]] == list(plan.at)
    with httpx.Client(base_url=server.url) as client:
        for seq, action in enumerate(plan.line):
            state = client.get(f"/api/matches/{body['id']}").json()
            token = tokens[state["current_player"]]
            played = client.post(
                f"/api/matches/{body['id']}/actions",
                json={"seq": seq, "action": action},
                headers={"Authorization": f"Bearer {token}"},
            )
            assert played.status_code == 200, played.text
    expected = lesson.new_game(cls)
    for action in plan.line:
        expected.apply(action)
    assert state["seq"] == len(plan.line) - 1
    final = httpx.get(f"{server.url}/api/matches/{body['id']}").json()
    assert final["scores"] == expected.scores
    assert tavola.load("clocktowers", **lesson.options).num_players == len(tokens)
