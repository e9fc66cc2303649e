"""The ``tavola`` command: play, resume, simulate, replay, bench, tournament, list the games."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table
from rich.text import Text
from typer.core import TyperGroup

from tavola.core.checks import plural, shown
from tavola.core.errors import TavolaError
from tavola.core.game import Game, State
from tavola.core.i18n import N_, from_environment, language
from tavola.core.options import parse_assignments
from tavola.core.registry import broken_plugins, game_classes, game_sources, load
from tavola.players import BotSpecError, make_bot, split_specs

from .bench import random_playouts
from .input_errors import fail, read_record, replay_record
from .play import HUMAN, play
from .records import check_writable, default_record_path, is_record_of
from .signals import stopping_signals
from .simulate import simulate, spread
from .terminal_display import board, scores_table
from .terminal_language import LangOpt, _, ngettext, translate_help
from .tournament import run_tournament


def _quiet_flags(params: list[Any]) -> list[Any]:
    """Flags take no value: their help shows none (typer writes '<bool>')."""
    for param in params:
        if getattr(param, "is_flag", False):
            param.metavar = ""
    return params


class Group(TyperGroup):
    """The ``tavola`` command group: its commands' help shows no '<bool>' for flags; each
    command takes ``--lang`` as the group does, and shows its help in that language."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """Run a command in the language of the environment unless ``--lang`` says
        otherwise, and leave the caller's language as it was."""
        with language(from_environment()):
            return super().main(*args, **kwargs)

    def get_params(self, ctx: Any) -> list[Any]:
        return _quiet_flags(super().get_params(ctx))

    def format_help(self, ctx: Any, formatter: Any) -> None:
        translate_help(self, ctx)
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None:
                translate_help(command)
        super().format_help(ctx, formatter)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is not None and not hasattr(command, "_tavola_quiet"):
            get_params: Callable[[Any], list[Any]] = command.get_params
            setattr(command, "get_params", lambda ctx: _quiet_flags(get_params(ctx)))  # noqa: B010
            setattr(command, "_tavola_quiet", True)  # noqa: B010
            command.params.extend(p for p in self.params if p.name == "lang")
            format_help: Callable[[Any, Any], None] = command.format_help

            def translated_help(ctx: Any, formatter: Any) -> None:
                translate_help(command, ctx)
                format_help(ctx, formatter)

            setattr(command, "format_help", translated_help)  # noqa: B010
        return command


