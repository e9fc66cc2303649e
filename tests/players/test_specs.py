"""Bot spec strings: parsing, canonical form and clear errors."""

from __future__ import annotations

import pytest

from tavola.players import BOTS, BotSpecError, make_bot, split_specs
from tavola.players.heuristic import HeuristicBot
from tavola.players.ismcts import IsmctsBot


def test_every_registered_bot_can_be_made_from_its_name() -> None:
    assert set(BOTS) == {"random", "heuristic", "ismcts"}
    for name in BOTS:
        assert make_bot(name, seed=1).spec == name


def test_options_are_typed_and_kept_in_the_spec() -> None:
    bot = make_bot(" ismcts : iterations = 2000 , time=1.5, depth=10 ", seed=3)
    assert isinstance(bot, IsmctsBot)
    assert (bot.iterations, bot.time, bot.depth) == (2000, 1.5, 10)
    assert bot.spec == "ismcts:iterations=2000,time=1.5,depth=10"
    heuristic = make_bot("heuristic:samples=4")
    assert isinstance(heuristic, HeuristicBot)
    assert heuristic.samples == 4


def test_a_time_budget_alone_has_no_iteration_limit() -> None:
    bot = make_bot("ismcts:time=1.0")
    assert isinstance(bot, IsmctsBot)
    assert bot.iterations is None
    assert make_bot("ismcts").iterations == 1000  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("minimax", "unknown bot 'minimax'; bots are: random, heuristic, ismcts"),
        ("random:depth=3", "random takes no option 'depth' (valid: none)"),
        ("ismcts:width=3", "ismcts takes no option 'width' (valid: iterations, time, c,"),
        ("ismcts:iterations=many", "iterations must be an integer"),
        ("ismcts:time=soon", "time must be a number"),
        ("ismcts:iterations=0", "iterations must be at least 1"),
        ("ismcts:time=0", "time must be a positive number of seconds"),
        ("ismcts:depth=-1", "depth must not be negative"),
        ("ismcts:iterations", "options are written name=value"),
        ("heuristic:samples=0", "samples must be at least 1"),
    ],
)
def test_bad_specs_say_what_is_wrong(spec: str, message: str) -> None:
    with pytest.raises(BotSpecError) as error:
        make_bot(spec)
    assert message in str(error.value)


@pytest.mark.parametrize(
    ("text", "specs"),
    [
        ("random", ["random"]),
        ("human,random, heuristic", ["human", "random", "heuristic"]),
        (
            "ismcts:iterations=1000,depth=12,scale=8,heuristic,ismcts:time=1.0",
            ["ismcts:iterations=1000,depth=12,scale=8", "heuristic", "ismcts:time=1.0"],
        ),
    ],
)
def test_split_specs_keeps_options_with_their_bot(text: str, specs: list[str]) -> None:
    assert split_specs(text) == specs
