"""``tavola serve`` and ``tavola db``: the game server and its database."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from tavola.apps.input_errors import fail
from tavola.core.errors import TavolaError

# No markup: names, paths and specs people type may hold brackets ("game[/1].json").
console = Console(highlight=False, markup=False)


DbOpt = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="Database URL: postgresql+psycopg://USER@HOST/NAME, or sqlite:///FILE "
        "(default: a SQLite file in the user's data directory).",
        show_default=False,
    ),
]


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
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            "--forwarded-allow-ips",
            help="The proxies (comma-separated addresses or networks, '*' for any) whose "
            "X-Forwarded-For and X-Forwarded-Proto are trusted: the client address the "
            "request limits count. Default: none, the header is ignored.",
            show_default=False,
        ),
    ] = None,
    header_timeout: Annotated[
        float, typer.Option(min=0.1, help="Seconds a client may take to send a request's headers.")
    ] = 10.0,
    idle_timeout: Annotated[
        int, typer.Option(min=1, help="Seconds a kept-alive connection may wait, asking nothing.")
    ] = 5,
    sockets_per_address: Annotated[
        int, typer.Option(min=1, help="WebSockets one client address may hold open at once.")
    ] = 20,
) -> None:
    from tavola.apps.serve import serve  # the server's libraries load only here
    from tavola.apps.server.settings import Connections

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
            forwarded_allow_ips=forwarded_allow_ips,
            connections=Connections(header_timeout, idle_timeout, sockets_per_address),
        )
    except TavolaError as error:
        fail(str(error))


def db_upgrade_command(db: DbOpt = None) -> None:
    """Create the server's tables, or bring them to the newest schema."""
    from tavola.apps.serve import upgrade

    upgrade(console, db)


def db_rerate_command(db: DbOpt = None) -> None:
    """Compute every rating again from the rated matches' logs (and the bots' seeds)."""
    from tavola.apps.serve import rerate

    rerate(console, db)


def db_seed_bots_command(
    results: Annotated[
        Path, typer.Argument(help="A tournament's results (tavola tournament --out FILE).")
    ],
    db: DbOpt = None,
) -> None:
    """Start the bots' ratings from a tournament's, so that first games against them rate."""
    from tavola.apps.serve import seed_bots

    try:
        seed_bots(console, results, db)
    except TavolaError as error:
        fail(str(error))
