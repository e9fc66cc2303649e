"""Bots and the machinery to play them against each other."""

from tavola.players.base import Bot, Decision, Seat
from tavola.players.match import Played, bot_seed, game_seeds, play_match, play_timed
from tavola.players.specs import BOTS, BotKind, BotSpecError, bot_name, make_bot, split_specs

__all__ = [
    "BOTS",
    "Bot",
    "BotKind",
    "BotSpecError",
    "Decision",
    "Played",
    "Seat",
    "bot_name",
    "bot_seed",
    "game_seeds",
    "make_bot",
    "play_match",
    "play_timed",
    "split_specs",
]
