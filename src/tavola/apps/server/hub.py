"""WebSocket fan-out: every subscriber of a match gets its seat's state after each entry.

Each connection has an outbox drained by its own writer task, so the messages to one
client keep their order and a slow client delays nobody else (``outbox.Outbox``: it
holds one state at most, a newer state replacing the one not sent yet; past
``MAX_QUEUED`` other unsent messages the client is dropped; reconnecting restores
everything). A state is encoded when its socket is ready for it: whole, or as a patch of
the state that socket was sent before (``patches.py``), each made once for the sockets
that are sent the same.

A seat's subscriber holds the hash of the token it opened with: once the seat's token
changes (a rematch accepted again), it is sent one ``bad_token`` error and closed (code
4401) instead of the seat's next state.

Each subscriber is sent its messages in its own language (the language of the request
that opened its socket, ``request_language.py``): the texts of the events and the board's words
are made for it when its message is built, never stored translated.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tavola.apps.server.live import LiveMatch
from tavola.apps.server.messages import Sights
from tavola.apps.server.outbox import Outbox, Update, to_json
from tavola.apps.server.refusals import Refused
from tavola.apps.server.request_language import lazy
from tavola.core.i18n import current_language, language

MAX_QUEUED = 200
Kind = tuple[int | None, int, bool, bool, str]  # seat, entries seen, svg, first, language


@dataclass
class Built:
    """What one position's messages are made of (``messages.Sights``: each seat's view and
    picture, built once), and the state messages made of them, once per kind of socket."""

    sights: Sights
    updates: dict[Kind, Update] = field(default_factory=dict)


@dataclass(eq=False)
class Subscriber:
    """One open WebSocket: the seat it speaks for, its language and what it has been sent."""

    seat: int | None
    svg: bool
    lang: str = "en"
    token_hash: str | None = None  # the seat's token when the socket opened
    close_code: int = 1000  # how its writer closes the socket
    sent: int = 0  # log entries sent so far
    greeted: bool = False  # sent the first state (with the whole log and chat)
    patches: bool = False  # its states after the first are sent as patches (patches.py)
    outbox: Outbox = field(default_factory=lambda: Outbox(MAX_QUEUED))
    written: Update | None = None  # the state it was last sent, which a patch is made from

    def send(self, message: dict[str, Any]) -> bool:
        """Queue a message; ``False`` if the client is too far behind (drop it)."""
        return self.outbox.put(to_json(message))

    def close(self) -> None:
        self.outbox.put(None)

    def encode(self, update: Update) -> str:
        """A state as this socket is sent it now: whole, or a patch of the one before."""
        before, self.written = self.written, update if self.patches else None
        return update.text() if before is None else update.patch_from(before)

    def holds_seat(self, live: LiveMatch) -> bool:
        """Whether its token still opens its seat (a spectator's always does)."""
        return self.seat is None or live.seats[self.seat].token_hash == self.token_hash


class Hub:
    def __init__(self) -> None:
        self._subscribers: dict[str, set[Subscriber]] = {}

    def subscribe(
        self, live: LiveMatch, seat: int | None, svg: bool, patches: bool = False
    ) -> Subscriber:
        """A new subscriber, sent the whole state and log at once (then patches of it, if
        ``patches``)."""
        token_hash = None if seat is None else live.seats[seat].token_hash
        subscriber = Subscriber(seat, svg, current_language(), token_hash, patches=patches)
        self._subscribers.setdefault(live.id, set()).add(subscriber)
        if seat is not None:
            live.connected[seat] += 1
        self._send_update(live, subscriber, Built(Sights(live)))
        return subscriber

    def leave(self, live: LiveMatch, subscriber: Subscriber) -> None:
        """A subscriber's socket closed."""
        self.unsubscribe(live.id, subscriber)
        if subscriber.seat is not None and live.connected[subscriber.seat] > 0:
            live.connected[subscriber.seat] -= 1

    def broadcast(
        self, live: LiveMatch, message: dict[str, Any], to: Callable[[int | None], bool]
    ) -> None:
        """Send ``message`` (chat, a rematch, who is here) to the subscribers whose seat
        ``to`` accepts; it is not part of the log."""
        text = to_json(message)
        for subscriber in list(self._subscribers.get(live.id, ())):
            if not subscriber.holds_seat(live):
                self.revoke(live, subscriber)
            elif subscriber.greeted and to(subscriber.seat) and not subscriber.outbox.put(text):
                self.unsubscribe(live.id, subscriber)
                subscriber.close()

    def unsubscribe(self, match_id: str, subscriber: Subscriber) -> None:
        subscribers = self._subscribers.get(match_id)
        if subscribers is not None:
            subscribers.discard(subscriber)
            if not subscribers:
                del self._subscribers[match_id]

    def revoke(self, live: LiveMatch, subscriber: Subscriber) -> None:
        """Its seat's token changed: one error, then the socket closes (4401)."""
        self.unsubscribe(live.id, subscriber)
        error = Refused("bad_token", lazy("this token no longer opens a seat of this match"))
        with language(subscriber.lang):
            subscriber.send({"type": "error", "status": 401, **error.body(), "seq": live.seq})
        subscriber.close_code = 4401
        subscriber.close()

    def watched(self, match_id: str) -> bool:
        return match_id in self._subscribers

    def publish(self, live: LiveMatch) -> None:
        """Send every subscriber of ``live`` the entries it has not seen, as its seat sees them."""
        built = Built(Sights(live))
        for subscriber in list(self._subscribers.get(live.id, ())):
            if subscriber.sent < live.seq:
                self._send_update(live, subscriber, built)

    def refresh(self, live: LiveMatch) -> None:
        """Send every subscriber the state again (the table changed, not the log: a rematch
        started, a seat's token changed)."""
        built = Built(Sights(live))
        for subscriber in list(self._subscribers.get(live.id, ())):
            self._send_update(live, subscriber, built)

    def _send_update(
        self,
        live: LiveMatch,
        subscriber: Subscriber,
        built: Built,
    ) -> None:
        if not subscriber.holds_seat(live):
            self.revoke(live, subscriber)
            return
        first = not subscriber.greeted
        key = (subscriber.seat, subscriber.sent, subscriber.svg, first, subscriber.lang)
        update = built.updates.get(key)
        if update is None:  # sockets of one seat that saw the same entries share it
            seat, sent, svg = subscriber.seat, subscriber.sent, subscriber.svg
            with language(subscriber.lang):  # the texts and the board in its language
                message = built.sights.message(seat, sent, svg, chat=first)
            update = built.updates[key] = Update({"type": "state", **message})
        subscriber.greeted = True
        subscriber.sent = live.seq
        subscriber.outbox.put_state(update)
