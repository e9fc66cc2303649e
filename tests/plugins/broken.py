"""Plugins that go wrong, for the registry's tests (each named by a test's entry point)."""

from __future__ import annotations

from tavola.games.clocktowers.game import ClockTowers


class NotAGame:
    """A class, but no ``Game``."""


class Misnamed(ClockTowers):
    """A whole game whose name is not its entry point's."""


class Twin(ClockTowers):
    """A second game claiming the name ``clocktowers``."""
