"""The one error the API answers with: an HTTP status, a kind and a message, as JSON."""

from __future__ import annotations

from typing import Any

from tavola.core.i18n import Text


class ApiError(Exception):
    """``{"error": kind, "message": message, ...extra}`` with ``status``.

    ``kind`` is for programs and never translated; ``message`` is for people, shown in
    the language of the request that is answered (it may be a translatable text).
    A 409 may carry the current ``state`` for the asking seat, so a client can resync.
    """

    def __init__(self, status: int, kind: str, message: Text, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.kind = kind
        self.text = message
        self.extra = extra

    @property
    def message(self) -> str:
        """The words, in the current language."""
        return str(self.text)

    def __str__(self) -> str:
        return self.message

    def body(self) -> dict[str, Any]:
        return {"error": self.kind, "message": self.message, **self.extra}
