"""A bot of one's own playing a server's matches through the bot API (docs/server.md).

Two kinds, named in ``tavola tournament --bots`` beside the server's own bots:

- ``py:MODULE:CLASS`` or ``py:PATH.py:CLASS``: a Python class, made with no argument,
  with tavola's bot method ``choose(seat) -> Decision``. Its seat is a ``RemoteSeat``:
  the seat's view and legal actions as the server sends them, and the game (its public
  options); a remote seat cannot be determinized (the client never holds the state), so a
  bot that searches plays on the server instead (one of its own specs).
- ``cmd:COMMAND``: a program speaking the bot API itself, run once a match as
  ``COMMAND WS_URL MATCH TOKEN`` (the example of docs/server.md is one).

>>> local_spec("py:mybots.greedy:Greedy"), local_spec("cmd:python mybot.py"), local_spec("random")
(True, True, False)
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import shlex
import subprocess
import sys
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from tavola.core.errors import TavolaError
from tavola.core.game import Game, State
from tavola.core.registry import load
from tavola.players.base import Bot, Seat

PYTHON, COMMAND = "py:", "cmd:"
MatchPlayer = Callable[[str, str, str], None]  # (ws base url, match, token): plays it to its end


def local_spec(spec: str) -> bool:
    """Whether ``spec`` names a bot of one's own (played here), not one of the server's."""
    return spec.startswith((PYTHON, COMMAND))


class RemoteSeat(Seat):
    """A seat of a server's match, as its socket's state shows it."""

    __slots__ = ("_game", "_legal", "_view")

    def __init__(self, game: Game, player: int, view: dict[str, Any], legal: list[str]) -> None:
        self._game = game
        self._view = view
        self._legal = [game.parse_action(notation) for notation in legal]
        self.player = player

    @property
    def game(self) -> Game:
        return self._game

    def view(self) -> dict[str, Any]:
        return self._view

    def legal_actions(self) -> list[int]:
        return list(self._legal)

    def information_key(self) -> Hashable:
        return json.dumps(self._view, sort_keys=True)

    def determinize(self, rng: Any) -> State:
        raise TavolaError(
            "a seat played through the server's API cannot be determinized (the client never "
            "holds the state): give the server's own bot spec to a bot that searches"
        )


def bot_class(target: str) -> type[Any]:
    """The class ``MODULE:CLASS`` or ``PATH.py:CLASS`` names."""
    where, _, name = target.rpartition(":")
    if not where or not name:
        raise TavolaError(f"{PYTHON}{target}: give MODULE:CLASS or PATH.py:CLASS")
    try:
        if where.endswith(".py"):
            found = importlib.util.spec_from_file_location(Path(where).stem, where)
            if found is None or found.loader is None:
                raise ImportError(f"no Python file {where}")
            module = importlib.util.module_from_spec(found)
            sys.modules[found.name] = module
            found.loader.exec_module(module)
        else:
            module = importlib.import_module(where)
        made: type[Any] = getattr(module, name)
    except (ImportError, AttributeError, OSError) as error:
        raise TavolaError(f"{PYTHON}{target}: {error}") from None
    return made


def match_player(spec: str) -> MatchPlayer:
    """What plays a match for the bot of one's own ``spec`` (``TavolaError`` if it is
    none)."""
    if spec.startswith(COMMAND):
        command = shlex.split(spec.removeprefix(COMMAND))
        if not command:
            raise TavolaError(f"{spec}: give the command that runs the bot")
        return lambda ws, match, token: _run_program(command, ws, match, token)
    bot: Bot = bot_class(spec.removeprefix(PYTHON))()
    return lambda ws, match, token: play_match(bot, ws, match, token)


def _run_program(command: list[str], ws: str, match: str, token: str) -> None:
    done = subprocess.run([*command, ws, match, token], check=False)
    if done.returncode != 0:
        raise TavolaError(f"{shlex.join(command)} ended with exit code {done.returncode}")


def play_match(bot: Bot, ws: str, match: str, token: str) -> None:
    """Play the seat of ``token`` with ``bot`` over the match's socket, to the end."""
    games: dict[str, Game] = {}
    with connect(f"{ws}/api/matches/{match}/ws?token={token}", max_size=2**24) as socket:
        for text in socket:
            message = json.loads(text)
            if message["type"] == "error":
                raise TavolaError(f"match {match}: {message.get('message', message)}")
            if message["type"] != "state":
                continue
            if message["is_over"]:
                return
            if message["legal"]:
                key = json.dumps(message["options"], sort_keys=True)
                game = games.get(key) or games.setdefault(
                    key, load(message["game"], **message["options"])
                )
                seat = RemoteSeat(game, message["seat"], message["view"], message["legal"])
                action = game.action_to_string(bot.choose(seat).action)
                socket.send(json.dumps({"type": "action", "seq": message["seq"], "action": action}))
