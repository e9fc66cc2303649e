"""The one error the API answers with: an HTTP status, a kind and a message, as JSON."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """``{"error": kind, "message": message, ...extra}`` with ``status``.

    A 409 may carry the current ``state`` for the asking seat, so a client can resync.
    """

    def __init__(self, status: int, kind: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.kind = kind
        self.message = message
        self.extra = extra

    def body(self) -> dict[str, Any]:
        return {"error": self.kind, "message": self.message, **self.extra}
