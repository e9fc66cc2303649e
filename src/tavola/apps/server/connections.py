"""The connections of ``tavola serve``: a client that is slow to send a request's headers
is let go, and so is one that keeps a connection open asking nothing (uvicorn's keep-alive
timeout); see ``Connections``.

uvicorn times out a kept-alive connection between requests, but not a request's headers,
nor a connection that never sends any: ``with_header_timeout`` adds that timer to
uvicorn's HTTP protocol.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.auto import AutoHTTPProtocol


def with_header_timeout(seconds: float) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol, closing a connection whose next request's headers have not
    all arrived ``seconds`` after it opened or after its last answer."""

    class HeaderTimeout(AutoHTTPProtocol):  # type: ignore[misc,valid-type]
        def connection_made(self, transport: asyncio.Transport) -> None:
            super().connection_made(transport)
            self._arm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._arm()

        def _arm(self) -> None:
            self.loop.call_later(seconds, self._expire, self.cycle)

        def _expire(self, cycle: Any) -> None:
            transport = self.transport
            if transport.is_closing() or transport.get_protocol() is not self:
                return  # closed already, or a WebSocket now
            if self.cycle is cycle and (cycle is None or cycle.response_complete):
                transport.close()  # no new request's headers since the timer was set

    return HeaderTimeout
