"""The ``tavola`` command: play, resume, simulate, replay, bench, tournament, list the games."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from tavola.core.errors import TavolaError
from tavola.core.game import Game, State
from tavola.core.options import parse_assignments
from tavola.core.registry import game_classes, load, replay
from tavola.players import BotSpecError, make_bot, split_specs

from .bench import random_playouts
from .output import board, scores_table
from .play import HUMAN, play
from .records import load_record
from .simulate import simulate, spread
from .tournament import run_tournament

app = typer.Typer(
    name="tavola",
    help="Play, simulate and study Campanile and other tabletop games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console(highlight=False)
errors = Console(stderr=True, highlight=False)

GameArg = Annotated[str, typer.Argument(help="Game name (see 'tavola games').")]
OptionsArg = Annotated[
    list[str] | None,
    typer.Argument(help="Game options as name=value (see 'tavola games').", show_default=False),
]
PlayersOpt = Annotated[
    int | None, typer.Option("--players", "-p", help="Number of players (the option players=N).")
]


def fail(message: str) -> NoReturn:
    errors.print(Text(f"error: {message}", style="bold red"))
    raise typer.Exit(2)


def make_game(name: str, players: int | None, assignments: list[str] | None) -> Game:
    """Load a game from the command line's options; a bad one ends the command clearly."""
    try:
        options: dict[str, Any] = parse_assignments(assignments or [])
        if players is not None:
            if "players" in options and str(players) != options["players"]:
                fail(f"--players {players} contradicts players={options['players']}")
            options["players"] = players
        return load(name, **options)
    except TavolaError as error:
        fail(str(error))


@app.command("games")
def games_command() -> None:
    """List the games with their options, defaults and valid values."""
    for name, cls in game_classes().items():
        table = Table(title=f"{name}: {cls.summary}", title_justify="left", title_style="bold")
        table.add_column("option")
        table.add_column("default")
        table.add_column("valid values")
        table.add_column("meaning")
        for spec in cls.option_specs:
            default = "none" if spec.default is None else spec.to_json(spec.default)
            if isinstance(default, list):
                default = ",".join(default)
            table.add_row(spec.name, str(default).lower(), spec.valid_values(), spec.help)
        console.print(table)


SeatsOpt = Annotated[
    str | None,
    typer.Option(
        "--seats",
        "-s",
        help="Who sits where, comma-separated: 'human' or a bot spec, e.g. human,random. "
        "Default: you at seat 0, random bots in the others.",
    ),
]
SaveOpt = Annotated[
    Path | None, typer.Option(help="Where to save the record (default: the records folder).")
]
DelayOpt = Annotated[
    float, typer.Option(help="Seconds to pause after each bot move, for watching.")
]


def split_seats(seats: str | None) -> list[str] | None:
    return split_specs(seats) if seats else None


def run_terminal_game(
    state: State, seat_specs: list[str] | None, save: Path | None, delay: float
) -> NoReturn:
    """Check the seats, play on from ``state``, save, and exit with how it ended."""
    n = state.game.num_players
    if seat_specs is None:
        seat_specs = [HUMAN] + ["random"] * (n - 1)
    if len(seat_specs) != n:
        fail(f"{len(seat_specs)} seats given for a {n}-player game")
    for spec in seat_specs:
        if spec != HUMAN:
            try:
                make_bot(spec)
            except BotSpecError as error:
                fail(f"{error} (or 'human')")
    title = f"{state.game.title}, {n} players, seed {state.seed}"
    if state.history:
        title += f", resumed after {len(state.history)} actions"
    console.print(Text(f"{title}. Type 'help' at a prompt.", style="bold"))
    path, stopped = play(state, seat_specs, console, save=save, delay=delay)
    console.print(f"Record saved to {path}")
    if stopped:
        console.print(f"Play on with: tavola resume {path}")
    # A chosen quit is a normal end; lost input or Ctrl-C are not.
    raise typer.Exit({None: 0, "quit": 0, "end of input": 1}.get(stopped, 130))


@app.command("play")
def play_command(
    game_name: GameArg,
    options: OptionsArg = None,
    players: PlayersOpt = None,
    seats: SeatsOpt = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed of the deal (random if not given).")
    ] = None,
    save: SaveOpt = None,
    delay: DelayOpt = 0.0,
) -> None:
    """Play a game in the terminal against bots or friends."""
    seat_specs = split_seats(seats)
    if seat_specs is not None and players is None:
        players = len(seat_specs)
    game = make_game(game_name, players, options)
    run_terminal_game(
        game.new_game(Game.fresh_seed() if seed is None else seed), seat_specs, save, delay
    )


