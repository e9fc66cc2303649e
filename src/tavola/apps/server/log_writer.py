"""The log's appends, gathered: the entries of concurrent moves go to the database
together, in one transaction and one hand-over to the writer's own thread.

An append waits while the batch before it is written, then goes with every append that
arrived meanwhile: one at a time when the server is quiet (no wait), many at once under
load, where a commit and a thread switch per move would cost more than the move.
Entries of one match never meet in a batch: a match appends under its lock, one at a time.

The batches go to one thread of the writer's, started with its first batch and kept: a
batch is handed over through a ``queue.SimpleQueue`` and answered by
``loop.call_soon_threadsafe``, without a thread pool's limiter and cancel scopes for each
(anyio's ``to_thread``, which cost about as much as the insert itself per batch). The
thread keeps one connection for its batches (a pool's checkout and reset cost about as
much as a lone insert), and opens another after a batch failed on it.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from datetime import datetime

from sqlalchemy import Connection

from tavola.apps.server.store import NewEntry, Store

MAX_BATCH = 500

Results = list[datetime | Exception | None]
Batch = tuple[list[NewEntry], asyncio.AbstractEventLoop, "asyncio.Future[Results]"]


class LogWriter:
    def __init__(self, store: Store, origin: str) -> None:
        self.store = store
        self.origin = origin  # the server's id, in the NOTIFY that tells the others
        self._waiting: list[tuple[NewEntry, asyncio.Future[datetime | None]]] = []
        self._writing: asyncio.Task[None] | None = None
        self._batches: queue.SimpleQueue[Batch | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None

    async def append(self, entry: NewEntry) -> datetime | None:
        """Insert ``entry``; its time, or ``None`` if another writer holds its number."""
        loop = asyncio.get_running_loop()
        written: asyncio.Future[datetime | None] = loop.create_future()
        self._waiting.append((entry, written))
        if self._writing is None:
            self._writing = loop.create_task(self._write())
        return await written

    def close(self) -> None:
        """Let the writer's thread end once the batches handed to it are written."""
        if self._thread is not None:
            self._batches.put(None)
            self._thread = None

    async def _write(self) -> None:
        try:
            while self._waiting:
                batch = self._waiting[:MAX_BATCH]
                del self._waiting[:MAX_BATCH]
                results = await self._in_thread([entry for entry, _ in batch])
                for (_, written), result in zip(batch, results, strict=True):
                    if written.done():  # its writer was cancelled
                        continue
                    if isinstance(result, Exception):
                        written.set_exception(result)
                    else:
                        written.set_result(result)
        finally:
            self._writing = None

    async def _in_thread(self, entries: list[NewEntry]) -> Results:
        loop = asyncio.get_running_loop()
        answered: asyncio.Future[Results] = loop.create_future()
        if self._thread is None:
            self._thread = threading.Thread(
                target=self._serve, args=(self._batches,), name="tavola-log-writer", daemon=True
            )
            self._thread.start()
        self._batches.put((entries, loop, answered))
        return await answered

    def _serve(self, batches: queue.SimpleQueue[Batch | None]) -> None:
        """The writer's thread: each batch in one transaction, until ``close``."""
        held: Connection | None = None
        while (batch := batches.get()) is not None:
            entries, loop, answered = batch
            try:
                if held is None or held.closed:
                    held = self.store.engine.connect()
                results = self.store.append_many(entries, self.origin, held)
            except Exception as error:  # each waiting append gets it
                results = [error] * len(entries)
            with contextlib.suppress(RuntimeError):  # its loop closed meanwhile: nobody waits
                loop.call_soon_threadsafe(_answer, answered, results)
        if held is not None:
            held.close()


def _answer(answered: asyncio.Future[Results], results: Results) -> None:
    if not answered.done():  # not cancelled meanwhile
        answered.set_result(results)
