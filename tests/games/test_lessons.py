"""Every lesson of every game plays to its end by its expected actions, and refuses a wrong
move with its step's hint, in every language."""

from __future__ import annotations

import pytest

from tavola.core.game import Game
from tavola.core.i18n import LANGUAGES, language
from tavola.core.lessons import Lesson, LessonError, Step
from tavola.core.registry import game_classes
from tavola.testing.checks import check_lesson

LESSONS = [
    pytest.param(cls, lesson, id=f"{name}/{lesson.id}")
    for name, cls in game_classes().items()
    for lesson in cls.lessons()
]


def test_every_game_has_a_lesson() -> None:
    for name in ("campanile", "clocktowers", "carcassonne"):
        assert game_classes()[name].lessons(), name


@pytest.mark.parametrize(("cls", "lesson"), LESSONS)
def test_a_lesson_plays_to_its_end(cls: type[Game], lesson: Lesson) -> None:
    assert 5 <= len(lesson.steps) <= 12  # 5 to 10 minutes, each step one thing
    plan = lesson.plan(cls)
    assert list(plan.at) == sorted(plan.at)
    check_lesson(cls, lesson)  # the conformance kit's check: expected moves, hints


@pytest.mark.parametrize(("cls", "lesson"), LESSONS)
def test_a_lessons_texts_are_translated(cls: type[Game], lesson: Lesson) -> None:
    english = [str(step.text) for step in lesson.steps]
    for lang in LANGUAGES:
        with language(lang):
            shown = [str(lesson.title), *(str(step.text) for step in lesson.steps)]
            assert all(shown)
            if lang != "en":
                assert [str(step.text) for step in lesson.steps] != english, lang


def test_a_lesson_that_does_not_play_is_refused() -> None:
    cls = game_classes()["campanile"]
    lesson = Lesson("broken", "Broken", (Step("Build", "build blue 9", "no"),), {"players": 2})
    with pytest.raises(LessonError, match="step 1"):
        lesson.plan(cls)
    lesson = Lesson("long", "Long", (Step("Read"),), {"players": 2}, script=("pass",))
    with pytest.raises(LessonError, match="nobody plays"):
        lesson.plan(cls)
    lesson = Lesson("other", "Other", (Step("x", "build blue 1", "h"),), {"players": 2}, seat=1)
    with pytest.raises(LessonError, match="step 1 expects a move of another seat"):
        lesson.plan(cls)
