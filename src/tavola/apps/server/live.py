"""A match in memory: its state rebuilt from the log, and the log as every seat sees it.

``LiveMatch`` knows the engine and the log, not the database: the service feeds it the
log's rows (from a replay, a catch-up or a move it just committed). Its ``state`` is the
true state and never leaves the server; what does is built by ``messages`` from views.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from tavola.apps.server.clocks import Clocks, TimeControl
from tavola.apps.server.models import ABANDON, MOVE, RESIGN, SEAT_KINDS, TAKEBACK, TIMEOUT, now
from tavola.apps.server.outcome import Ending, ended_by, result, seat_entry_text
from tavola.apps.server.refusals import Refused
from tavola.apps.server.request_language import _, lazy
from tavola.apps.server.tokens import token_matches
from tavola.core.errors import IllegalAction, NotationError
from tavola.core.events import Event
from tavola.core.game import Game, State
from tavola.core.registry import load
from tavola.core.svg import seat_letter
from tavola.players.specs import bot_name, bot_named, entrant_number

HUMAN = "human"
BOT = "bot"
MAX_TAKEBACKS_IN_A_ROW = 3
STAND_IN = "heuristic"  # the bot that plays a seat that resigned, timed out or left


@dataclass(frozen=True)
class SeatInfo:
    seat: int
    kind: str  # HUMAN or BOT
    bot: str | None
    name: str | None
    token_hash: str | None
    webhook: str | None = None  # turn notifications: never sent to anyone
    email: str | None = None

    def public(self) -> dict[str, Any]:
        """What anyone may know of the seat: ``bot_name``, its bot in words by strength;
        ``name``, the seat's name as every page says it (a bot's by ``bot_named``: a
        tournament's "heuristic #3" is "heuristic, easy #3"); ``entrant``, the number of a
        tournament's bot entrant (one kind of bot however numbered) or ``None``."""
        bot = self.bot if self.kind == BOT else None  # a person's seat a bot plays stays theirs
        entrant = None if bot is None else entrant_number(bot, self.name)
        return {
            "seat": self.seat,
            "kind": self.kind,
            "bot": self.bot,
            "bot_name": None if self.bot is None else str(bot_name(self.bot)),
            "name": self.shown_name() if self.name else None,
            "entrant": entrant,
        }

    def shown_name(self) -> str | None:
        """What the pages call the seat: its name (a bot's by ``bot_named``), "Bot B
        (ISMCTS, medium)", or ``None`` (a person without a name: "Seat B", as every picture
        says by default)."""
        if self.kind == BOT and self.bot is not None:
            if self.name:
                return bot_named(self.bot, self.name)
            return _("Bot {letter} ({bot})").format(
                letter=seat_letter(self.seat), bot=bot_name(self.bot)
            )
        return self.name or None


@dataclass(frozen=True)
class TableRules:
    """A match's table: its time control, what a timeout does ("bot" or "lose"), after how
    many seconds away a seat may be handed to a bot, whether spectators read the chat, and
    whether hints are allowed."""

    time_control: TimeControl = field(default_factory=TimeControl)
    on_timeout: str = "bot"
    abandon_after: int | None = None
    chat_public: bool = False
    hints: bool = False  # the seat to move may ask the review's bot for a suggestion
    rated: bool = False  # its end rates its players (no take-back, no hint)

    def json(self) -> dict[str, Any]:
        return {
            "time_control": self.time_control.json(),
            "on_timeout": self.on_timeout,
            "abandon_after": self.abandon_after,
            "chat_public": self.chat_public,
            "hints": self.hints,
            "rated": self.rated,
        }


@dataclass(frozen=True)
class Entry:
    """One log entry as every seat may see it: the public notation and public events.

    The events keep their texts translatable: ``public()`` shows them in the language of
    the moment, so each seat reads the log in its own language.
    """

    seq: int
    seat: int
    kind: str  # MOVE, TAKEBACK or one of SEAT_KINDS
    action: str  # public notation (the kind itself for the other kinds)
    events: list[Event]
    at: datetime
    notation: str | None  # canonical private notation: stays on the server

    def public(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "seat": self.seat,
            "kind": self.kind,
            "action": self.action,
            "events": [event_json(event) for event in self.events],
            "at": self.at.isoformat(),
        }


@dataclass(frozen=True)
class Trial:
    """A move checked on a copy of the state, ready to be committed."""

    seat: int
    action: int
    notation: str  # canonical (private) notation, as stored
    state: State
    events: list[Event]


