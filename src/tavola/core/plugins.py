"""Games are plugins: each is found through an entry point of the group ``tavola.games``.

A package declares its game in its ``pyproject.toml``; the entry point's name is the
game's name, its value the ``Game`` class::

    [project.entry-points."tavola.games"]
    dudo = "tavola_dudo.game:Dudo"

``discover`` imports every such class and checks it. A plugin that fails (its import
raises, it is no concrete ``Game``, its name is not the entry point's, or the name is
taken) is set aside as ``Broken`` with the reason; the other games are unaffected.
When two packages claim a name, tavola's own game wins, then the first package by name.

>>> from importlib.metadata import EntryPoint
>>> found, broken = discover([EntryPoint("nothing", "json:loads", GROUP)])
>>> found, broken[0].reason
({}, 'not a Game class: json:loads is a function')
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterable
from dataclasses import dataclass
from importlib.metadata import EntryPoint, entry_points

from tavola.core.game import Game

GROUP = "tavola.games"
BUILTIN = "tavola"  # the distribution whose games are the built-in ones
NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")
REQUIRED = ("title", "summary", "rules_summary", "option_specs")
# Game's abstract methods: a class compiled by mypyc keeps no ``__abstractmethods__``, so a
# game that leaves one of these as Game has it is abstract too.
GAME_HOOKS = (
    "_action_to_string",
    "_encode_view",
    "_evaluate",
    "_parse_action",
    "_render",
    "new_game",
    "num_distinct_actions",
    "observation_shape",
    "svg",
)


@dataclass(frozen=True, slots=True)
class Plugin:
    """Where a game comes from: an entry point of a distribution (a package)."""

    name: str
    target: str  # "module:Class"
    distribution: str = ""  # "tavola-dudo 0.1.0"; empty when unknown

    @property
    def builtin(self) -> bool:
        return self.distribution.split(" ")[0] == BUILTIN

    def describe(self) -> str:
        """``module:Class (package version)``."""
        return f"{self.target} ({self.distribution or 'unknown package'})"


@dataclass(frozen=True, slots=True)
class Found:
    """A game that loaded, and its plugin."""

    game: type[Game]
    plugin: Plugin


@dataclass(frozen=True, slots=True)
class Broken:
    """A plugin that does not give a usable game, and why."""

    plugin: Plugin
    reason: str


def installed() -> list[EntryPoint]:
    """The entry points of the group in every installed distribution."""
    return list(entry_points(group=GROUP))


def discover(points: Iterable[EntryPoint] | None = None) -> tuple[dict[str, Found], list[Broken]]:
    """Load and check the games of ``points`` (default: every installed one)."""
    plugins = sorted(
        {_plugin(point): point for point in (installed() if points is None else points)}.items(),
        key=lambda item: (not item[0].builtin, item[0].distribution, item[0].name),
    )
    found: dict[str, Found] = {}
    broken: list[Broken] = []
    for plugin, point in plugins:
        try:
            loaded = point.load()
        except Exception as error:  # a plugin's import may raise anything; report it
            broken.append(Broken(plugin, f"import failed: {type(error).__name__}: {error}"))
            continue
        reason = problem(loaded, plugin.name)
        if reason is None and plugin.name in found:
            reason = f"duplicate: the name is taken by {found[plugin.name].plugin.describe()}"
        if reason is not None:
            broken.append(Broken(plugin, reason))
        else:
            found[plugin.name] = Found(loaded, plugin)
    return found, broken


def problem(loaded: object, name: str) -> str | None:
    """Why ``loaded`` is no usable game class named ``name`` (``None``: it is one)."""
    if not (isinstance(loaded, type) and issubclass(loaded, Game)):
        what = "a class" if isinstance(loaded, type) else f"a {type(loaded).__name__}"
        target = getattr(loaded, "__qualname__", repr(loaded))
        module = getattr(loaded, "__module__", None)
        if module:
            target = f"{module}:{target}"
        return f"not a Game class: {target} is {what}"
    left = getattr(loaded, "__abstractmethods__", None) or [
        hook for hook in GAME_HOOKS if getattr(loaded, hook) is getattr(Game, hook)
    ]
    if inspect.isabstract(loaded) or left:
        abstract = ", ".join(sorted(left))
        return f"not a Game class: {loaded.__qualname__} leaves abstract {abstract}"
    missing = [attribute for attribute in ("name", *REQUIRED) if not hasattr(loaded, attribute)]
    if missing:
        return f"{loaded.__qualname__} has no {', '.join(missing)}"
    if loaded.name != name:
        return f"the game's name is {loaded.name!r}, not the entry point's {name!r}"
    if not NAME.fullmatch(name):
        return f"{name!r} is not a game name (a-z, digits and _, at most 32 characters)"
    if "players" not in {spec.name for spec in loaded.option_specs}:
        return f"{loaded.__qualname__} has no 'players' option"
    return None


def _plugin(point: EntryPoint) -> Plugin:
    dist = getattr(point, "dist", None)
    distribution = f"{dist.name} {dist.version}" if dist is not None else ""
    return Plugin(point.name, point.value, distribution)
