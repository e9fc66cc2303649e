"""Where records are saved, and reading them back."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from tavola.core.errors import TavolaError


class RecordFileError(TavolaError):
    """A record file that cannot be read."""


def records_dir() -> Path:
    """``$XDG_DATA_HOME/tavola/records`` (``~/.local/share/tavola/records`` by default)."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "tavola" / "records"


def default_record_path(game: str, seed: int) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return records_dir() / f"{game}-{stamp}-seed{seed}.json"


def save_record(record: dict[str, Any], path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record, indent=1) + "\n")
    return path


def load_record(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text())
    except OSError as error:
        raise RecordFileError(f"cannot read {path}: {error.strerror}") from error
    except json.JSONDecodeError as error:
        raise RecordFileError(f"{path} is not JSON: {error}") from error
    if not isinstance(data, dict):
        raise RecordFileError(f"{path}: a record is a JSON object")
    return data
