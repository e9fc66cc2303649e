"""One played game as the report needs it: scores, length, branching and points by source.

The tournament runner returns each game's record; ``summarize`` replays it once to read
what the record does not say directly: the events (for the sources of points), the
number of legal actions at each decision (branching) and the turns.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any

from tavola.apps.report.sources import points_by_source
from tavola.core.events import Event
from tavola.core.registry import load
from tavola.players.tournament import GameResult, GameTask

ROW_FORMAT = "tavola-report-game/1"


def task_key(task: GameTask) -> str:
    """What makes a game the same game: game, options, bots by seat, deal and place."""
    options = json.dumps(task.options, sort_keys=True)
    return f"{task.game}|{options}|{'/'.join(task.specs)}|{task.seed}|{task.index}"


@dataclass
class GameRow:
    """One finished game of a report's run (``part``: "equal" or "skill:<weaker spec>")."""

    key: str
    option_set: int
    part: str
    index: int
    seed: int
    specs: list[str]  # the bot at each seat
    seats: list[int]  # the contestant at each seat (0: the reference or stronger bot)
    scores: list[int]
    winners: list[int]
    first: int  # the seat that played first
    actions: int
    turns: int  # runs of consecutive actions by one seat
    branching: list[int]  # legal actions at each decision, in order
    sources: dict[str, list[int]]  # points of each source per seat
    record: dict[str, Any]

    @property
    def players(self) -> int:
        return len(self.scores)

    @property
    def margin(self) -> int:
        """The top score less the next one (0 when the top is shared or tie-broken)."""
        ordered = sorted(self.scores, reverse=True)
        return ordered[0] - ordered[1] if len(ordered) > 1 else 0

    def position(self, seat: int) -> int:
        """A seat's place in the turn order: 0 for the first player."""
        return (seat - self.first) % self.players

    def to_json(self) -> dict[str, Any]:
        return {"format": ROW_FORMAT, **asdict(self)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameRow:
        fields = {key: value for key, value in data.items() if key != "format"}
        return cls(**fields)


def summarize(task: GameTask, result: GameResult, option_set: int, part: str) -> GameRow:
    """Replay a finished game's record and read everything the report needs from it."""
    record = result.record
    game = load(task.game, **record["options"])
    state = game.new_game(record["seed"])
    first = state.current_player
    events: list[Event] = []
    branching: list[int] = []
    turns = 0
    last: int | None = None
    for action in record["actions"]:
        player = state.current_player
        if player != last:
            turns += 1
            last = player
        branching.append(len(state.legal_actions()))
        events += state.apply(action)
    return GameRow(
        key=task_key(task),
        option_set=option_set,
        part=part,
        index=task.index,
        seed=task.seed,
        specs=list(task.specs),
        seats=list(task.seats),
        scores=list(result.scores),
        winners=list(result.winners),
        first=first if first is not None else 0,
        actions=len(record["actions"]),
        turns=turns,
        branching=branching,
        sources=points_by_source(task.game, task.options, events, result.scores),
        record=record,
    )
