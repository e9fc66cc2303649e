"""Bots are named by spec strings everywhere: ``random``, ``heuristic``, ``ismcts:iterations=2000``.

A spec is a bot's name, then optionally a colon and ``name=value`` options separated
by commas. Options are typed and checked:

>>> make_bot("ismcts:iterations=500,c=0.5", seed=1).spec
'ismcts:iterations=500,c=0.5'
>>> make_bot("ismcts:iterations=lots")
Traceback (most recent call last):
...
tavola.players.specs.BotSpecError: bot spec 'ismcts:iterations=lots': iterations must be an integer
>>> split_specs("human,ismcts:iterations=1000,depth=20,heuristic")
['human', 'ismcts:iterations=1000,depth=20', 'heuristic']

People read a bot by its kind and strength, not its spec (the spec is its notation):

>>> str(bot_name("ismcts:iterations=300,time=5")), str(bot_name("heuristic"))
('ISMCTS, medium', 'heuristic, easy')

and a tournament's bot entrant by its strength and number (``bot_named``):

>>> entrant_names(["heuristic", "random", "heuristic"])
['heuristic', 'random', 'heuristic #2']
>>> bot_named("heuristic", "heuristic #2"), bot_named("heuristic", "Rita")
('heuristic, easy #2', 'Rita')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tavola.core.checks import MAX_TEXT, check_index, shown, type_name
from tavola.core.errors import ArgumentTypeError, TavolaError
from tavola.core.i18n import Text
from tavola.players.base import CATALOG, Bot
from tavola.players.heuristic import HeuristicBot
from tavola.players.ismcts import IsmctsBot
from tavola.players.random_bot import RandomBot


class BotSpecError(TavolaError):
    """A bot spec names no bot, or gives it options it does not take."""


lazy = CATALOG.lazy


def _ismcts_name(bot: Bot) -> Text:
    """ISMCTS by its iterations per decision: under 300 easy, from 2000 strong."""
    iterations = getattr(bot, "iterations", 0) or 0
    if iterations >= 2000:
        return lazy("ISMCTS, strong")
    return lazy("ISMCTS, medium") if iterations >= 300 else lazy("ISMCTS, easy")


@dataclass(frozen=True)
class BotKind:
    """A bot as the spec strings know it: how to make it, the options it takes, and its
    name for people (by its strength, which may depend on its options)."""

    factory: Callable[..., Bot]
    summary: str
    options: dict[str, tuple[type, str]] = field(default_factory=dict)  # name: (type, help)
    name: Callable[[Bot], Text] | None = None


BOTS: dict[str, BotKind] = {
    "random": BotKind(
        RandomBot, "uniformly random legal actions", name=lambda bot: lazy("random, beginner")
    ),
    "heuristic": BotKind(
        HeuristicBot,
        "one ply: the action whose result the game's evaluation likes best",
        {"samples": (int, "determinizations each action is evaluated on (default 2)")},
        name=lambda bot: lazy("heuristic, easy"),
    ),
    "ismcts": BotKind(
        IsmctsBot,
        "information-set Monte Carlo tree search over determinizations",
        {
            "iterations": (int, "iterations per decision (default 1000)"),
            "time": (float, "seconds per decision; with iterations, whichever ends first"),
            "c": (float, "exploration constant of UCB (default 0.7)"),
            "depth": (int, "rollout actions before the evaluation cuts in (0: to the end)"),
            "scale": (float, "evaluation difference worth a 73% win chance (default 5)"),
            "prior": (int, "virtual visits per root action at its one-ply evaluation (default 0)"),
            "reuse": (int, "iterations per determinization drawn (default 4)"),
            "leaf": (int, "1: evaluate each new leaf at once, without a rollout (default 0)"),
            "infosets": (
                int,
                "1: one node per information set of the seat to move, not per action path "
                "(default 0)",
            ),
            "widen": (
                float,
                "progressive widening: a node visited n times tries only its "
                "widen*sqrt(n+1) actions of best one-ply evaluation (default 0: all)",
            ),
        },
        name=_ismcts_name,
    ),
}


def make_bot(spec: str, seed: int | None = None) -> Bot:
    """The bot a spec names (its name in any case), seeded; options are ``name=value``
    after a colon."""
    if not isinstance(spec, str):
        raise ArgumentTypeError(f"make_bot: spec must be a str (a bot spec), not {type_name(spec)}")
    if len(spec) > MAX_TEXT:
        raise BotSpecError(f"bot spec {shown(spec)}: a spec has at most {MAX_TEXT} characters")
    if seed is not None:
        seed = check_index("make_bot", "seed", seed)
    name, _, rest = spec.strip().partition(":")
    name = name.strip().lower()
    if name not in BOTS:
        raise BotSpecError(f"unknown bot {shown(name)}; bots are: {', '.join(BOTS)}")
    kind = BOTS[name]
    options: dict[str, Any] = {}
    for text in (part.strip() for part in rest.split(",")):
        if not text:
            continue
        key, sep, value = (s.strip() for s in text.partition("="))
        if not sep or not key:
            raise BotSpecError(f"bot spec {shown(spec)}: options are written name=value")
        if key not in kind.options:
            valid = ", ".join(kind.options) or "none"
            raise BotSpecError(
                f"bot spec {shown(spec)}: {name} takes no option {key!r} (valid: {valid})"
            )
        options[key] = _convert(spec, key, value, kind.options[key][0])
    try:
        return kind.factory(seed=seed, **options)
    except ValueError as error:
        raise BotSpecError(f"bot spec {shown(spec)}: {error}") from error


def bot_name(spec: str) -> Text:
    """The bot ``spec`` names in words, by its kind and strength (``"ISMCTS, medium"``): what
    people read of a bot; a spec this tavola does not know reads as its bot's name."""
    try:
        bot = make_bot(spec)
    except BotSpecError:
        return spec.partition(":")[0].strip()
    kind = BOTS[spec.partition(":")[0].strip().lower()]
    return kind.name(bot) if kind.name is not None else spec.partition(":")[0].strip()


