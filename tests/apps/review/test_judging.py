"""The review: a clearly best move is found and the others flagged; only the seat's view is
read; the same review whatever the workers or the backend; an interrupted run keeps what
finished. Budgets are test-sized (a few samples, short rollouts)."""

from __future__ import annotations

import random
from dataclasses import asdict
from typing import Any

import pytest

import tavola
from tavola.apps.review.decisions import Reviewed, plan, review_json, run
from tavola.apps.review.judging import cutoff_chances, judge, suggest, verdict, with_overrides
from tavola.core.game import Game, State
from tavola.core.registry import game_classes
from tavola.core.review_budget import Budget
from tavola.players import BotSpecError, Seat, make_bot, play_match
from tests.games.campanile.decks import stacked_deck

# A stacked Carcassonne game of seven tiles. P0's knight holds a city D-F-G open to the
# north; P1's thief holds a road of five tiles. P0 draws the last tile, E: only
# "place 0,3 180" closes the city (10 points, and a win); anywhere else P0 ties at best.
TILES = ["F", "U", "G", "U", "U", "U", "E"]
TURNS = [
    ("place 0,1 90", "deploy city N"),
    ("place 1,0 0", "deploy road E"),
    ("place 0,2 90", "pass"),
    ("place -1,0 0", "pass"),
    ("place 2,0 0", "pass"),
    ("place -2,0 0", "pass"),
]
CLOSING = "place 0,3 180"
QUICK = Budget(samples=4, depth=6, width=4)


def last_tile_record(last: str) -> dict[str, Any]:
    state = tavola.load("carcassonne", tiles=TILES).new_game(seed=0)
    for place, deploy in TURNS:
        state.apply(place)
        if "place" not in state.legal_notations()[0]:  # the follower step came
            state.apply(deploy)
    assert state.current_player == 0
    state.apply(last)
    return state.record()


def review(record: dict[str, Any], seats: list[int], budget: Budget = QUICK, seed: int = 1,
           workers: int = 1) -> dict[str, Any]:  # fmt: skip
    final = tavola.replay(record)
    outcome = run(plan(record, final, seats, budget, seed), workers)
    return review_json(outcome, final, seats, budget, seed)