@app.command("resume")
def resume_command(
    record_file: Annotated[Path, typer.Argument(help="A record saved by 'tavola play'.")],
    seats: SeatsOpt = None,
    save: Annotated[
        Path | None, typer.Option(help="Where to save the record (default: the same file).")
    ] = None,
    delay: DelayOpt = 0.0,
) -> None:
    """Play on a saved game from where its record stops."""
    state = replay_file(record_file)
    if state.is_over:
        fail(f"the game in {record_file} is over; see it with: tavola replay {record_file}")
    run_terminal_game(state, split_seats(seats), save or record_file, delay)


@app.command("simulate")
def simulate_command(
    game_name: GameArg,
    options: OptionsArg = None,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Number of games.")] = 100,
    players: PlayersOpt = None,
    seed: Annotated[int, typer.Option(help="Seed of the whole run.")] = 0,
) -> None:
    """Play many games between random bots; show wins, scores and game length per seat."""
    game = make_game(game_name, players, options)
    with Progress(
        *Progress.get_default_columns()[:-1],
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as progress:
        task = progress.add_task(f"{game_name}", total=games)
        result = simulate(game, games, seed, advance=lambda: progress.advance(task))
    table = Table(title=f"{game.title}: {games} games between random bots (seed {seed})")
    for column in ("seat", "wins", "win %", "mean score", "spread (sd)"):
        table.add_column(column, justify="right")
    for seat, stats in enumerate(result.seats):
        mean = sum(stats.scores) / len(stats.scores)
        table.add_row(
            f"P{seat}",
            f"{stats.wins:g}",
            f"{100 * stats.wins / games:.1f}",
            f"{mean:.2f}",
            f"{spread(stats.scores):.2f}",
        )
    console.print(table)
    mean_length = sum(result.lengths) / games
    console.print(
        f"Mean game length: {mean_length:.1f} actions; shared victories: {result.shared}; "
        "a shared victory counts 1/k to each of its k winners."
    )


@app.command("tournament")
def tournament_command(
    game_name: GameArg,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            "-b",
            help="Bot specs, comma-separated, e.g. ismcts:iterations=1000,heuristic,random. "
            "Each entry is one contestant (repeat a spec to seat it twice).",
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
    backend: Annotated[
        str, typer.Option(help="'local' processes, or 'ray' (needs the cluster extra).")
    ] = "local",
) -> None:
    """Bots against each other, seats rotated: wins with 95% intervals, scores, ratings."""
    specs = split_specs(bots)
    if players is None and not any(a.startswith("players=") for a in options or []):
        players = min(len(specs), max(_player_counts(game_name)))
    game = make_game(game_name, players, options)
    for spec in specs:
        try:
            make_bot(spec)
        except BotSpecError as error:
            fail(str(error))
    if len(specs) < game.num_players:
        fail(
            f"{len(specs)} bots for {game.num_players}-player games: "
            "give at least as many specs as seats (repeat a spec to seat it twice)"
        )
    if backend not in ("local", "ray"):
        fail(f"unknown backend {backend!r}; backends are: local, ray")
    outcome = run_tournament(
        console, game, specs, games, seed, workers or os.cpu_count() or 1, backend, out
    )
    if outcome.interrupted:
        raise typer.Exit(130)


def _player_counts(game_name: str) -> tuple[int, ...]:
    """The player counts a game allows, from its ``players`` option."""
    classes = game_classes()
    if game_name not in classes:
        fail(f"unknown game {game_name!r}; available: {', '.join(classes)}")
    for spec in classes[game_name].option_specs:
        if spec.name == "players" and spec.choices:
            return tuple(int(choice) for choice in spec.choices)
    return (2,)


@app.command("replay")
def replay_command(
    record_file: Annotated[Path, typer.Argument(help="A record saved by 'tavola play'.")],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print a machine-readable summary instead.")
    ] = False,
) -> None:
    """Rebuild a game from its record and show where it stands."""
    state = replay_file(record_file)
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
    board(
        console, game.render(state.view(None)), f"{game.title} after {len(state.history)} actions"
    )
    if state.is_over:
        console.print(scores_table(names, state.scores, state.winners))
    else:
        console.print(f"The game is not over: P{state.current_player} to play.")


def replay_file(record_file: Path) -> State:
    try:
        return replay(load_record(record_file))
    except TavolaError as error:
        fail(str(error))


@app.command("bench")
def bench_command(
    game_names: Annotated[
        list[str] | None,
        typer.Argument(help="Games to measure (default: all), and options as name=value."),
    ] = None,
    seconds: Annotated[float, typer.Option(min=0.1, help="Seconds per game.")] = 3.0,
    players: PlayersOpt = None,
) -> None:
    """Random-playout throughput on one core: complete games and actions per second."""
    assignments = [arg for arg in game_names or [] if "=" in arg]
    names = [arg for arg in game_names or [] if "=" not in arg] or list(game_classes())
    table = Table(title="Random playouts, one core")
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


def main() -> None:
    app()
