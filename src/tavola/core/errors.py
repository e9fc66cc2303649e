"""The errors tavola raises. Every one is a ``TavolaError`` and a ``ValueError``.

An error's message may be a translatable text (:mod:`tavola.core.i18n`): ``str(error)``
shows it in the language of the moment.
"""

from __future__ import annotations

from tavola.core.i18n import Text


class TavolaError(ValueError):
    """Base class of every error the engine raises on bad input."""


class UnknownGame(TavolaError):
    """No game is registered under that name."""


class InvalidOption(TavolaError):
    """An option is unknown, or its value is not valid for the game."""


class NotationError(TavolaError):
    """A text could not be read as an action of the game."""


class IllegalAction(TavolaError):
    """An action breaks a rule; the state it was applied to is unchanged.

    ``rule`` names the rule broken, ``reason`` says how this action breaks it; both read
    as text in the current language.
    """

    def __init__(self, rule: Text, reason: Text) -> None:
        super().__init__(rule, reason)

    @property
    def rule(self) -> str:
        return str(self.args[0])

    @property
    def reason(self) -> str:
        return str(self.args[1])

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})"


class InvalidArgument(TavolaError):
    """An argument of a public call is not one it takes (a seat that does not exist, an
    action's notation too long to be one); the state it was called on is unchanged."""


class ArgumentTypeError(InvalidArgument, TypeError):
    """An argument of the wrong type (``None``, a float, ``True`` for a seat...): both a
    ``TavolaError`` and a ``TypeError``."""


class ReplayError(TavolaError):
    """A record does not replay. ``step`` is the 1-based index of the failing action (0: setup)."""

    def __init__(self, step: int, reason: str) -> None:
        where = "setup" if step == 0 else f"action {step}"
        super().__init__(f"record does not replay at {where}: {reason}")
        self.step = step
        self.reason = reason