def without_time(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [{k: v for k, v in d.items() if k != "seconds"} for d in data["decisions"]]


def test_the_move_that_closes_the_city_is_found_and_the_others_flagged() -> None:
    good = review(last_tile_record(CLOSING), [0])
    decision = next(d for d in good["decisions"] if d["played"] == CLOSING)
    assert decision["best"] == CLOSING
    assert decision["verdict"] is None
    assert decision["win"] == 1.0
    assert decision["legal"] > len(decision["moves"])  # screened by one ply, and said so
    assert decision["notes"]
    # every other move examined ties at best: each loses half a win or more
    for move in decision["moves"][1:]:
        assert move["win"] <= 0.5
    for other in [m["action"] for m in decision["moves"][1:]]:
        bad = review(last_tile_record(other), [0])
        flagged = next(d for d in bad["decisions"] if d["played"] == other)
        assert flagged["best"] == CLOSING
        assert flagged["verdict"] == "blunder"
        assert flagged["loss"] >= 0.5
        assert flagged["loss_se"] == 0.0  # nothing is hidden at the last tile


def test_a_hint_is_the_best_move_found() -> None:
    record = last_tile_record(CLOSING)
    state = tavola.replay({**record, "actions": record["actions"][:-1]})
    hint = suggest(Seat(state, 0), QUICK, seed=3)
    assert (hint.action, hint.win) == (CLOSING, 1.0)


def twin_records() -> tuple[dict[str, Any], dict[str, Any]]:
    """Two records of the same Campanile moves whose deals differ only in a card of P1's
    hand that P0 never sees (swapped with a card at the bottom of the stack)."""
    hands = [["beige", "blue", "brown"], ["yellow", "red", "blue"]]
    stack = ["brown", "yellow", "red", "beige", "blue", "brown", "intermezzo", "yellow", "red",
             "beige", "blue", "finito"]  # fmt: skip
    deck = list(stacked_deck(hands, ["beige", "red", "yellow"], stack))
    game = tavola.load("campanile", players=2, deck=deck)
    state = game.new_game(seed=0)
    rng = random.Random(4)
    for _ in range(10):
        state.apply(rng.choice(state.legal_actions()))
    record = state.record()
    for index in (3, 4, 5):  # P1's hand
        swapped = deck[:]
        swapped[index], swapped[-1] = swapped[-1], swapped[index]
        if swapped[index] == deck[index]:
            continue
        twin = {**record, "options": {**record["options"], "deck": swapped}}
        try:
            other = tavola.replay(twin)
        except tavola.ReplayError:
            continue
        if same_views(record, twin, 0) and other.view(1) != state.view(1):
            return record, twin
    raise AssertionError("no swap keeps P0's views the same")


def same_views(first: dict[str, Any], second: dict[str, Any], seat: int) -> bool:
    states: list[State] = []
    for record in (first, second):
        state = tavola.replay({**record, "actions": []})
        views = []
        for action in record["actions"]:
            views.append(state.view(seat))
            state.apply(action)
        states.append(state)
        record["_views"] = views
    same = first.pop("_views") == second.pop("_views")
    return same and states[0] != states[1]


def test_a_review_never_reads_what_the_seat_could_not_see() -> None:
    record, twin = twin_records()
    budget = Budget(samples=3, depth=4)
    first, second = review(record, [0], budget), review(twin, [0], budget)
    assert first["decisions"], "P0 made decisions"
    assert without_time(first) == without_time(second)
    # P1's review does see its own different hand
    assert without_time(review(record, [1], budget)) != without_time(review(twin, [1], budget))


def test_a_judgement_sees_the_game_only_through_the_seat() -> None:
    state = tavola.load("clocktowers", players=2).new_game(seed=2)
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    player = state.current_player
    assert player is not None
    twin = state.determinize(player, random.Random(9))
    assert twin.view(player) == state.view(player)
    played = state.legal_actions()[-1]
    first = judge(Seat(state, player), played, QUICK, 5)
    assert first == judge(Seat(twin, player), played, QUICK, 5)


@pytest.fixture(scope="module")
def short_game() -> dict[str, Any]:
    final = play_match(tavola.load("campanile", players=2), ["random", "random"], seed=6)
    record = final.record()
    record["actions"] = record["actions"][:12]
    return record


def test_the_same_review_whatever_the_number_of_workers(short_game: dict[str, Any]) -> None:
    alone = review(short_game, [0, 1], workers=1)
    pooled = review(short_game, [0, 1], workers=2)
    assert without_time(alone) == without_time(pooled)
    assert [d["step"] for d in alone["decisions"]] == sorted(d["step"] for d in alone["decisions"])
    assert without_time(review(short_game, [0, 1], seed=2)) != without_time(alone)


@pytest.mark.parametrize("workers", [1, 2])
def test_an_interrupted_review_keeps_what_finished(
    short_game: dict[str, Any], workers: int
) -> None:
    final = tavola.replay(short_game)
    tasks = plan(short_game, final, [0, 1], QUICK, 1)
    seen: list[int] = []

    def stop_after_three(done: Reviewed) -> None:
        seen.append(done.step)
        if len(seen) == 3:
            raise KeyboardInterrupt

    outcome = run(tasks, workers, on_result=stop_after_three)
    assert outcome.interrupted
    assert [r.step for r in outcome.results] == sorted(seen)
    data = review_json(outcome, final, [0, 1], QUICK, 1)
    assert (data["decisions_planned"], data["decisions_reviewed"]) == (len(tasks), 3)
    assert data["interrupted"] is True


def test_ray_backend_gives_the_same_review(short_game: dict[str, Any]) -> None:
    pytest.importorskip("ray")
    final = tavola.replay(short_game)
    tasks = plan(short_game, final, [0], QUICK, 3)[:4]
    on_ray = run(tasks, workers=2, backend="ray")
    local = run(tasks, workers=1)
    assert [asdict(r.judgement) for r in on_ray.results] == [
        asdict(r.judgement) for r in local.results
    ]


def test_flags_need_both_the_size_and_two_standard_errors() -> None:
    assert verdict(0.30, 0.10) == "blunder"
    assert verdict(0.30, 0.16) is None  # within two standard errors
    assert verdict(0.15, 0.0) == "mistake"
    assert verdict(0.049, 0.0) is None
    with pytest.raises(ValueError, match="samples"):
        Budget(samples=1)
    chances = cutoff_chances([3.0, -3.0, -10.0], 3.0)
    assert sum(chances) == pytest.approx(1.0)
    assert chances[0] > chances[1] > chances[2]


def test_each_game_sets_its_budget_and_a_game_without_one_gets_the_defaults() -> None:
    classes = game_classes()
    assert classes["campanile"].review_budget == Budget(
        "heuristic:samples=1", samples=64, depth=10, scale=3.0
    )
    assert classes["clocktowers"].review_budget == Budget(samples=24, depth=25, scale=4.7)
    assert classes["carcassonne"].review_budget == Budget(
        "heuristic:samples=1", samples=8, depth=4, scale=7.3, width=6
    )
    assert Game.review_budget == Budget()
    for cls in classes.values():
        make_bot(cls.review_budget.bot)  # every game's rollout bot is a valid spec
    with pytest.raises(BotSpecError):
        with_overrides(Budget(), bot="robot")
    assert with_overrides(Budget(), samples=None, depth=3) == Budget(depth=3)
