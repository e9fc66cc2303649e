"""The picture says what the page says: the seats by the names the table gave them (bots by
their strength), and the end of a match however it ended (a resignation, a timeout), in the
reader's language. The picture is the one the API sends (``?svg=true``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.apps.server.client import Api, auth, tokens_of
from tests.live_server import running_server


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Api]:
    """One server on SQLite (the picture has nothing to do with the database)."""
    folder = tmp_path_factory.mktemp("db")
    with running_server(f"sqlite:///{folder / 'tavola.sqlite3'}") as running:
        yield Api(running.url)


def picture(api: Api, match_id: str, token: str | None, lang: str = "en") -> dict[str, Any]:
    """The match as ``token``'s seat reads it, with its picture's texts."""
    url = f"/api/matches/{match_id}?svg=true&lang={lang}"
    answer: dict[str, Any] = api.http.get(url, headers=auth(token)).json()
    answer["texts"] = re.findall(r">([^<>]+)</(?:text|title)>", answer["svg"])
    return answer


def headline(state: dict[str, Any]) -> str:
    texts: list[str] = state["texts"]
    return next(text for text in texts if text.startswith(("Game over", "Partie")))


def test_the_picture_names_the_seats_as_the_page_does(api: Api) -> None:
    created = api.create(
        "clocktowers", ["human", "human", "ismcts:iterations=300"], names=["Ada", "Bob", None]
    )
    match_id, tokens = created["id"], tokens_of(created)
    english = picture(api, match_id, tokens[0])
    assert english["seats"][2]["bot_name"] == "ISMCTS, medium"
    assert "Bob" in english["texts"]
    assert "Bot C (ISMCTS, medium)" in english["texts"]
    assert not any(re.search(r"\b[Ss]eat [A-C]\b", text) for text in english["texts"])
    french = picture(api, match_id, None, "fr")
    assert french["seats"][2]["bot_name"] == "ISMCTS, moyen"
    assert "Bot C (ISMCTS, moyen)" in french["texts"]
    assert not any(re.search(r"\b(Place|Siège) [A-C]\b", text) for text in french["texts"])
    lobby = api.http.get("/?lang=en").text
    assert ">Bot: ISMCTS, medium</option>" in lobby
    assert "ISMCTS 300" not in lobby


def test_the_picture_follows_a_resignation(api: Api) -> None:
    created = api.create("carcassonne", ["human", "human"], names=["Ada", "Bob"], seed=3)
    match_id, tokens = created["id"], tokens_of(created)
    assert "Your turn" in picture(api, match_id, tokens[0])["svg"]  # the game goes on
    resigned = api.http.post(f"/api/matches/{match_id}/resign", headers=auth(tokens[0]))
    assert resigned.status_code == 200, resigned.text
    loser, winner, spectator = (picture(api, match_id, token) for token in (*tokens.values(), None))
    assert loser["winners"] == [1]
    assert headline(loser).startswith("Game over: Bob wins")
    assert headline(winner).startswith("Game over: you win")
    assert headline(spectator).startswith("Game over: Bob wins")
    for seen in (loser, winner, spectator):
        assert not any("turn" in text for text in seen["texts"]), seen["texts"]
    french = picture(api, match_id, tokens[0], "fr")
    assert headline(french).startswith("Partie terminée\u00a0: Bob gagne")
