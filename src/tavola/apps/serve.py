"""``tavola serve`` and ``tavola db``: the server's side of the command line."""

from __future__ import annotations

import gc
import json
import os
import socket
import sys
import webbrowser
from pathlib import Path

import uvicorn
from rich.console import Console
from sqlalchemy.engine import make_url

from tavola.apps.server.app import create_app
from tavola.apps.server.connections import with_header_timeout
from tavola.apps.server.db import make_engine
from tavola.apps.server.db import upgrade as upgrade_schema
from tavola.apps.server.settings import Alerts, Connections, RequestLimits, Settings, default_db_url
from tavola.apps.server.ws_deflate import WebSocketProtocol
from tavola.core.errors import TavolaError


def _safe(url: str) -> str:
    return make_url(url).render_as_string(hide_password=True)


def serve(
    console: Console,
    host: str,
    port: int,
    db: str | None,
    bot_workers: int,
    open_browser: bool,
    smtp: str | None = None,
    public_url: str | None = None,
    private_webhooks: bool = False,
    request_limits: bool = True,
    forwarded_allow_ips: str | None = None,
    connections: Connections | None = None,
) -> None:
    """Bind the port (0: any free one), say where, and serve until Ctrl-C or SIGTERM.

    ``smtp`` (else ``$TAVOLA_SMTP``): the SMTP server that sends turn notifications by
    e-mail; ``public_url`` (else ``$TAVOLA_PUBLIC_URL``, else the address printed): where
    the links in notifications point; ``private_webhooks``: webhooks may reach private
    addresses (a home network's machines), not only public ones; ``request_limits``: what
    one client address may ask is limited (``RequestLimits``); ``forwarded_allow_ips``:
    the proxies whose ``X-Forwarded-For`` names the client (none: it is ignored);
    ``connections``: the clients' timeouts and sockets (``Connections``).
    """
    connections = connections or Connections()
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as error:
        raise TavolaError(f"cannot listen on {host}:{port}: {error.strerror}") from None
    port = sock.getsockname()[1]
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::", "::1") else host
    url = f"http://{shown}:{port}/"
    alerts = Alerts(
        smtp_url=smtp or os.environ.get("TAVOLA_SMTP") or None,
        public_url=public_url or os.environ.get("TAVOLA_PUBLIC_URL") or url,
        private_webhooks=private_webhooks,
    )
    settings = Settings(
        db_url=db or default_db_url(),
        bot_workers=bot_workers,
        alerts=alerts,
        requests=RequestLimits() if request_limits else RequestLimits.none(),
        connections=connections,
    )
    console.print(f"tavola serves at {url}  (database {_safe(settings.db_url)})", highlight=False)
    console.print("Open it in a browser; Ctrl-C stops the server.", highlight=False)
    if open_browser and _has_display():
        webbrowser.open(url)
    config = uvicorn.Config(
        create_app(settings),
        log_level="warning",
        lifespan="on",
        ws_max_size=64 * 1024,
        # permessage-deflate when the client offers it, its window and memory bounded by
        # uvicorn (2**12 bytes, memLevel 5): about 40 KiB a socket; short messages are
        # sent uncompressed (``ws_deflate``)
        ws_per_message_deflate=True,
        ws=WebSocketProtocol,
        # A client's address is the peer's, unless the peer is a proxy the operator named.
        proxy_headers=forwarded_allow_ips is not None,
        forwarded_allow_ips=forwarded_allow_ips or "",
        http=with_header_timeout(connections.header_timeout),
        timeout_keep_alive=connections.idle_timeout,
    )
    _tune_the_collector()
    uvicorn.Server(config).run(sockets=[sock])


def _tune_the_collector() -> None:
    """Keep the garbage collector from walking the same objects again and again while
    matches are played. Measured on Carcassonne (20 matches, SQLite), it took 10 to 14 %
    of the server's CPU: its full passes walked the 230,000 objects made at startup (the
    modules, the app), now frozen out of its passes; and its young pass, every 700 new
    containers, ran many times while each position's views were built (a Carcassonne
    view is thousands of lists and objects), so that views in flight were kept as if
    long-lived and called for full passes. A young pass every 50,000 lets them die young
    (the messages hold no cycles): about 3 % of the CPU in all, a pass every few seconds
    at full load."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 10, 10)


def _has_display() -> bool:
    return sys.platform in ("darwin", "win32") or bool(
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    )


def upgrade(console: Console, db: str | None) -> None:
    url = db or default_db_url()
    revision = upgrade_schema(make_engine(url))
    console.print(f"The database {_safe(url)} is at schema revision {revision}.")


def rerate(console: Console, db: str | None) -> None:
    """Compute every rating again from the rated matches' logs and the bots' seeds."""
    from tavola.apps.server.rerate import rerate as rerate_all

    url = db or default_db_url()
    engine = make_engine(url)
    upgrade_schema(engine)
    counted = rerate_all(engine, url.startswith("postgresql"))
    console.print(f"Rated {counted} match(es) again in {_safe(url)}.")


def seed_bots(console: Console, results: Path, db: str | None) -> None:
    """Seed the bots' ratings from a tournament's results file."""
    from tavola.apps.server.rerate import seed_bots as seed

    try:
        tournament = json.loads(results.read_text(encoding="utf-8"))
        url = db or default_db_url()
        engine = make_engine(url)
        upgrade_schema(engine)
        seeds = seed(engine, url.startswith("postgresql"), tournament)
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise TavolaError(f"cannot seed the bots from {results}: {error}") from None
    for standing in seeds:
        console.print(
            f"{standing.player} ({standing.game} {standing.category}): "
            f"{standing.rating:.2f} (mu {standing.mu:.2f}, sigma {standing.sigma:.2f})"
        )
