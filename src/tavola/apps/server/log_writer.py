"""The log's appends, gathered: the entries of concurrent moves go to the database
together, in one transaction and one hand-over to a worker thread.

An append waits while the batch before it is written, then goes with every append that
arrived meanwhile: one at a time when the server is quiet (no wait), many at once under
load, where a commit and a thread switch per move would cost more than the move.
Entries of one match never meet in a batch: a match appends under its lock, one at a time.
"""

from __future__ import annotations

import asyncio
from datetime import datetime

from anyio import to_thread

from tavola.apps.server.store import NewEntry, Store

MAX_BATCH = 500


class LogWriter:
    def __init__(self, store: Store, origin: str) -> None:
        self.store = store
        self.origin = origin  # the server's id, in the NOTIFY that tells the others
        self._waiting: list[tuple[NewEntry, asyncio.Future[datetime | None]]] = []
        self._writing: asyncio.Task[None] | None = None

    async def append(self, entry: NewEntry) -> datetime | None:
        """Insert ``entry``; its time, or ``None`` if another writer holds its number."""
        loop = asyncio.get_running_loop()
        written: asyncio.Future[datetime | None] = loop.create_future()
        self._waiting.append((entry, written))
        if self._writing is None:
            self._writing = loop.create_task(self._write())
        return await written

    async def _write(self) -> None:
        try:
            while self._waiting:
                batch = self._waiting[:MAX_BATCH]
                del self._waiting[:MAX_BATCH]
                entries = [entry for entry, _ in batch]
                try:
                    results = await to_thread.run_sync(self.store.append_many, entries, self.origin)
                except Exception as error:  # each waiting append gets it
                    results = [error] * len(batch)
                for (_, written), result in zip(batch, results, strict=True):
                    if written.done():  # its writer was cancelled
                        continue
                    if isinstance(result, Exception):
                        written.set_exception(result)
                    else:
                        written.set_result(result)
        finally:
            self._writing = None
