"""The search's shortcuts: the fast Carcassonne evaluation and reused determinizations."""

from __future__ import annotations

import random

import pytest

import tavola
from tavola.games.carcassonne import heuristic
from tavola.games.carcassonne.scoring import final_awards
from tavola.games.carcassonne.state import CarcassonneState
from tavola.players import Seat, make_bot
from tavola.players.ismcts import IsmctsBot
from tavola.players.specs import BotSpecError

from .toy import Guess, Nim


def projected_by_awards(state: CarcassonneState) -> list[float]:
    """The evaluation's projection as the final scoring's awards give it."""
    points = [float(p) for p in state.points]
    if state.is_over:
        return points
    for award in final_awards(state):
        for seat in award.owners:
            points[seat] += award.points
    worth = heuristic.SUPPLY_VALUE * min(1.0, state.tiles_left / 20)
    for seat, supply in enumerate(state.supply):
        points[seat] += worth * supply
    return points


@pytest.mark.parametrize(
    "options",
    [{}, {"river": True}, {"farm_scoring": "per-farm"}, {"farm_scoring": "per-city"}],
    ids=lambda options: ",".join(f"{k}={v}" for k, v in options.items()) or "default",
)
@pytest.mark.parametrize("players", [2, 4])
def test_carcassonne_projection_equals_the_final_scoring(
    options: dict[str, object], players: int
) -> None:
    checked = 0
    for seed in range(2):
        state = tavola.load("carcassonne", players=players, **options).new_game(seed)
        assert isinstance(state, CarcassonneState)
        rng = random.Random(seed)
        while not state.is_over:
            assert heuristic.projected_points(state) == projected_by_awards(state)
            checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 100


@pytest.mark.parametrize("option", ["reuse=8", "widen=1"], ids=["reused", "widening"])
def test_ismcts_variants_still_find_the_winning_nim_move(option: str) -> None:
    """Reused determinizations and progressive widening keep the search sound."""
    for pile in (6, 7, 9):
        state = Nim(pile=pile).new_game()
        decision = make_bot(f"ismcts:iterations=800,{option}", seed=pile).choose(Seat(state, 0))
        assert (pile - (decision.action + 1)) % 4 == 0


def test_reuse_draws_one_determinization_per_reuse_iterations() -> None:
    class Counting(Seat):
        __slots__ = ("drawn",)

        def __init__(self, state: tavola.State, player: int) -> None:
            super().__init__(state, player)
            self.drawn = 0

        def determinize(self, rng: random.Random) -> tavola.State:
            self.drawn += 1
            return super().determinize(rng)

    state = tavola.load("campanile", players=2).new_game(4)
    for reuse, drawn in ((1, 60), (4, 15), (60, 1)):
        seat = Counting(state, 0)
        bot = make_bot(f"ismcts:iterations=60,reuse={reuse}", seed=1)
        assert isinstance(bot, IsmctsBot)
        bot.choose(seat)
        assert (bot.last_iterations, seat.drawn) == (60, drawn)


def test_reuse_must_be_positive() -> None:
    with pytest.raises(BotSpecError, match="reuse must be at least 1"):
        make_bot("ismcts:reuse=0")


def test_leaf_judges_new_leaves_by_the_evaluation_without_rollouts() -> None:
    # Nim's evaluation knows the winning move; with no rollout the search follows it.
    state = Nim(pile=13).new_game()
    bot = make_bot("ismcts:iterations=300,leaf=1,scale=0.5", seed=3)
    assert isinstance(bot, IsmctsBot)
    assert bot._steps == 0
    assert bot.choose(Seat(state, 0)).action == 0
    with pytest.raises(BotSpecError, match="leaf must be 0 or 1"):
        make_bot("ismcts:leaf=2")


@pytest.mark.parametrize("seed", range(3))
def test_infosets_let_the_opponent_choose_knowing_its_own_cards(seed: int) -> None:
    # One tree of actions averages seat 1's naming over the cards seat 0 imagines for it,
    # so a challenge looks like a 2-in-3 win; one node per information set sees that
    # seat 1 always names its own card, and settles.
    state = Guess(cards=3).new_game(seed)
    fused = make_bot("ismcts:iterations=600", seed=seed).choose(Seat(state, 0))
    keyed = make_bot("ismcts:iterations=600,infosets=1", seed=seed).choose(Seat(state, 0))
    assert state.game.action_to_string(fused.action) == "challenge"
    assert state.game.action_to_string(keyed.action) == "settle"


def test_infosets_must_be_0_or_1() -> None:
    with pytest.raises(BotSpecError, match="infosets must be 0 or 1"):
        make_bot("ismcts:infosets=2")


def test_infosets_still_find_the_winning_nim_move() -> None:
    for pile in (6, 7, 9):
        state = Nim(pile=pile).new_game()
        decision = make_bot("ismcts:iterations=800,infosets=1", seed=pile).choose(Seat(state, 0))
        assert (pile - (decision.action + 1)) % 4 == 0


def test_widening_tries_the_best_one_ply_action_first() -> None:
    # widen=0.5 tries one action until the root's fifth visit: the one whose result the
    # evaluation likes best (a placement's result is the same in every determinization).
    game = tavola.load("carcassonne", players=2)
    state = game.new_game(seed=8)
    rng = random.Random(8)
    checked = 0
    while not state.is_over:
        legal = state.legal_actions()
        player = state.current_player
        assert player is not None
        if len(legal) > 5:
            values = {}
            for action in legal:
                after = state.clone()
                after.apply(action)
                values[action] = game.evaluate(after, player)
            decision = make_bot("ismcts:iterations=4,widen=0.5,leaf=1", seed=checked).choose(
                Seat(state, player)
            )
            assert values[decision.action] == max(values.values())
            checked += 1
        state.apply(rng.choice(legal))
    assert checked > 30


def test_widening_must_not_be_negative() -> None:
    with pytest.raises(BotSpecError, match="widen must not be negative"):
        make_bot("ismcts:widen=-1")
