"""The layers: core, then games, then players, interop and testing, then apps; no import
runs up, and no module outside ``tavola/games/`` names a built-in game (a game's facts
come from the game, so a plugin game is complete in its own package).

Checked on the source with ``ast``: every import (``TYPE_CHECKING`` ones too), and every
string constant but the documentation: docstrings (a docstring's example may load a game
by name) and the examples of an API's schema (``Field(examples=[...])``).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "tavola"
MODULES = sorted(SRC.rglob("*.py"))
BUILTIN = sorted(path.parent.name for path in (SRC / "games").glob("*/__init__.py"))
NAMES_A_GAME = re.compile(rf"\b({'|'.join(BUILTIN)})\b", re.IGNORECASE)
BELOW = {
    "core": {"core"},
    "games": {"core"},  # and the game's own package
    "players": {"core", "games", "players"},
    "interop": {"core", "games", "interop"},
    "testing": {"core", "games", "testing"},
    "apps": {"core", "games", "players", "interop", "testing", "apps"},
}
"""What each layer may import of tavola."""


def name(path: Path) -> str:
    return str(path.relative_to(SRC))


def package_of(path: Path) -> str:
    """The package a module's relative imports start from."""
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1])


def imported(path: Path) -> list[str]:
    """Every module ``path`` imports (relative imports made absolute), and for ``from m
    import x`` also ``m.x``, which may be a module."""
    package = package_of(path).split(".")
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found += [module, *(f"{module}.{alias.name}" for alias in node.names)]
    return found


def layer_of(module: str) -> str | None:
    """The layer of one of tavola's modules (``core`` for the front door, ``tavola``,
    which is core's names); ``None`` for another package's or a name in the front door."""
    parts = module.split(".")
    if parts[0] != "tavola":
        return None
    if len(parts) == 1:
        return "core"
    return parts[1] if parts[1] in BELOW else None


def strings(path: Path) -> list[tuple[int, str]]:
    """Every string constant of the module but its documentation: any string standing
    alone as a statement (a module's, a class's, a function's, an attribute's docstring)
    and what an ``examples=`` or ``example=`` argument holds."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    documentation = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    documentation |= {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.keyword) and node.arg in ("examples", "example")
        for inner in ast.walk(node.value)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in documentation
    ]


def test_the_builtin_games_are_found() -> None:
    assert {"campanile", "carcassonne", "clocktowers"} <= set(BUILTIN)


@pytest.mark.parametrize(
    "path", [path for path in MODULES if "games" not in path.relative_to(SRC).parts[:1]], ids=name
)
def test_no_module_outside_games_names_a_builtin_game(path: Path) -> None:
    games = tuple(f"tavola.games.{game}" for game in BUILTIN)
    imports = [
        m for m in imported(path) if m in games or m.startswith(tuple(g + "." for g in games))
    ]
    assert not imports, f"{name(path)} imports {imports}"
    named = [(line, text) for line, text in strings(path) if NAMES_A_GAME.search(text)]
    assert not named, f"{name(path)} names a built-in game: {named}"


@pytest.mark.parametrize("path", MODULES, ids=name)
def test_layers_import_only_downwards(path: Path) -> None:
    parts = path.relative_to(SRC).parts
    allowed = BELOW[parts[0]] if len(parts) > 1 else {"core"}  # tavola/__init__.py: over core
    own = ".".join(package_of(path).split(".")[:3])  # a game's package (all: games/__init__)
    for module in imported(path):
        layer = layer_of(module)
        own_game = parts[0] == "games" and (module == own or module.startswith(f"{own}."))
        core_to_front = parts[0] == "core" and module == "tavola"
        assert layer is None or (layer in allowed and not core_to_front) or own_game, (
            f"{name(path)} imports {module}"
        )
