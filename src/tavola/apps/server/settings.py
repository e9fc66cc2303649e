"""The server's settings, in one place."""

from __future__ import annotations

from dataclasses import dataclass, field

from tavola.apps.records import data_dir


def default_db_url() -> str:
    """The embedded database: a SQLite file in the user's data directory."""
    return f"sqlite:///{data_dir() / 'server.sqlite3'}"


@dataclass(frozen=True)
class BotLimits:
    """What a bot may spend per move on this server; specs asking for more are refused."""

    seconds: float = 5.0  # an ismcts spec without a time gets this one
    iterations: int = 20_000
    samples: int = 32
    job_seconds: float = 60.0  # a worker's job (a move, a hint) is stopped past this
    worker_memory_mb: int = 1024  # a worker's address space (0: none); a search takes ~130


@dataclass(frozen=True)
class Alerts:
    """Turn notifications: a seat's webhook and e-mail (sent off the moves' path)."""

    smtp_url: str | None = None  # smtp://[USER[:PASSWORD]@]HOST[:PORT][?from=ADDRESS]
    public_url: str = "http://localhost:8000/"  # where the links in notifications point
    timeout: float = 5.0  # seconds per attempt
    attempts: int = 4
    backoff: float = 0.5  # seconds before the first retry, doubled after each
    private_webhooks: bool = False  # webhooks may reach private addresses (see webhooks.py)


@dataclass(frozen=True)
class ChatLimits:
    length: int = 500  # characters per message
    burst: int = 5  # messages per seat within ``window`` seconds
    window: float = 10.0


@dataclass(frozen=True)
class RequestLimits:
    """What one client address may ask of one server process, as ``limits`` rules
    ("20/minute;200/hour"); "" for no limit. Each of these costs the bot workers' time."""

    matches: str = "20/minute;200/hour"  # new matches
    hints: str = "30/minute;300/hour"
    reviews: str = "10/hour"
    # Sign-ins and sign-ups per address, and sign-ins per account name: what guessing
    # passwords may try (each try costs an Argon2id hash).
    sign_ins: str = "20/minute;200/hour"
    sign_ins_per_account: str = "10/minute;50/hour"

    @classmethod
    def none(cls) -> RequestLimits:
        return cls("", "", "", "", "")


@dataclass(frozen=True)
class Connections:
    """How long a client may take and how many sockets one address may hold open."""

    header_timeout: float = 10.0  # seconds to send a request's headers
    idle_timeout: int = 5  # seconds a kept-alive connection may wait for its next request
    sockets_per_address: int = 20  # WebSockets open at once from one client address


@dataclass(frozen=True)
class Settings:
    """``db_url``: a SQLAlchemy URL (``sqlite:///FILE`` or ``postgresql+psycopg://...``)."""

    db_url: str = field(default_factory=default_db_url)
    bot_workers: int = 2
    bots: BotLimits = field(default_factory=BotLimits)
    max_body_bytes: int = 64 * 1024
    listed_matches: int = 30  # matches shown on the lobby's "playing now"
    cached_matches: int = 5_000  # matches kept in memory when idle (a miss replays the log)
    log_check_every: float = 30.0  # seconds between comparing the cached matches with the log
    bot_only_matches: int = 8  # matches no person plays, served at once on one server
    idle_after: float = 120.0  # seconds without a sign of a person: their seat is idle
    alerts: Alerts = field(default_factory=Alerts)
    chat: ChatLimits = field(default_factory=ChatLimits)
    requests: RequestLimits = field(default_factory=RequestLimits)
    connections: Connections = field(default_factory=Connections)

    @property
    def is_postgres(self) -> bool:
        return self.db_url.startswith("postgresql")
