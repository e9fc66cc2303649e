"""Bots and the machinery to play them against each other."""

from tavola.players.base import Bot, Decision, Seat
from tavola.players.match import bot_seed, game_seeds, play_match
from tavola.players.specs import BOTS, BotSpecError, make_bot

__all__ = [
    "BOTS",
    "Bot",
    "BotSpecError",
    "Decision",
    "Seat",
    "bot_seed",
    "game_seeds",
    "make_bot",
    "play_match",
]
