"""Recording what people read, to hold the engine's English texts to a fixture recorded
before they became translatable (tests/carcassonne and tests/clocktowers test_texts)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from tavola.core.events import Event


def fingerprint(texts: list[str]) -> str:
    """A short digest of pictures, so that the fixture holds them byte for byte."""
    return hashlib.sha256("\x00".join(texts).encode()).hexdigest()[:16]


def event_record(event: Event) -> dict[str, Any]:
    """An event's kind, text and table, as read now."""
    found: dict[str, Any] = {"kind": event.kind, "text": event.text}
    table = event.table
    if table is not None:
        found["table"] = [table.title, list(table.columns), [list(row) for row in table.rows]]
    return found


def dump(games: list[dict[str, Any]]) -> str:
    """The games as JSON, one event, refusal or hint a line (a fixture that diffs well)."""

    def field(key: str, value: Any) -> str:
        if not isinstance(value, list):
            return f"  {json.dumps(key)}: {json.dumps(value)}"
        items = ",\n".join("    " + json.dumps(item, ensure_ascii=False) for item in value)
        return f"  {json.dumps(key)}: [\n{items}\n  ]"

    shown = ["{\n" + ",\n".join(field(*item) for item in game.items()) + "\n}" for game in games]
    return "[\n" + ",\n".join(shown) + "\n]\n"
