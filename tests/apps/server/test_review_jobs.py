"""A review job in the server shows what it has judged while it runs (the decisions come in
the record's order), and its progress counts the chance steps apart from the decisions."""

from __future__ import annotations

import tavola
from tavola.apps.review.decisions import plan, review_task
from tavola.apps.review.luck import chance_task, plan_chances
from tavola.apps.server.routes.review import Job
from tavola.core.review_budget import Budget
from tests.apps.review.test_judging import last_tile_record


def test_a_running_review_shows_the_decisions_judged_so_far() -> None:
    record = last_tile_record("place -2,-1 90")
    final = tavola.replay(record)
    budget = Budget(samples=3, depth=4, width=3)
    tasks, chances = (
        plan(record, final, [0], budget, 0),
        plan_chances(record, final, [0], budget, 0),
    )
    job = Job("j", tasks, final, [0], ["A", "B"], "client", chances)
    body = job.json()
    assert (body["status"], body["done"], body["total"]) == ("running", 0, len(tasks))
    assert (body["chances_done"], body["chances_total"]) == (0, len(chances))
    assert "review" not in body  # nothing judged yet
    job.outcome.add(review_task(tasks[-1]))  # the blunder, judged first
    job.outcome.add(chance_task(chances[1]))
    body = job.json()
    assert body["status"] == "running"
    assert (body["done"], body["chances_done"]) == (1, 1)
    assert body["review"]["decisions_reviewed"] == 1
    assert body["review"]["decisions"][0]["verdict"] == "blunder"
    assert "blunder" in body["flagged"]
    assert "<svg" in body["chart"]
