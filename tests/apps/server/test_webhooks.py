"""Webhooks reach public addresses only, unless the operator allows private ones: at
creation through a real server, and when a notification is sent, in the sender itself."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator

import pytest

from tavola.apps.server import webhooks
from tavola.apps.server.settings import Alerts
from tavola.apps.server.turn_alerts import Turn, TurnAlerts
from tests.apps.server.client import Api, Receiver, in_own_thread
from tests.live_server import ServerProcess, running_server


@pytest.fixture(scope="module")
def strict_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server as ``tavola serve`` starts by default: webhooks to public addresses only."""
    url = f"sqlite:///{tmp_path_factory.mktemp('db') / 'tavola.sqlite3'}"
    with running_server(url) as running:
        yield running


@pytest.mark.parametrize(
    "webhook",
    [
        "http://127.0.0.1:9/hook",
        "http://localhost/hook",
        "http://10.0.0.7/hook",
        "http://192.168.1.20:8123/api/webhook/x",
        "http://169.254.169.254/latest/meta-data/",
        "https://0.0.0.0/hook",
        "http://[::1]:8000/hook",
        "http://[::ffff:127.0.0.1]/hook",
        "http://[fd00::5]/hook",
    ],
)
def test_a_webhook_to_a_private_address_is_refused(
    strict_server: ServerProcess, webhook: str
) -> None:
    api = Api(strict_server.url)
    before = len(api.http.get("/api/matches").json()["matches"])
    body = {"game": "campanile", "seats": ["human", "human"], "webhooks": [None, webhook]}
    response = api.http.post("/api/matches", json=body)
    assert response.status_code == 422, response.text
    assert response.json()["error"] == "bad_webhooks"
    assert "must reach a public address" in response.json()["message"]
    assert len(api.http.get("/api/matches").json()["matches"]) == before  # nothing made


def test_a_webhook_whose_host_is_not_found_is_refused(strict_server: ServerProcess) -> None:
    response = Api(strict_server.url).http.post(
        "/api/matches",
        json={"game": "campanile", "seats": ["human", "human"], "webhooks": ["http://x.invalid/"]},
    )
    assert response.status_code == 422, response.text
    assert response.json()["message"] == "a webhook's host 'x.invalid' was not found"


def test_a_webhook_to_a_public_address_is_taken(strict_server: ServerProcess) -> None:
    created = Api(strict_server.url).create(
        "campanile", ["human", "human"], webhooks=["https://93.184.215.14/hook", None]
    )
    assert created["id"]


def send(alerts: Alerts, webhook: str) -> None:
    """One turn notification through the sender, waited for to the end."""

    async def run() -> None:
        sender = TurnAlerts(alerts)
        sender.turn(Turn("m1", "Campanile", 1, 7, "http://example.org/m/m1", webhook, None))
        while sender._tasks:
            await asyncio.sleep(0.01)
        await sender.close()

    in_own_thread(run, timeout=30)


def test_the_sender_refuses_a_private_address_without_retrying(
    caplog: pytest.LogCaptureFixture,
) -> None:
    # The name may have resolved to a public address when the match was made.
    receiver = Receiver(fail=0)
    try:
        with caplog.at_level(logging.WARNING, "tavola.server"):
            send(Alerts(attempts=3, backoff=0.01), receiver.url)
        assert receiver.calls == []
        assert [r.getMessage() for r in caplog.records] == [
            "webhook of seat 1 refused: the host '127.0.0.1' is not public"
        ]
        send(Alerts(private_webhooks=True), receiver.url)
        assert [body["seq"] for _, body in receiver.calls] == [7]
    finally:
        receiver.close()


def test_the_sender_posts_to_the_address_it_checked_with_the_name_as_host(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Loopback counted as public here, to see where a checked name's request goes: to
    # the address resolved and checked, with the URL's name and port in ``Host``.
    checked: list[str] = []

    def public_for_the_test(address: str) -> bool:
        checked.append(address)
        return address == "127.0.0.1"

    monkeypatch.setattr(webhooks, "is_public", public_for_the_test)
    receiver = Receiver(fail=0)
    try:
        port = receiver.url.split(":")[2].split("/")[0]
        send(Alerts(), f"http://localhost:{port}/hook")
        if "::1" in checked:  # localhost resolves to ::1 too here: refused, as it must be
            assert receiver.calls == []
        else:
            assert checked == ["127.0.0.1"]
            assert receiver.hosts == [f"localhost:{port}"]
            assert [body["match"] for _, body in receiver.calls] == ["m1"]
    finally:
        receiver.close()


def test_is_public_judges_addresses() -> None:
    assert webhooks.is_public("8.8.8.8")
    assert webhooks.is_public("2606:4700:4700::1111")
    for address in ("127.0.0.1", "10.1.1.1", "172.16.0.1", "100.64.0.1", "224.0.0.1", "::"):
        assert not webhooks.is_public(address), address
    assert not webhooks.is_public("fe80::1%eth0")
