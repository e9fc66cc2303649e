"""What one socket has yet to send, bounded whatever its client reads.

A state supersedes the state before it: the outbox holds one at most, and a newer state
takes the place of the one not sent yet, with the log entries of both (a state carries
only the entries its socket has not been sent). Other messages (chat, acks, errors) are
queued as they come, up to ``limit``; past it, ``put`` says the client is too far behind.
So a client that never reads costs one state and ``limit`` small messages, whatever
happens at its table.

States are ``Update``s: one message shared by the sockets that are sent the same, its
JSON and its patches made once for them all. Each seat's state is encoded whole: with
orjson that is faster than encoding once the parts the seats share and joining them (52
against 79 us a Carcassonne position of two seats, docs/server.md "the eleventh pass").
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections import deque
from typing import Any

import orjson

from tavola.apps.server import patches

_serials = itertools.count()

_NON_STR_KEYS = orjson.OPT_NON_STR_KEYS  # a view's keys may be numbers, as ``json`` allows


def to_json(value: Any) -> str:
    """The compact JSON text of a message (orjson: a Carcassonne state in a fifth of the
    standard library's time); non-ASCII is written as it is (UTF-8 on the wire), keys that
    are numbers as strings."""
    try:
        return orjson.dumps(value, option=_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:  # an integer past 64 bits (a plugin's view may hold one)
        return json.dumps(value, separators=(",", ":"))


class Update:
    """A state message; ``text`` and ``patch_from`` encode it once for every socket."""

    def __init__(self, message: dict[str, Any]) -> None:
        self.message = message
        self.serial = next(_serials)
        self._text: str | None = None
        self._patches: dict[int, str] = {}  # the serial of the state before -> the patch

    def text(self) -> str:
        """The whole state, as JSON."""
        if self._text is None:
            self._text = to_json(self.message)
        return self._text

    def patch_from(self, before: Update) -> str:
        """The state as a patch of ``before`` (``patches.py``), as JSON."""
        text = self._patches.get(before.serial)
        if text is None:
            patch = patches.diff(before.message, self.message)
            text = self._patches[before.serial] = to_json({"type": "patch", "patch": patch})
        return text

    def after(self, unsent: Update) -> Update:
        """This state taking the place of ``unsent``: the log entries of both, and the chat
        ``unsent`` carried (a socket's first state carries it, the next ones none)."""
        old = unsent.message
        return Update(
            {**self.message, "log": old["log"] + self.message["log"], "chat": old["chat"]}
        )


class _Slot:
    """The state's place in the queue; a newer state replaces what it holds."""

    def __init__(self, update: Update) -> None:
        self.update = update


class Outbox:
    """A socket's unsent messages: texts in order, one state at most (see above);
    ``None`` closes the socket."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._queue: deque[str | _Slot | None] = deque()
        self._slot: _Slot | None = None  # the unsent state's place, if any
        self._arrived = asyncio.Event()

    def put(self, item: str | None) -> bool:
        """Queue a text (or ``None``: close); ``False`` if ``limit`` texts are unsent."""
        if item is not None and self.pending_texts >= self.limit:
            return False
        self._queue.append(item)
        self._arrived.set()
        return True

    def put_state(self, update: Update) -> None:
        """Queue a state, or let it take the unsent one's place."""
        if self._slot is not None:
            self._slot.update = update.after(self._slot.update)
            return
        self._slot = _Slot(update)
        self._queue.append(self._slot)
        self._arrived.set()

    @property
    def pending_texts(self) -> int:
        return len(self._queue) - (self._slot is not None)

    async def get(self) -> str | Update | None:
        """The next message to send, once there is one."""
        while not self._queue:
            self._arrived.clear()
            await self._arrived.wait()
        item = self._queue.popleft()
        if isinstance(item, _Slot):
            self._slot = None
            return item.update
        return item
