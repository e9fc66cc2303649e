"""Turn notifications: a seat's webhook and e-mail, when it becomes that seat's turn.

Each is a background task with a timeout per attempt and retries with a growing pause:
a slow or failing receiver never delays a move. The webhook gets a JSON POST
``{"match", "seat", "seq", "url"}``; the e-mail goes through the SMTP server of
``--smtp smtp://[USER[:PASSWORD]@]HOST[:PORT][?from=ADDRESS]`` (``smtps://`` for TLS,
``?starttls=true`` to upgrade), sent by the standard library's ``smtplib`` in a thread.
A webhook goes only to a public address (``webhooks.py``), unless the operator allows
private ones.
"""

from __future__ import annotations

import asyncio
import logging
import smtplib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

import httpx

from tavola.apps.server.settings import Alerts
from tavola.apps.server.webhooks import WebhookRefused, public_address

log = logging.getLogger("tavola.server")


@dataclass(frozen=True)
class Turn:
    """It became ``seat``'s turn in a match: what its notifications say."""

    match_id: str
    title: str
    seat: int
    seq: int
    url: str
    webhook: str | None
    email: str | None

    def payload(self) -> dict[str, Any]:
        return {"match": self.match_id, "seat": self.seat, "seq": self.seq, "url": self.url}


def send_mail(smtp_url: str, to: str, subject: str, body: str, timeout: float) -> None:
    """Send one e-mail through the SMTP server of ``smtp_url`` (blocking: run in a thread)."""
    parts = urlsplit(smtp_url)
    query = parse_qs(parts.query)
    sender = query.get("from", ["tavola@localhost"])[0]
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = subject
    message.set_content(body)
    host = parts.hostname or "localhost"
    secure = parts.scheme == "smtps"
    port = parts.port or (465 if secure else 25)
    client_class = smtplib.SMTP_SSL if secure else smtplib.SMTP
    with client_class(host, port, timeout=timeout) as client:
        if query.get("starttls", ["false"])[0].lower() == "true":
            client.starttls()
        if parts.username:
            client.login(unquote(parts.username), unquote(parts.password or ""))
        client.send_message(message)


class TurnAlerts:
    """Sends turn notifications in the background; ``close`` cancels what is left."""

    def __init__(self, settings: Alerts) -> None:
        self.settings = settings
        self._tasks: set[asyncio.Task[None]] = set()
        self._client: httpx.AsyncClient | None = None

    def link(self, match_id: str) -> str:
        return f"{self.settings.public_url.rstrip('/')}/m/{match_id}"

    def turn(self, turn: Turn) -> None:
        """Notify ``turn.seat`` by each way it gave (returns at once)."""
        if turn.webhook:
            self._spawn(f"webhook of seat {turn.seat}", lambda: self._post(turn))
        if turn.email and self.settings.smtp_url:
            self._spawn(f"e-mail to seat {turn.seat}", lambda: self._mail(turn))

    def _spawn(self, what: str, attempt: Callable[[], Awaitable[None]]) -> None:
        task = asyncio.get_running_loop().create_task(self._retry(what, attempt))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _retry(self, what: str, attempt: Callable[[], Awaitable[None]]) -> None:
        pause = self.settings.backoff
        for number in range(1, self.settings.attempts + 1):
            try:
                await asyncio.wait_for(attempt(), self.settings.timeout)
                return
            except WebhookRefused as error:
                if error.found:  # a private address: no retry can change that
                    log.warning("%s refused: %s", what, error)
                    return
                if number == self.settings.attempts:
                    log.warning("%s failed %d times: %s", what, number, error)
                    return
            except Exception as error:  # any other failure is retried, then logged
                if number == self.settings.attempts:
                    log.warning("%s failed %d times: %r", what, number, error)
                    return
            await asyncio.sleep(pause)
            pause *= 2

    async def _post(self, turn: Turn) -> None:
        if self._client is None:
            # No kept connections: a connection to an address, opened for one host name,
            # must not carry a request for another name at that address.
            limits = httpx.Limits(max_keepalive_connections=0)
            self._client = httpx.AsyncClient(timeout=self.settings.timeout, limits=limits)
        assert turn.webhook is not None
        url = httpx.URL(turn.webhook)
        headers: dict[str, str] = {}
        extensions: dict[str, str] = {}
        if not self.settings.private_webhooks:
            # To the address just checked, not to whatever the name resolves to next.
            address = await public_address(turn.webhook)
            headers["Host"] = url.netloc.decode("ascii")
            if url.scheme == "https":
                extensions["sni_hostname"] = url.host
            url = url.copy_with(host=address)
        response = await self._client.post(
            url, json=turn.payload(), headers=headers, extensions=extensions
        )
        response.raise_for_status()

    async def _mail(self, turn: Turn) -> None:
        assert turn.email is not None
        assert self.settings.smtp_url is not None
        subject = f"Your turn in {turn.title} ({turn.match_id})"
        body = (
            f"It is your turn in the match {turn.match_id} of {turn.title} "
            f"(seat {turn.seat}, position {turn.seq}).\n\n{turn.url}\n\n"
            "Open it from the browser that holds your seat's link.\n"
        )
        await asyncio.to_thread(
            send_mail, self.settings.smtp_url, turn.email, subject, body, self.settings.timeout
        )

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        if self._client is not None:
            await self._client.aclose()
