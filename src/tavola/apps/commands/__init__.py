"""The ``tavola`` commands, a module per kind: ``games``, ``terminal_game`` (play, resume),
``bot_games`` (simulate, tournament, bench), ``replay``, ``server`` (serve, db upgrade),
and the arguments they share (``arguments``). ``tavola.apps.cli`` names them and gives
their help; ``review`` and ``report`` are packages of their own.
"""
