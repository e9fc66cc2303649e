"""Games plug in by name; every app works through this registry and the protocol."""

from __future__ import annotations

from typing import Any

from tavola.core.checks import check_metadata, shown, type_name
from tavola.core.errors import ArgumentTypeError, ReplayError, TavolaError, UnknownGame
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


def _load_builtin_games() -> None:
    # Imported for their registration side effect, lazily to keep `core` free of games.
    import tavola.games  # noqa: F401