def entrant_names(specs: list[str]) -> list[str]:
    """A tournament's bot entrants' names: their specs, numbered from the second of one spec
    on (``entrant_number`` reads them back)."""
    seen: dict[str, int] = {}
    names = []
    for spec in specs:
        seen[spec] = seen.get(spec, 0) + 1
        names.append(spec if seen[spec] == 1 else f"{spec} #{seen[spec]}")
    return names


def entrant_number(spec: str, name: str | None) -> int | None:
    """The number in a bot entrant's name (``entrant_names``: "heuristic" is 1, "heuristic #3"
    is 3); ``None`` for a name people gave the bot's seat ("Rita") or none.

    >>> entrant_number("random", "random"), entrant_number("random", "random #3")
    (1, 3)
    >>> entrant_number("random", "Rita #3") is None, entrant_number("random", None) is None
    (True, True)
    """
    if name is None:
        return None
    if name == spec:
        return 1
    head, mark, number = name.rpartition(" #")
    return int(number) if mark and head == spec and number.isdecimal() else None


def bot_named(spec: str, name: str | None = None) -> str:
    """A bot as every page names it: the name people gave its seat ("Rita"), else its
    strength in words (``bot_name``: "heuristic, easy"), with its number where it is a
    tournament's entrant ("heuristic, easy #3"); never its spec."""
    number = entrant_number(spec, name)
    if name is not None and number is None:
        return name
    words = str(bot_name(spec))
    return words if number is None or number == 1 else f"{words} #{number}"


def _convert(spec: str, key: str, value: str, kind: type) -> Any:
    try:
        return kind(value)
    except ValueError:
        noun = {int: "an integer", float: "a number"}.get(kind, kind.__name__)
        raise BotSpecError(f"bot spec {shown(spec)}: {key} must be {noun}") from None


def split_specs(text: str) -> list[str]:
    """Split a comma-separated list of specs; ``name=value`` pieces join the spec before."""
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        key, sep, _ = piece.partition("=")
        if specs and sep and ":" not in key and ":" in specs[-1]:
            specs[-1] += f",{piece}"
        else:
            specs.append(piece)
    return specs
