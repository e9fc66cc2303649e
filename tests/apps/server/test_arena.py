"""An arena of two minutes through a real server: four players, each told of its pairings
over the tournament's socket, play matches of a couple of seconds (they resign) and are
paired again at once each time, until the end; then nobody is paired and it finishes.

In a file of its own: it takes its two minutes of wall time beside the other files (on
another worker of ``make test``), and little CPU (measured: docs/tournaments.md)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator

import pytest

from tests.apps.server.client import auth
from tests.apps.server.test_tournaments import Entrant
from tests.live_server import ServerProcess, running_server

MINUTES = 2.0
PLAYED_FOR = 2.0  # seconds a match lasts: its player resigns then
REPAIRED_WITHIN = 3.0  # seconds from a match's end to the finisher's next pairing


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("db") / "arena.sqlite3"
    with running_server(f"sqlite:///{db}") as running:
        yield running


class Player(threading.Thread):
    """An entrant that plays each match it is paired in (told over the socket) for
    ``PLAYED_FOR`` seconds, then resigns; it notes how long each next pairing took."""

    def __init__(self, entrant: Entrant, tournament: str) -> None:
        super().__init__()
        self.entrant, self.tournament = entrant, tournament
        self.waits: list[float] = []  # from the end of a match to the next pairing
        self.matches: list[str] = []
        self.failure: BaseException | None = None

    def run(self) -> None:
        try:
            self.play()
        except BaseException as failure:  # reported by the test
            self.failure = failure

    def play(self) -> None:
        ended = None
        with self.entrant.socket(self.tournament) as socket:
            while (found := json.loads(socket.recv(timeout=30))["tournament"])["status"] != (
                "finished"
            ):
                table = found.get("my_table")
                if not table or table["match"] in self.matches:
                    continue
                if ended is not None:
                    self.waits.append(time.monotonic() - ended)
                self.matches.append(table["match"])
                time.sleep(PLAYED_FOR)  # the match being played
                resign = f"/api/matches/{table['match']}/resign"
                answer = self.entrant.http.post(resign, headers=auth(table["token"]))
                assert answer.status_code in (200, 409), answer.text  # 409: the other resigned
                ended = time.monotonic()


def test_an_arena_of_two_minutes_pairs_finishers_again_at_once_throughout(
    server: ServerProcess,
) -> None:
    entrants = [Entrant(server.url) for _ in range(4)]
    tournament = entrants[0].create(
        format="arena", minutes=MINUTES, start="when_full", max_players=len(entrants)
    )
    players = [Player(entrant, tournament) for entrant in entrants]
    for player in players:
        player.start()
    for entrant in entrants:
        entrant.join(tournament)
    started = time.monotonic()
    for player in players:
        player.join(timeout=MINUTES * 60 + 60)
    took = time.monotonic() - started
    assert all(player.failure is None for player in players), [p.failure for p in players]
    assert MINUTES * 60 <= took < MINUTES * 60 + 15
    waits = [wait for player in players for wait in player.waits]
    assert max(waits) < REPAIRED_WITHIN, sorted(waits)[-5:]
    found = entrants[0].tournament(tournament)
    tables = [table for round_ in found["rounds"] for table in round_["tables"]]
    assert len(tables) >= MINUTES * 60 / (PLAYED_FOR + REPAIRED_WITHIN) * 2  # both tables
    assert all(table["result"] is not None for table in tables)
    assert sum(s["points"] for s in found["standings"]) == len(tables)
    assert {match for player in players for match in player.matches} == {
        table["match"] for table in tables
    }
