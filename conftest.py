"""The order of the whole run: tests that drive a browser come last.

Playwright's sync API keeps its event loop marked as running in the main thread from the
first browser test to the end of the session, so any later ``asyncio.run`` (a doctest, a
client) would fail. Running the browser tests last keeps every other test independent of them.
"""

from __future__ import annotations

import pytest

BROWSER_FIXTURES = frozenset({"page", "context", "browser", "playwright", "browser_type"})


def uses_browser(item: pytest.Item) -> bool:
    """Whether the test asks for one of Playwright's fixtures, directly or through another."""
    return not BROWSER_FIXTURES.isdisjoint(getattr(item, "fixturenames", ()))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Move the browser tests after all others, each group in its collected order."""
    items.sort(key=uses_browser)
