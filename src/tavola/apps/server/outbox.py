"""What one socket has yet to send, bounded whatever its client reads.

A state supersedes the state before it: the outbox holds one at most, and a newer state
takes the place of the one not sent yet, with the log entries of both (a state carries
only the entries its socket has not been sent). Other messages (chat, acks, errors) are
queued as they come, up to ``limit``; past it, ``put`` says the client is too far behind.
So a client that never reads costs one state and ``limit`` small messages, whatever
happens at its table.

States are ``Update``s: one message shared by the sockets that are sent the same, its
JSON and its patches made once for them all. The messages of one position share
``Parts``: the JSON of the values they hold in common (the public log, the table's fields,
the seat-independent part of a view such as Carcassonne's board and features), encoded
once for all its seats.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections import deque
from collections.abc import Callable
from typing import Any

from tavola.apps.server import patches

_serials = itertools.count()

_key_json = json.encoder.encode_basestring_ascii  # how ``to_json`` writes a key or a text


def _compact_encoder() -> Callable[[Any], str]:
    """``json.dumps`` with compact separators, not checking for cycles (sockets' messages
    are plain JSON data, never circular): the same text. The standard library's C encoder
    is made once and called directly; ``JSONEncoder.encode`` makes it anew on every call,
    which costs more than encoding a short list (``Parts`` encodes many)."""
    plain = json.JSONEncoder(separators=(",", ":"), check_circular=False)
    make: Any = getattr(json.encoder, "c_make_encoder", None)
    if make is None:  # no C accelerator: the standard library's Python encoder
        return plain.encode
    encode = make(None, plain.default, _key_json, None, ":", ",", False, False, True)

    def to_json(value: Any) -> str:
        return "".join(encode(value, 0))

    return to_json


to_json = _compact_encoder()


class Parts:
    """The JSON of the lists and objects the messages of one position hold, by identity:
    a value held by several messages (the same object, not an equal one) is encoded once.
    It keeps each value it encoded, so an identity is never reused while it lives.

    ``before``, the parts of the match's position before, lends the texts of the values
    the new position's messages still hold (a game's view may keep its unchanged parts
    from one position to the next: Carcassonne's features' summaries); so each is encoded
    once while it lasts (a message's values are never changed once it is built: a state
    is encoded when its socket is ready for it). A long list of objects that hold lists is
    encoded item by item (those summaries), so that its unchanged items are found. Only
    the texts used by this position are kept: a position's memory, however long the match."""

    def __init__(self, before: Parts | None = None) -> None:
        self._texts: dict[int, tuple[object, str]] = {}
        self._before = {} if before is None else before._texts

    def encode(self, message: dict[str, Any]) -> str:
        """``to_json(message)``, the same text, its parts encoded once (the view's too).
        A message whose view holds no long list (a card game's) has no part worth the
        bookkeeping: it is encoded whole, in one call."""
        view = message.get("view")
        if type(view) is dict and any(
            type(value) is list and len(value) >= SPLIT for value in view.values()
        ):
            return self._object(message, 2)
        return to_json(message)

    def _object(self, value: dict[str, Any], depth: int) -> str:
        pieces = []
        for key, item in value.items():
            if type(key) is not str:
                return to_json(value)
            kind = type(item)
            if kind is str:
                text = _key_json(item)
            elif kind is int:
                text = int.__repr__(item)
            elif item is None:
                text = "null"
            elif kind is dict and depth > 1:
                text = self._object(item, depth - 1)
            elif (kind is list or kind is dict) and item:
                text = self._part(item, kind is list and len(item) >= SPLIT)
            else:
                text = to_json(item)
            pieces.append(f"{_key_json(key)}:{text}")
        return "{" + ",".join(pieces) + "}"

    def _part(self, value: Any, long: bool = False) -> str:
        key = id(value)
        known = self._texts.get(key) or self._before.get(key)
        if known is not None and known[0] is value:
            text = known[1]
        elif long and _holds_lists(value[0]):
            text = "[" + ",".join([self._part(item) for item in value]) + "]"
        else:
            text = to_json(value)
        self._texts[key] = (value, text)
        return text


SPLIT = 8  # items of a list from which it is worth a part (of objects holding lists: items)


def _holds_lists(item: object) -> bool:
    return type(item) is dict and any(type(value) is list for value in item.values())


class Update:
    """A state message; ``text`` and ``patch_from`` encode it once for every socket."""

    def __init__(self, message: dict[str, Any], parts: Parts | None = None) -> None:
        self.message = message
        self.parts = parts  # shared with the other messages of its position
        self.serial = next(_serials)
        self._text: str | None = None
        self._patches: dict[int, str] = {}  # the serial of the state before -> the patch

    def text(self) -> str:
        """The whole state, as JSON."""
        if self._text is None:
            parts = self.parts
            self._text = to_json(self.message) if parts is None else parts.encode(self.message)
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