app = typer.Typer(
    name="tavola",
    cls=Group,
    help=N_("Play, simulate and study Campanile and other tabletop games."),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def language_option(lang: Annotated[str | None, LangOpt] = None) -> None:
    """``tavola --lang LANG``: the option every command also takes (``terminal_language.py``)."""


# No markup: names, paths and specs people type may hold brackets ("game[/1].json").
console = Console(highlight=False, markup=False)
errors = Console(stderr=True, highlight=False, markup=False)

GameArg = Annotated[str, typer.Argument(help=N_("Game name (see 'tavola games')."))]
OptionsArg = Annotated[
    list[str] | None,
    typer.Argument(help=N_("Game options as name=value (see 'tavola games')."), show_default=False),
]
PlayersOpt = Annotated[
    int | None,
    typer.Option("--players", "-p", help=N_("Number of players (the option players=N).")),
]


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


@app.command(
    "games",
    help=N_(
        "List the games with their options, defaults and valid values, and the package "
        "each comes from; broken game plugins last, with the reason."
    ),
)
def games_command() -> None:
    sources = game_sources()
    for name, cls in game_classes().items():
        plugin = sources.get(name)
        origin = plugin.describe() if plugin is not None else f"{cls.__module__} (Python)"
        table = Table(
            title=f"{name}: {cls.summary}",
            title_justify="left",
            title_style="bold",
            caption=_("from {origin}").format(origin=origin),
            caption_justify="left",
        )
        # Narrow screens wrap the cells; a word too long for its column folds, never cut.
        table.add_column(_("option"), no_wrap=True)  # a name is typed: shown whole
        table.add_column(_("default"), overflow="fold")
        table.add_column(_("valid values"), overflow="fold")
        table.add_column(_("meaning"), overflow="fold")
        for spec in cls.option_specs:
            default = _("none") if spec.default is None else spec.to_json(spec.default)
            if isinstance(default, list):
                default = ",".join(default)
            table.add_row(spec.name, str(default).lower(), spec.valid_values(), str(spec.help))
        console.print(table)
    for broken in broken_plugins():
        line = _("{name}: a broken game plugin, left out ({origin}): {reason}")
        origin = broken.plugin.describe()
        console.print(line.format(name=broken.plugin.name, origin=origin, reason=broken.reason))


SeatsOpt = Annotated[
    str | None,
    typer.Option(
        "--seats",
        "-s",
        help=N_(
            "Who sits where, comma-separated: 'human' or a bot spec, e.g. human,random. "
            "Default: you at seat 0, random bots in the others."
        ),
    ),
]
NamesOpt = Annotated[
    str | None,
    typer.Option("--names", help=N_("What to call each seat, comma-separated, e.g. Ann,Bob.")),
]
SaveOpt = Annotated[
    Path | None, typer.Option(help=N_("Where to save the record (default: the records folder)."))
]
ForceOpt = Annotated[
    bool, typer.Option("--force", help=N_("Replace the file given to save to, if it exists."))
]
DelayOpt = Annotated[
    float, typer.Option(min=0, help=N_("Seconds to pause after each bot move, for watching."))
]


def split_seats(seats: str | None) -> list[str] | None:
    """The seat specs; ``human`` in any case reads as ``human``."""
    if not seats:
        return None
    return [HUMAN if spec.lower() == HUMAN else spec for spec in split_specs(seats)]


def split_names(names: str | None) -> list[str] | None:
    return [name.strip() for name in names.split(",")] if names is not None else None


def check_seats(seat_specs: list[str], names: list[str] | None, players: int) -> None:
    """One seat (and name) per player; each seat 'human' or a bot spec."""
    if len(seat_specs) != players:
        fail(
            ngettext(
                "{n} seat given for a {players}-player game",
                "{n} seats given for a {players}-player game",
                len(seat_specs),
            ).format(n=len(seat_specs), players=players)
        )
    if names is not None and len(names) != players:
        fail(
            ngettext(
                "{n} name given for a {players}-player game",
                "{n} names given for a {players}-player game",
                len(names),
            ).format(n=len(names), players=players)
        )
    if names is not None and (not all(names) or any(len(name) > 40 for name in names)):
        fail(_("each name has 1 to 40 characters"))
    for spec in seat_specs:
        if spec != HUMAN:
            try:
                make_bot(spec)
            except BotSpecError as error:
                message = str(error)
                if message.startswith("unknown bot"):  # a seat may also be a person
                    message = message.replace("; bots are:", "; a seat is 'human' or a bot:")
                fail(message)


def run_terminal_game(
    state: State,
    seat_specs: list[str],
    names: list[str] | None,
    save: Path,
    delay: float,
    force: bool,
) -> NoReturn:
    """Play on from ``state`` (seats checked, ``save`` checked), save, exit with how it ended."""
    n, done = state.game.num_players, len(state.history)
    title = _("{title}, {n} players, seed {seed}").format(
        title=state.game.title, n=n, seed=state.seed
    )
    if done:
        resumed = ngettext("resumed after {n} action", "resumed after {n} actions", done)
        title += ", " + resumed.format(n=done)
    line = _("{title}. Type '{help}' at a prompt.").format(title=title, help=_("help"))
    console.print(Text(line, style="bold"))
    with stopping_signals() as caught:
        path, stopped = play(
            state, seat_specs, console, save=save, delay=delay, names=names, force=force
        )
    if path is None:
        raise typer.Exit(1)
    console.print(Text(_("Record saved to {path}").format(path=path)))
    if stopped:
        console.print(Text(_("Play on with: {command}").format(command=f"tavola resume {path}")))
    # A chosen quit is a normal end; lost input, Ctrl-C or kill are not.
    codes = {None: 0, "quit": 0, "end of input": 1}
    raise typer.Exit(codes.get(stopped, caught.exit_code))


def checked_save(
    save: Path | None, force: bool, state: State, default: Path, resumed: Path | None = None
) -> Path:
    """Where the record will go, checked before the game starts (see ``check_writable``):
    an existing file only if it is the one ``resumed`` or an earlier record of this game."""
    record = state.record()

    def mine(path: Path) -> bool:
        return path == resumed or is_record_of(path, record)

    try:
        return check_writable(save or default, force=force, mine=mine)
    except TavolaError as error:
        if save is None:
            fail(_("{error}; give --save FILE to save the record elsewhere").format(error=error))
        fail(str(error))


@app.command("play", help=N_("Play a game in the terminal against bots or friends."))
def play_command(
    game_name: GameArg,
    options: OptionsArg = None,
    players: PlayersOpt = None,
    seats: SeatsOpt = None,
    names: NamesOpt = None,
    seed: Annotated[
        int | None, typer.Option(help=N_("Seed of the deal (random if not given)."))
    ] = None,
    save: SaveOpt = None,
    force: ForceOpt = False,
    delay: DelayOpt = 0.0,
) -> None:
    seat_specs = split_seats(seats)
    if seat_specs is not None and players is None:
        players = len(seat_specs)
    game = make_game(game_name, players, options)
    try:
        state = game.new_game(seed)
    except TavolaError as error:
        fail(str(error))
    n = game.num_players
    seat_specs = seat_specs or [HUMAN] + ["random"] * (n - 1)
    seat_names = split_names(names)
    check_seats(seat_specs, seat_names, n)
    path = checked_save(save, force, state, default_record_path(game.name, state.seed))
    run_terminal_game(state, seat_specs, seat_names, path, delay, force)


RecordArg = Annotated[Path, typer.Argument(help=N_("A record saved by 'tavola play'."))]


@app.command(
    "resume", help=N_("Play on a saved game from where its record stops, with the same players.")
)
def resume_command(
    record_file: RecordArg,
    seats: Annotated[
        str | None,
        typer.Option(
            "--seats",
            "-s",
            help=N_(
                "Who sits where, as for play (default: as the record says, else you at "
                "seat 0 and random bots)."
            ),
        ),
    ] = None,
    names: NamesOpt = None,
    save: Annotated[
        Path | None,
        typer.Option(help=N_("Where to save the record (default: the same file).")),
    ] = None,
    force: ForceOpt = False,
    delay: DelayOpt = 0.0,
) -> None:
    record = read_record(record_file)
    state = replay_record(record)
    if state.is_over:
        fail(
            _("the game in {file} is over; see it with: {command}").format(
                file=record_file, command=f"tavola replay {record_file}"
            )
        )
    n = state.game.num_players
    recorded = [HUMAN if s.lower() == HUMAN else s for s in record.get("seats", [])]
    seat_specs = split_seats(seats) or recorded or [HUMAN] + ["random"] * (n - 1)
    seat_names = split_names(names) or record.get("names")
    check_seats(seat_specs, seat_names, n)
    path = checked_save(save, force, state, record_file, resumed=record_file)
    run_terminal_game(state, seat_specs, seat_names, path, delay, force)


@app.command(
    "simulate",
    help=N_("Play many games between random bots; show wins, scores and game length per seat."),
)
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


@app.command(
    "tournament",
    help=N_("Bots against each other, seats rotated: wins with intervals at 95%, scores, ratings."),
)
def tournament_command(
    game_name: GameArg,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            "-b",
            help="Bot specs, comma-separated, e.g. heuristic,random or "
            "ismcts:iterations=500,random. Each entry is one contestant (repeat a spec "
            "to seat it twice).",
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
    force: Annotated[
        bool, typer.Option("--force", help="Replace the --out file if it exists.")
    ] = False,
    backend: Annotated[
        str, typer.Option(help="'local' processes, or 'ray' (needs the cluster extra).")
    ] = "local",
) -> None:
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
            f"{plural(len(specs), 'bot')} for {game.num_players}-player games: "
            "give at least as many specs as seats (repeat a spec to seat it twice)"
        )
    if backend not in ("local", "ray"):
        fail(f"unknown backend {shown(backend)}; backends are: local, ray")
    if out is not None:
        try:
            check_writable(out, force=force)
        except TavolaError as error:
            fail(str(error))
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


