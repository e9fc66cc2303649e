"""Observations and action masks as NumPy arrays, written straight from a tavola state.

What both adapters use, and what a learner on the raw engine can use too. The game writes
the numbers that are not zero into a zeroed ``float32`` array, reading its state directly
(``Game.encode_state_into``) or a view (``Game.encode_view_into``): no view, no Python list
in between. The values are those of ``Game.encode_view``, the engine's pure-Python encoding.

>>> import tavola
>>> game = tavola.load("carcassonne", players=2)
>>> observations = Observations(game)
>>> state = game.new_game(seed=1)
>>> tensor = observations.of_state(state, 0)
>>> tensor.dtype, tensor.shape == game.observation_shape
(dtype('float32'), True)
>>> tensor.tolist() == game.encode_view(state.view(0))
True
>>> mask = observations.mask(state.legal_actions())
>>> mask.dtype, int(mask.sum()) == len(state.legal_actions())
(dtype('int8'), True)

Each call returns a new array, unless ``out`` is given: an array of the right shape and
dtype to overwrite (for a learner that keeps one buffer per environment).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any, cast

import numpy as np

from tavola.core.game import Game, State, Tensor

Array = np.ndarray[Any, Any]


def writable(array: Array) -> Tensor:
    """A contiguous array as a memoryview: assigning one number at a time through it is
    several times quicker than through NumPy's indexing."""
    return cast(Tensor, array.data)


class Observations:
    """A game's observations (``float32``, ``observation_shape``) and masks (``int8``)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.shape = tuple(game.observation_shape)
        self.size = math.prod(self.shape)
        self.num_actions = game.num_distinct_actions
        self._flat = len(self.shape) == 1

    def of_state(self, state: State, player: int | None, out: Array | None = None) -> Array:
        """``player``'s observation of ``state`` (``None``: a spectator's)."""
        flat = np.zeros(self.size, np.float32) if out is None else self._zeroed(out)
        self.game.encode_state_into(state, player, writable(flat))
        if out is not None:
            return out
        return flat if self._flat else flat.reshape(self.shape)

    def of_view(self, view: dict[str, Any], out: Array | None = None) -> Array:
        """The observation of a view (as ``state.view(seat)`` makes them)."""
        flat = np.zeros(self.size, np.float32) if out is None else self._zeroed(out)
        self.game.encode_view_into(view, writable(flat))
        if out is not None:
            return out
        return flat if self._flat else flat.reshape(self.shape)

    def mask(self, legal: Iterable[int], out: Array | None = None) -> Array:
        """Zeros over the action space, with ones at the ``legal`` action ids."""
        if out is None:
            mask = np.zeros(self.num_actions, np.int8)
        else:
            if out.shape != (self.num_actions,) or out.dtype != np.int8:
                raise ValueError(f"out must be an int8 array of shape ({self.num_actions},)")
            mask = out
            mask.fill(0)
        ones = mask.data  # item by item: quicker than NumPy's indexing for a few ids
        for action in legal:
            ones[action] = 1
        return mask

    def _zeroed(self, out: Array) -> Array:
        if out.shape != self.shape or out.dtype != np.float32 or not out.flags.c_contiguous:
            raise ValueError(f"out must be a contiguous float32 array of shape {self.shape}")
        flat = out.reshape(self.size)  # the same memory: out is contiguous
        flat.fill(0.0)
        return flat