def event_json(event: Event) -> dict[str, Any]:
    """An event as the API sends it: its texts in the current language."""
    table = event.table
    return {
        "kind": event.kind,
        "text": event.text,
        "data": event.data,
        "table": None
        if table is None
        else {
            "title": table.title,
            "columns": list(table.columns),
            "rows": [list(row) for row in table.rows],
        },
    }


@dataclass
class LiveMatch:
    id: str
    game: Game
    seed: int
    prearranged: bool
    listed: bool
    created_at: datetime
    seats: list[SeatInfo]
    table: TableRules = field(default_factory=TableRules)
    started_at: datetime | None = None  # None: a rematch some seat has not accepted yet
    rematch_of: str | None = None
    state: State = field(init=False)
    seq: int = 0
    entries: list[Entry] = field(default_factory=list)
    # The moves in effect (take-backs removed): (seq, seat, action, whether it caused events).
    moves: list[tuple[int, int, int, bool]] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # What the entries about seats made of the table (derived from the log, like the state).
    replaced: dict[int, str] = field(default_factory=dict)  # seat -> why a bot plays it
    resigned: list[int] = field(default_factory=list)
    ending: Ending | None = None  # a 2-player match a resignation or a timeout ended
    clocks: Clocks = field(init=False)
    turn_seq: int = 0  # the entry after which the seat to move became the one to move
    last_mover: int | None = field(init=False)
    # Beside the log: chat, the rematch offered, who is here (this process's view).
    chat: list[dict[str, Any]] = field(default_factory=list)
    rematch: dict[str, Any] | None = None
    seen: dict[int, datetime] = field(default_factory=dict)
    connected: Counter[int] = field(default_factory=Counter)
    # The hint at a position (seq -> the bot workers' answer, done or coming): asked again,
    # it is shared, not worked out again (service.hint).
    hint: tuple[int, asyncio.Future[dict[str, Any]]] | None = None
    refusal_checked: float = -1e9  # when a refusal last read the log (time.monotonic())

    def __post_init__(self) -> None:
        self.state = self.game.new_game(self.seed)
        self.clocks = Clocks(self.table.time_control, self.game.num_players)
        self.last_mover = self.current_player
        if self.started_at is not None:
            self.clocks.start(self.started_at, self.clocked_mover)

    @classmethod
    def create(
        cls,
        match_id: str,
        game: str,
        options: dict[str, Any],
        seed: int,
        prearranged: bool,
        listed: bool,
        created_at: datetime,
        seats: list[SeatInfo],
        table: TableRules | None = None,
        started_at: datetime | None = None,
        rematch_of: str | None = None,
    ) -> LiveMatch:
        rules = load(game, **options)
        table = table or TableRules()
        return cls(
            match_id,
            rules,
            seed,
            prearranged,
            listed,
            created_at,
            seats,
            table,
            started_at,
            rematch_of,
        )

    # -- who is asking -------------------------------------------------------------------

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token acts for (``None``: no token, a spectator); 401 if it acts for none."""
        if token is None:
            return None
        for info in self.seats:
            if token_matches(token, info.token_hash):
                return info.seat
        raise Refused("bad_token", lazy("this token is not a seat of this match"))

    @property
    def is_over(self) -> bool:
        return self.ending is not None or self.state.is_over

    @property
    def current_player(self) -> int | None:
        """The seat to move; ``None`` once over (a resignation may end a match early)."""
        return None if self.is_over else self.state.current_player

    @property
    def started(self) -> bool:
        return self.started_at is not None

    def bot_of(self, seat: int) -> str | None:
        """The bot spec that plays ``seat`` now: its own, the stand-in's, or none (a person)."""
        if seat in self.replaced:
            return STAND_IN
        info = self.seats[seat]
        return info.bot if info.kind == BOT else None

    def is_person(self, seat: int) -> bool:
        """Whether a person plays ``seat`` now (a human seat no bot has taken over)."""
        return self.seats[seat].kind == HUMAN and seat not in self.replaced

    @property
    def clocked_mover(self) -> int | None:
        """The seat whose clock runs: the seat to move, if a person plays it."""
        mover = self.current_player
        if mover is None or not self.table.time_control.has_clock or not self.is_person(mover):
            return None
        return mover

    def clock_values(self, at: datetime | None = None) -> list[float | None]:
        """Each seat's seconds left (``None``: no clock, or a bot plays it)."""
        at = at or now()
        return [
            round(left, 3)
            if self.is_person(seat) and (left := self.clocks.left(seat, at)) is not None
            else None
            for seat in range(len(self.seats))
        ]

    def result(self) -> dict[str, Any]:
        """The result of a match that is over (``outcome.result``)."""
        state = self.state
        return result(
            list(state.scores), list(state.winners), self.ending, self.replaced, self.resigned
        )

    def deadline(self) -> datetime | None:
        """When the seat to move runs out of time (``None``: no clock runs)."""
        return None if self.clocked_mover is None else self.clocks.deadline()

    def legal_for(self, seat: int | None) -> list[str]:
        """The canonical notations of ``seat``'s legal actions; empty unless it is to move."""
        if seat is None or seat != self.current_player or not self.started:
            return []
        return self.state.legal_notations()

    # -- checking a request without changing anything ----------------------------------------

    @staticmethod
    def check_seated(seat: int | None) -> int:
        """The seat, or 403 for a spectator (no seat's token)."""
        if seat is None:
            raise Refused("spectator", lazy("a spectator cannot act; use a seat's token"))
        return seat

    def check_turn(self, seat: int | None, seq: int) -> int:
        """The seat, if it may act now on position ``seq`` (else the error that says why)."""
        seat = self.check_seated(seat)
        if self.is_over:
            raise Refused("match_over", lazy("the match is over"))
        if not self.started:
            raise Refused("not_started", lazy("the rematch starts once every seat accepts it"))
        if seq != self.seq:
            raise Refused(
                "stale_seq",
                lazy("you saw position {seq}; the match is at {now}", seq=seq, now=self.seq),
            )
        return seat

    def check_person(self, seat: int) -> None:
        """403 if a bot plays ``seat`` now (it resigned, timed out or was handed over)."""
        if seat in self.replaced:
            why = {
                RESIGN: lazy("a bot plays this seat now: it resigned"),
                TIMEOUT: lazy("a bot plays this seat now: it ran out of time"),
                ABANDON: lazy("a bot plays this seat now: it was handed over"),
            }
            raise Refused("replaced", why[self.replaced[seat]])

    def try_move(self, seat: int | None, seq: int, text: str, as_bot: bool = False) -> Trial:
        """Check a move on a copy of the state: 403, 409 or 422 if it cannot be played.
        ``as_bot``: the bot that plays the seat now (a person's token may not)."""
        seat = self.check_turn(seat, seq)
        if not as_bot:
            self.check_person(seat)
        if seat != self.state.current_player:
            raise Refused(
                "not_your_turn",
                lazy("it is seat {seat}'s turn", seat=self.state.current_player),
            )
        state = self.state.clone()
        try:
            action = state.read_action(text)
            events = state.apply(action)
        except NotationError as error:
            raise Refused("bad_notation", error.args[0] if error.args else str(error)) from None
        except IllegalAction as error:
            raise Refused("illegal_action", error.args[1], rule=error.rule) from None
        return Trial(seat, action, self.game.action_to_string(action), state, events)

    def check_takeback(self, seat: int | None, seq: int) -> int:
        """The seat, if it may take back its last action now (else the error that says why).

        Board Game Arena's policy: only one's own last action, only while one is still to
        move after it, and only if it revealed nothing (it caused no event: no card or tile
        drawn, no scoring).
        """
        if self.table.rated:
            raise Refused("rated", lazy("a rated match takes nothing back"))
        seat = self.check_turn(seat, seq)
        self.check_person(seat)
        if not self.moves:
            raise Refused("nothing_to_take_back", lazy("no action has been played"))
        _, mover, _, caused_events = self.moves[-1]
        if mover != seat:
            raise Refused("not_yours", lazy("the last action is another seat's"))
        if self.state.current_player != seat:
            raise Refused("turn_passed", lazy("your turn has passed"))
        if caused_events:
            raise Refused("revealed", lazy("that action revealed something; it stands"))
        in_a_row = 0  # the take-backs since another seat's entry: a misclick is not a loop
        for entry in reversed(self.entries):
            if entry.seat != seat:
                break
            in_a_row += entry.kind == TAKEBACK
        if in_a_row >= MAX_TAKEBACKS_IN_A_ROW:
            raise Refused(
                "too_many_takebacks",
                lazy("at most {count} take-backs a turn", count=MAX_TAKEBACKS_IN_A_ROW),
            )
        return seat

    def can_take_back(self, seat: int | None) -> bool:
        try:
            self.check_takeback(seat, self.seq)
        except Refused:
            return False
        return True

    # -- the log, applied -------------------------------------------------------------------

    def commit(self, trial: Trial, seq: int, at: datetime) -> Entry:
        """A move the database has accepted as entry ``seq``."""
        self.state = trial.state
        return self._record_move(seq, trial.seat, trial.action, trial.events, at)

    def apply_row(
        self, seq: int, seat: int, kind: str, notation: str | None, at: datetime
    ) -> Entry:
        """An entry read from the log (a replay or a catch-up); the log is trusted."""
        if seq != self.seq + 1:
            raise RuntimeError(f"match {self.id}: log entry {seq} follows {self.seq}")
        if kind == TAKEBACK:
            return self._take_back(seq, seat, at)
        if kind in SEAT_KINDS:
            return self._seat_entry(seq, seat, kind, notation, at)
        assert notation is not None
        action = self.state.read_action(notation)
        events = self.state.apply(action)
        return self._record_move(seq, seat, action, events, at)

    def take_back(self, seq: int, seat: int, at: datetime) -> Entry:
        """A take-back the database has accepted as entry ``seq``."""
        return self._take_back(seq, seat, at)

    def _record_move(
        self, seq: int, seat: int, action: int, events: list[Event], at: datetime
    ) -> Entry:
        self.moves.append((seq, seat, action, bool(events)))
        public = self.game.public_notation(action)
        private = self.game.action_to_string(action)
        entry = Entry(seq, seat, MOVE, public, list(events), at, private)
        return self._append(entry)

    def _take_back(self, seq: int, seat: int, at: datetime) -> Entry:
        undone, _, _, _ = self.moves.pop()
        state = self.game.new_game(self.seed)
        for _, _, action, _ in self.moves:
            state.apply(action)
        self.state = state
        text = lazy("seat {seat} took back its last action", seat=seat)
        event = Event("takeback", text, {"undone": undone})
        return self._append(Entry(seq, seat, TAKEBACK, "takeback", [event], at, None), undone)

    def check_seat_entry(self, seat: int) -> None:
        """409 unless a person plays ``seat`` in a running match (so that an entry about
        it, a resignation, a timeout or a hand-over, changes something)."""
        if self.is_over:
            raise Refused("match_over", lazy("the match is over"))
        if not self.started:
            raise Refused("not_started", lazy("the rematch starts once every seat accepts it"))
        self.check_person(seat)

    def _seat_entry(
        self, seq: int, seat: int, kind: str, detail: str | None, at: datetime
    ) -> Entry:
        """A resignation, a timeout or an abandoned seat: a bot plays it on, or (two
        players) it loses and the match ends (``outcome.ended_by``)."""
        ending = ended_by(kind, seat, self.game.num_players, self.table.on_timeout)
        if ending is not None:
            self.ending = ending
        else:
            self.replaced[seat] = kind
        if kind == RESIGN:
            self.resigned.append(seat)
        text, data = seat_entry_text(kind, seat, detail, ending)
        event = Event(kind, text, data)
        return self._append(Entry(seq, seat, kind, kind, [event], at, detail))

    def _append(self, entry: Entry, undone: int | None = None) -> Entry:
        self.entries.append(entry)
        self.seq = entry.seq
        if self.current_player != self.last_mover:
            self.turn_seq = entry.seq
            self.last_mover = self.current_player
        self.clocks.entry(entry.seq, entry.seat, entry.kind, entry.at, self.clocked_mover, undone)
        return entry

    def start(self, at: datetime) -> None:
        """Every seat of a rematch accepted: the clocks start."""
        if self.started_at is None:
            self.started_at = at
            self.clocks.start(at, self.clocked_mover)
            self.turn_seq = self.seq

    def away(self, seat: int, at: datetime) -> float | None:
        """Seconds since a person last showed up at ``seat`` (``None``: here now, or a bot)."""
        if not self.is_person(seat) or self.connected[seat] > 0:
            return None
        since = self.seen.get(seat) or self.started_at or self.created_at
        return max(0.0, (at - since).total_seconds())

    def is_resend(self, seat: int | None, seq: int, text: str) -> bool:
        """Whether ``seat`` already played ``text`` on position ``seq`` (a resend)."""
        if seat is None or not 0 <= seq < self.seq:
            return False
        entry = self.entries[seq]
        if entry.kind != MOVE or entry.seat != seat or self._taken_back(entry.seq):
            return False
        if text.strip() == entry.notation:
            return True
        try:
            return self.game.action_to_string(self.game.parse_action(text)) == entry.notation
        except NotationError:
            return False

    def _taken_back(self, seq: int) -> bool:
        return any(
            entry.kind == TAKEBACK and entry.events[0].data["undone"] == seq
            for entry in self.entries[seq:]
        )

    def effective_notations(self) -> list[str]:
        to_string = self.game.action_to_string
        return [to_string(action) for _, _, action, _ in self.moves]

    def log_after(self, seq: int) -> list[dict[str, Any]]:
        return [entry.public() for entry in self.entries[seq:]]
