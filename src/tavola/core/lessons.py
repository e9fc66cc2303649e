"""Lessons: a guided first game, played by the engine on a stacked deck.

A lesson is data shipped in its game's package, one file ``lessons/<id>.json`` each::

    {
      "title": "Your first turns",
      "order": 1,
      "options": {"players": 3, "deck": ["blue", "..."]},
      "seed": 1,
      "seat": 0,
      "script": ["build brown 2", "influence brown", "take brown"],
      "steps": [
        {"text": "Welcome: ... (explains only: the player reads it and goes on)"},
        {"text": "Build: ...", "expect": "build blue 3", "hint": "Play ... because ..."}
      ]
    }

``options`` (a stacked deck or tile order among them) and ``seed`` make the match; the
learner plays ``seat``; the other seats play ``script`` in turn, whenever one of them is
to move. Each step is a text; a step with ``expect`` waits for the learner to play that
action (and refuses any other with its ``hint``), a step without one only explains. The
texts are English message ids, translated in the game's catalog (the one of its
``summary``) like every other text of the game: ``tools/messages.py`` extracts them.

``Lesson.plan`` plays the lesson through the engine: where each step is shown (the
actions played before it) and the whole line, learner's and script's actions in order,
so nothing about a rule is written twice. ``Game.lessons`` lists a game's lessons.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import TYPE_CHECKING, Any

from tavola.core.errors import TavolaError
from tavola.core.i18n import Catalog, Text

if TYPE_CHECKING:
    from tavola.core.game import Game, State

LESSON_ID = re.compile(r"[a-z][a-z0-9-]{0,39}")
"""What a lesson's id (its file's name) looks like: a word of the address ``/learn/<game>/<id>``."""


class LessonError(TavolaError):
    """A lesson's file is malformed, or its steps do not play on its game."""


@dataclass(frozen=True)
class Step:
    """One step: ``text`` says what to do and why; ``expect`` is the canonical notation the
    learner plays (``None``: the step explains only); ``hint`` answers any other move."""

    text: Text
    expect: str | None = None
    hint: Text | None = None

    def accepts(self, state: State, action: int) -> bool:
        """Whether ``action``, played in ``state``, is what the step asks for."""
        return self.expect is not None and state.game.action_to_string(action) == self.expect


@dataclass(frozen=True)
class Plan:
    """A lesson played through: ``at[i]`` is the number of actions played when step ``i``
    is shown, ``line`` every action of the lesson in order (canonical notations)."""

    at: tuple[int, ...]
    line: tuple[str, ...]


@dataclass(frozen=True)
class Lesson:
    """A lesson of a game (see the module): its steps on a real game."""

    id: str
    title: Text
    steps: tuple[Step, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int = 1
    seat: int = 0
    script: tuple[str, ...] = ()
    order: int = 0

    def new_game(self, game_class: type[Game]) -> State:
        """The lesson's game as it starts: its options, its seed."""
        return game_class(**self.options).new_game(self.seed)

    def plan(self, game_class: type[Game]) -> Plan:
        """Play the lesson: the learner's expected actions, the script's in between.

        Before each step the other seats play from the script until the learner is to move
        (or the game is over); after the last step they play what is left of the script
        while the learner is not to move. ``LessonError`` if the lesson does not play.
        """
        state = self.new_game(game_class)
        script = iter(self.script)
        at = []
        for number, step in enumerate(self.steps, 1):
            self._others(state, script)
            at.append(len(state.history))
            if step.expect is None:
                continue
            if state.current_player != self.seat:
                raise LessonError(f"lesson {self.id}: step {number} expects a move of another seat")
            try:
                expected = state.read_action(step.expect)
                state.apply(expected)
            except TavolaError as error:
                raise LessonError(f"lesson {self.id}: step {number}: {error}") from error
            if state.game.action_to_string(expected) != step.expect:
                raise LessonError(
                    f"lesson {self.id}: step {number}: write {step.expect!r} canonically"
                )
        self._others(state, script)
        if next(script, None) is not None:
            raise LessonError(f"lesson {self.id}: the script has moves nobody plays")
        return Plan(tuple(at), tuple(state.game.action_to_string(a) for a in state.history))

    def _others(self, state: State, script: Iterator[str]) -> None:
        """The other seats' scripted moves until the learner is to move."""
        while not state.is_over and state.current_player != self.seat:
            move = next(script, None)
            if move is None:
                return
            state.apply(move)

    def scripted(self, game_class: type[Game], played: int) -> str | None:
        """The line's action after ``played`` actions (``None`` past its end)."""
        line = self.plan(game_class).line
        return line[played] if played < len(line) else None


def lesson_texts(data: Mapping[str, Any]) -> Iterator[str]:
    """The texts of a lesson's file to translate: its title, each step's text and hint.

    >>> list(lesson_texts({"title": "T", "steps": [{"text": "a", "hint": "b"}, {"text": "c"}]}))
    ['T', 'a', 'b', 'c']
    """
    yield data["title"]
    for step in data["steps"]:
        yield step["text"]
        if "hint" in step:
            yield step["hint"]


@functools.cache
def read_lessons(package: str, catalog: Catalog | None) -> tuple[Lesson, ...]:
    """The lessons shipped as ``lessons/*.json`` in ``package``, in their order, texts
    translated in ``catalog`` (``None``: shown as written).

    >>> read_lessons("tavola.core", None)  # a package without lessons
    ()
    """
    try:
        folder = resources.files(package) / "lessons"
        files = [f for f in folder.iterdir() if f.name.endswith(".json")]
    except (ModuleNotFoundError, FileNotFoundError, NotADirectoryError):
        return ()
    lessons = [
        _lesson(f.name[: -len(".json")], json.loads(f.read_text("utf-8")), catalog) for f in files
    ]
    return tuple(sorted(lessons, key=lambda lesson: (lesson.order, lesson.id)))


def _lesson(lesson_id: str, data: Mapping[str, Any], catalog: Catalog | None) -> Lesson:
    if not LESSON_ID.fullmatch(lesson_id):
        raise LessonError(f"lesson file {lesson_id!r}: a lesson's id is a lowercase word")

    def text(msgid: str) -> Text:
        return msgid if catalog is None else catalog.lazy(msgid)

    try:
        steps = tuple(
            Step(
                text(step["text"]),
                step.get("expect"),
                text(step["hint"]) if "hint" in step else None,
            )
            for step in data["steps"]
        )
        return Lesson(
            lesson_id,
            text(data["title"]),
            steps,
            dict(data.get("options", {})),
            int(data.get("seed", 1)),
            int(data.get("seat", 0)),
            tuple(data.get("script", ())),
            int(data.get("order", 0)),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise LessonError(f"lesson {lesson_id}: {type(error).__name__}: {error}") from error
