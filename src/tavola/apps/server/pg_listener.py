"""PostgreSQL LISTEN: other servers' new log entries reach this one at once.

A thread holds one autocommit connection that listens on the log's channel and hands each
payload (``"match seq server"``) to the event loop. It reconnects after a lost connection,
and each time its LISTEN is in place it says so (``listening``, on the event loop): the
notices sent while it was away are lost, so the service compares its matches with the log.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable

import psycopg
from sqlalchemy.engine import make_url

from tavola.apps.server.store import NOTIFY_CHANNEL

log = logging.getLogger("tavola.server")


def conninfo(url: str) -> str:
    """A libpq connection string from a SQLAlchemy URL (``postgresql+psycopg://...``)."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Listener:
    def __init__(
        self,
        url: str,
        loop: asyncio.AbstractEventLoop,
        deliver: Callable[[str], None],
        listening: Callable[[], None],
    ) -> None:
        self._conninfo = conninfo(url)
        self._loop = loop
        self._deliver = deliver
        self._listening = listening
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="tavola-listen", daemon=True)

    def start(self, timeout: float = 10.0) -> None:
        """Start listening; returns once the first LISTEN is in place."""
        self._thread.start()
        self._ready.wait(timeout)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                with psycopg.connect(self._conninfo, autocommit=True) as connection:
                    connection.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    self._loop.call_soon_threadsafe(self._listening)
                    self._ready.set()
                    while not self._stop.is_set():
                        for notice in connection.notifies(timeout=0.5):
                            self._loop.call_soon_threadsafe(self._deliver, notice.payload)
            except psycopg.Error as error:
                log.warning("LISTEN connection lost (%s); reconnecting", error)
                time.sleep(1)
