"""``tavola simulate``, ``tournament`` and ``bench``: bots playing each other, measured."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

import tavola
from tavola.apps.bench import random_playouts
from tavola.apps.commands.arguments import (
    BackendOpt,
    ForceOpt,
    GameArg,
    OptionsArg,
    PlayersOpt,
    check_backend,
    check_out,
    make_game,
)
from tavola.apps.input_errors import fail
from tavola.apps.signals import stopping_signals
from tavola.apps.simulate import simulate, spread
from tavola.apps.tournament import run_tournament
from tavola.compiled import form_name
from tavola.core.checks import plural, shown
from tavola.core.registry import game_classes
from tavola.players import BotSpecError, make_bot, split_specs

# No markup: names, paths and specs people type may hold brackets ("game[/1].json").
console = Console(highlight=False, markup=False)


def simulate_command(
    game_name: GameArg,
    options: OptionsArg = None,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Number of games.")] = 100,
    players: PlayersOpt = None,
    seed: Annotated[int, typer.Option(help="Seed of the whole run.")] = 0,
) -> None:
    game = make_game(game_name, players, options)
    with (
        stopping_signals() as caught,
        Progress(
            *Progress.get_default_columns()[:-1],
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=console,
            transient=True,
        ) as progress,
    ):
        task = progress.add_task(f"{game.name}", total=games)
        result = simulate(game, games, seed, advance=lambda: progress.advance(task))
    played = len(result.lengths)
    if result.interrupted:
        console.print(f"Interrupted: {played} of {games} games finished; here they are.")
    if not played:
        raise typer.Exit(caught.exit_code)
    table = Table(title=f"{game.title}: {plural(played, 'game')} between random bots (seed {seed})")
    for column in ("seat", "wins", "win %", "mean score", "spread (sd)"):
        table.add_column(column, justify="right")
    for seat, stats in enumerate(result.seats):
        mean = sum(stats.scores) / len(stats.scores)
        table.add_row(
            f"P{seat}",
            f"{stats.wins:g}",
            f"{100 * stats.wins / played:.1f}",
            f"{mean:.2f}",
            f"{spread(stats.scores):.2f}",
        )
    console.print(table)
    mean_length = sum(result.lengths) / played
    console.print(
        f"Mean game length: {mean_length:.1f} actions; shared victories: {result.shared}; "
        "a shared victory counts 1/k to each of its k winners."
    )
    if result.interrupted:
        raise typer.Exit(caught.exit_code)


def tournament_command(
    game_name: GameArg,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            "-b",
            help="Bot specs, comma-separated, e.g. heuristic,random or "
            "ismcts:iterations=500,random. Each entry is one contestant (repeat a spec "
            "to seat it twice). With --online, one may be a bot of your own: "
            "py:MODULE:CLASS or cmd:COMMAND (docs/tournaments.md).",
        ),
    ],
    options: OptionsArg = None,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Number of games.")] = 100,
    players: PlayersOpt = None,
    workers: Annotated[
        int | None,
        typer.Option("--workers", "-w", min=1, help="Parallel processes (default: all cores)."),
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the whole tournament.")] = 0,
    out: Annotated[
        Path | None, typer.Option(help="Save standings and every game's record as JSON.")
    ] = None,
    force: ForceOpt = False,
    backend: BackendOpt = "local",
    online: Annotated[
        str | None,
        typer.Option(
            help="A server's address: its bots play a tournament there (docs/tournaments.md)."
        ),
    ] = None,
    account: Annotated[
        str | None,
        typer.Option(help="With --online: the account (its password in TAVOLA_PASSWORD)."),
    ] = None,
    join: Annotated[
        str | None,
        typer.Option(
            help="With --online: enter this tournament (its id or link) with the one bot of "
            "your own that --bots names (py:MODULE:CLASS or cmd:COMMAND)."
        ),
    ] = None,
) -> None:
    specs = split_specs(bots)
    own = [spec for spec in specs if spec.startswith(("py:", "cmd:"))]  # online_bot.local_spec
    if own and online is None:
        fail("a bot of your own (py:... or cmd:...) plays on a server: give --online")
    if players is None and not any(a.startswith("players=") for a in options or []):
        players = min(len(specs), max(_player_counts(game_name)))
    game = make_game(game_name, players, options)
    for spec in (spec for spec in specs if spec not in own):
        try:
            make_bot(spec)
        except BotSpecError as error:
            fail(str(error))
    if len(specs) < game.num_players and join is None:
        fail(
            f"{plural(len(specs), 'bot')} for {game.num_players}-player games: "
            "give at least as many specs as seats (repeat a spec to seat it twice)"
        )
    if online is not None:
        if account is None:
            fail("--online needs --account")
        from tavola.apps.online_tournament import run_online  # httpx: only when online

        settings = game.option_json()
        run_online(console, online, account, game.name, settings, game.num_players, specs, join)
        return
    check_backend(backend)
    check_out(out, force)
    with stopping_signals() as caught:
        outcome = run_tournament(
            console, game, specs, games, seed, workers or os.cpu_count() or 1, backend, out
        )
    if outcome.interrupted:
        raise typer.Exit(caught.exit_code)


def _player_counts(game_name: str) -> tuple[int, ...]:
    """The player counts a game allows, from its ``players`` option."""
    classes = game_classes()
    name = game_name.strip().lower()
    if name not in classes:
        fail(f"unknown game {shown(game_name)}; available: {', '.join(classes)}")
    for spec in classes[name].option_specs:
        if spec.name == "players" and spec.choices:
            return tuple(int(choice) for choice in spec.choices)
    return (2,)


def bench_command(
    game_names: Annotated[
        list[str] | None,
        typer.Argument(help="Games to measure (default: all), and options as name=value."),
    ] = None,
    seconds: Annotated[float, typer.Option(min=0.1, help="Seconds per game.")] = 3.0,
    players: PlayersOpt = None,
) -> None:
    assignments = [arg for arg in game_names or [] if "=" in arg]
    names = [arg for arg in game_names or [] if "=" not in arg] or list(game_classes())
    table = Table(title=f"Random playouts, one core, engine {form_name(tavola.COMPILED)}")
    for column in ("game", "options", "games", "games/s", "actions/s"):
        table.add_column(column, justify="right" if column != "options" else "left")
    for name in names:
        result = random_playouts(make_game(name, players, assignments), seconds)
        table.add_row(
            name,
            result.options,
            str(result.games),
            f"{result.games_per_second:,.0f}",
            f"{result.actions_per_second:,.0f}",
        )
    console.print(table)
