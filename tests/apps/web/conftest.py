"""The browser suite's fixtures: a real ``tavola serve`` and Debian's Chromium, headless.

pytest-playwright gives ``page``, ``context`` and ``browser``; the launch arguments point
it at the system browser (``playwright install`` is never run). Every context starts with
no pause between other seats' moves (``localStorage["tavola.pause"] = "0"``), so games
against bots run at full speed while the pages are clicked as a person would.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tests.live_server import ServerProcess, running_server

NO_PAUSE = "try { localStorage.setItem('tavola.pause', '0'); } catch (e) {}"


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "viewport": {"width": 1280, "height": 800}}


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server on a SQLite file for the whole browser suite."""
    folder = tmp_path_factory.mktemp("web-db")
    with running_server(f"sqlite:///{folder / 'tavola.sqlite3'}") as running:
        yield running


@pytest.fixture
def context(context: BrowserContext) -> BrowserContext:
    context.add_init_script(NO_PAUSE)
    context.set_default_timeout(15_000)
    return context


@pytest.fixture
def new_context(browser: Browser) -> Iterator[Any]:
    """More browser contexts (other people), closed at the end of the test."""
    made: list[BrowserContext] = []

    def make(**kwargs: Any) -> BrowserContext:
        context = browser.new_context(**{"viewport": {"width": 1280, "height": 800}, **kwargs})
        context.add_init_script(NO_PAUSE)
        context.set_default_timeout(15_000)
        made.append(context)
        return context

    yield make
    for context in made:
        context.close()


def page_errors(page: Page) -> list[str]:
    """The list that collects ``page``'s script errors and what its content security policy
    refused, from now on."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "console",
        lambda message: (
            errors.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    return errors


@pytest.fixture
def page(context: BrowserContext) -> Iterator[Page]:
    """A page of the default context; a script error on it, or anything its content security
    policy refused, fails the test."""
    page = context.new_page()
    errors = page_errors(page)
    yield page
    assert not errors, f"script errors on the page: {errors}"
