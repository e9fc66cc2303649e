"""Tournaments through real servers: a Swiss of six scripted players follows the
hand-computed table; a round robin of four bots plays every pairing once; an arena pairs
finishers at once; a no-show loses, a withdrawal stops the pairings; a restart mid-round
loses nothing; a rated tournament's page shows each entrant's rating change; two servers
on PostgreSQL pair a round once. One entered by link only is listed to nobody else and
joined with its key; a pairing reaches the player in its tables and over the socket."""

from __future__ import annotations

import itertools
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner
from websockets.sync.client import ClientConnection, connect

from tavola.apps.cli import app
from tests.apps.server.client import Api, auth, two_servers
from tests.live_server import PostgresCluster, ServerProcess, running_server

PASSWORD = "correct horse battery"
NAMES = (f"t{n}" for n in itertools.count(1000))
CLOCK = {"kind": "realtime", "initial": 60, "increment": 1}
WITHIN = 60.0  # seconds


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server on SQLite for the module's tests but the last (the restart kills it)."""
    db = tmp_path_factory.mktemp("db") / "tournaments.sqlite3"
    with running_server(f"sqlite:///{db}") as running:
        yield running


class Entrant(Api):
    """A signed-up player's browser (its cookie, this site's ``Origin``)."""

    def __init__(self, base_url: str) -> None:
        super().__init__(base_url)
        self.http.headers["Origin"] = base_url
        self.name = next(NAMES)
        answer = self.http.post("/api/players", json={"name": self.name, "password": PASSWORD})
        assert answer.status_code == 201, answer.text

    def create(self, **body: Any) -> str:  # type: ignore[override]
        body = {"game": "clocktowers", "options": {"players": 2}, "time_control": CLOCK, **body}
        answer = self.http.post("/api/tournaments", json=body)
        assert answer.status_code == 201, answer.text
        created: dict[str, str] = answer.json()
        assert created["url"] == f"/t/{created['id']}"
        return created["id"]

    def join(self, tournament: str) -> None:
        answer = self.http.post(f"/api/tournaments/{tournament}/join")
        assert answer.status_code == 200, answer.text

    def withdraw(self, tournament: str) -> None:
        answer = self.http.post(f"/api/tournaments/{tournament}/withdraw")
        assert answer.status_code == 200, answer.text

    def tournament(self, tournament: str) -> dict[str, Any]:
        answer = self.http.get(f"/api/tournaments/{tournament}")
        assert answer.status_code == 200, answer.text
        found: dict[str, Any] = answer.json()
        return found

    def until(
        self, tournament: str, done: Callable[[dict[str, Any]], Any], within: float = WITHIN
    ) -> dict[str, Any]:
        deadline = time.monotonic() + within
        while not done(found := self.tournament(tournament)):
            assert time.monotonic() < deadline, found
            time.sleep(0.05)
        return found

    def seat(self, tournament: str) -> dict[str, Any]:
        """My table now (waiting until I have one)."""
        found = self.until(tournament, lambda t: t["my_table"])
        seat: dict[str, Any] = found["my_table"]
        return seat

    def socket(self, tournament: str, origin: str | None = None) -> ClientConnection:
        """The tournament's socket, opened with this player's session as its page does
        (or as a page of ``origin`` would)."""
        cookie = f"tavola_session={self.http.cookies['tavola_session']}"
        url = self.http.base_url.copy_with(scheme="ws", path=f"/api/tournaments/{tournament}/ws")
        headers = {"Cookie": cookie, "Origin": origin or str(self.http.headers["Origin"])}
        return connect(f"{url}?html=true", additional_headers=headers, open_timeout=30)

    def resign(self, tournament: str) -> None:
        seat = self.seat(tournament)
        answer = self.http.post(f"/api/matches/{seat['match']}/resign", headers=auth(seat["token"]))
        assert answer.status_code == 200, answer.text


def finished(found: dict[str, Any]) -> bool:
    return bool(found["status"] == "finished")


def pairings(found: dict[str, Any], names: dict[str, str]) -> list[list[tuple[str, ...]]]:
    """Each round's tables as the letters of their entrants."""
    return [
        [tuple(names[e] for e in table["entrants"]) for table in round_["tables"]]
        for round_ in found["rounds"]
    ]


