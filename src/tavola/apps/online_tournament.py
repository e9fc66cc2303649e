"""``tavola tournament --online URL``: bots enter a server's tournament (docs/tournaments.md).

The bots are the server's (by their specs, bounded by its limits): the command signs in to
an account (its password from ``TAVOLA_PASSWORD``), creates a tournament of those bots
alone (a round robin for 2 seats, else a Swiss of as many rounds as a round robin's),
follows it until it is finished and prints its standings. A bot of one's own enters
through the bot API instead: an account joins, reads ``my_table`` and plays its token.
"""

from __future__ import annotations

import os
import time
from typing import Any

import httpx
from rich.console import Console
from rich.table import Table

from tavola.apps.input_errors import fail

PASSWORD_VARIABLE = "TAVOLA_PASSWORD"
FOLLOW_EVERY = 1.0  # seconds between two reads of the tournament


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
) -> dict[str, Any]:
    """Create the bots' tournament on the server at ``url``, follow it; its last answer."""
    password = os.environ.get(PASSWORD_VARIABLE)
    if not password:
        fail(f"set {PASSWORD_VARIABLE} to the password of the account {account!r}")
    base = url.rstrip("/")
    with httpx.Client(base_url=base, headers={"Origin": base}, timeout=30) as http:
        signed = http.post("/api/session", json={"name": account, "password": password})
        if signed.status_code != 200:
            fail(f"{base}: cannot sign in as {account!r}: {_why(signed)}")
        body = {
            "game": game,
            "options": options,
            "seats_per_table": seats,
            "time_control": {"kind": "none"},
            "bots": specs,
            "start": "now",
            **tournament_format(specs, seats),
        }
        created = http.post("/api/tournaments", json=body)
        if created.status_code != 201:
            fail(f"{base}: the tournament was refused: {_why(created)}")
        tournament = created.json()
        console.print(f"{base}{tournament['url']}")
        while True:
            found: dict[str, Any] = http.get(f"/api/tournaments/{tournament['id']}").json()
            if found["status"] == "finished":
                break
            time.sleep(FOLLOW_EVERY)
    console.print(standings_table(found))
    return found


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
