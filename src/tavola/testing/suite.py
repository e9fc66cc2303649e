"""``GameConformance``: the kit's checks as a pytest test class, under Hypothesis.

Subclass it in a test module, naming the games to check::

    from tavola.testing import GameConformance

    class TestDudo(GameConformance):
        games = ("dudo",)

Each check runs on random games (seeds drawn by Hypothesis) at every configuration of
``configurations``: every player count with the defaults, and each other value of each
option with a closed set of values, one option changed at a time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tavola.core.errors import InvalidOption
from tavola.core.game import Game
from tavola.core.options import Option
from tavola.core.registry import game_classes, load
from tavola.testing import checks

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def _alternatives(spec: Option) -> list[Any]:
    if spec.choices is not None:
        return [value for value in spec.choices if value != spec.default]
    if spec.value_kind is bool:
        return [not spec.default]
    return []


def configurations(name: str) -> list[dict[str, Any]]:
    """The options to check a game at: each player count, then one option changed at a
    time to each of its other values (combinations the game refuses left out)."""
    game_class = game_classes()[name]
    specs = {spec.name: spec for spec in game_class.option_specs}
    counts = specs["players"].choices or (specs["players"].default,)
    variants: list[dict[str, Any]] = [{}]
    for spec in specs.values():
        if spec.name != "players" and not spec.secret:
            variants += [{spec.name: value} for value in _alternatives(spec)]
    found = []
    for players in counts:
        for variant in variants:
            options = {"players": players, **variant}
            try:
                game_class(**options)
            except InvalidOption:
                continue
            found.append(options)
    return found


def case_id(name: str, options: dict[str, Any]) -> str:
    return f"{name}-" + "-".join(f"{key}={value}" for key, value in options.items())


# The checks every game passes on ``GameConformance.n`` random games, one test each.
WHOLE_GAME_CHECKS: tuple[Callable[[Game, int], None], ...] = (
    checks.game_ends,
    checks.records_replay,
    checks.clones_are_independent,
    checks.illegal_actions_change_nothing,
    checks.notation_round_trips,
    checks.views_say_what_they_must,
    checks.determinize_depends_only_on_the_view,
    checks.information_keys_follow_the_views,
)


class GameConformance:
    """The kit's whole-game checks, one test each, for every game in ``games`` at each of
    its ``configurations``. ``examples``: random games per test (default: a fifth of the
    Hypothesis profile's ``max_examples``, at least 5; fewer where an option is changed:
    ``examples_at``); pictures take ``picture_examples``. ``hidden_information``: the
    games hide something from some seat (checked)."""

    games: ClassVar[tuple[str, ...]] = ()
    examples: ClassVar[int | None] = None
    picture_examples: ClassVar[int] = 5
    hidden_information: ClassVar[bool] = True

    def pytest_generate_tests(self, metafunc: pytest.Metafunc) -> None:
        if "game_name" in metafunc.fixturenames:  # a check of the game, whatever its options
            metafunc.parametrize("game_name", self.games)
        if "name" in metafunc.fixturenames and "options" in metafunc.fixturenames:
            cases = [(name, options) for name in self.games for options in configurations(name)]
            ids = [case_id(name, options) for name, options in cases]
            metafunc.parametrize(("name", "options"), cases, ids=ids)

    def run(
        self, check: Callable[[Game, int], None], name: str, options: dict[str, Any], n: int
    ) -> None:
        """``check`` on ``n`` games of ``name`` with ``options``, seeds from Hypothesis."""
        game = load(name, **options)

        @settings(max_examples=n)
        @given(seed=SEEDS)
        def holds(seed: int) -> None:
            check(game, seed)

        holds()

    @property
    def n(self) -> int:
        profile = settings.default
        return self.examples or max(5, (profile.max_examples if profile else 100) // 5)

    def examples_at(self, options: dict[str, Any]) -> int:
        """``n`` games at a player count with the defaults; a quarter of them (at least 3)
        where one option is changed, since most of a game's code is the same there."""
        return self.n if set(options) <= {"players"} else max(3, self.n // 4)

    @pytest.mark.parametrize("check", WHOLE_GAME_CHECKS, ids=lambda check: check.__name__)
    def test_whole_games(
        self, check: Callable[[Game, int], None], name: str, options: dict[str, Any]
    ) -> None:
        self.run(check, name, options, self.examples_at(options))

    def test_something_is_hidden(self, name: str, options: dict[str, Any]) -> None:
        if not self.hidden_information:
            pytest.skip("the game hides nothing")
        self.run(checks.something_is_hidden, name, options, max(3, self.n // 4))

    def test_pictures_play_exactly_the_legal_actions(
        self, name: str, options: dict[str, Any]
    ) -> None:
        self.run(checks.pictures_play_the_legal_actions, name, options, self.picture_examples)

    def test_lessons_play(self, game_name: str) -> None:
        """Each lesson the game ships plays by its expected actions (``checks.lessons_play``)."""
        checks.lessons_play(game_classes()[game_name])
