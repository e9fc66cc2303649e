"""Helpers of the report's tests: the command, and hand-made games with known figures."""

from __future__ import annotations

from collections.abc import Sequence

from typer.testing import CliRunner

from tavola.apps.cli import app
from tavola.apps.report.rows import GameRow

runner = CliRunner()


def invoke(*args: str) -> tuple[int, str]:
    """Run ``tavola report ARGS``: the exit code and the output, its lines unwrapped."""
    result = runner.invoke(app, ["report", *args])
    return result.exit_code, " ".join(result.output.split())


def game(
    scores: Sequence[int],
    winners: Sequence[int] | None = None,
    sources: dict[str, list[int]] | None = None,
    *,
    first: int = 0,
    branching: Sequence[int] = (2, 2),
    seats: Sequence[int] | None = None,
    part: str = "equal",
    option_set: int = 0,
    index: int = 0,
    turns: int = 1,
) -> GameRow:
    """A finished game: by default won by the top scores, all points from one source."""
    if winners is None:
        best = max(scores)
        winners = [seat for seat, score in enumerate(scores) if score == best]
    return GameRow(
        key=f"{option_set}/{part}/{index}",
        option_set=option_set,
        part=part,
        index=index,
        seed=index,
        specs=["random"] * len(scores),
        seats=list(seats if seats is not None else range(len(scores))),
        scores=list(scores),
        winners=list(winners),
        first=first,
        actions=len(branching),
        turns=turns,
        branching=list(branching),
        sources=sources if sources is not None else {"Points": list(scores)},
        record={},
    )
