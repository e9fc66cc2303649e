"""What a seat is sent: built from its view, never from the state.

``state_message`` takes the view the engine made for that seat, the seat's own legal
notations, and the public log; it cannot leak what the view does not hold. A game's
view carries ``current_player``, ``scores`` and ``winners`` (public in every game), so
the fields the API promises are read from it.
"""

from __future__ import annotations

from typing import Any

from tavola.apps.server.live import LiveMatch
from tavola.apps.server.models import MatchRow, SeatRow, now
from tavola.apps.web.pages import match_title
from tavola.core.i18n import current_language
from tavola.core.svg import at_table


def match_summary(live: LiveMatch) -> dict[str, Any]:
    """What anyone may know of a match, for the lobby's list."""
    return {
        "id": live.id,
        "game": live.game.name,
        "title": match_title(live.game),
        "options": live.game.public_options(),
        "seats": [info.public() for info in live.seats],
        "seq": live.seq,
        "is_over": live.is_over,
        "created_at": live.created_at.isoformat(),
        "spectate": f"/m/{live.id}",
    }


def state_message(
    live: LiveMatch,
    seat: int | None,
    view: dict[str, Any],
    legal: list[str],
    log: list[dict[str, Any]],
    can_take_back: bool = False,
    svg: str | None = None,
    chat: bool = True,
    table: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The state object of the API for ``seat``; ``view`` is ``state.view(seat)``.

    Besides the game, the table: each seat's clock, the seats bots took over, the result
    once over, the chat the seat may read, the rematch offered (``table``: the
    ``table_fields`` of the seat, given when already made).
    """
    over = live.is_over
    current = None if over else view["current_player"]
    result = live.result() if over else None
    message = {
        "id": live.id,
        "game": live.game.name,
        "options": live.game.public_options(),
        "prearranged": live.prearranged,
        "seats": [info.public() for info in live.seats],
        "seat": seat,
        "seq": live.seq,
        "current_player": current,
        "is_over": over,
        "scores": view["scores"],
        "winners": view["winners"] if result is None else result["winners"],
        "view": view,
        "legal": legal,
        "can_take_back": can_take_back,
        "log": log,
        "result": result,
        **(table_fields(live, seat, chat) if table is None else table),
    }
    if svg is not None:
        message["svg"] = svg
    return message


def message_for(
    live: LiveMatch, seat: int | None, since: int = 0, svg: bool = False, chat: bool = True
) -> dict[str, Any]:
    """The state object for ``seat`` with the log entries after ``since`` (and the chat
    unless ``chat`` is false: a socket gets it once, then message by message)."""
    return Sights(live).message(seat, since, svg, chat)


class Sights:
    """One position as each seat sees it, for the messages sent of it: each seat's view,
    legal actions and take-back built once, its picture once per language, the public log
    once per language; so sockets of one seat (and spectators) share them, never a seat's
    with another's. Good for one position: a new entry needs new ``Sights``."""

    def __init__(self, live: LiveMatch) -> None:
        self.live = live
        self._seen: dict[int | None, tuple[dict[str, Any], list[str], bool]] = {}
        self._pictures: dict[tuple[int | None, str], str] = {}
        self._logs: dict[tuple[int, str], list[dict[str, Any]]] = {}
        self._tables: dict[bool, dict[str, Any]] = {}  # with the chat or not -> table_fields

    def seen(self, seat: int | None) -> tuple[dict[str, Any], list[str], bool]:
        """``seat``'s view, its legal notations, whether it may take back its last action."""
        seen = self._seen.get(seat)
        if seen is None:
            live = self.live
            seen = self._seen[seat] = (
                live.state.view(seat),
                live.legal_for(seat),
                live.can_take_back(seat),
            )
        return seen

    def picture(self, seat: int | None) -> str:
        """``seat``'s picture, in the current language."""
        key = (seat, current_language())
        picture = self._pictures.get(key)
        if picture is None:
            view, legal, _ = self.seen(seat)
            live = self.live
            picture = self._pictures[key] = live.game.svg(table_view(live, view), legal)
        return picture

    def log_after(self, since: int) -> list[dict[str, Any]]:
        """The public log after entry ``since``, in the current language."""
        key = (since, current_language())
        log = self._logs.get(key)
        if log is None:
            log = self._logs[key] = self.live.log_after(since)
        return log

    def message(self, seat: int | None, since: int, svg: bool, chat: bool) -> dict[str, Any]:
        """The state object for ``seat`` (see ``message_for``), in the current language."""
        view, legal, take_back = self.seen(seat)
        picture = self.picture(seat) if svg else None
        log = self.log_after(since)
        live = self.live
        table = self.table(chat and may_read_chat(live, seat))
        return state_message(live, seat, view, legal, log, take_back, picture, chat, table)

    def table(self, chat: bool) -> dict[str, Any]:
        """``table_fields`` (nothing in them is a seat's but whether it reads the chat)."""
        table = self._tables.get(chat)
        if table is None:
            table = self._tables[chat] = table_fields(self.live, None, False)
            if chat:
                table["chat"] = list(self.live.chat)
        return table


def table_view(live: LiveMatch, view: dict[str, Any]) -> dict[str, Any]:
    """The view a picture is drawn from: with the seats' names and, once the match is over
    (a resignation or a timeout may end it before the game does), its winners; so the
    picture says what the rest of the page says."""
    names = [info.shown_name() for info in live.seats]
    winners = live.result()["winners"] if live.is_over else None
    return at_table(view, names, winners)


def may_read_chat(live: LiveMatch, seat: int | None) -> bool:
    return seat is not None or live.table.chat_public


def table_fields(live: LiveMatch, seat: int | None, chat: bool) -> dict[str, Any]:
    """The table's part of the state object: nothing in it comes from a seat's secrets."""
    at = now()
    away = [live.away(s, at) for s in range(len(live.seats))]
    return {
        **live.table.json(),
        "started": live.started,
        "clocks": live.clock_values(at),
        "clock_running": live.clocked_mover if live.started else None,
        # a seat's first action has some grace: its clock waits this long before running
        "clock_grace": round(live.clocks.grace_left(at), 3) if live.started else 0.0,
        "replaced": sorted(live.replaced),
        "away": [None if a is None else round(a, 1) for a in away],
        "chat": list(live.chat) if chat and may_read_chat(live, seat) else [],
        "rematch": live.rematch,
    }


def rematch_info(match: MatchRow, seats: list[SeatRow]) -> dict[str, Any]:
    """The rematch offered after a match: its id, which of the old seats accepted it (old
    seat ``k`` plays new seat ``k + 1``), and whether it started."""
    n = len(seats)
    accepted = sorted(
        (row.seat - 1) % n for row in seats if row.kind == "human" and row.token_hash is not None
    )
    return {"id": match.id, "accepted": accepted, "started": match.started_at is not None}
