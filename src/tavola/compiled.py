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

# The core's protocol, and the modules of each game's rules that its package has (the
# pictures, pages and terminal renderings stay interpreted: they run once per move shown).
CORE_MODULES: Final = (
    "checks",
    "events",
    "game",
    "options",
    "package_game",
    "playouts",
    "points",
    "randomness",
    "turns",
)
GAME_MODULES: Final = (
    "actions",
    "components",
    "edition1996",
    "edition2009",
    "encoding",
    "features",
    "game",
    "heuristic",
    "knowledge",
    "scoring",
    "state",
    "tiles",
    "towers",
    "views",
)
# The bots' search, whose loop drives the rules (its other modules run once per decision).
PLAYER_MODULES: Final = ("ismcts",)
_ROOT: Final = Path(__file__).resolve().parent.parent  # the directory holding ``tavola``


def compiled_sources(root: Path) -> tuple[str, ...]:
    """The paths, under ``root``, of the modules mypyc compiles."""
    games = sorted(path.parent.name for path in root.glob("tavola/games/*/__init__.py"))
    paths = [
        *(f"tavola/core/{name}.py" for name in CORE_MODULES),
        *(f"tavola/games/{game}/{name}.py" for game in games for name in GAME_MODULES),
        *(f"tavola/players/{name}.py" for name in PLAYER_MODULES),
    ]
    return tuple(path for path in paths if (root / path).exists())


SOURCES: Final = compiled_sources(_ROOT)
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
    state = compiled_state(_ROOT)
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


if __name__ == "__main__":  # the Makefile's list of what to rebuild the engine from
    print(*(f"src/{path}" for path in SOURCES))
