"""The shape of the whole run.

- Tests that drive a browser come last. Playwright's sync API keeps its event loop marked
  as running in the main thread from the first browser test to the end of the session, so
  any later ``asyncio.run`` (a doctest, a client) would fail. Running the browser tests last
  keeps every other test independent of them.
- The doctests of the modules mypyc compiled are read from their ``.py`` files, which are
  not what runs: pytest collects them on the interpreted engine only (``make test-pure``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import tavola
from tavola.compiled import SOURCES

BROWSER_FIXTURES = frozenset({"page", "context", "browser", "playwright", "browser_type"})
SOURCE_DIRECTORY = Path(tavola.__file__).resolve().parent.parent
COMPILED_SOURCES = frozenset(SOURCE_DIRECTORY / path for path in SOURCES)


def uses_browser(item: pytest.Item) -> bool:
    """Whether the test asks for one of Playwright's fixtures, directly or through another."""
    return not BROWSER_FIXTURES.isdisjoint(getattr(item, "fixturenames", ()))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Move the browser tests after all others, each group in its collected order."""
    items.sort(key=uses_browser)


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    if tavola.COMPILED and collection_path.resolve() in COMPILED_SOURCES:
        return True
    return None
