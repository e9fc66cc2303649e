"""How a command ends on bad input: the error in words on stderr, exit code 2."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.text import Text

from tavola.core.errors import TavolaError
from tavola.core.game import State
from tavola.core.registry import replay

from .records import load_record
from .terminal_language import _

errors = Console(stderr=True, highlight=False, markup=False)


def fail(message: str) -> NoReturn:
    """Say ``message`` as an error and end the command (exit code 2)."""
    errors.print(
        Text(_("error: {message}").format(message=message), style="bold red"), soft_wrap=True
    )
    raise typer.Exit(2)


def read_record(record_file: Path) -> dict[str, Any]:
    """The record in ``record_file``, or the command ends saying why not."""
    try:
        return load_record(record_file)
    except TavolaError as error:
        fail(str(error))


def replay_record(record: dict[str, Any]) -> State:
    """The state ``record`` describes, or the command ends saying why it does not replay."""
    try:
        return replay(record)
    except TavolaError as error:
        fail(str(error))
