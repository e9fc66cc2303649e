"""A game in the terminal: people type actions, bots play theirs."""

from __future__ import annotations

import json
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.columns import Columns
from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from tavola.core.checks import MAX_TEXT
from tavola.core.errors import TavolaError
from tavola.core.events import Event
from tavola.core.game import State
from tavola.core.i18n import N_
from tavola.players import Seat, bot_seed, make_bot
from tavola.players.base import Bot

from .records import (
    RecordFileError,
    default_record_path,
    free_path,
    is_record_of,
    records_dir,
    save_json,
)
from .terminal_display import scores_table, show_events
from .terminal_language import _, ngettext

HUMAN = "human"
HELP = N_(
    "Type an action in its notation (Tab completes it). A number picks\n"
    "from the list when the legal actions are listed with numbers; otherwise\n"
    "(too many to list, or the board numbers its places) it is the board's number."
)
# What a person may type instead of an action: the English word, or the word of their
# language (the help lists the latter), and what each does.
COMMANDS = {
    "rules": (N_("rules"), N_("the rules in a few lines")),
    "board": (N_("board"), N_("draw the whole board")),
    "actions": (N_("actions"), N_("list the legal actions")),
    "quit": (N_("quit"), N_("stop here; the game so far is saved")),
}
ALIASES = {"help": ("?", "h"), "quit": ("exit", "q")}


def help_text() -> str:
    """The play loop's help, in the current language."""
    width = max(len(_(word)) for word, _meaning in COMMANDS.values()) + 2
    lines = [f"  {_(word):<{width}}{_(meaning)}" for word, meaning in COMMANDS.values()]
    return "\n".join([_(HELP), *lines])


def command_of(answer: str) -> str | None:
    """The command a person typed (``"help"``, ``"rules"``...), in English or in the
    current language, or ``None`` if it is none."""
    word = answer.strip().lower()
    for command in ("help", *COMMANDS):
        if word in (command, _(command).lower(), *ALIASES.get(command, ())):
            return command
    return None


LISTED = 20  # more legal actions than this are counted, not listed, at each turn
FRAME = 2  # the rows of the frame around the board


class Quit(Exception):
    """The game stopped before its end: ``how`` is "quit", "end of input" or "interrupted"."""

    def __init__(self, how: str) -> None:
        super().__init__(how)
        self.how = how


def enable_completion(candidates: Callable[[], list[str]]) -> None:
    """Tab-complete the legal actions' notation, where the terminal has readline."""
    try:
        import readline
    except ImportError:  # not on every platform
        return

    def complete(text: str, index: int) -> str | None:
        line = readline.get_line_buffer().lstrip().lower()
        matches = [c for c in candidates() if c.startswith(line)]
        if index >= len(matches):
            return None
        return matches[index][len(line) - len(text) :]

    readline.set_completer_delims("")
    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")


