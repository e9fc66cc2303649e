"""The lobby's "playing now" (``GET /api/matches`` and the lobby page) lists the listed
matches being played, the most recently moved first, up to its 30, however many
unstarted or finished matches are newer (playtest 16 #5: 30 new matches nobody started
hid every match still being played), on SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text

from tests.apps.server.client import Api, auth, tokens_of
from tests.live_server import ServerProcess

LISTED = 30  # the server's ``listed_matches``


@pytest.fixture(scope="module")
def api(server: ServerProcess) -> Api:
    return Api(server.url)


def started(api: Api) -> tuple[str, dict[int, str]]:
    """A new listed two-seat match and its tokens, its first move made."""
    created = api.create("campanile", ["human", "human"])
    tokens = tokens_of(created)
    move(api, created["id"], tokens)
    return created["id"], tokens


def move(api: Api, match_id: str, tokens: dict[int, str]) -> None:
    state = api.get(match_id, tokens[0])
    mover = state["current_player"]
    legal = api.get(match_id, tokens[mover])["legal"]
    played = api.act(match_id, tokens[mover], state["seq"], legal[0])
    assert played.status_code == 200, played.text


def playing(api: Api) -> list[dict[str, Any]]:
    answer = api.http.get("/api/matches")
    assert answer.status_code == 200, answer.text
    found: list[dict[str, Any]] = answer.json()["matches"]
    return found


def test_playing_now_lists_the_matches_being_played_most_recently_moved_first(
    api: Api, server: ServerProcess
) -> None:
    live = [started(api) for _ in range(LISTED + 1)]
    for _ in range(LISTED + 1):  # finished since: their moves are newer than the live ones'
        match_id, tokens = started(api)
        resigned = api.http.post(f"/api/matches/{match_id}/resign", headers=auth(tokens[0]))
        assert resigned.status_code == 200, resigned.text
        assert api.get(match_id)["is_over"]
    unstarted = [api.create("campanile", ["human", "human"])["id"] for _ in range(LISTED + 1)]
    api.create("campanile", ["human", "human"], listed=False)
    first, first_tokens = live[0]
    move(api, first, first_tokens)  # the oldest match moves again: it leads the list
    shown = playing(api)
    expected = [first, *[match_id for match_id, _ in reversed(live[2:])]]
    assert [m["id"] for m in shown] == expected  # live[1], moved longest ago, is the 31st
    assert all(not m["is_over"] and m["seq"] > 0 for m in shown)
    assert not set(unstarted) & {m["id"] for m in shown}
    assert set(shown[0]) == {
        *("id", "game", "title", "options", "seats", "seq", "is_over", "created_at"),
        "spectate",
    }
    lobby = httpx.get(server.url + "/").text
    for match_id in expected:
        assert f'href="/m/{match_id}"' in lobby
    assert f'href="/m/{live[1][0]}"' not in lobby
    # Matches that ended before revision 0010 bear no mark: the list finds them over in
    # their logs, skips them and marks them, so that the next look's query skips them.
    engine = create_engine(server.db_url)
    try:
        with engine.begin() as connection:
            cleared = connection.execute(
                text("UPDATE matches SET ended_at = NULL WHERE ended_at IS NOT NULL")
            )
            assert cleared.rowcount == LISTED + 1  # the finished ones, marked as they ended
        assert [m["id"] for m in playing(api)] == expected
        with engine.begin() as connection:
            marked = connection.execute(
                text("SELECT count(*) FROM matches WHERE ended_at IS NOT NULL")
            )
            assert marked.scalar_one() == LISTED + 1
    finally:
        engine.dispose()
