"""``tavola learn``: every lesson of every game played in the terminal by its expected
moves, each first answered wrongly and refused with the step's hint."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from tavola.apps.cli import app
from tavola.core.game import Game
from tavola.core.lessons import Lesson
from tavola.core.registry import game_classes

runner = CliRunner()
LESSONS = [
    pytest.param(name, cls, lesson, id=f"{name}/{lesson.id}")
    for name, cls in game_classes().items()
    for lesson in cls.lessons()
]


def words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize(("name", "cls", "lesson"), LESSONS)
def test_a_lesson_in_the_terminal(name: str, cls: type[Game], lesson: Lesson) -> None:
    answers = [
        "" if step.expect is None else f"no such move\n{step.expect}" for step in lesson.steps
    ]
    result = runner.invoke(app, ["learn", name, lesson.id], input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    out = words(result.output)
    for step in lesson.steps:
        assert words(str(step.text)) in out
        if step.hint is not None:
            assert words(str(step.hint)) in out
    assert "Lesson finished" in out
    assert f"tavola play {name}" in out


def test_the_lessons_are_listed_and_a_wrong_name_refused() -> None:
    result = runner.invoke(app, ["learn", "carcassonne"], input="quit\n")
    assert result.exit_code == 0
    assert "first-tiles" in result.output
    assert "river" in result.output
    assert "Lesson stopped" in result.output
    result = runner.invoke(app, ["learn", "--lang", "de", "campanile"], input="quit\n")
    assert "Willkommen bei Campanile" in words(result.output)
    assert runner.invoke(app, ["learn", "chess"]).exit_code == 2
    missing = runner.invoke(app, ["learn", "campanile", "nothing"])
    assert missing.exit_code == 2
    assert "first-game" in missing.output
    assert runner.invoke(app, ["learn", "dudo"]).exit_code == 2  # a game with no lesson
