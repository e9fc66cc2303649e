"""Games are plugins: entry points of the group ``tavola.games``, checked one by one."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from importlib.metadata import EntryPoint

import pytest
from typer.testing import CliRunner

import tavola
from tavola.apps.cli import app
from tavola.core import plugins, registry
from tavola.core.errors import InvalidArgument, UnknownGame
from tavola.games.clocktowers.game import ClockTowers
from tests.plugins.broken import Twin

GROUP = plugins.GROUP


def point(name: str, target: str) -> EntryPoint:
    return EntryPoint(name, target, GROUP)


BROKEN = [
    point("missing", "tests.plugins.imaginary_dependency:Game"),
    point("notagame", "tests.plugins.broken:NotAGame"),
    point("function", "json:dumps"),
    point("abstract", "tavola.core.game:Game"),
    point("misnamed", "tests.plugins.broken:Misnamed"),
    point("clocktowers", "tests.plugins.broken:Twin"),
]


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[EntryPoint]]:
    """The installed entry points plus ``BROKEN``; the registry looks again afterwards."""
    points = [*plugins.installed(), *BROKEN]
    monkeypatch.setattr(plugins, "installed", lambda: points)
    registry.rediscover()
    yield points
    monkeypatch.undo()
    registry.rediscover()


def test_the_built_in_games_are_entry_points_of_the_tavola_package() -> None:
    sources = tavola.core.registry.game_sources()
    for name in ("campanile", "carcassonne", "clocktowers"):
        plugin = sources[name]
        assert plugin is not None
        assert plugin.builtin
        assert plugin.target.startswith(f"tavola.games.{name}.")
    assert registry.broken_plugins() == []


def test_broken_plugins_are_reported_by_name_and_the_others_still_load(
    installed: list[EntryPoint], caplog: pytest.LogCaptureFixture
) -> None:
    reasons = {broken.plugin.name: broken.reason for broken in registry.broken_plugins()}
    assert set(reasons) == {p.name for p in BROKEN}
    assert reasons["missing"].startswith("import failed: ModuleNotFoundError")
    assert "imaginary_dependency" in reasons["missing"]
    assert reasons["notagame"].startswith("not a Game class")
    assert reasons["function"] == "not a Game class: json:dumps is a function"
    assert "abstract" in reasons["abstract"]
    assert "'clocktowers', not the entry point's 'misnamed'" in reasons["misnamed"]
    assert reasons["clocktowers"].startswith("duplicate: the name is taken by tavola.games")
    # tavola's own ClockTowers keeps its name; every other game still loads and plays.
    assert tavola.game_classes()["clocktowers"] is ClockTowers
    for name in ("campanile", "carcassonne", "clocktowers"):
        assert tavola.load(name).new_game(1).legal_actions()
    with pytest.raises(UnknownGame, match="'missing' is installed but broken: import failed"):
        tavola.load("missing")


def test_the_first_package_by_name_keeps_a_name_two_plugins_claim() -> None:
    first = EntryPoint("twin", "tests.plugins.broken:Twin", GROUP)
    found, broken = plugins.discover([first, point("twin", "tests.plugins.broken:Misnamed")])
    assert found == {}
    assert len(broken) == 2
    found, broken = plugins.discover(
        [
            point("clocktowers", "tests.plugins.broken:Twin"),
            point("clocktowers", "tests.plugins.broken:Twin"),
        ]
    )
    assert list(found) == ["clocktowers"]
    assert broken == []


def test_games_lists_where_each_game_comes_from_and_the_broken_plugins(
    installed: list[EntryPoint],
) -> None:
    result = CliRunner().invoke(app, ["games"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    out = result.output
    assert "from tavola.games.campanile.game:Campanile (tavola " in out
    assert "notagame: a broken game plugin, left out (tests.plugins.broken:NotAGame" in out
    assert "missing: a broken game plugin" in out
    assert "imaginary_dependency" in out


def test_register_adds_a_game_for_the_process_and_refuses_a_taken_name() -> None:
    with pytest.raises(InvalidArgument, match="register: the name 'clocktowers' is taken"):
        registry.register(Twin)
    with pytest.raises(InvalidArgument, match="not a Game class"):
        registry.register(json.JSONDecoder)  # type: ignore[arg-type]
    assert registry.register(ClockTowers) is ClockTowers  # the same class again: no change
    registry._registered.pop("clocktowers")


def run_python(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    return done.stdout.strip()


def test_importing_the_core_imports_no_game() -> None:
    code = (
        "import sys, tavola.core\n"
        "loaded = [m for m in sys.modules if m.startswith(('tavola.games', 'tavola_dudo'))]\n"
        "print(loaded)\n"
        "tavola.core.game_classes()\n"
        "print(sorted({m.split('.')[2] for m in sys.modules if m.startswith('tavola.games.')}))"
    )
    before, after = run_python(code).splitlines()
    assert before == "[]"
    assert after == "['campanile', 'carcassonne', 'clocktowers']"  # loaded when asked for


def test_the_core_and_the_players_import_nothing_above_them() -> None:
    code = (
        "import sys, tavola.core, tavola.players, tavola.players.tournament\n"
        "print(sorted(m for m in sys.modules if m.startswith(('tavola.apps', 'tavola.games'))))"
    )
    assert run_python(code) == "[]"


def test_tournament_and_ray_backend_do_not_import_each_other() -> None:
    """The import loop the issue named is gone: ``ray_backend`` imports no tournament."""
    code = (
        "import sys, tavola.players.ray_backend\nprint('tavola.players.tournament' in sys.modules)"
    )
    assert run_python(code) == "False"
