"""Playing whole games between bots."""

from __future__ import annotations

import random
from collections.abc import Sequence

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


def play_match(game: Game, specs: Sequence[str], seed: int) -> State:
    """One game to the end; bot ``i`` sits at seat ``i`` and is seeded from ``seed``."""
    if len(specs) != game.num_players:
        raise ValueError(f"{len(specs)} bots for {game.num_players} seats")
    bots = [make_bot(spec, seed=bot_seed(seed, seat)) for seat, spec in enumerate(specs)]
    state = game.new_game(seed)
    while (player := state.current_player) is not None:
        state.apply(bots[player].choose(Seat(state, player)).action)
    return state
