"""What one client address may ask of a server that costs it most: new matches, hints and
reviews, each counted apart, refused with 429 ``rate_limited`` and the seconds to wait
beyond the limit, without a thing changed; the other requests go on. A real server with
its limits on (the other tests' servers run without them)."""

from __future__ import annotations

from pathlib import Path

import httpx

import tavola
import tavola.players
from tests.apps.server.client import Api, auth, tokens_of
from tests.live_server import running_server


def test_a_client_asking_too_often_is_told_to_wait(tmp_path: Path) -> None:
    with running_server(f"sqlite:///{tmp_path / 'db.sqlite3'}", "--request-limits") as server:
        api = Api(server.url)
        made = [api.create("campanile", ["human", "random"], listed=False) for _ in range(20)]
        refused = api.http.post("/api/matches", json={"game": "campanile", "seats": ["human"] * 2})
        assert refused.status_code == 429
        body = refused.json()
        assert body["error"] == "rate_limited"
        assert 0 < body["retry_after"] <= 60
        assert "try again in" in body["message"]
        assert len(api.http.get("/api/matches").json()["matches"]) == 0  # none was listed
        assert api.http.get("/api/games").status_code == 200  # reading goes on

        # hints are counted apart: the matches' seats may still ask
        match = made[0]
        token = tokens_of(match)[0]
        hint = api.http.post(f"/api/matches/{match['id']}/hint", headers=auth(token))
        assert hint.status_code == 200, hint.text
        hints = [
            api.http.post(f"/api/matches/{match['id']}/hint", headers=auth(token)).status_code
            for _ in range(30)
        ]
        assert hints == [200] * 29 + [429]  # 30 a minute (the answer itself is shared)

        # and reviews: 10 an hour, the same one asked again counted too
        final = tavola.players.play_match(
            tavola.load("carcassonne", players=2), ["random", "random"], seed=1
        )
        url = f"{server.url}/api/review?seats=0"
        asked = [httpx.post(url, json=final.record()) for _ in range(11)]
        assert [a.status_code for a in asked] == [202] * 10 + [429]
        assert len({a.json()["id"] for a in asked[:10]}) == 1
        assert asked[10].json()["error"] == "rate_limited"
