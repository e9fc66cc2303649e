"""Games plug in by name; every app works through this registry and the protocol."""

from __future__ import annotations

from typing import Any

from tavola.core.errors import ReplayError, TavolaError, UnknownGame
from tavola.core.game import RECORD_FORMAT, Game, State

_GAMES: dict[str, type[Game]] = {}


def register(game_class: type[Game]) -> type[Game]:
    """Class decorator: make a game available to ``load`` under its ``name``."""
    _GAMES[game_class.name] = game_class
    return game_class


def game_classes() -> dict[str, type[Game]]:
    """Every registered game, by name, sorted."""
    _load_builtin_games()
    return dict(sorted(_GAMES.items()))


def load(name: str, **options: Any) -> Game:
    """The game ``name`` with validated options.

    >>> load("campanile", players=3).options["players"]
    3
    """
    games = game_classes()
    if name not in games:
        raise UnknownGame(f"unknown game {name!r}; available: {', '.join(games)}")
    return games[name](**options)


def replay(record: dict[str, Any]) -> State:
    """Rebuild the state a record describes; ``ReplayError`` says at which step it fails."""
    if not isinstance(record, dict):
        raise ReplayError(0, "a record is a JSON object")
    fmt = record.get("format", RECORD_FORMAT)
    if fmt != RECORD_FORMAT:
        raise ReplayError(0, f"unknown record format {fmt!r} (expected {RECORD_FORMAT!r})")
    missing = [key for key in ("game", "seed", "actions") if key not in record]
    if missing:
        raise ReplayError(0, f"the record has no {missing[0]!r}")
    options = record.get("options") or {}
    seed, actions = record["seed"], record["actions"]
    if not isinstance(options, dict) or not isinstance(actions, list):
        raise ReplayError(0, "'options' must be an object and 'actions' a list")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ReplayError(0, "'seed' must be an integer")
    try:
        state = load(str(record["game"]), **options).new_game(seed)
    except TavolaError as error:
        raise ReplayError(0, str(error)) from error
    for step, action in enumerate(actions, start=1):
        if not isinstance(action, str):
            raise ReplayError(step, f"{action!r} is not an action notation")
        try:
            state.apply(action)
        except TavolaError as error:
            raise ReplayError(step, f"{action!r}: {error}") from error
    return state


def _load_builtin_games() -> None:
    # Imported for their registration side effect, lazily to keep `core` free of games.
    import tavola.games  # noqa: F401
