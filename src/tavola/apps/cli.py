"""The ``tavola`` command line: the command group, each command's name and help, and
``main`` (the ``tavola`` script). The commands are in ``tavola.apps.commands``, and in the
``review`` and ``report`` packages."""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import version
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

import tavola
from tavola.compiled import form_name
from tavola.core.i18n import N_, from_environment, language

from .commands.bot_games import bench_command, simulate_command, tournament_command
from .commands.games import games_command
from .commands.learn import learn_command
from .commands.replay import replay_command
from .commands.server import (
    db_rerate_command,
    db_seed_bots_command,
    db_upgrade_command,
    serve_command,
)
from .commands.terminal_game import play_command, resume_command
from .report import report_command
from .review.command import review_command
from .terminal_language import LangOpt, translate_help


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
    help=N_("Play, simulate and study tabletop games."),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def show_version(value: bool) -> None:
    """``tavola --version``: the package's version and the engine's form, then exit."""
    if value:
        typer.echo(f"tavola {version('tavola')}, engine {form_name(tavola.COMPILED)}")
        raise typer.Exit()


VersionOpt = typer.Option(
    "--version",
    callback=show_version,
    is_eager=True,
    expose_value=False,
    help=N_("Show tavola's version and whether its engine runs compiled, then exit."),
)


@app.callback()
def language_option(
    lang: Annotated[str | None, LangOpt] = None, show: Annotated[bool, VersionOpt] = False
) -> None:
    """``tavola --lang LANG``: the option every command also takes (``terminal_language.py``);
    ``tavola --version``."""


# Each command's name and help, in the order ``tavola --help`` lists them.
COMMANDS: tuple[tuple[str, str, Callable[..., None]], ...] = (
    (
        "games",
        N_(
            "List the games with their options, defaults and valid values, and the package "
            "each comes from; broken game plugins last, with the reason."
        ),
        games_command,
    ),
    ("play", N_("Play a game in the terminal against bots or friends."), play_command),
    ("learn", N_("Learn a game: a guided first game, step by step."), learn_command),
    (
        "resume",
        N_("Play on a saved game from where its record stops, with the same players."),
        resume_command,
    ),
    (
        "simulate",
        N_("Play many games between random bots; show wins, scores and game length per seat."),
        simulate_command,
    ),
    (
        "tournament",
        N_("Bots against each other, seats rotated: wins with intervals at 95%, scores, ratings."),
        tournament_command,
    ),
    ("replay", N_("Rebuild a game from its record and show where it stands."), replay_command),
    (  # docs/review.md
        "review",
        N_("Review a recorded game: each move's win chance and loss, from its seat's view."),
        review_command,
    ),
    (  # docs/balance.md
        "report",
        N_("A balance report: seat advantage, scores, sources of points, skill, branching."),
        report_command,
    ),
    (
        "bench",
        N_("Random-playout throughput on one core: complete games and actions per second."),
        bench_command,
    ),
    (
        "serve",
        N_("Run the game server: the lobby and matches in the browser, and the API."),
        serve_command,
    ),
)
for command_name, command_help, command in COMMANDS:
    app.command(command_name, help=command_help)(command)

db_app = typer.Typer(help=N_("The server's database."), no_args_is_help=True)
app.add_typer(db_app, name="db")
db_app.command("upgrade")(db_upgrade_command)
db_app.command("rerate")(db_rerate_command)
db_app.command("seed-bots")(db_seed_bots_command)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
