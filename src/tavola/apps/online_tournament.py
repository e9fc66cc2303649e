"""``tavola tournament --online URL``: bots enter a server's tournament (docs/tournaments.md).

The command signs in to an account (its password from ``TAVOLA_PASSWORD``) and creates a
tournament of the bots named (a round robin for 2 seats, else a Swiss of as many rounds as
a round robin's), or with ``--join`` enters one that exists; it follows the tournament
until it is finished and prints its standings. The server's own bots (by their specs,
bounded by its limits) are entrants from the start; a bot of one's own (``online_bot``:
``py:`` a Python class, ``cmd:`` a program of the bot API) enters as the account, which
joins, reads ``my_table`` and plays each match it is paired in here, through the bot API.
"""

from __future__ import annotations

import os
import time
from typing import Any

import httpx
from rich.console import Console
from rich.table import Table

from tavola.apps.input_errors import fail
from tavola.apps.online_bot import MatchPlayer, local_spec, match_player
from tavola.core.errors import TavolaError

PASSWORD_VARIABLE = "TAVOLA_PASSWORD"
FOLLOW_EVERY = 0.5  # seconds between two reads of the tournament


def tournament_format(specs: list[str], seats: int) -> dict[str, Any]:
    """The format of a bots' tournament.

    >>> tournament_format(["a", "b", "c"], 2), tournament_format(list("abcdef"), 3)
    ({'format': 'round_robin'}, {'format': 'swiss', 'rounds': 5})
    """
    if seats == 2:
        return {"format": "round_robin"}
    return {"format": "swiss", "rounds": len(specs) - 1 + len(specs) % 2}


def run_online(
    console: Console,
    url: str,
    account: str,
    game: str,
    options: dict[str, Any],
    seats: int,
    specs: list[str],
    join: str | None = None,
) -> dict[str, Any]:
    """Create the bots' tournament on the server at ``url`` (or ``join`` one: its id or
    link), play the bot of one's own among ``specs`` there, follow it; its last answer."""
    password = os.environ.get(PASSWORD_VARIABLE)
    if not password:
        fail(f"set {PASSWORD_VARIABLE} to the password of the account {account!r}")
    own = [spec for spec in specs if local_spec(spec)]
    if len(own) > 1 or (join is not None and (len(specs) != 1 or not own)):
        fail("an account enters one bot of its own (py:... or cmd:...); --join takes it alone")
    try:
        player = match_player(own[0]) if own else None
    except TavolaError as error:
        fail(str(error))
    base = url.rstrip("/")
    with httpx.Client(base_url=base, headers={"Origin": base}, timeout=30) as http:
        signed = http.post("/api/session", json={"name": account, "password": password})
        if signed.status_code != 200:
            fail(f"{base}: cannot sign in as {account!r}: {_why(signed)}")
        if join is None:
            tournament, key = _create(http, game, options, seats, specs)
        else:
            tournament, key = _tournament_of(join)
        console.print(f"{base}/t/{tournament}")
        if player is not None:
            entered = http.post(f"/api/tournaments/{tournament}/join", params=_key(key))
            if entered.status_code != 200:
                fail(f"{base}: cannot join the tournament: {_why(entered)}")
        found = _follow(http, tournament, player)
    console.print(standings_table(found))
    return found


def _create(
    http: httpx.Client, game: str, options: dict[str, Any], seats: int, specs: list[str]
) -> tuple[str, str | None]:
    """A new tournament of ``specs``: the server's bots entered, the account's to join."""
    bots = [spec for spec in specs if not local_spec(spec)]
    start: dict[str, Any] = {"start": "now"}
    if len(bots) < len(specs):  # it starts once the account's bot joined
        start = {"start": "when_full", "max_players": len(specs)}
    body = {
        "game": game,
        "options": options,
        "seats_per_table": seats,
        "time_control": {"kind": "none"},
        "bots": bots,
        **start,
        **tournament_format(specs, seats),
    }
    created = http.post("/api/tournaments", json=body)
    if created.status_code != 201:
        fail(f"{http.base_url}: the tournament was refused: {_why(created)}")
    return created.json()["id"], None


def _tournament_of(join: str) -> tuple[str, str | None]:
    """A tournament's id and its link's key, from its id or link (``/t/ID?key=KEY``).

    >>> _tournament_of("https://example.org/t/abc?key=xyz"), _tournament_of("abc")
    (('abc', 'xyz'), ('abc', None))
    """
    parts = httpx.URL(join)
    return parts.path.rstrip("/").rpartition("/")[2], parts.params.get("key")


def _key(key: str | None) -> dict[str, str]:
    return {} if key is None else {"key": key}


def _follow(http: httpx.Client, tournament: str, player: MatchPlayer | None) -> dict[str, Any]:
    """Read the tournament until it is finished; ``player`` plays each match it is paired
    in meanwhile. Its last answer."""
    ws = str(http.base_url.copy_with(scheme="wss" if http.base_url.scheme == "https" else "ws"))
    played: set[str] = set()
    while True:
        found: dict[str, Any] = http.get(f"/api/tournaments/{tournament}").json()
        if found["status"] == "finished":
            return found
        table = found.get("my_table")
        if player is not None and table and table["match"] not in played:
            played.add(table["match"])
            try:
                player(ws.rstrip("/"), table["match"], table["token"])
            except (TavolaError, OSError) as error:
                fail(f"match {table['match']}: {error}")
            continue
        time.sleep(FOLLOW_EVERY)


def _why(answer: httpx.Response) -> str:
    try:
        return str(answer.json().get("message", answer.status_code))
    except ValueError:
        return str(answer.status_code)


def standings_table(found: dict[str, Any]) -> Table:
    table = Table(title=f"{found['game']}: {found['format']}")
    for column in ("#", "bot", "points", "tie-break", "played"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for rank, standing in enumerate(found["standings"], 1):
        table.add_row(
            str(rank),
            standing["entrant"],
            f"{standing['points']:g}",
            f"{standing['tiebreak']:g}",
            str(standing["played"]),
        )
    return table