@app.command("replay", help=N_("Rebuild a game from its record and show where it stands."))
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


from .review.command import review_command  # noqa: E402  (tavola review: docs/review.md)

app.command(
    "review",
    help=N_("Review a recorded game: each move's win chance and loss, from its seat's view."),
)(review_command)

from .report import report_command  # noqa: E402  (tavola report: docs/balance.md)

app.command(
    "report",
    help=N_("A balance report: seat advantage, scores, sources of points, skill, branching."),
)(report_command)


@app.command(
    "bench",
    help=N_("Random-playout throughput on one core: complete games and actions per second."),
)
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


DbOpt = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="Database URL: postgresql+psycopg://USER@HOST/NAME, or sqlite:///FILE "
        "(default: a SQLite file in the user's data directory).",
        show_default=False,
    ),
]


@app.command(
    "serve", help=N_("Run the game server: the lobby and matches in the browser, and the API.")
)
def serve_command(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="Port to listen on.")] = 8000,
    db: DbOpt = None,
    bot_workers: Annotated[int, typer.Option(min=1, help="Processes in which bots think.")] = 2,
    open_browser: Annotated[
        bool, typer.Option("--open/--no-open", help="Open the lobby in a browser, if any.")
    ] = False,
    smtp: Annotated[
        str | None,
        typer.Option(
            "--smtp",
            help="SMTP server for turn e-mails: smtp://[USER[:PASS]@]HOST[:PORT][?from=ADDR] "
            "(default: $TAVOLA_SMTP; none: no e-mails).",
            show_default=False,
        ),
    ] = None,
    private_webhooks: Annotated[
        bool,
        typer.Option(
            "--private-webhooks",
            help="Let turn webhooks reach private addresses (this machine, its network); "
            "by default only public ones, so that no match can make the server call its "
            "own network.",
        ),
    ] = False,
    request_limits: Annotated[
        bool,
        typer.Option(
            "--request-limits/--no-request-limits",
            help="Limit what one client address may ask of the server per minute and hour "
            "(new matches 20/200, hints 30/300, reviews 10 an hour); off for a trusted network.",
        ),
    ] = True,
) -> None:
    from tavola.apps.serve import serve  # the server's libraries load only here

    try:
        serve(
            console,
            host,
            port,
            db,
            bot_workers,
            open_browser,
            smtp=smtp,
            private_webhooks=private_webhooks,
            request_limits=request_limits,
        )
    except TavolaError as error:
        fail(str(error))


db_app = typer.Typer(help=N_("The server's database."), no_args_is_help=True)
app.add_typer(db_app, name="db")


@db_app.command("upgrade")
def db_upgrade_command(db: DbOpt = None) -> None:
    """Create the server's tables, or bring them to the newest schema."""
    from tavola.apps.serve import upgrade

    upgrade(console, db)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
