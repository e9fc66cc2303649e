"""The arguments and options several commands share, and the game they name."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Annotated, Any

import typer

from tavola.apps.input_errors import fail
from tavola.apps.records import check_writable
from tavola.apps.terminal_language import _
from tavola.core.checks import shown
from tavola.core.errors import TavolaError
from tavola.core.game import Game
from tavola.core.i18n import N_
from tavola.core.options import parse_assignments
from tavola.core.registry import load

GameArg = Annotated[str, typer.Argument(help=N_("Game name (see 'tavola games')."))]

OptionsArg = Annotated[
    list[str] | None,
    typer.Argument(help=N_("Game options as name=value (see 'tavola games')."), show_default=False),
]
PlayersOpt = Annotated[
    int | None,
    typer.Option("--players", "-p", help=N_("Number of players (the option players=N).")),
]
RecordArg = Annotated[Path, typer.Argument(help=N_("A record saved by 'tavola play'."))]
JobsOpt = Annotated[
    int | None,
    typer.Option("--jobs", "-j", min=1, help="Parallel processes (default: all cores)."),
]
BackendOpt = Annotated[
    str, typer.Option(help="'local' processes, or 'ray' (needs the cluster extra).")
]
ForceOpt = Annotated[bool, typer.Option("--force", help="Replace the --out file if it exists.")]


def check_backend(backend: str) -> None:
    """End the command clearly unless ``backend`` is one the runs know and can use."""
    if backend not in ("local", "ray"):
        fail(f"unknown backend {shown(backend)}; backends are: local, ray")
    if backend == "ray" and importlib.util.find_spec("ray") is None:
        fail("the ray backend needs Ray: pip install 'tavola[cluster]'")


def check_out(out: Path | None, force: bool) -> None:
    """End the command clearly if the file ``out`` names may not be written (``--force``:
    one that is there may be replaced)."""
    if out is not None:
        try:
            check_writable(out, force=force)
        except TavolaError as error:
            fail(str(error))


def make_game(name: str, players: int | None, assignments: list[str] | None) -> Game:
    """Load a game from the command line's options; a bad one ends the command clearly."""
    try:
        options: dict[str, Any] = parse_assignments(assignments or [])
        if players is not None:
            if "players" in options and str(players) != options["players"]:
                fail(
                    _("--players {players} contradicts players={given}").format(
                        players=players, given=options["players"]
                    )
                )
            options["players"] = players
        return load(name, **options)
    except TavolaError as error:
        fail(str(error))
