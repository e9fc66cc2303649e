"""The domain's one refusal: a kind, words for people, and details for programs.

The service, the matches and the tables refuse with ``Refused(kind, message, **details)``
and never name an HTTP status: ``routes/errors.py`` maps each kind to its status, and
writes the JSON ``{"error": kind, "message": message, ...details}``.

>>> refusal = Refused("stale_seq", "the match moved on to 3")
>>> refusal.body(), refusal.kind in CONFLICTS
({'error': 'stale_seq', 'message': 'the match moved on to 3'}, True)
"""

from __future__ import annotations

from typing import Any

from tavola.core.i18n import Text

CONFLICTS = frozenset(
    {
        "match_over",
        "not_started",
        "stale_seq",
        "time_out",
        "nothing_to_take_back",
        "not_yours",
        "turn_passed",
        "too_many_takebacks",
        "no_abandon",
        "present",
        "not_over",
    }
)
"""The kinds that say the match is not where the asker thought it was: a refusal of an
entry carries the match's state (``details["state"]``), so that its client can resync."""


class Refused(Exception):
    """``kind`` is for programs and never translated; ``message`` is for people, shown in
    the language of the request that is answered (it may be a translatable text)."""

    def __init__(self, kind: str, message: Text, **details: Any) -> None:
        super().__init__(message)
        self.kind = kind
        self.text = message
        self.details = details

    @property
    def message(self) -> str:
        """The words, in the current language."""
        return str(self.text)

    def __str__(self) -> str:
        return self.message

    def body(self) -> dict[str, Any]:
        return {"error": self.kind, "message": self.message, **self.details}
