"""The uniformly random bot."""

from __future__ import annotations

import random

from tavola.players.base import Decision, Seat


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int | None = None) -> None:
        self.spec = "random"
        self._rng = random.Random(seed)

    def choose(self, seat: Seat) -> Decision:
        return Decision(self._rng.choice(seat.legal_actions()))
