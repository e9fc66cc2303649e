"""``tavola play`` and ``tavola resume``: a game in the terminal, against bots or friends."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.text import Text

from tavola.apps.commands.arguments import GameArg, OptionsArg, PlayersOpt, RecordArg, make_game
from tavola.apps.input_errors import fail, read_record, replay_record
from tavola.apps.play import HUMAN, play
from tavola.apps.records import check_writable, default_record_path, is_record_of
from tavola.apps.signals import stopping_signals
from tavola.apps.terminal_language import _, ngettext
from tavola.core.errors import TavolaError
from tavola.core.game import State
from tavola.core.i18n import N_
from tavola.players import BotSpecError, make_bot, split_specs

# No markup: names, paths and specs people type may hold brackets ("game[/1].json").
console = Console(highlight=False, markup=False)


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
