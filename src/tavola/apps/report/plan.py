"""What a report plays, checked before any game is: option sets, bots and the games.

Each *option set* is the game's base options (``tavola report GAME option=value``) with
one ``--compare`` set on top; the base itself is always the first set. Every set plays
two parts through the tournament runner:

- ``equal``: the first bot at every seat (seat advantage, scores, sources, length);
- ``skill:<spec>``: the first bot at one seat against the weaker ``spec`` at all the
  others, the stronger bot's seat rotated and the deal shared by the rotations.

>>> plan = make_plan("carcassonne", [], ["river=true"], ["heuristic", "random"], 20, 20, 1)
>>> [s.label for s in plan.sets], [len(plan.tasks(s)) for s in range(2)]
(['defaults', 'river=true'], [40, 40])
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tavola.core.checks import plural, shown
from tavola.core.errors import TavolaError
from tavola.core.game import Game
from tavola.core.options import parse_assignments
from tavola.core.registry import load
from tavola.players.match import game_seeds
from tavola.players.specs import make_bot
from tavola.players.tournament import GameTask, schedule

MIN_GAMES = 20  # below this a 95% interval on a share is wider than +-20 points
EQUAL = "equal"
SKILL = "skill:"


class ReportError(TavolaError):
    """A report's arguments are wrong; nothing has been played."""


@dataclass(frozen=True)
class OptionSet:
    """One setup compared: its label and the options it is loaded with."""

    label: str
    options: dict[str, Any]  # as in records: players and whatever differs from the defaults
    players: int


@dataclass(frozen=True)
class PlannedTask:
    """A game of the report: which option set, which part, and the runner's task."""

    option_set: int
    part: str
    task: GameTask


@dataclass(frozen=True)
class Plan:
    """Everything a report plays."""

    game: str
    title: str
    sets: list[OptionSet]
    bots: list[str]  # the reference (strongest) bot first
    games: int  # equal-bot games per option set
    skill_games: int  # games per option set against each weaker bot
    seed: int

    @property
    def weaker(self) -> list[str]:
        return self.bots[1:]

    def parts(self) -> list[str]:
        skill = [SKILL + spec for spec in self.weaker] if self.skill_games else []
        return [EQUAL, *skill]

    def tasks(self, option_set: int | None = None) -> list[PlannedTask]:
        """The games of one option set (all sets' if ``None``), in a fixed order."""
        chosen = range(len(self.sets)) if option_set is None else [option_set]
        planned = []
        for index in chosen:
            options = self.sets[index].options
            equal = [self.bots[0]] * self.sets[index].players
            for task in schedule(self.game, options, equal, self.games, self.seed):
                planned.append(PlannedTask(index, EQUAL, task))
            for rank, weak in enumerate(self.weaker if self.skill_games else []):
                rotations = rotated(
                    self.game,
                    options,
                    self.bots[0],
                    weak,
                    self.skill_games,
                    self.seed + 1 + rank,
                    self.sets[index].players,
                )
                planned += [PlannedTask(index, SKILL + weak, task) for task in rotations]
        return planned


def rotated(
    game: str,
    options: dict[str, Any],
    strong: str,
    weak: str,
    games: int,
    seed: int,
    players: int,
) -> list[GameTask]:
    """``strong`` at one seat against ``weak`` at the others; the strong seat turns round
    the table game by game and the ``players`` rotations of a round share one deal."""
    deals = game_seeds(seed, -(-games // players))
    tasks = []
    for index in range(games):
        at = index % players
        specs = tuple(strong if seat == at else weak for seat in range(players))
        seats = tuple(0 if seat == at else 1 + (seat - at - 1) % players for seat in range(players))
        tasks.append(GameTask(index, game, dict(options), specs, seats, deals[index // players]))
    return tasks


def split_set(text: str) -> list[str]:
    """One ``--compare`` value: ``name=value`` assignments separated by spaces or ``;``."""
    return [part for part in re.split(r"[;\s]+", text.strip()) if part]


def load_set(game: str, assignments: Sequence[str], where: str) -> Game:
    """The game with these options; a bad one is a ``ReportError`` that says ``where``."""
    try:
        options = parse_assignments(assignments)
    except TavolaError as error:  # the message quotes the assignment
        raise ReportError(f"{where.split()[0]}: {error}") from None
    try:
        return load(game, **options)
    except TavolaError as error:
        raise ReportError(f"{where}: {error}") from None


def label(game: Game, base: Game | None = None) -> str:
    """The options in which ``game`` differs from ``base`` (from the defaults if ``None``)."""
    defaults = {spec.name: spec.to_json(spec.default) for spec in game.option_specs}
    given = game.changed_options()
    reference = base.changed_options() if base is not None else {"players": defaults["players"]}
    changed = {name: value for name, value in given.items() if reference.get(name) != value}
    changed |= {name: defaults[name] for name in reference if name not in given}
    return " ".join(f"{name}={_shown(value)}" for name, value in changed.items()) or "defaults"


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, list):
        return ",".join(map(str, value))
    return str(value)


def make_plan(
    game_name: str,
    base: Sequence[str],
    compare: Sequence[str],
    bots: Sequence[str],
    games: int,
    skill_games: int,
    seed: int,
    min_games: int = MIN_GAMES,
) -> Plan:
    """Check everything and say what will be played; ``ReportError`` says what is wrong."""
    try:
        load(game_name)
    except TavolaError as error:
        raise ReportError(str(error)) from None
    base_game = load_set(game_name, base, "options")
    sets = [OptionSet(label(base_game), base_game.changed_options(), base_game.num_players)]
    for text in compare:
        where = f"--compare {shown(text)}"
        if not split_set(text):
            raise ReportError(f"{where}: give option=value, e.g. --compare players=3")
        game = load_set(game_name, [*base, *split_set(text)], where)
        if all(game.changed_options() != known.options for known in sets):
            sets.append(OptionSet(label(game, base_game), game.changed_options(), game.num_players))
    if not bots:
        raise ReportError("--bots: give at least one bot spec, e.g. heuristic,random")
    for spec in bots:
        try:
            make_bot(spec)
        except TavolaError as error:
            raise ReportError(f"--bots: {error}") from None
    if len(set(bots)) < len(bots):
        raise ReportError(f"--bots: each bot once (the first plays every seat): {', '.join(bots)}")
    for flag, count in (("--games", games), ("--skill-games", skill_games)):
        if flag == "--skill-games" and count == 0:
            continue
        if count < min_games:
            raise ReportError(
                f"{flag} {count} is too few for a 95% interval that says anything: give "
                f"at least {min_games} (from {plural(count, 'game')} a 95% interval on a "
                "win rate is about 40 percentage points wide or more)"
            )
    return Plan(base_game.name, base_game.title, sets, list(bots), games, skill_games, seed)
