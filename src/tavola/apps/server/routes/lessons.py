"""``POST /api/learn/{game}/{lesson}``: a lesson's match, and what its page shows.

A lesson (``tavola.core.lessons``) is played as a real match: its options (the stacked
deck) and seed, a human seat each, unlisted. The learner's page plays the learner's seat
and sends the other seats' scripted moves with their tokens (the lesson's line), so the
server runs a lesson like any other match and knows nothing of it.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends

from tavola.apps.server.live import TableRules
from tavola.apps.server.rates import client_limit
from tavola.apps.server.request_language import lazy
from tavola.apps.server.routes.dependencies import Service
from tavola.apps.server.routes.errors import ApiError, answers
from tavola.core.game import Game
from tavola.core.lessons import Lesson
from tavola.core.registry import game_classes

router = APIRouter(prefix="/api")


def find_lesson(game: str, lesson_id: str) -> tuple[type[Game], Lesson] | None:
    """The game's class and its lesson ``lesson_id``, or ``None`` if there is none."""
    cls = game_classes().get(game)
    if cls is None:
        return None
    lesson = next((lesson for lesson in cls.lessons() if lesson.id == lesson_id), None)
    return None if lesson is None else (cls, lesson)


def lesson_page(cls: type[Game], lesson: Lesson) -> dict[str, Any]:
    """What the lesson's page needs, its texts in the request's language: the learner's
    seat, each step (its text, the notation expected or ``None``, its hint, the actions
    played before it is shown), the whole line of actions the other seats follow, and
    ``options``, the lesson's public options but the players (a real match's, once done)."""
    plan = lesson.plan(cls)
    public = cls(**lesson.options).public_options()
    steps = [
        {
            "text": str(step.text),
            "expect": step.expect,
            "hint": None if step.hint is None else str(step.hint),
            "at": at,
        }
        for step, at in zip(lesson.steps, plan.at, strict=True)
    ]
    return {
        "id": lesson.id,
        "title": str(lesson.title),
        "seat": lesson.seat,
        "steps": steps,
        "line": list(plan.line),
        "options": {name: value for name, value in public.items() if name != "players"},
    }


@router.post(
    "/learn/{game}/{lesson_id}",
    status_code=201,
    dependencies=[Depends(client_limit("matches"))],
    responses=answers(404, 429, 503),
)
async def start_lesson(game: str, lesson_id: str, service: Service) -> dict[str, Any]:
    """A new match of the lesson: as ``POST /api/matches`` answers, a token per seat."""
    found = find_lesson(game, lesson_id)
    if found is None:
        raise ApiError(
            404, "no_lesson", lazy("no lesson {lesson!r} of {game!r}", lesson=lesson_id, game=game)
        )
    cls, lesson = found
    players = cls(**lesson.options).num_players
    table = TableRules(hints=False)
    return await service.create(
        game, dict(lesson.options), ["human"] * players, None, lesson.seed, False, table
    )
