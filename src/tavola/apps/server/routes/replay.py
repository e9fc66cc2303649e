"""The replay viewer's API: a record's steps, and the picture of any step.

Stateless, so any server process can answer: the client sends the record (a finished
match's ``GET /api/matches/{id}/record``, or a record file the player chose) with every
request. A record is checked with ``tavola.replay`` first; one that does not replay is
answered ``422 {"error": "bad_record", "message": ...}``.

- ``POST /api/replay`` (body: the record) -> the game, its options, and every step: the
  seat that acted, the public notation, the events it caused and the scores after it
  (step 0: the setup).
- ``POST /api/replay/svg?step=K`` (body: the record; ``&name=Ada&name=...``, one a seat,
  optional) -> ``{"step", "svg"}``: the spectator's picture after ``K`` actions, its seats
  named as the match's table names them.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from tavola.apps.server.live import event_json
from tavola.apps.server.request_language import lazy
from tavola.apps.server.routes.bodies import Record
from tavola.apps.server.routes.errors import ApiError, answers
from tavola.core.errors import ReplayError
from tavola.core.game import State
from tavola.core.registry import replay as replay_record
from tavola.core.svg import at_table

router = APIRouter(prefix="/api/replay", tags=["replay"])


def checked(record: dict[str, Any]) -> State:
    """The final state of ``record``, or 422 ``bad_record`` if it does not replay: the
    sentence in the request's language, the engine's reason as it gives it."""
    try:
        return replay_record(record)
    except ReplayError as error:
        message = (
            lazy("the record does not replay at its setup: {reason}", reason=error.reason)
            if error.step == 0
            else lazy(
                "the record does not replay at action {step}: {reason}",
                step=error.step,
                reason=error.reason,
            )
        )
        raise ApiError(422, "bad_record", message, step=error.step) from None
    except (TypeError, ValueError) as error:
        raise ApiError(422, "bad_record", lazy("not a record: {error}", error=str(error))) from None


def seat_names(
    record: dict[str, Any], name: list[str] | None, players: int
) -> list[str | None] | None:
    """The seats' names a client gives (``name``, once a seat, empty for none), else the
    record's; ``None`` for a seat without one, and ``None`` where there are none to use."""
    given = record.get("names") if name is None else [text or None for text in name]
    if not isinstance(given, list) or len(given) != players:
        return None
    return [text if isinstance(text, str) and text else None for text in given]


def _start(final: State) -> State:
    return final.game.new_game(final.seed)


@router.post("", responses=answers(400, 413))
def replay_steps(record: Record) -> dict[str, Any]:
    """Every step of a record, for the replay viewer's log, slider and chart."""
    final = checked(record)
    game = final.game
    state = _start(final)
    steps: list[dict[str, Any]] = [
        {
            "step": 0,
            "seat": None,
            "action": None,
            "events": [],
            "scores": list(state.scores),
            "current_player": state.current_player,
        }
    ]
    for step, action in enumerate(final.history, start=1):
        seat = state.current_player
        events = state.apply(action)
        steps.append(
            {
                "step": step,
                "seat": seat,
                "action": game.public_notation(action),
                "events": [event_json(event) for event in events],
                "scores": list(state.scores),
                "current_player": state.current_player,
            }
        )
    return {
        "game": game.name,
        "title": game.title,
        "options": game.public_options(),
        "players": game.num_players,
        "steps": steps,
        "winners": list(final.winners),
        "is_over": final.is_over,
    }


@router.post("/svg", responses=answers(400, 413))
def replay_svg(
    record: Record,
    step: Annotated[int, Query(ge=0)] = 0,
    name: Annotated[list[str] | None, Query(max_length=200)] = None,
) -> dict[str, Any]:
    """The spectator's picture after ``step`` actions of the record; ``name`` (once a seat,
    empty for none) names the seats as the match's table does, else the record's names."""
    final = checked(record)
    if step > len(final.history):
        raise ApiError(
            422, "bad_step", lazy("the record has {steps} steps", steps=len(final.history))
        )
    state = _start(final)
    for action in final.history[:step]:
        state.apply(action)
    names = seat_names(record, name, state.game.num_players)
    view = state.view(None)
    if names is not None:
        view = at_table(view, names)
    return {"step": step, "svg": state.game.svg(view, ())}
