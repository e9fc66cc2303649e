"""``tavola replay``: a game rebuilt from its record, where it stands."""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from tavola.apps.commands.arguments import RecordArg
from tavola.apps.input_errors import read_record, replay_record
from tavola.apps.terminal_display import board, scores_table
from tavola.apps.terminal_language import _, ngettext
from tavola.core.i18n import N_

# No markup: names, paths and specs people type may hold brackets ("game[/1].json").
console = Console(highlight=False, markup=False)


def replay_command(
    record_file: RecordArg,
    as_json: Annotated[
        bool, typer.Option("--json", help=N_("Print a machine-readable summary instead."))
    ] = False,
) -> None:
    record = read_record(record_file)
    state = replay_record(record)
    if as_json:
        summary = {
            "game": state.game.name,
            "options": state.game.option_json(),
            "seed": state.seed,
            "actions": len(state.history),
            "is_over": state.is_over,
            "current_player": state.current_player,
            "scores": state.scores,
            "winners": state.winners,
        }
        json.dump(summary, sys.stdout)
        sys.stdout.write("\n")
        return
    game = state.game
    names = [f"P{seat}" for seat in range(game.num_players)]
    if "names" in record:
        names = [f"{name} (P{seat})" for seat, name in enumerate(record["names"])]
    done = len(state.history)
    title = ngettext("{title} after {n} action", "{title} after {n} actions", done)
    board(console, game.render(state.view(None)), title.format(title=game.title, n=done))
    if state.is_over:
        console.print(scores_table(names, state.scores, state.winners))
    else:
        assert state.current_player is not None
        name = names[state.current_player]
        console.print(Text(_("The game is not over: {name} to play.").format(name=name)))
