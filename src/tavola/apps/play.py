"""A game in the terminal: people type actions, bots play theirs."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.columns import Columns
from rich.console import Console
from rich.text import Text

from tavola.core.errors import TavolaError
from tavola.core.game import State
from tavola.players import Seat, bot_seed, make_bot
from tavola.players.base import Bot

from .output import board, scores_table, show_events
from .records import default_record_path, save_record

HUMAN = "human"
HELP = """Type an action in its notation (Tab completes) or its number from the list.
  rules     the rules in a few lines
  board     draw the board again
  actions   list the legal actions again
  quit      stop here; the game so far is saved"""


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
    ) -> None:
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
        self.names = [
            f"P{seat} ({'you' if len(humans) == 1 else 'human'})"
            if spec == HUMAN
            else f"P{seat} ({spec})"
            for seat, spec in enumerate(seats)
        ]
        self.viewer = humans[0] if len(humans) == 1 else None
        self.hot_seat = len(humans) > 1
        self._last_human: int | None = None
        self._legal: list[str] = []
        self._bot_line: list[str] = []
        self._bot_player = 0

    def run(self) -> State:
        """Play to the end; ``Quit`` if it stops early (the state keeps the moves so far)."""
        enable_completion(lambda: self._legal)
        state = self.state
        if self.viewer is None:
            self.show_board(None)
        while (player := state.current_player) is not None:
            if player in self.bots:
                events = state.apply(self.bot_turn(player))
                if state.current_player != player or any(e.table for e in events):
                    self.flush_bot_line()
            else:
                events = state.apply(self.human_turn(player))
            show_events(self.console, events, quiet_kinds={"reveal"})
        self.show_board(self.viewer)
        self.console.print(scores_table(self.names, state.scores, state.winners))
        return state

    def show_board(self, player: int | None) -> None:
        title = (
            f"{self.game.title}: the view of {self.names[player]}"
            if player is not None
            else (f"{self.game.title}: the table")
        )
        board(self.console, self.game.render(self.state.view(player)), title)

    def bot_turn(self, player: int) -> int:
        """A bot's action; its turn is shown on one line once the turn is over."""
        decision = self.bots[player].choose(Seat(self.state, player))
        move = self.game.action_to_string(decision.action)
        self._bot_line.append(f"{move} ({decision.reason})" if decision.reason else move)
        self._bot_player = player
        if self.delay:
            time.sleep(self.delay)
        return decision.action

    def flush_bot_line(self) -> None:
        if self._bot_line:
            text = f"{self.names[self._bot_player]}: {' · '.join(self._bot_line)}"
            self.console.print(Text(text))
            self._bot_line = []

    def human_turn(self, player: int) -> int:
        state = self.state
        if self.hot_seat and player != self._last_human:
            self.hand_over(player)
        legal = state.legal_actions()
        self._legal = [self.game.action_to_string(a) for a in legal]
        self.show_board(player)
        self.show_actions()
        while True:
            try:
                answer = self.read(f"{self.names[player]}> ").strip()
            except EOFError:
                raise Quit("end of input") from None
            command = answer.lower()
            if command in ("quit", "exit", "q"):
                raise Quit("quit")
            if command in ("help", "?", "h"):
                self.console.print(HELP)
            elif command == "rules":
                self.console.print(Text(self.game.rules_summary))
            elif command == "board":
                self.show_board(player)
            elif command in ("actions", ""):
                self.show_actions()
            elif command.isdigit():
                index = int(command) - 1
                if 0 <= index < len(legal):
                    return legal[index]
                self.console.print(f"Choose a number from 1 to {len(legal)}.", style="yellow")
            else:
                try:
                    action = state.read_action(answer)
                    if action not in legal:
                        state.clone().apply(action)  # raises IllegalAction naming the rule
                    return action
                except TavolaError as error:
                    self.console.print(Text(str(error), style="yellow"))
                    self.console.print("Type 'actions' for the list, 'help' for help.")

    def hand_over(self, player: int) -> None:
        """Between people at one screen: hide the last hand before showing the next."""
        self.flush_bot_line()
        self.console.clear()
        try:
            self.read(f"{self.names[player]}, your turn: press Enter when only you can see. ")
        except EOFError:
            raise Quit("end of input") from None
        self._last_human = player

    def show_actions(self) -> None:
        items = [Text(f"{i}. {notation}") for i, notation in enumerate(self._legal, start=1)]
        self.console.print(Columns(items, padding=(0, 3)))


def play(
    state: State,
    seats: Sequence[str],
    console: Console,
    save: Path | None = None,
    delay: float = 0.0,
    read: Callable[[str], str] = input,
) -> tuple[Path, str | None]:
    """Play a game on from ``state`` and save its record, also when it stops early.

    Returns the record's path and how the game stopped early (``None`` if it was played
    to the end).
    """
    runner = TerminalGame(state, seats, console, read=read, delay=delay)
    stopped: str | None = None
    try:
        runner.run()
    except Quit as quit:
        stopped = quit.how
    except KeyboardInterrupt:
        stopped = "interrupted"
    if stopped:
        done = len(state.history)
        console.print(f"\nGame stopped ({stopped}) after {done} action{'s' * (done != 1)}.")
    path = save_record(state.record(), save or default_record_path(state.game.name, state.seed))
    return path, stopped