class TerminalGame:
    """Runs one game between the seats (``human`` or a bot spec) to its end."""

    def __init__(
        self,
        state: State,
        seats: Sequence[str],
        console: Console,
        read: Callable[[str], str] = input,
        delay: float = 0.0,
        fit: bool | None = None,
        names: Sequence[str] | None = None,
    ) -> None:
        """``fit``: draw the board to fit the console's height (default: on a terminal);
        ``names``: what to call each seat (default: P0, P1, ...)."""
        self.game = state.game
        self.state = state
        self.console = console
        self.read = read
        self.delay = delay
        self.seats = list(seats)
        self.bots: dict[int, Bot] = {
            seat: make_bot(spec, seed=bot_seed(state.seed, seat))
            for seat, spec in enumerate(seats)
            if spec != HUMAN
        }
        humans = [seat for seat, spec in enumerate(seats) if spec == HUMAN]
        person = _("you") if len(humans) == 1 else _("human")
        self.names = [
            f"{names[seat]} (P{seat})"
            if names is not None
            else f"P{seat} ({person})"
            if spec == HUMAN
            else f"P{seat} ({spec})"
            for seat, spec in enumerate(seats)
        ]
        self.viewer = humans[0] if len(humans) == 1 else None
        # The board calls the one person at the table "you": events say who that is.
        self.labels = [f"P{seat}" for seat in range(len(seats))]
        if names is not None:
            self.labels = self.names[:]
        elif self.viewer is not None:
            self.labels[self.viewer] = f"P{self.viewer} ({_('you')})"
        self._frame_width = 0
        self.hot_seat = len(humans) > 1
        self._last_human: int | None = None
        self._legal: list[str] = []
        self._bot_line: list[str] = []
        self._bot_player = 0
        self.fit = console.is_terminal if fit is None else fit
        self.color = console.color_system is not None and not console.no_color
        self._printed = 0  # lines printed since the board was last drawn

    def run(self) -> State:
        """Play to the end; ``Quit`` if it stops early (the state keeps the moves so far)."""
        enable_completion(lambda: self._legal)
        state = self.state
        if self.viewer is None:
            self.show_board(None)
        events: list[Event] = []
        while (player := state.current_player) is not None:
            if player in self.bots:
                events = state.apply(self.bot_turn(player))
                if state.current_player != player or any(e.table for e in events):
                    self.flush_bot_line()
            else:
                events = state.apply(self.human_turn(player))
            if state.is_over:
                break  # the final scoring comes under the final board, with the result
            show_events(self.console, events, quiet_kinds={"reveal"}, labels=self.labels)
            self._printed += sum(_event_lines(event) for event in events)
        self.show_board(self.viewer, whole=True)
        show_events(self.console, events, quiet_kinds={"reveal"}, labels=self.labels)
        self.console.print(scores_table(self.names, state.scores, state.winners))
        return state

    def show_board(self, player: int | None, below: int = 0, whole: bool = False) -> None:
        """The board in a frame; on a terminal sized to leave the lines printed since the
        last one and ``below`` more lines (the prompt's) on screen, unless ``whole``."""
        title = (
            _("{game}: the view of {name}").format(game=self.game.title, name=self.names[player])
            if player is not None
            else _("{game}: the table").format(game=self.game.title)
        )
        height = None
        if self.fit and not whole:
            height = max(self.console.height - FRAME - below - min(self._printed, 4), 10)
        text = self.game.render(
            self.state.view(player),
            color=self.color,
            width=self.console.width - 4,
            height=height,
        )
        picture = Text.from_ansi(text) if self.color else Text(text)
        # The frame never narrows from one turn to the next, so the screen does not jump.
        needed = max(line.cell_len for line in picture.split()) + 4
        self._frame_width = min(max(self._frame_width, needed, len(title) + 6), self.console.width)
        self.console.print(Panel(picture, title=Text(title), width=self._frame_width))
        self._printed = 0

    def bot_turn(self, player: int) -> int:
        """A bot's action; its turn is shown on one line once the turn is over."""
        decision = self.bots[player].choose(Seat(self.state, player))
        move = self.game.public_notation(decision.action)
        self._bot_line.append(f"{move} ({decision.reason})" if decision.reason else move)
        self._bot_player = player
        if self.delay:
            time.sleep(self.delay)
        return decision.action

    def flush_bot_line(self) -> None:
        if self._bot_line:
            text = f"{self.names[self._bot_player]}: {' · '.join(self._bot_line)}"
            self.console.print(Text(text))
            self._printed += 1 + len(text) // max(self.console.width, 1)
            self._bot_line = []

    def human_turn(self, player: int) -> int:
        state = self.state
        if self.hot_seat and player != self._last_human:
            self.hand_over(player)
        legal = state.legal_actions()
        self._legal = [self.game.action_to_string(a) for a in legal]
        # Numbers pick from the list only when it is short and the board numbers nothing.
        numbered = len(legal) <= LISTED and not state.reads_numbers
        hint = state.input_hint()
        below = self.hint_height(hint) if hint else self.actions_height(numbered)
        self.show_board(player, below=1 + below)
        if hint:
            self.console.print(Text(hint))
        else:
            self.show_actions(numbered)
        while True:
            try:
                answer = self.read(f"{self.names[player]}> ").strip()
            except EOFError:
                raise Quit("end of input") from None
            command = command_of(answer)
            if command == "quit":
                raise Quit("quit")
            if len(answer) > MAX_TEXT:
                self.console.print(
                    _("That is {n} characters: no action is that long.").format(n=len(answer)),
                    style="yellow",
                )
            elif command == "help":
                self.console.print(Text(help_text()))
                if self.game.input_help:
                    self.console.print(Text(str(self.game.input_help)))
            elif command == "rules":
                self.console.print(Text(str(self.game.rules_summary)))
            elif command == "board":
                self.show_board(player, whole=True)
            elif command == "actions" or not answer:
                self.show_actions(numbered, every=command == "actions")
            elif answer.isdecimal() and numbered:
                index = int(answer) - 1
                if 0 <= index < len(legal):
                    return legal[index]
                self.console.print(
                    _("Choose a number from 1 to {n}.").format(n=len(legal)), style="yellow"
                )
            else:
                try:
                    action = state.read_action(answer)
                    if action not in legal:
                        state.clone().apply(action)  # raises IllegalAction naming the rule
                    if answer[:1].isdecimal():  # a number the board shows: say what it named
                        self.console.print(Text(f"  {self.game.action_to_string(action)}"))
                        self._printed += 1
                    return action
                except TavolaError as error:
                    self.console.print(Text(str(error), style="yellow"))
                    if not (answer.isdecimal() and state.reads_numbers):  # its answer says enough
                        self.console.print(
                            _("Type '{actions}' for the list, '{help}' for help.").format(
                                actions=_("actions"), help=_("help")
                            )
                        )

    def hand_over(self, player: int) -> None:
        """Between people at one screen: hide the last hand before showing the next."""
        self.flush_bot_line()
        self.console.clear()
        self._printed = 0
        try:
            self.read(
                _("{name}, your turn: press Enter when only you can see. ").format(
                    name=self.names[player]
                )
            )
        except EOFError:
            raise Quit("end of input") from None
        self._last_human = player

    def show_actions(self, numbered: bool, every: bool = False) -> None:
        """The legal actions, numbered if ``numbered``; if there are many, only their count
        (unless ``every``)."""
        if numbered:
            items = [Text(f"{i}. {notation}") for i, notation in enumerate(self._legal, start=1)]
            self.console.print(Columns(items, padding=(0, 3)))
        elif every or self.list_height(numbered) == 1:
            self.console.print(Columns([Text(n) for n in self._legal], padding=(0, 3)))
        else:
            count = len(self._legal)
            self.console.print(
                ngettext(
                    "{n} legal action: '{actions}' lists it; Tab completes a notation.",
                    "{n} legal actions: '{actions}' lists them; Tab completes a notation.",
                    count,
                ).format(n=count, actions=_("actions"))
            )

    def hint_height(self, hint: str) -> int:
        """About how many lines the input hint takes."""
        return 1 + len(hint) // max(self.console.width, 1)

    def actions_height(self, numbered: bool) -> int:
        """About how many lines ``show_actions`` takes (unnumbered: one, listed or counted)."""
        return self.list_height(numbered) if numbered else 1

    def list_height(self, numbered: bool) -> int:
        """About how many lines the list of every legal action takes."""
        labels = [f"{i}. {n}" if numbered else n for i, n in enumerate(self._legal, start=1)]
        across = max(1, (self.console.width + 3) // (max(map(len, labels), default=1) + 3))
        return -(-len(labels) // across)


def stopped_line(how: str, done: int) -> str:
    """The line saying that the game stopped early, ``how`` and after ``done`` actions."""
    if how == "quit":
        line = ngettext(
            "Game stopped (quit) after {n} action.", "Game stopped (quit) after {n} actions.", done
        )
    elif how == "end of input":
        line = ngettext(
            "Game stopped (end of input) after {n} action.",
            "Game stopped (end of input) after {n} actions.",
            done,
        )
    else:
        line = ngettext(
            "Game stopped (interrupted) after {n} action.",
            "Game stopped (interrupted) after {n} actions.",
            done,
        )
    return line.format(n=done)


def _event_lines(event: Event) -> int:
    """The lines ``show_events`` prints for an event (a table: its rows, title, rules)."""
    return 1 if event.table is None else len(event.table.rows) + 5


def play(
    state: State,
    seats: Sequence[str],
    console: Console,
    save: Path | None = None,
    delay: float = 0.0,
    read: Callable[[str], str] = input,
    fit: bool | None = None,
    names: Sequence[str] | None = None,
    force: bool = False,
) -> tuple[Path | None, str | None]:
    """Play a game on from ``state`` and save its record, also when it stops early.

    The record carries who sat where (``seats``) and ``names``, for ``tavola resume``. It
    replaces an existing file at ``save`` only if that is an earlier record of this game,
    or with ``force``; otherwise it goes to a free name beside it. Returns the record's
    path (``None`` if it could be saved nowhere: it is then printed) and how the game
    stopped early (``None`` if it was played to the end).
    """
    runner = TerminalGame(state, seats, console, read=read, delay=delay, fit=fit, names=names)
    stopped: str | None = None
    try:
        runner.run()
    except Quit as quit:
        stopped = quit.how
    except KeyboardInterrupt:
        stopped = "interrupted"
    record = state.record(seats=seats, names=names)
    target = save or default_record_path(state.game.name, state.seed)
    if target.exists() and not force and not is_record_of(target, record):
        target = free_path(target)  # another game's record appeared there meanwhile: keep it
    fallbacks = [records_dir() / target.name, Path(tempfile.gettempdir()) / target.name]
    path: Path | None = None
    try:
        path, problem = save_json(record, target, fallbacks)
    except RecordFileError as error:
        problem = str(error)
    if stopped:
        done = len(state.history)
        console.print("\n" + stopped_line(stopped, done))
    if problem:
        console.print(Text(problem, style="yellow"))
    if path is None:
        console.print(_("The record could be saved nowhere; here it is:"))
        console.print(Text(json.dumps(record)), soft_wrap=True)
    return path, stopped
