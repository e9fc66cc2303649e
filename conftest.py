"""The shape of the whole run.

- Tests that drive a browser come last. Playwright's sync API keeps its event loop marked
  as running in the main thread from the first browser test to the end of the session, so
  any later ``asyncio.run`` (a doctest, a client) would fail. Running the browser tests last
  keeps every other test independent of them.
- The doctests of the modules mypyc compiled are read from their ``.py`` files, which are
  not what runs: pytest collects them on the interpreted engine only (``make test-pure``).
- On several workers (pytest-xdist, ``make test``'s ``-n``), each file's tests run on one
  worker, so a module's server is started once (``FileRunScheduling``), and each worker
  still runs its browser tests after all its others.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

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


def file_runs(node_ids: list[str]) -> dict[str, str]:
    """Each test's unit of work: its file and which run of that file's tests, in the collected
    order, it belongs to. The browser tests are sorted last, so a file with both kinds has
    two runs, and every other file one.

    >>> file_runs(["a.py::x", "b.py::y", "a.py::z", "a.py::w"])
    {'a.py::x': 'a.py#0', 'b.py::y': 'b.py#0', 'a.py::z': 'a.py#1', 'a.py::w': 'a.py#1'}
    """
    runs: dict[str, int] = {}
    units = {}
    previous = ""
    for node_id in node_ids:
        file = node_id.split("::", 1)[0]
        if file != previous:
            runs[file] = runs.get(file, -1) + 1
            previous = file
        units[node_id] = f"{file}#{runs[file]}"
    return units


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadfile``, except that a file's browser tests are a unit of their own, and
    the units go out in the collected order: a worker gets a browser unit only once no other
    unit is left, so it runs its browser tests last, as one process does."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling  # only under xdist

    class FileRunScheduling(LoadFileScheduling):  # type: ignore[misc]  # xdist is untyped
        units: dict[str, str] | None = None

        def _split_scope(self, nodeid: str) -> str:
            if self.units is None:
                self.units = file_runs(list(self.collection or ()))
            return self.units[nodeid]

    config.option.loadscopereorder = False
    return FileRunScheduling(config, log)
