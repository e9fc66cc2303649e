"""Where records are saved, and reading them back: files checked before the work starts,
written whole (a temporary file, then a rename), read with a size limit."""

from __future__ import annotations

import json
import os
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from tavola.core.errors import TavolaError
from tavola.core.i18n import Joined, Text

from .terminal_language import lazy

MAX_FILE_BYTES = 16 * 2**20  # far beyond any record or tournament's results


class RecordFileError(TavolaError):
    """A record file that cannot be read, or a place where a file cannot be written."""


def data_dir() -> Path:
    """``$XDG_DATA_HOME/tavola`` (``~/.local/share/tavola`` by default): records, the server's
    database."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "tavola"


def records_dir() -> Path:
    """``$XDG_DATA_HOME/tavola/records`` (``~/.local/share/tavola/records`` by default)."""
    return data_dir() / "records"


def default_record_path(game: str, seed: int) -> Path:
    """A new file in the records folder (a suffix added if the name is taken)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return free_path(records_dir() / f"{game}-{stamp}-seed{seed}.json")


def free_path(path: Path) -> Path:
    """``path``, or the first of ``name-2.json``, ``name-3.json``... that does not exist."""
    candidate, number = path, 1
    while candidate.exists() or candidate.is_symlink():
        number += 1
        candidate = path.with_name(f"{path.stem}-{number}{path.suffix}")
    return candidate


def check_writable(
    path: Path, *, force: bool = False, mine: Callable[[Path], bool] | None = None
) -> Path:
    """Make sure a file can be written at ``path`` before any work is done.

    Refused: a directory; a folder that cannot be created or written to; an existing file,
    unless ``force`` or ``mine(path)`` says it is this work's own (a game's earlier save).
    """
    if path.is_dir():
        raise RecordFileError(lazy("{path} is a directory; give a file name", path=path))
    if path.exists() and not force and not (mine is not None and mine(path)):
        raise RecordFileError(
            lazy(
                "{path} already exists and is not this game's record; "
                "choose another file, or give --force to replace it",
                path=path,
            )
        )
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".tavola-check-"):
            pass
    except OSError as error:
        raise RecordFileError(
            lazy("cannot write to {folder}: {reason}", folder=folder, reason=_reason(error))
        ) from None
    return path


def write_file(path: Path, text: str) -> Path:
    """Write ``text`` to ``path`` whole or not at all: a temporary file, then a rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(temporary, 0o666 & ~mask)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path


def save_record(record: dict[str, Any], path: Path) -> Path:
    return write_file(path, json.dumps(record, indent=1) + "\n")


def save_json(
    data: dict[str, Any], path: Path, fallbacks: Sequence[Path] = ()
) -> tuple[Path, str | None]:
    """Save ``data`` to ``path``; if it cannot be written (any more), to the first of
    ``fallbacks`` that can (a free name in its folder).

    Returns where it went and, if not to ``path``, why; ``RecordFileError`` if nowhere.
    """
    text = json.dumps(data, indent=1) + "\n"
    problems: list[Text] = []
    for index, place in enumerate([path, *fallbacks]):
        try:
            return write_file(place if index == 0 else free_path(place), text), (
                str(problems[0]) if problems else None
            )
        except OSError as error:
            problems.append(
                lazy("cannot write {path}: {reason}", path=place, reason=_reason(error))
            )
    raise RecordFileError(Joined("; ", problems))


def is_record_of(path: Path, record: dict[str, Any]) -> bool:
    """Whether ``path`` holds an earlier record of the game ``record`` describes: the same
    game, options and seed, its actions the first of ``record``'s."""
    try:
        old = load_record(path)
    except RecordFileError:
        return False
    actions = old.get("actions")
    return (
        all(old.get(key) == record[key] for key in ("format", "game", "options", "seed"))
        and isinstance(actions, list)
        and record["actions"][: len(actions)] == actions
    )


def read_json(path: Path) -> Any:
    """A JSON file's value, read with a size limit; every problem as one line."""
    try:
        with path.open("rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise RecordFileError(
            lazy("cannot read {path}: {reason}", path=path, reason=_reason(error))
        ) from None
    if len(data) > MAX_FILE_BYTES:
        raise RecordFileError(
            lazy(
                "{path} is larger than {size} MB: not a record",
                path=path,
                size=MAX_FILE_BYTES // 2**20,
            )
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RecordFileError(
            lazy(
                "{path} is not UTF-8 text (byte {byte}): not a record", path=path, byte=error.start
            )
        ) from None
    try:
        return json.loads(text)
    except RecursionError:
        raise RecordFileError(
            lazy("{path} is not a record: its JSON is nested too deeply", path=path)
        ) from None
    except ValueError as error:  # JSONDecodeError, or an integer too long to read
        raise RecordFileError(lazy("{path} is not JSON: {error}", path=path, error=error)) from None


def load_record(path: Path) -> dict[str, Any]:
    data = read_json(path)
    if not isinstance(data, dict):
        raise RecordFileError(lazy("{path}: a record is a JSON object", path=path))
    return data


def _reason(error: OSError) -> str:
    return error.strerror or str(error)
