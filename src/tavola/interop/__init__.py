"""Adapters to the research frameworks: PettingZoo and OpenSpiel.

Each adapter works through the core protocol only, so every registered game is
available through both, at every player count and option set, without code of its own:

- ``tavola.interop.pettingzoo.env(game, **options)``: a PettingZoo AEC environment
  (needs the ``rl`` extra: ``pip install 'tavola[rl]'``);
- ``tavola.interop.openspiel``: registers every game with ``pyspiel.register_game``
  as ``tavola_<name>`` (needs the ``openspiel`` extra).

``tavola.interop.common`` holds what both share (rewards, player counts) and imports
nothing outside the standard library; ``tavola.interop.observations`` writes observations
and action masks into NumPy arrays straight from a state (either extra brings NumPy).
See ``docs/research.md``.
"""
