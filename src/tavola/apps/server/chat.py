"""A match's chat: plain text from its seats, limited in length and rate.

Messages are stored in a table of their own (never in the log or the record) and sent as
JSON text; every page shows them as text (never as HTML), so ``<script>`` stays words.

>>> clean_text("  hello\\n  there ", 500)
'hello there'

How often a seat may write is counted in ``tables`` (``rates``).
"""

from __future__ import annotations

from typing import Any

from tavola.apps.server.models import ChatRow
from tavola.apps.server.refusals import Refused
from tavola.apps.server.request_language import lazy


def clean_text(text: str, limit: int) -> str:
    """A message as stored: one line of printable text, at most ``limit`` characters (as
    sent: the maximum the API declares)."""
    cleaned = " ".join(text.split())
    if not cleaned:
        raise Refused("empty_message", lazy("a chat message has some text"))
    if len(text) > limit:
        raise Refused("too_long", lazy("a chat message is at most {limit} characters", limit=limit))
    if any(not char.isprintable() for char in cleaned):
        raise Refused("bad_text", lazy("a chat message is printable text"))
    return cleaned


def chat_json(row: ChatRow) -> dict[str, Any]:
    return {"id": row.id, "seat": row.seat, "text": row.text, "at": row.at.isoformat()}
