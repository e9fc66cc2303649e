"""The bots: what each one decides, on positions whose answer is known."""

from __future__ import annotations

import random

import pytest

import tavola
from tavola.core.game import State
from tavola.players import Seat, make_bot
from tavola.players.heuristic import HeuristicBot
from tavola.players.ismcts import IsmctsBot
from tavola.testing import properties

from .toy import Nim, NimState

GAMES = list(tavola.game_classes())


def midgame(name: str, seed: int, players: int = 2) -> State:
    """A position after a random number of random actions (never the end)."""
    return properties.midgame(tavola.load(name, players=players), seed)


@pytest.mark.parametrize("pile", [5, 6, 7, 9, 10, 11])
def test_ismcts_finds_the_winning_move_at_nim(pile: int) -> None:
    state = Nim(pile=pile).new_game()
    decision = make_bot("ismcts:iterations=1500", seed=pile).choose(Seat(state, 0))
    assert (pile - (decision.action + 1)) % 4 == 0
    assert decision.reason is not None
    assert decision.reason.endswith("1500 iterations")


def test_ismcts_with_a_depth_cutoff_follows_the_evaluation() -> None:
    # One action of rollout, then Nim's evaluation decides: still the winning move.
    state = Nim(pile=13).new_game()
    decision = make_bot("ismcts:iterations=600,depth=1,scale=0.5", seed=2).choose(Seat(state, 0))
    assert decision.action == 0


def test_ismcts_plays_the_only_move_without_searching() -> None:
    state = Nim(pile=1).new_game()
    bot = make_bot("ismcts", seed=1)
    assert bot.choose(Seat(state, 0)).action == 0
    assert isinstance(bot, IsmctsBot)
    assert bot.last_iterations == 0


def test_ismcts_time_budget_stops_on_time() -> None:
    state = tavola.load("campanile", players=2).new_game(3)
    bot = make_bot("ismcts:time=0.05", seed=1)
    assert isinstance(bot, IsmctsBot)
    assert bot.iterations is None
    decision = bot.choose(Seat(state, 0))
    assert decision.action in state.legal_actions()
    assert bot.last_iterations >= 1


def test_ismcts_rewards_share_a_victory_and_squash_evaluations() -> None:
    bot = IsmctsBot(seed=0, scale=1.0)
    tied = Nim(players=3, pile=5, tie_at=3).new_game()
    tied.apply(1)
    assert tied.winners == [0, 1, 2]
    assert bot._rewards(tied) == pytest.approx([1 / 3] * 3)
    won = Nim(pile=2).new_game()
    won.apply(1)
    assert bot._rewards(won) == [1.0, 0.0]
    running = Nim(pile=9).new_game()
    running.apply(0)  # 8 left: good for seat 0, who just moved
    low, high = 1 / (1 + 2.718281828), 1 / (1 + 1 / 2.718281828)
    assert bot._rewards(running) == pytest.approx([high, low])


@pytest.mark.parametrize("spec", ["random", "heuristic", "ismcts:iterations=50"])
def test_bots_never_change_the_state_they_are_shown(spec: str) -> None:
    state = Nim(pile=10).new_game()
    before = state.clone()
    make_bot(spec, seed=1).choose(Seat(state, 0))
    assert state == before
    assert state.pile == 10


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_heuristic_plays_an_action_with_the_best_evaluation(name: str, seed: int) -> None:
    state = midgame(name, seed)
    player = state.current_player
    assert player is not None
    seat = Seat(state, player)
    decision = HeuristicBot(seed=seed, samples=1).choose(seat)
    # The same generator draws the same determinization the bot scored the actions on.
    base = seat.determinize(random.Random(seed))
    values = {}
    for action in state.legal_actions():
        after = base.clone()
        after.apply(action)
        values[action] = state.game.evaluate(after, player)
    assert values[decision.action] == max(values.values())
    assert decision.reason == f"projected {max(values.values()):+.1f}"


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("spec", ["random", "heuristic", "ismcts:iterations=30"])
def test_same_seed_same_decision(name: str, spec: str) -> None:
    state = midgame(name, 5)
    player = state.current_player
    assert player is not None
    first = make_bot(spec, seed=9).choose(Seat(state, player))
    second = make_bot(spec, seed=9).choose(Seat(state.clone(), player))
    assert first == second
    assert first.action in state.legal_actions()


def test_heuristic_prefers_winning_nim_moves_by_evaluation() -> None:
    state: NimState = Nim(pile=7).new_game()
    assert make_bot("heuristic", seed=0).choose(Seat(state, 0)).action == 2


def test_ismcts_prior_starts_from_the_one_ply_evaluation() -> None:
    # With a prior the root actions start with virtual visits at their evaluation, so a
    # single iteration already follows it; Nim's evaluation knows the winning move.
    for pile, best in ((7, 2), (6, 1), (9, 0)):
        state = Nim(pile=pile).new_game()
        bot = make_bot("ismcts:iterations=1,prior=50,scale=0.5", seed=pile)
        assert bot.choose(Seat(state, 0)).action == best