# The hand-computed Swiss (tests/players/test_pairings.py computes one with draws): each
# round's tables, the second seat resigning where the first wins.
SWISS = [
    ([("a", "b"), ("c", "d"), ("e", "f")], ["b", "c", "f"]),  # the losers
    ([("a", "d"), ("e", "b"), ("c", "f")], ["a", "b", "f"]),
    ([("d", "e"), ("a", "c"), ("b", "f")], ["d", "c", "b"]),
]
# Points and Buchholz, worked by hand from the results above.
SWISS_FINAL = [
    ("e", 3.0, 3.0),
    ("d", 2.0, 6.0),
    ("a", 2.0, 3.0),
    ("c", 1.0, 5.0),
    ("f", 1.0, 4.0),
    ("b", 0.0, 6.0),
]


def test_a_six_player_swiss_of_three_rounds_reaches_the_hand_computed_standings(
    server: ServerProcess,
) -> None:
    players = {letter: Entrant(server.url) for letter in "abcdef"}
    names = {player.name: letter for letter, player in players.items()}
    tournament = players["a"].create(format="swiss", rounds=3, start="when_full", max_players=6)
    assert players["a"].tournament(tournament)["status"] == "upcoming"
    for player in players.values():
        player.join(tournament)
    seat_page = players["a"].http.get(f"/t/{tournament}")
    assert 'data-action="withdraw"' in seat_page.text
    for number, (tables, losers) in enumerate(SWISS, 1):

        def paired(found: dict[str, Any], number: int = number) -> bool:
            return len(found["rounds"]) == number

        found = players["a"].until(tournament, paired)
        assert pairings(found, names)[number - 1] == tables
        for loser in losers:
            players[loser].resign(tournament)
    found = players["a"].until(tournament, finished)
    final = [(names[s["entrant"]], s["points"], s["tiebreak"]) for s in found["standings"]]
    assert final == SWISS_FINAL
    assert all(s["played"] == 3 for s in found["standings"])
    assert all(len(r["tables"]) == 3 for r in found["rounds"])
    assert players["a"].tournament(tournament)["my_table"] is None
    listed = players["a"].http.get("/api/tournaments").json()
    assert tournament in [t["id"] for t in listed["finished"]]


def test_a_round_robin_of_four_bots_plays_every_pairing_once(server: ServerProcess) -> None:
    creator = Entrant(server.url)
    bots = ["random"] * 4
    tournament = creator.create(
        format="round_robin", bots=bots, time_control={"kind": "none"}, start="now"
    )
    found = creator.until(tournament, finished)
    assert "my_table" not in found  # the creator is no entrant
    tables = [table for round_ in found["rounds"] for table in round_["tables"]]
    assert len(found["rounds"]) == 3
    met = sorted(tuple(sorted(table["entrants"])) for table in tables)
    names = ["random", "random #2", "random #3", "random #4"]
    assert met == sorted(tuple(sorted(pair)) for pair in combinations(names, 2))
    assert all(sum(table["result"]) == 1.0 for table in tables)
    assert sum(s["points"] for s in found["standings"]) == 6.0
    assert all(s["played"] == 3 for s in found["standings"])
    listing = creator.http.get("/tournaments")
    assert listing.status_code == 200
    assert f'href="/t/{tournament}"' in listing.text
    page = creator.http.get(f"/t/{tournament}")
    assert page.status_code == 200
    # the bots by their strength, as every page names bots, never by their spec
    assert "random, beginner #4" in page.text
    assert '<th scope="row">random<' not in page.text
    assert "random #" not in page.text
    assert page.text.count('href="/m/') == 6  # every match, to watch
    assert creator.http.get("/t/nothing-here").status_code == 404


def test_an_arena_pairs_finishers_at_once_until_its_end(server: ServerProcess) -> None:
    a, b, c = (Entrant(server.url) for _ in range(3))
    tournament = a.create(format="arena", minutes=0.1, start="when_full", max_players=3)
    for player in (a, b, c):
        player.join(tournament)
    first = a.until(tournament, lambda t: t["rounds"])
    assert [t["entrants"] for t in first["rounds"][0]["tables"]] == [[a.name, b.name]]
    assert c.tournament(tournament)["my_table"] is None  # the odd one waits
    b.resign(tournament)
    at = time.monotonic()
    second = a.until(tournament, lambda t: len(t["rounds"]) == 2, within=5)
    assert time.monotonic() - at < 3  # at once: the one who waited, with a finisher
    assert [t["entrants"] for t in second["rounds"][1]["tables"]] == [[c.name, a.name]]
    assert b.tournament(tournament)["my_table"] is None
    a.resign(tournament)
    while not finished(found := a.tournament(tournament)):  # everyone resigns till the end
        for player in (a, b, c):
            seat = player.tournament(tournament)["my_table"]
            if seat is not None:
                player.http.post(
                    f"/api/matches/{seat['match']}/resign", headers=auth(seat["token"])
                )
        time.sleep(0.1)
    standings = {s["entrant"]: s["points"] for s in found["standings"]}
    assert standings[c.name] >= 1.0
    assert standings[a.name] >= 1.0


