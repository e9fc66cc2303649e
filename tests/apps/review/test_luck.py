"""Luck and skill: a draw known to be lucky is lucky for its seat and unlucky for the other;
luck averages zero over games of equal bots; the JSON's new fields; verdicts settled early
agree with the whole budget's. Budgets are test-sized."""

from __future__ import annotations

import math
import random
import statistics
from dataclasses import replace

import tavola
from tavola.apps.review.decisions import plan, review_json, run
from tavola.apps.review.judging import held_out_loss, judge, paired
from tavola.apps.review.luck import chance_task, plan_chances
from tavola.core.i18n import language
from tavola.core.review_budget import Budget
from tavola.players import Seat, play_match
from tests.apps.review.test_judging import CLOSING, last_tile_record

QUICK = Budget(samples=6, depth=6, width=4)


def test_drawing_the_tile_that_closes_the_city_is_lucky() -> None:
    # P0 draws the last tile, E, the one that closes its city and wins the game: from
    # P0's view a lucky draw, from P1's an unlucky one. (E was the likeliest tile: the swing
    # is the chance, as each seat saw it, that another one came.)
    record = last_tile_record(CLOSING)
    final = tavola.replay(record)
    drawn = len(record["actions"]) - 2  # the action after which E is drawn
    tasks = plan_chances(record, final, [0, 1], replace(QUICK, samples=16), 1)
    chance = chance_task(tasks[drawn])
    assert chance is not None
    assert "city edge" in str(chance.what)  # the tile in words, in the reader's language
    with language("it"):
        assert "città" in str(chance.what)
    (lucky, lucky_se), (unlucky, unlucky_se) = chance.swings[0], chance.swings[1]
    assert lucky > lucky_se > 0
    assert unlucky < -unlucky_se < 0


def test_the_json_has_luck_skill_and_chance_events() -> None:
    record = last_tile_record("place -2,-1 90")
    final = tavola.replay(record)
    tasks, chances = plan(record, final, [0], QUICK, 1), plan_chances(record, final, [0], QUICK, 1)
    outcome = run(tasks, chances=chances)
    data = review_json(outcome, final, [0], QUICK, 1)
    (summary,) = data["summary"]
    for key in ("luck", "luck_se", "skill", "skill_se"):
        assert isinstance(summary[key], float)
    judged = [result.judgement for result in outcome.results]
    assert summary["skill"] == -sum(j.skill_loss for j in judged) <= -0.5  # a blunder
    assert summary["luck_se"] >= 0
    assert summary["skill_se"] >= 0
    assert data["chances_reviewed"] == data["chances_planned"] == len(chances)
    assert data["chance_events"]
    for event in data["chance_events"]:
        assert isinstance(event["step"], int)
        assert isinstance(event["what"], str)
        assert event["seat"] in (0, 1)
        assert len(event["swing"]) == len(event["swing_se"]) == 2
        assert event["swing"][1] is None  # seat 1 was not reviewed
        assert isinstance(event["swing"][0], float)
    assert summary["luck"] == math.fsum(e["swing"][0] for e in data["chance_events"])


def test_luck_averages_zero_over_games_of_equal_bots() -> None:
    # A swing's expectation is zero by construction (W(before) is the mean of W(after) over
    # the draws the seat thought possible): the mean luck over seeded games of two random
    # bots stays within three of its standard errors (seeded: the same numbers each run).
    budget = Budget(bot="random", samples=4, depth=6, scale=4.7)
    lucks: list[float] = []
    for seed in range(6):
        final = play_match(tavola.load("clocktowers"), ["random", "random"], seed=seed)
        record = final.record()
        record["actions"] = record["actions"][:30]
        final = tavola.replay(record)
        chances = plan_chances(record, final, [0, 1], budget, seed)
        data = review_json(run([], chances=chances), final, [0, 1], budget, seed)
        lucks += [s["luck"] for s in data["summary"]]
    assert len(lucks) == 12
    spread = statistics.stdev(lucks)
    assert spread > 0
    assert abs(statistics.fmean(lucks)) <= 3 * spread / math.sqrt(len(lucks))


def test_verdicts_settled_early_agree_with_the_whole_budget() -> None:
    final = play_match(tavola.load("campanile", players=2), ["heuristic", "heuristic"], seed=5)
    record = final.record()
    budget = Budget(samples=16, depth=4, scale=3.0, width=3)
    tasks = plan(record, final, [0, 1], budget, 2)[::8]
    early, whole = [], []
    for task in tasks:
        state = tavola.replay({**record, "actions": record["actions"][: task.step]})
        played = state.read_action(record["actions"][task.step])
        seat = Seat(state, task.seat)
        early.append(judge(seat, played, budget, task.seed))
        whole.append(judge(seat, played, budget, task.seed, settle=False))
    assert [j.verdict for j in early] == [j.verdict for j in whole]
    assert sum(m.samples for j in early for m in j.moves) < sum(
        m.samples for j in whole for m in j.moves
    )


def test_the_chance_events_are_in_the_language_the_json_is_made_in() -> None:
    # The worker keeps the words translatable; the JSON is made in the reader's language.
    record = last_tile_record(CLOSING)
    final = tavola.replay(record)
    chances = plan_chances(record, final, [0], QUICK, 1)[-2:]
    outcome = run([], chances=chances)
    with language("de"):
        german = review_json(outcome, final, [0], QUICK, 1)["chance_events"]
    english = review_json(outcome, final, [0], QUICK, 1)["chance_events"]
    assert german
    assert len(german) == len(english)
    for de, en in zip(german, english, strict=True):
        assert de["what"] != en["what"]
    assert "Stadt" in german[-1]["what"]
    assert "city" in english[-1]["what"]


def test_skill_does_not_count_the_noise_of_equal_moves() -> None:
    # Four moves of the same true value, 16 noisy samples each: the loss against the best
    # found on the same samples is positive by selection alone; held out, it averages zero.
    rng = random.Random(3)
    selected, held = [], []
    for _ in range(300):
        outcomes = {a: [(rng.random(), 0.0) for _ in range(16)] for a in range(4)}
        wins = {a: statistics.fmean(o[0] for o in outcomes[a]) for a in outcomes}
        best = max(wins, key=lambda a: wins[a])
        selected.append(paired([o[0] for o in outcomes[best]], [o[0] for o in outcomes[0]])[0])
        held.append(held_out_loss(outcomes, 0)[0])
    held_se = statistics.stdev(held) / math.sqrt(len(held))
    assert abs(statistics.fmean(held)) <= 3 * held_se
    assert statistics.fmean(selected) > 10 * held_se  # the bias held-out losses remove


def test_skill_differences_of_equal_bots_average_zero() -> None:
    # Seeded games of two equal (random) bots: each game's skill difference between the
    # seats averages zero within three standard errors, and each seat's is within noise.
    budget = Budget(bot="random", samples=4, depth=4, scale=4.7, width=3)
    differences: list[float] = []
    for seed in range(6):
        final = play_match(tavola.load("clocktowers"), ["random", "random"], seed=seed)
        record = final.record()
        record["actions"] = record["actions"][:24]
        final = tavola.replay(record)
        data = review_json(run(plan(record, final, [0, 1], budget, seed)), final, [0, 1], budget, 0)
        first, second = data["summary"]
        differences.append(first["skill"] - second["skill"])
    spread = statistics.stdev(differences)
    assert spread > 0
    assert abs(statistics.fmean(differences)) <= 3 * spread / math.sqrt(len(differences))
