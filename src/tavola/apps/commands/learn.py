"""``tavola learn``: a game's lessons in the terminal, the same as at ``/learn/<game>``.

Each step says what to do and why; a step that expects a move waits for it, and answers
any other with the step's hint; the other seats play the lesson's script
(``tavola.core.lessons``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from tavola.apps.commands.arguments import GameArg
from tavola.apps.input_errors import fail
from tavola.apps.terminal_display import board, show_events
from tavola.apps.terminal_language import _
from tavola.core.errors import TavolaError
from tavola.core.game import Game, State
from tavola.core.i18n import N_
from tavola.core.lessons import Lesson
from tavola.core.registry import game_classes

# No markup: the lessons' texts and the moves people type may hold brackets.
console = Console(highlight=False, markup=False)
QUIT = ("quit", "exit", "q")


class Stopped(Exception):
    """The learner typed quit, or the input ended."""


LessonArg = Annotated[
    str | None,
    typer.Argument(
        help=N_("The lesson's id (default: the first; all are listed)."), show_default=False
    ),
]


def learn_command(game: GameArg, lesson: LessonArg = None) -> None:
    cls = game_classes().get(game)
    if cls is None:
        fail(
            _("unknown game {game!r}; the games: {games}").format(
                game=game, games=", ".join(game_classes())
            )
        )
    lessons = cls.lessons()
    if not lessons:
        fail(_("{game} has no lesson yet").format(game=cls.title))
    chosen = next((each for each in lessons if each.id == (lesson or lessons[0].id)), None)
    if chosen is None:
        ids = ", ".join(each.id for each in lessons)
        fail(
            _("{game} has no lesson {lesson!r}; its lessons: {ids}").format(
                game=cls.title, lesson=lesson, ids=ids
            )
        )
    console.print(Text(_("Lessons of {game}:").format(game=cls.title), style="bold"))
    for each in lessons:
        mark = "→" if each is chosen else " "
        console.print(Text(f" {mark} {each.id}: {each.title}"))
    try:
        teach(cls, chosen, input)
    except Stopped:
        console.print(Text(_("Lesson stopped.")))
        return
    console.print(Text(_("Lesson finished. Well played!"), style="bold"))
    play = f"tavola play {game} --players 2 --seats human,heuristic"
    console.print(Text(_("Play a real match against an easy bot: {command}").format(command=play)))


def teach(cls: type[Game], lesson: Lesson, read: Callable[[str], str]) -> State:
    """Play ``lesson`` with the learner at ``read``'s prompt; the state at its end."""
    plan = lesson.plan(cls)
    state = lesson.new_game(cls)
    count = len(lesson.steps)
    console.print(Text(str(lesson.title), style="bold"))
    for number, (step, at) in enumerate(zip(lesson.steps, plan.at, strict=True), 1):
        _play_line(state, plan.line, at)
        if number == 1 or at != plan.at[number - 2]:  # the position is new: draw it
            board(
                console,
                state.game.render(state.view(lesson.seat)),
                _("Step {n} of {count}").format(n=number, count=count),
            )
        console.print(Text(str(step.text)))
        if step.expect is None:
            _ask(read, _("Press Enter to go on (or type quit): "))
            continue
        console.print(Text(_("Type: {notation}").format(notation=step.expect), style="dim"))
        while True:
            answer = _ask(read, _("Your move: "))
            try:
                action = state.read_action(answer)
            except TavolaError:
                action = None
            if action is not None and step.accepts(state, action):
                show_events(console, state.apply(action), {"turn"})
                break
            console.print(Text(str(step.hint or _("Not that one.")), style="yellow"))
    _play_line(state, plan.line, len(plan.line))
    return state


def _play_line(state: State, line: tuple[str, ...], until: int) -> None:
    """The other seats' scripted moves, up to ``until`` actions played, shown as they come."""
    while len(state.history) < until:
        notation = line[len(state.history)]
        console.print(
            Text(_("P{seat} plays {move}").format(seat=state.current_player, move=notation))
        )
        show_events(console, state.apply(notation), {"turn"})


def _ask(read: Callable[[str], str], prompt: str) -> str:
    try:
        answer = read(prompt).strip()
    except (EOFError, KeyboardInterrupt):
        raise Stopped from None
    if answer.lower() in QUIT:
        raise Stopped
    return answer
