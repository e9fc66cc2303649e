"""A match's chat: plain text from its seats, limited in length and rate.

Messages are stored in a table of their own (never in the log or the record) and sent as
JSON text; every page shows them as text (never as HTML), so ``<script>`` stays words.

>>> clean_text("  hello\\n  there ", 500)
'hello there'
>>> limit = RateLimit(burst=2, window=10.0)
>>> [limit.allow("m", 0, now) for now in (0.0, 1.0, 2.0, 11.5)]
[True, True, False, True]
"""

from __future__ import annotations

from collections import deque
from typing import Any

from tavola.apps.server.errors import ApiError
from tavola.apps.server.language import lazy
from tavola.apps.server.models import ChatRow


def clean_text(text: str, limit: int) -> str:
    """A message as stored: one line of printable text, at most ``limit`` characters."""
    cleaned = " ".join(text.split())
    if not cleaned:
        raise ApiError(422, "empty_message", lazy("a chat message has some text"))
    if len(cleaned) > limit:
        raise ApiError(
            422, "too_long", lazy("a chat message is at most {limit} characters", limit=limit)
        )
    if any(not char.isprintable() for char in cleaned):
        raise ApiError(422, "bad_text", lazy("a chat message is printable text"))
    return cleaned


class RateLimit:
    """At most ``burst`` messages per (match, seat) within ``window`` seconds."""

    def __init__(self, burst: int, window: float) -> None:
        self.burst = burst
        self.window = window
        self._sent: dict[tuple[str, int], deque[float]] = {}

    def allow(self, match_id: str, seat: int, now: float) -> bool:
        times = self._sent.setdefault((match_id, seat), deque())
        while times and now - times[0] >= self.window:
            times.popleft()
        if len(times) >= self.burst:
            return False
        times.append(now)
        return True

    def wait(self, match_id: str, seat: int, now: float) -> float:
        """Seconds until ``seat`` may write again."""
        times = self._sent.get((match_id, seat))
        return 0.0 if not times else max(0.0, self.window - (now - times[0]))


def chat_json(row: ChatRow) -> dict[str, Any]:
    return {"id": row.id, "seat": row.seat, "text": row.text, "at": row.at.isoformat()}
