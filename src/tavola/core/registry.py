"""Games plug in by name; every app works through this registry and the protocol.

The games are found through the entry points of the group ``tavola.games``
(``tavola.core.plugins``), tavola's own three as any other package's, so ``core``
imports no game. ``register`` adds a class for this process only (a notebook, a test).
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from tavola.core.checks import check_metadata, shown, type_name
from tavola.core.errors import (
    ArgumentTypeError,
    InvalidArgument,
    ReplayError,
    TavolaError,
    UnknownGame,
)
from tavola.core.game import RECORD_FORMAT, Game, State
from tavola.core.plugins import Broken, Found, Plugin, discover, problem

log = logging.getLogger("tavola")

_registered: dict[str, type[Game]] = {}
_found: dict[str, Found] | None = None
_broken: list[Broken] = []
_lock = threading.RLock()


def register(game_class: type[Game]) -> type[Game]:
    """Make a game class available to ``load`` in this process, without packaging it.

    A name another game has raises ``InvalidArgument``; usable as a class decorator.
    """
    name = getattr(game_class, "name", None)
    reason = problem(game_class, name if isinstance(name, str) else "")
    if reason is not None:
        raise InvalidArgument(f"register: {reason}")
    with _lock:
        taken = _registered.get(game_class.name)
        if taken is None and _found is not None and game_class.name in _found:
            taken = _found[game_class.name].game
        if taken is not None and taken is not game_class:
            raise InvalidArgument(f"register: the name {game_class.name!r} is taken")
        _registered[game_class.name] = game_class
    return game_class


def rediscover() -> None:
    """Look for plugins again (after installing one in a running process, or in tests)."""
    global _found
    with _lock:
        _found = None
    _plugins()


def _plugins() -> dict[str, Found]:
    global _found, _broken
    with _lock:
        if _found is None:
            found, broken = discover()
            for name in [name for name in found if name in _registered]:
                if found[name].game is not _registered[name]:
                    plugin = found.pop(name).plugin
                    broken.append(Broken(plugin, "duplicate: the name is registered in Python"))
            for failed in broken:
                log.warning(
                    "tavola: the game plugin %r (%s) is left out: %s",
                    failed.plugin.name,
                    failed.plugin.describe(),
                    failed.reason,
                )
            _found, _broken = found, broken
        return _found


def game_classes() -> dict[str, type[Game]]:
    """Every game, by name, sorted: the plugins' and those registered in Python."""
    games = {name: found.game for name, found in _plugins().items()}
    return dict(sorted({**games, **_registered}.items()))


def game_sources() -> dict[str, Plugin | None]:
    """Where each game comes from, by name (``None``: registered in Python)."""
    plugins = _plugins()
    return {name: plugins[name].plugin if name in plugins else None for name in game_classes()}


def broken_plugins() -> list[Broken]:
    """The plugins that gave no usable game, each with the reason."""
    _plugins()
    return list(_broken)


def load(name: str, /, **options: Any) -> Game:
    """The game ``name`` (any case) with validated options.

    >>> load("Campanile", players=3).options["players"]
    3
    """
    if not isinstance(name, str):
        raise ArgumentTypeError(f"load: name must be a str (a game's name), not {type_name(name)}")
    games = game_classes()
    key = name.strip().lower()
    if key not in games:
        for failed in broken_plugins():
            if failed.plugin.name == key:
                raise UnknownGame(f"the game {key!r} is installed but broken: {failed.reason}")
        raise UnknownGame(f"unknown game {shown(name)}; available: {', '.join(games)}")
    return games[key](**options)


RECORD_KEYS = ("format", "game", "options", "seed", "actions")
METADATA_KEYS = ("seats", "names")  # optional; replay checks their form and ignores them


def replay(record: dict[str, Any]) -> State:
    """Rebuild the state a record describes; ``ReplayError`` says at which step it fails.

    A record is a JSON object with exactly the keys ``format`` (``"tavola-record/1"``),
    ``game`` (a name), ``options`` (an object, ``{}`` for the defaults), ``seed`` (an
    integer from 0 to 2**64 - 1) and ``actions`` (a list of notations), and optionally
    ``seats`` and ``names`` (a text per seat). Anything else fails at step 0 (setup).
    """
    state = _set_up(record)
    for step, action in enumerate(record["actions"], start=1):
        if not isinstance(action, str):
            raise ReplayError(step, f"{shown(action)} is not an action notation")
        try:
            state.apply(action)
        except TavolaError as error:
            raise ReplayError(step, f"{shown(action)}: {error}") from error
    return state


def _set_up(record: object) -> State:
    """The state a record starts from, once every key of the record has been checked."""
    if not isinstance(record, dict):
        raise ReplayError(0, f"a record is a JSON object, not {type_name(record)}")
    unknown = [key for key in record if key not in (*RECORD_KEYS, *METADATA_KEYS)]
    if unknown:
        raise ReplayError(
            0,
            f"unknown key {shown(unknown[0])}; a record has {', '.join(RECORD_KEYS)} "
            f"and optionally {', '.join(METADATA_KEYS)}",
        )
    missing = [key for key in RECORD_KEYS if key not in record]
    if missing:
        raise ReplayError(0, f"the record has no {missing[0]!r}")
    fmt = record["format"]
    if fmt != RECORD_FORMAT:
        raise ReplayError(0, f"unknown record format {shown(fmt)} (expected {RECORD_FORMAT!r})")
    kinds = {"game": str, "options": dict, "actions": list}
    for key, kind in kinds.items():
        if not isinstance(record[key], kind):
            noun = {str: "a text", dict: "an object", list: "a list"}[kind]
            raise ReplayError(0, f"{key!r} must be {noun}, not {_json_kind(record[key])}")
    seed = record["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ReplayError(0, f"'seed' must be an integer, not {_json_kind(seed)}")
    try:
        state = load(record["game"], **record["options"]).new_game(seed)
        for key in METADATA_KEYS:
            if key in record:
                check_metadata("replay", key, record[key], state.game.num_players)
    except TavolaError as error:
        raise ReplayError(0, str(error)) from error
    return state


def _json_kind(value: object) -> str:
    """What a JSON value is, in words."""
    if value is None:
        return "null"
    kinds = {bool: "a boolean", int: "a number", float: "a number", str: "a text"}
    kinds |= {list: "a list", dict: "an object"}
    return kinds.get(type(value), type_name(value))
