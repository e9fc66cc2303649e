"""The heuristic bot: one ply of look-ahead scored by the game's own evaluation.

For every legal action it applies the action to a copy of a determinization and asks
``Game.evaluate`` (each game documents its evaluation in ``games/<name>/heuristic.py``)
how good the result looks for its seat; it plays the best, breaking ties with its
seeded generator. When what follows an action depends on hidden cards or tiles, each
action is scored on the same few determinizations and the scores averaged.
"""

from __future__ import annotations

import random

from tavola.players.base import Decision, Seat, format_spec, gettext


class HeuristicBot:
    """Plays the action with the best average evaluation over ``samples`` determinizations."""

    def __init__(self, seed: int | None = None, samples: int | None = None) -> None:
        if samples is not None and samples < 1:
            raise ValueError("samples must be at least 1")
        self.samples = 2 if samples is None else samples
        self.spec = format_spec("heuristic", {"samples": samples})
        self._rng = random.Random(seed)

    def choose(self, seat: Seat) -> Decision:
        legal = seat.legal_actions()
        player = seat.player
        evaluate = seat.game.evaluate
        totals = [0.0] * len(legal)
        for _ in range(self.samples):
            base = seat.determinize(self._rng)
            for index, action in enumerate(legal):
                state = base.clone()
                state.apply(action)
                totals[index] += evaluate(state, player)
        best = max(totals)
        ties = [action for action, total in zip(legal, totals, strict=True) if total >= best - 1e-9]
        action = ties[0] if len(ties) == 1 else self._rng.choice(ties)
        return Decision(
            action, gettext("projected {points}").format(points=f"{best / self.samples:+.1f}")
        )
