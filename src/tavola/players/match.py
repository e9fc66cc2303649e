"""Playing whole games between bots."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from tavola.core.checks import plural
from tavola.core.errors import InvalidArgument
from tavola.core.game import Game, State
from tavola.players.base import Seat
from tavola.players.specs import make_bot


def game_seeds(seed: int, count: int) -> list[int]:
    """``count`` game seeds derived from one seed (the same for any split of the work)."""
    rng = random.Random(seed)
    return [rng.randrange(2**32) for _ in range(count)]


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in the game dealt from ``game_seed``."""
    return game_seed * 31 + seat


@dataclass
class Played:
    """A finished game with how many decisions each seat made and the seconds they took."""

    state: State
    decisions: list[int]
    seconds: list[float]


def play_timed(game: Game, specs: Sequence[str], seed: int) -> Played:
    """One game to the end, timing every decision; bot ``i`` sits at seat ``i``."""
    if len(specs) != game.num_players:
        raise InvalidArgument(
            f"play_timed: {plural(len(specs), 'bot')} for {plural(game.num_players, 'seat')}"
        )
    bots = [make_bot(spec, seed=bot_seed(seed, seat)) for seat, spec in enumerate(specs)]
    decisions = [0] * len(bots)
    seconds = [0.0] * len(bots)
    state = game.new_game(seed)
    clock = time.perf_counter
    while (player := state.current_player) is not None:
        start = clock()
        action = bots[player].choose(Seat(state, player)).action
        seconds[player] += clock() - start
        decisions[player] += 1
        state.apply(action)
    return Played(state, decisions, seconds)


def play_match(game: Game, specs: Sequence[str], seed: int) -> State:
    """One game to the end; bot ``i`` sits at seat ``i`` and is seeded from ``seed``."""
    return play_timed(game, specs, seed).state
