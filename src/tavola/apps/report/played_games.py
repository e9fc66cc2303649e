"""Playing a report's games through the tournament runner, keeping every finished one.

Each finished game is summarized (``rows.summarize``) and appended at once to a
checkpoint file of JSON lines. A later run of the same report reads the checkpoint and
the raw results of an earlier complete run, and plays only the games it does not find
there (a game is identified by game, options, bots by seat, deal and index, so a run
with more games or another option set reuses the games both share).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TextIO

from tavola.apps.report.plan import Plan, PlannedTask
from tavola.apps.report.rows import ROW_FORMAT, GameRow, summarize, task_key
from tavola.players.tournament import GameResult, run


@dataclass
class Played:
    """A report's games: every planned one that finished, in plan order."""

    plan: Plan
    rows: list[GameRow]
    reused: int = 0
    interrupted: bool = False
    planned: int = 0

    @property
    def complete(self) -> bool:
        return not self.interrupted and len(self.rows) == self.planned

    def of(self, option_set: int, part: str) -> list[GameRow]:
        return [r for r in self.rows if r.option_set == option_set and r.part == part]


@dataclass
class Checkpoint:
    """Finished games as JSON lines, one per game, appended as they finish."""

    path: Path
    _file: TextIO | None = field(default=None, repr=False)

    def append(self, row: GameRow) -> None:
        if self._file is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._file = self.path.open("a", encoding="utf-8")
        self._file.write(json.dumps(row.to_json()) + "\n")
        self._file.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def remove(self) -> None:
        self.close()
        self.path.unlink(missing_ok=True)


def read_rows(paths: Iterable[Path]) -> dict[str, GameRow]:
    """Finished games found in checkpoints (JSON lines) and earlier raw results (JSON).

    Unreadable files and lines (a line cut short by an interruption) are skipped.
    """
    found: dict[str, GameRow] = {}
    for path in paths:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if path.suffix == ".json":
            try:
                items: list[Any] = json.loads(text).get("games", [])
            except (ValueError, AttributeError):
                continue
        else:
            items = []
            for line in text.splitlines():
                try:
                    items.append(json.loads(line))
                except ValueError:
                    continue
        for item in items:
            if isinstance(item, dict) and item.get("format") == ROW_FORMAT:
                try:
                    row = GameRow.from_json(item)
                except TypeError:
                    continue
                found[row.key] = row
    return found


def play(
    plan: Plan,
    workers: int,
    backend: str,
    checkpoint: Checkpoint,
    earlier: dict[str, GameRow],
    on_row: Callable[[GameRow], None] = lambda row: None,
) -> Played:
    """Play the plan's games not in ``earlier``; every finished one goes to the checkpoint."""
    planned = plan.tasks()
    rows: dict[str, GameRow] = {}
    todo: list[PlannedTask] = []
    for item in planned:
        key = task_key(item.task)
        old = earlier.get(key)
        if old is not None:
            # The same game: take it under this plan's set and part.
            rows[key] = replace(old, option_set=item.option_set, part=item.part)
        else:
            todo.append(item)
    reused = len(rows)

    def finished(result: GameResult) -> None:
        item = todo[result.index]
        row = summarize(item.task, result, item.option_set, item.part)
        rows[row.key] = row
        checkpoint.append(row)
        on_row(row)

    # The runner numbers games by their place in its list: renumber, map back by index.
    tasks = [replace(item.task, index=number) for number, item in enumerate(todo)]
    outcome = run(tasks, workers, backend, on_result=finished) if tasks else None
    checkpoint.close()
    ordered = [rows[key] for key in (task_key(item.task) for item in planned) if key in rows]
    interrupted = outcome is not None and outcome.interrupted
    return Played(plan, ordered, reused, interrupted, len(planned))
