"""The engine's modules that mypyc compiles, and which form of them this process runs.

setup.py compiles ``SOURCES`` (from the same ``.py`` files) into extension modules beside
them when a C compiler is there and ``TAVOLA_PURE`` is not set. At import, ``tavola``
calls ``select``: the compiled modules run when they are all there and newer than their
sources; with ``TAVOLA_PURE=1`` (or none built, or one stale) every module is read from
its ``.py`` file, so one installation runs both forms.
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import (
    EXTENSION_SUFFIXES,
    SOURCE_SUFFIXES,
    FileFinder,
    ModuleSpec,
    SourceFileLoader,
)
from pathlib import Path
from types import ModuleType
from typing import Final

# Paths under ``src``: the core's protocol and the games' rules (their pictures, pages and
# terminal renderings stay interpreted: they run once per move shown, not per playout).
SOURCES: Final = (
    "tavola/core/checks.py",
    "tavola/core/events.py",
    "tavola/core/game.py",
    "tavola/core/options.py",
    "tavola/core/package_game.py",
    "tavola/core/points.py",
    "tavola/core/review_budget.py",
    "tavola/core/turns.py",
    "tavola/games/campanile/actions.py",
    "tavola/games/campanile/components.py",
    "tavola/games/campanile/edition1996.py",
    "tavola/games/campanile/edition2009.py",
    "tavola/games/campanile/encoding.py",
    "tavola/games/campanile/game.py",
    "tavola/games/campanile/heuristic.py",
    "tavola/games/campanile/scoring.py",
    "tavola/games/campanile/towers.py",
    "tavola/games/carcassonne/actions.py",
    "tavola/games/carcassonne/encoding.py",
    "tavola/games/carcassonne/features.py",
    "tavola/games/carcassonne/game.py",
    "tavola/games/carcassonne/heuristic.py",
    "tavola/games/carcassonne/scoring.py",
    "tavola/games/carcassonne/state.py",
    "tavola/games/carcassonne/tiles.py",
    "tavola/games/carcassonne/views.py",
    "tavola/games/clocktowers/actions.py",
    "tavola/games/clocktowers/components.py",
    "tavola/games/clocktowers/encoding.py",
    "tavola/games/clocktowers/game.py",
    "tavola/games/clocktowers/heuristic.py",
    "tavola/games/clocktowers/knowledge.py",
    "tavola/games/clocktowers/scoring.py",
    "tavola/games/clocktowers/state.py",
    "tavola/games/clocktowers/views.py",
)

PURE_VARIABLE: Final = "TAVOLA_PURE"
_MODULES: Final = frozenset(path[:-3].replace("/", ".") for path in SOURCES)


def pure_requested() -> bool:
    """Whether ``TAVOLA_PURE`` asks for the interpreted form (set, and not ``0`` or empty)."""
    return os.environ.get(PURE_VARIABLE, "") not in ("", "0")


def compiled_state(root: Path) -> str:
    """``"fresh"``, ``"stale"`` (one is missing or older than its source) or ``"absent"``:
    the compiled modules under ``root``, the directory holding the ``tavola`` package."""
    suffix = EXTENSION_SUFFIXES[0]
    found = 0
    for source in SOURCES:
        built = root / (source[:-3] + suffix)
        if built.exists():
            found += 1
            if built.stat().st_mtime < (root / source).stat().st_mtime:
                return "stale"
    if found == 0:
        return "absent"
    return "fresh" if found == len(SOURCES) else "stale"


class SourceFinder(MetaPathFinder):
    """Finds the compiled modules' ``.py`` files, ahead of the extension modules beside them."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname not in _MODULES or path is None:
            return None
        for entry in path:
            spec = FileFinder(entry, (SourceFileLoader, SOURCE_SUFFIXES)).find_spec(fullname)
            if spec is not None:
                return spec
        return None


def form_name(compiled: bool) -> str:
    """How ``tavola --version`` and ``tavola bench`` name the engine's form."""
    return "compiled by mypyc" if compiled else "interpreted (pure Python)"


def select() -> bool:
    """Choose the form of the engine for this process; whether it is the compiled one."""
    state = compiled_state(Path(__file__).resolve().parent.parent)
    if state == "fresh" and not pure_requested():
        return True
    if state == "stale" and not pure_requested():
        warnings.warn(
            "tavola's compiled modules are older than their sources: running interpreted "
            "(reinstall tavola, or make, to compile them again)",
            RuntimeWarning,
            stacklevel=3,
        )
    if not any(isinstance(finder, SourceFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, SourceFinder())
    return False
