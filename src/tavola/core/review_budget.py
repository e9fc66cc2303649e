"""How hard a review looks at each decision: a game's ``Game.review_budget``.

The review (``tavola.apps.review``) judges a move by rolling out every kept move on
``samples`` deals drawn from the deciding seat's view; this is what it costs. Each game
sets its own in its package (chosen with ``benchmarks/review.py``, see ``docs/review.md``);
a game without one reviews with the defaults.

>>> Budget(samples=64, depth=10, scale=3.0).width
8
>>> Budget(samples=1)
Traceback (most recent call last):
...
ValueError: samples must be at least 2 (a standard error needs two)
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Budget:
    """The rollout bot, samples, cutoff and width of a review (the bot's spec is checked
    where the bots are, when the review starts)."""

    bot: str = "heuristic"  # the spec that plays every seat after the move
    samples: int = 24  # determinizations, each giving one rollout per kept move
    depth: int = 0  # rollout actions before the evaluation judges (0: to the end)
    scale: float = 5.0  # evaluation lead worth a 73% win chance, at a cutoff
    width: int = 8  # moves rolled out (the best by one ply), besides the move played

    def __post_init__(self) -> None:
        if self.samples < 2:
            raise ValueError("samples must be at least 2 (a standard error needs two)")
        if self.depth < 0:
            raise ValueError("depth must not be negative")
        if not self.scale > 0:
            raise ValueError("scale must be positive")
        if self.width < 1:
            raise ValueError("width must be at least 1")
