"""The doctests of the modules mypyc compiled are read from their ``.py`` files, which are
not what runs: pytest collects them on the interpreted engine only (``make test-pure``)."""

from __future__ import annotations

from pathlib import Path

import tavola
from tavola.compiled import SOURCES

SOURCE_DIRECTORY = Path(tavola.__file__).resolve().parent.parent
COMPILED_SOURCES = frozenset(SOURCE_DIRECTORY / path for path in SOURCES)


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    if tavola.COMPILED and collection_path.resolve() in COMPILED_SOURCES:
        return True
    return None
