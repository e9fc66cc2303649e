"""How a match ends when seats resign, run out of time or leave, and its result.

In a 2-player match a resignation ends it at once and the other seat wins; so does a
timeout when the creator chose ``"on_timeout": "lose"``. Otherwise the seat goes on,
played by the heuristic bot, and the engine decides the end; a seat that resigned is
ranked last.

>>> ended_by("resign", 1, players=2, on_timeout="bot")
Ending(loser=1, reason='resign', winners=[0])
>>> ended_by("timeout", 0, players=2, on_timeout="bot") is None
True
>>> ranking([30, 50, 40, 10], winners=[1], resigned=[1])
[2, 0, 3, 1]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tavola.apps.server.models import ABANDON, RESIGN, TIMEOUT
from tavola.apps.server.request_language import lazy
from tavola.core.i18n import Text

LOSE = "lose"  # on_timeout: a 2-player match ends, the other seat wins


@dataclass(frozen=True)
class Ending:
    """A match a seat's resignation or timeout ended before the game's own end."""

    loser: int
    reason: str  # RESIGN or TIMEOUT
    winners: list[int]


def ended_by(kind: str, seat: int, players: int, on_timeout: str) -> Ending | None:
    """The end an entry about ``seat`` brings (``None``: a bot plays the seat on)."""
    if players != 2:
        return None
    if kind == RESIGN or (kind == TIMEOUT and on_timeout == LOSE):
        return Ending(seat, kind, [1 - seat])
    return None


def seat_entry_text(
    kind: str, seat: int, detail: str | None, ending: Ending | None
) -> tuple[Text, dict[str, Any]]:
    """The words (translatable) and data of the event an entry about a seat causes.

    >>> str(seat_entry_text("resign", 1, None, Ending(1, "resign", [0]))[0])
    'seat 1 resigned: seat 0 wins'
    """
    what: Text = {
        RESIGN: lazy("seat {seat} resigned", seat=seat),
        TIMEOUT: lazy("seat {seat} ran out of time", seat=seat),
        ABANDON: lazy("seat {seat} left the table", seat=seat),
    }[kind]
    data: dict[str, Any] = {"seat": seat}
    if kind == ABANDON and detail and detail.startswith("by "):
        data["by"] = int(detail[3:])
        what = lazy("{what}; seat {by} handed it to a bot", what=what, by=data["by"])
    if ending is not None:
        data["winners"] = ending.winners
        text = lazy("{what}: seat {winner} wins", what=what, winner=ending.winners[0])
    else:
        data["bot"] = "heuristic"
        text = lazy("{what}; the heuristic bot plays it from now on", what=what)
    return text, data


def ranking(scores: list[int], winners: list[int], resigned: list[int]) -> list[int]:
    """Seats best first: by score (winners first among equals); resigned seats last, the
    first to resign last of all."""
    seated = [seat for seat in range(len(scores)) if seat not in resigned]
    seated.sort(key=lambda seat: (-scores[seat], seat not in winners, seat))
    return seated + list(reversed(resigned))


def result(
    scores: list[int],
    engine_winners: list[int],
    ending: Ending | None,
    replaced: dict[int, str],
    resigned: list[int],
) -> dict[str, Any]:
    """The result of a match that is over: winners, ranking, who resigned, timed out or
    left, and why it ended ("game", "resign" or "timeout")."""
    if ending is not None:
        winners = list(ending.winners)
        order = winners + [seat for seat in range(len(scores)) if seat not in winners]
        reason = ending.reason
    else:
        winners = [seat for seat in engine_winners if seat not in resigned]
        order = ranking(scores, engine_winners, resigned)
        if engine_winners and not winners and order and order[0] not in resigned:
            best = scores[order[0]]
            winners = [seat for seat in order if scores[seat] == best and seat not in resigned]
        reason = "game"
    return {
        "reason": reason,
        "winners": winners,
        "ranking": order,
        "resigned": list(resigned),
        "timed_out": sorted(
            [seat for seat, why in replaced.items() if why == TIMEOUT]
            + ([ending.loser] if ending and ending.reason == TIMEOUT else [])
        ),
        "abandoned": sorted(seat for seat, why in replaced.items() if why == ABANDON),
    }
