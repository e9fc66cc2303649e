"""The tournament runner: fair schedules, determinism, interruption, statistics, Ray."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

import pytest

import tavola
from tavola.players.match import play_match, play_timed
from tavola.players.tournament import (
    GameResult,
    Outcome,
    lineups,
    ranks,
    results_json,
    run,
    schedule,
    seat_win_rates,
    standings,
    wilson,
)

SPECS = ["heuristic", "random"]


def comparable(outcome: Outcome) -> list[dict[str, Any]]:
    """The results without the timings, which differ from run to run."""
    return [
        {k: v for k, v in asdict(result).items() if k != "seconds"} for result in outcome.results
    ]


def test_every_table_plays_every_seating() -> None:
    assert lineups(3, 2) == [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)]
    assert len(lineups(4, 4)) == 24
    # Beyond 4 players the permutations are too many: rotations only.
    assert lineups(5, 5) == [(0, 1, 2, 3, 4), (1, 2, 3, 4, 0), (2, 3, 4, 0, 1),
                             (3, 4, 0, 1, 2), (4, 0, 1, 2, 3)]  # fmt: skip
    with pytest.raises(ValueError, match="repeat a spec"):
        lineups(1, 2)


def test_the_seatings_of_a_cycle_share_a_deal() -> None:
    tasks = schedule("campanile", {"players": 2}, ["a", "b", "c"], 14, seed=7)
    assert [t.index for t in tasks] == list(range(14))
    assert [t.seats for t in tasks[:6]] == lineups(3, 2)
    assert len({t.seed for t in tasks[:6]}) == 1
    assert len({t.seed for t in tasks[6:12]}) == 1
    assert tasks[6].seed != tasks[0].seed
    assert tasks[12].seats == (0, 1)
    assert tasks[1].specs == ("b", "a")
    assert schedule("campanile", {"players": 2}, ["a", "b", "c"], 14, seed=7) == tasks
    assert schedule("campanile", {"players": 2}, ["a", "b", "c"], 14, seed=8) != tasks


def test_wilson_interval() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(190, 200)
    assert (round(low, 4), round(high, 4)) == (0.9104, 0.9726)
    low, high = wilson(0, 20)
    assert low == 0.0
    assert high == pytest.approx(0.1611, abs=1e-4)
    low, high = wilson(10, 20)
    assert low + high == pytest.approx(1.0)


def test_ranks_put_winners_first_then_scores() -> None:
    assert ranks([30, 20], [0]) == [1, 2]
    assert ranks([20, 20, 25], [0, 1]) == [1, 1, 2]
    assert ranks([20, 20, 10], [0]) == [1, 2, 3]


def result(index: int, seats: list[int], scores: list[int], winners: list[int]) -> GameResult:
    return GameResult(
        index=index,
        seed=1,
        seats=seats,
        specs=[SPECS[c] for c in seats],
        scores=scores,
        winners=winners,
        decisions=[10] * len(seats),
        seconds=[0.5 * (1 + c) for c in seats],
        record={},
    )


def test_standings_count_shared_wins_scores_time_and_ratings() -> None:
    results = [
        result(0, [0, 1], [20, 10], [0]),
        result(1, [1, 0], [15, 12], [0]),  # winners are seats: contestant 1 won
        result(2, [0, 1], [14, 14], [0, 1]),
        result(3, [1, 0], [18, 8], [0]),
    ]
    first, second = standings(SPECS, reversed(results))  # any order: schedule order is used
    assert (first.games, first.wins, second.wins) == (4, 1.5, 2.5)
    assert first.mean_score == pytest.approx((20 + 12 + 14 + 8) / 4)
    assert first.seconds_per_decision == pytest.approx(0.05)
    assert second.seconds_per_decision == pytest.approx(0.1)
    assert second.rating > first.rating
    assert first.ci == wilson(1.5, 4)
    assert seat_win_rates(2, results) == [0.875, 0.125]


def test_results_are_the_same_whatever_the_number_of_workers() -> None:
    tasks = schedule("campanile", {"players": 2}, SPECS, 6, seed=3)
    alone = run(tasks, workers=1)
    pooled = run(tasks, workers=2)
    assert not alone.interrupted
    assert comparable(alone) == comparable(pooled)
    assert [r.index for r in pooled.results] == list(range(6))
    for finished in pooled.results:
        state = tavola.replay(finished.record)
        assert state.is_over
        assert state.scores == finished.scores
        assert state.winners == finished.winners


@pytest.mark.parametrize("workers", [1, 2])
def test_an_interrupted_run_keeps_the_games_that_finished(workers: int) -> None:
    tasks = schedule("campanile", {"players": 2}, ["random", "random"], 12, seed=5)
    seen: list[int] = []

    def stop_after_three(finished: GameResult) -> None:
        seen.append(finished.index)
        if len(seen) == 3:
            raise KeyboardInterrupt

    outcome = run(tasks, workers=workers, on_result=stop_after_three)
    assert outcome.interrupted
    assert sorted(seen) == [r.index for r in outcome.results]
    assert len(outcome.results) == 3
    data = results_json(outcome, ["random", "random"], seed=5)
    assert data["interrupted"] is True
    assert (data["games_scheduled"], data["games_played"]) == (12, 3)
    assert sum(s["games"] for s in data["standings"]) == 6


def test_unknown_backend_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown backend 'dask'"):
        run([], backend="dask")


def test_ray_backend_plays_the_same_games() -> None:
    pytest.importorskip("ray")
    tasks = schedule("campanile", {"players": 2}, ["random", "heuristic"], 4, seed=11)
    on_ray = run(tasks, workers=2, backend="ray")
    assert comparable(on_ray) == comparable(run(tasks, workers=1))


@pytest.mark.parametrize("name", list(tavola.game_classes()))
def test_every_decision_is_counted_and_timed(name: str) -> None:
    game = tavola.load(name, players=2)
    played = play_timed(game, ["random", "heuristic"], seed=3)
    assert played.state.is_over
    assert sum(played.decisions) == len(played.state.history)
    assert all(count > 0 for count in played.decisions)
    assert played.seconds[1] > 0.0
    assert play_match(game, ["random", "heuristic"], seed=3) == played.state
