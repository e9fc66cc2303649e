"""Options as OpenSpiel game parameters: each value is written so that it reads back."""

from __future__ import annotations

import pytest

from tavola.core.options import Option
from tavola.interop.common import zero_sum_rewards
from tavola.interop.parameters import (
    UNSET_INT,
    UNSET_TEXT,
    ParameterValue,
    canonical_parameters,
    default_parameter,
    option_value,
    options_from_parameters,
)
from tests.interop.cases import Case, all_cases

LIST = Option("order", ("a", "b"), "a list", item_choices=("a", "b", "7"))
UNSET_LIST = Option("deck", None, "stacked", kind=tuple, secret=True)
UNSET_NUMBER = Option("tiles", None, "how many", kind=int)
DIGIT_TEXT = Option("edition", "2009", "rules", choices=("2009", "1996"))
FREE_TEXT = Option("name", "x", "free text")
FLAG = Option("flag", False, "a flag")


def reads_as(text: str) -> type:
    """The type OpenSpiel gives a parameter value written as ``text``."""
    if text in ("True", "true", "False", "false"):
        return bool
    if text and not text.strip("+-0123456789"):
        return int
    return str


@pytest.mark.parametrize(
    ("spec", "value", "parameter"),
    [
        (LIST, ("b", "a"), "b;a"),
        (LIST, ("7",), "7;"),  # alone, "7" would read back as an integer
        (LIST, (), ";"),
        (UNSET_LIST, None, UNSET_TEXT),
        (UNSET_LIST, ("x", "y"), "x;y"),
        (UNSET_NUMBER, None, UNSET_INT),
        (UNSET_NUMBER, 12, 12),
        (DIGIT_TEXT, "1996", 1996),
        (FREE_TEXT, "y", "y"),
        (FLAG, True, True),
    ],
)
def test_values_are_written_to_read_back(spec: Option, value: object, parameter: object) -> None:
    written: ParameterValue = canonical_parameters({spec.name: value}, [spec])[spec.name]
    assert written == parameter
    assert type(written) is (reads_as(written) if isinstance(written, str) else type(written))
    assert option_value(spec, written) == value


def test_defaults_are_left_out_of_the_options() -> None:
    specs = [LIST, UNSET_LIST, DIGIT_TEXT, FLAG]
    defaults = {spec.name: default_parameter(spec) for spec in specs}
    assert options_from_parameters(specs, defaults) == {}
    assert options_from_parameters(specs, {**defaults, "edition": 1996}) == {"edition": "1996"}


@pytest.mark.parametrize("case", all_cases(), ids=lambda case: case.id)
def test_every_games_options_survive_the_trip(case: Case) -> None:
    game = case.load()
    specs = type(game).option_specs
    parameters = canonical_parameters(game.options, specs)
    for value in parameters.values():
        if isinstance(value, str):
            assert reads_as(value) is str, value
            assert not {",", "(", ")", "="} & set(value), value
    assert type(game)(**options_from_parameters(specs, parameters)).options == game.options


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_rewards_are_zero_sum_and_favour_exactly_the_winners(players: int) -> None:
    for winners in ([0], [players - 1], list(range(players - 1)), list(range(players)), []):
        rewards = zero_sum_rewards(winners, players)
        assert sum(rewards) == pytest.approx(0.0)
        if 0 < len(winners) < players:
            assert all(rewards[seat] > 0 for seat in winners)
            assert all(rewards[seat] == -1.0 for seat in range(players) if seat not in winners)
        else:
            assert rewards == [0.0] * players