def test_a_no_show_loses_on_time_and_a_withdrawal_stops_the_pairings(
    server: ServerProcess,
) -> None:
    a, b, c, d = (Entrant(server.url) for _ in range(4))
    clock = {"kind": "realtime", "initial": 2}
    tournament = a.create(
        format="swiss", rounds=2, start="when_full", max_players=4, time_control=clock
    )
    for player in (a, b, c, d):
        player.join(tournament)
    first = a.until(tournament, lambda t: t["rounds"])
    assert [t["entrants"] for t in first["rounds"][0]["tables"]] == [
        [a.name, b.name],
        [c.name, d.name],
    ]
    c.withdraw(tournament)  # its match goes on: what it plays stands
    d.resign(tournament)  # and a never shows up: seat 0 runs out of time, b wins
    second = a.until(tournament, lambda t: len(t["rounds"]) == 2, within=15)
    assert [t["result"] for t in second["rounds"][0]["tables"]] == [[0.0, 1.0], [1.0, 0.0]]
    seated = [e for table in second["rounds"][1]["tables"] for e in table["entrants"]]
    assert c.name not in seated
    assert c.tournament(tournament)["my_table"] is None
    a.resign(tournament)
    found = a.until(tournament, finished, within=15)
    points = {s["entrant"]: s["points"] for s in found["standings"]}
    assert points == {b.name: 2.0, c.name: 1.0, d.name: 1.0, a.name: 0.0}
    entrants = {e["entrant"]: e["withdrawn"] for e in found["entrants"]}
    assert entrants[c.name]
    assert not entrants[a.name]


def rating_changes_shown(player: Entrant, tournament: str) -> dict[str, str]:
    """The rating change each entrant's row of the page's standings shows."""
    page = player.http.get(f"/t/{tournament}").text
    row = r'<th scope="row">([^<]+)</th>.*?<td class="number rating-change">([^<]*)</td>'
    return dict(re.findall(row, page))


def test_the_standings_show_each_rated_entrants_rating_change(server: ServerProcess) -> None:
    a, b = (Entrant(server.url) for _ in range(2))
    before = {a.name: 0.0, b.name: 0.0}  # a new player's rating: mu - 3 sigma = 0
    for loser in (b, a):  # the second tournament's change starts from the first's ratings
        tournament = a.create(
            format="swiss", rounds=1, rated=True, start="when_full", max_players=2
        )
        for player in (a, b):
            player.join(tournament)
        loser.resign(tournament)
        a.until(tournament, finished)
        deadline = time.monotonic() + WITHIN
        while len(shown := rating_changes_shown(a, tournament)) < 2 or "" in shown.values():
            assert time.monotonic() < deadline, shown
            time.sleep(0.05)
        after = {
            player.name: a.http.get(f"/api/players/{player.name}").json()["ratings"][0]["rating"]
            for player in (a, b)
        }
        assert shown == {name: f"{after[name] - before[name]:+.1f}" for name in after}
        assert float(shown[loser.name]) < 0 < float(shown[(a if loser is b else b).name])
        before = after


