"""Rate limits: a seat's chat, and what a client address may ask of the server that costs
it most (new matches, hints, reviews, sign-ins).

Counted in this process's memory on a moving window (the ``limits`` library); several
server processes count apart. The client address is the connection's peer; behind a
proxy named by ``tavola serve --forwarded-allow-ips``, the one uvicorn takes from that
proxy's ``X-Forwarded-For`` (no proxy is trusted by default: any client could name itself).

>>> rates = Rates()
>>> rule = rules("2/minute")
>>> [rates.wait(rule, "chat", "match", "0") for _ in range(2)]
[0.0, 0.0]
>>> rates.wait(rule, "chat", "match", "0") > 0  # a third within the minute: wait
True
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from functools import cache

from fastapi import Request
from limits import RateLimitItem, RateLimitItemPerSecond, parse_many, storage, strategies
from starlette.requests import HTTPConnection

from tavola.apps.server.refusals import Refused
from tavola.apps.server.request_language import lazy


@cache
def rules(text: str) -> tuple[RateLimitItem, ...]:
    """``"20/minute;200/hour"`` as limits (none for ``""``: no limit)."""
    return tuple(parse_many(text)) if text else ()


def per_seconds(count: int, seconds: float) -> tuple[RateLimitItem, ...]:
    """At most ``count`` in any ``seconds``."""
    return (RateLimitItemPerSecond(count, max(1, round(seconds))),)


def client_address(connection: HTTPConnection) -> str:
    """The address a request or a socket came from (an allowed proxy's
    ``X-Forwarded-For``, if any)."""
    return connection.client.host if connection.client else ""


def client_limit(what: str) -> Callable[[Request], None]:
    """A route's dependency: 429 when the client address asks ``what`` (a field of the
    server's ``settings.requests``: matches, hints, reviews) more often than it allows."""

    def check(request: Request) -> None:
        state = request.app.state
        limits = rules(getattr(state.service.settings.requests, what))
        rates: Rates = state.rates
        rates.check_client(limits, what, request)

    return check


class Rates:
    """Hits counted per key against lists of limits."""

    def __init__(self) -> None:
        self._limiter = strategies.MovingWindowRateLimiter(storage.MemoryStorage())

    def wait(self, limits: Sequence[RateLimitItem], *key: str) -> float:
        """0 if one more hit of ``key`` is within every limit (and count it), else the
        seconds until it would be (and count nothing)."""
        if all(self._limiter.test(limit, *key) for limit in limits):
            for limit in limits:
                self._limiter.hit(limit, *key)
            return 0.0
        resets = [
            self._limiter.get_window_stats(limit, *key).reset_time
            for limit in limits
            if not self._limiter.test(limit, *key)
        ]
        return max(0.1, max(resets) - time.time())

    def check_client(self, limits: Sequence[RateLimitItem], what: str, request: Request) -> None:
        """429 ``rate_limited`` when the request's client address asks ``what`` too often."""
        self.check(limits, what, client_address(request))

    def check(self, limits: Sequence[RateLimitItem], *key: str) -> None:
        """429 ``rate_limited`` when one more hit of ``key`` is past ``limits``."""
        wait = self.wait(limits, *key)
        if wait:
            seconds = f"{wait:.0f}"
            raise Refused(
                "rate_limited",
                lazy(
                    "too many requests of this kind from your address; try again in {seconds} s",
                    seconds=seconds,
                ),
                retry_after=round(wait, 1),
            )