def test_the_command_line_plays_a_bots_tournament_on_a_server(
    server: ServerProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    owner = Entrant(server.url)
    monkeypatch.setenv("TAVOLA_PASSWORD", PASSWORD)
    args = ["tournament", "clocktowers", "--bots", "random,random", "--players", "2"]
    ran = CliRunner().invoke(app, [*args, "--online", server.url, "--account", owner.name])
    assert ran.exit_code == 0, ran.output
    assert f"{server.url}/t/" in ran.output
    assert "random #2" in ran.output
    tournament = ran.output.split("/t/")[1].split()[0]
    found = owner.tournament(tournament)
    assert found["format"] == "round_robin"
    assert finished(found)
    assert [s["played"] for s in found["standings"]] == [1, 1]
    monkeypatch.setenv("TAVOLA_PASSWORD", "wrong")
    refused = CliRunner().invoke(app, [*args, "--online", server.url, "--account", owner.name])
    assert refused.exit_code != 0
    assert "cannot sign in" in refused.output


def test_a_tournament_entered_by_link_is_listed_to_nobody_else_and_needs_its_key(
    server: ServerProcess,
) -> None:
    a, b, c = (Entrant(server.url) for _ in range(3))
    answer = a.http.post(
        "/api/tournaments",
        json={
            "game": "clocktowers",
            "time_control": CLOCK,
            "format": "swiss",
            "rounds": 1,
            "start": "when_full",
            "max_players": 3,
            "entry": "link",
        },
    )
    assert answer.status_code == 201, answer.text
    created = answer.json()
    tournament, link = created["id"], created["link"]
    assert created["url"] == f"/t/{tournament}"
    assert re.fullmatch(rf"/t/{tournament}\?key=[\w-]+", link)
    key = link.split("key=")[1]

    def listed(player: Entrant) -> list[str]:
        found = player.http.get("/api/tournaments").json()
        return [t["id"] for status in found.values() for t in status]

    assert tournament in listed(a)
    assert tournament not in listed(b)
    assert tournament not in Api(server.url).http.get("/api/tournaments").text
    assert f"/t/{tournament}" not in b.http.get("/tournaments").text
    seen = b.tournament(tournament)  # its id alone shows it (to watch), never its key
    assert seen["entry"] == "link"
    assert "link" not in seen
    assert a.tournament(tournament)["link"] == link
    for refused_key in ("", "?key=wrong", "?key=%C3%A9"):
        refused = b.http.post(f"/api/tournaments/{tournament}/join{refused_key}")
        assert (refused.status_code, refused.json()["error"]) == (403, "bad_key")
    page = b.http.get(f"/t/{tournament}")
    assert 'data-action="join"' not in page.text
    assert "entered by its link only" in page.text
    assert 'data-action="join"' in b.http.get(link).text
    for player in (b, c):
        answer = player.http.post(f"/api/tournaments/{tournament}/join", params={"key": key})
        assert answer.status_code == 200, answer.text
    assert tournament in listed(b)
    assert b.tournament(tournament)["link"] == link
    assert tournament not in listed(Entrant(server.url))
    open_one = a.create(format="swiss", rounds=1, start="when_full", max_players=2)
    assert b.tournament(open_one)["entry"] == "open"
    assert tournament in listed(c)


def test_a_pairing_reaches_the_player_over_the_socket_and_in_its_tables(
    server: ServerProcess,
) -> None:
    a, b = Entrant(server.url), Entrant(server.url)
    tournament = a.create(format="swiss", rounds=1, start="when_full", max_players=2)
    a.join(tournament)
    with a.socket(tournament) as socket:
        first = json.loads(socket.recv(timeout=10))
        assert first["type"] == "tournament"
        assert first["tournament"]["my_table"] is None
        assert "Standings" in first["html"]
        assert a.http.get("/api/me/tournament-tables").json() == {"tables": []}
        b.join(tournament)  # full: it starts and pairs them
        while not (message := json.loads(socket.recv(timeout=10)))["tournament"]["my_table"]:
            pass
        seat = message["tournament"]["my_table"]
        assert "Play your match" in message["html"]
        with a.socket(tournament, origin="http://elsewhere.example") as foreign:
            assert "my_table" not in json.loads(foreign.recv(timeout=10))["tournament"]
        tables = a.http.get("/api/me/tournament-tables").json()["tables"]
        assert tables == [
            {
                "tournament": tournament,
                "page": f"/t/{tournament}",
                "game": "clocktowers",
                "format": "swiss",
                **seat,
            }
        ]
        b.resign(tournament)
        at = time.monotonic()
        while (message := json.loads(socket.recv(timeout=10)))["tournament"]["status"] != (
            "finished"
        ):
            pass
        assert time.monotonic() - at < 3  # at once, without asking
        assert message["tournament"]["standings"][0] == {
            "entrant": a.name,
            "points": 1.0,
            "tiebreak": 0.0,
            "played": 1,
        }
        socket.send(json.dumps({"type": "ping"}))
        assert json.loads(socket.recv(timeout=10)) == {"type": "pong"}
    assert a.http.get("/api/me/tournament-tables").json() == {"tables": []}
    assert Api(server.url).http.get("/api/me/tournament-tables").status_code == 401
    with connect(f"{server.url.replace('http', 'ws')}/api/tournaments/nothing/ws") as socket:
        assert json.loads(socket.recv(timeout=10))["error"] == "no_tournament"


OWN_BOT = """
from tavola.players import Decision


class FirstLegal:
    \"\"\"A researcher's bot: the first legal action, chosen from what its seat is sent.\"\"\"

    spec = "first-legal"

    def choose(self, seat):
        assert seat.view()["current_player"] == seat.player
        return Decision(min(seat.legal_actions()), "the first")
"""
DOCS = Path(__file__).resolve().parents[3] / "docs" / "server.md"


def online(server: ServerProcess, account: str, *args: str) -> str:
    """``tavola tournament clocktowers ... --online`` run as a client process; its output."""
    command = [sys.executable, "-m", "tavola.apps.cli", "tournament", "clocktowers"]
    command += [*args, "--players", "2", "--online", server.url, "--account", account]
    environment = {**os.environ, "TAVOLA_PASSWORD": PASSWORD, "COLUMNS": "200"}
    done = subprocess.run(command, env=environment, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_bots_of_ones_own_play_a_servers_tournament_from_a_client_process(
    server: ServerProcess, tmp_path: Path
) -> None:
    """A Python class (``py:``) enters a new tournament with the server's bot; a program of
    the bot API (``cmd:``, docs/server.md's example) joins one entered by link."""
    owner, other = Entrant(server.url), Entrant(server.url)
    (tmp_path / "own_bot.py").write_text(OWN_BOT)
    said = online(server, owner.name, "--bots", f"random,py:{tmp_path / 'own_bot.py'}:FirstLegal")
    tournament = said.split("/t/")[1].split()[0]
    found = owner.tournament(tournament)
    assert finished(found)
    assert sorted(s["entrant"] for s in found["standings"]) == sorted(["random", owner.name])
    assert [s["played"] for s in found["standings"]] == [1, 1]
    match = found["rounds"][0]["tables"][0]["match"]
    ended = Api(server.url).get(match)
    seat = found["rounds"][0]["tables"][0]["entrants"].index(owner.name)
    assert ended["result"]["reason"] == "game"  # played to its end
    assert any(entry["seat"] == seat for entry in ended["log"])
    docs = DOCS.read_text(encoding="utf-8")
    example = re.search(r"```python mybot.py\n(.*?)```", docs, flags=re.DOTALL)
    assert example is not None
    (tmp_path / "mybot.py").write_text(example.group(1))
    link = other.create(
        format="swiss", rounds=1, bots=["random"], start="when_full", max_players=2, entry="link"
    )
    key_link = server.url + other.tournament(link)["link"]
    said = online(
        server,
        owner.name,
        "--bots",
        f"cmd:{sys.executable} {tmp_path / 'mybot.py'}",
        "--join",
        key_link,
    )
    assert "scores:" in said  # the program's own words, once its match ended
    found = owner.tournament(link)
    assert finished(found)
    assert {s["entrant"] for s in found["standings"]} == {"random", owner.name}


def test_a_restart_mid_round_loses_nothing(server: ServerProcess) -> None:
    """The module's last test on its server: it kills it, and starts another on its file."""
    a, b = Entrant(server.url), Entrant(server.url)
    tournament = a.create(format="swiss", rounds=2, start="when_full", max_players=2)
    a.join(tournament)
    b.join(tournament)
    first = a.seat(tournament)
    b.resign(tournament)
    mid = a.until(tournament, lambda t: t["my_table"] and t["my_table"] != first)
    server.kill()
    with running_server(server.db_url) as after:
        for player in (a, b):
            player.http.base_url = after.url
            player.http.headers["Origin"] = after.url
        again = a.tournament(tournament)
        assert again["rounds"] == mid["rounds"]
        assert again["my_table"] == mid["my_table"]
        b.resign(tournament)
        found = a.until(tournament, finished)
    assert [len(r["tables"]) for r in found["rounds"]] == [1, 1]
    assert {s["entrant"]: s["points"] for s in found["standings"]} == {a.name: 2.0, b.name: 0.0}


def test_two_servers_on_postgresql_pair_a_round_once(cluster: PostgresCluster) -> None:
    with two_servers(cluster) as (one, two):
        players = [Entrant(server.url) for server in (one, two, one, two)]
        tournament = players[0].create(format="swiss", rounds=2, start="when_full", max_players=4)
        for player in players:
            player.join(tournament)
        first = players[0].until(tournament, lambda t: t["rounds"])
        assert len(first["rounds"][0]["tables"]) == 2
        seat = players[1].seat(tournament)
        tables = players[1].http.get("/api/me/tournament-tables").json()["tables"]
        assert [table["token"] for table in tables] == [seat["token"]]  # from either server
        for player in players[1::2]:
            player.resign(tournament)
        second = players[1].until(
            tournament,
            lambda t: len(t["rounds"]) == 2 and all(x["match"] for x in t["rounds"][1]["tables"]),
        )
        for server in (one, two):
            seen = Api(server.url).http.get(f"/api/tournaments/{tournament}").json()
            assert [len(r["tables"]) for r in seen["rounds"]] == [2, 2]
            assert seen["rounds"] == second["rounds"]
        matches = {t["match"] for r in second["rounds"] for t in r["tables"]}
        assert len(matches) == 4
