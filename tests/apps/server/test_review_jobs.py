"""A review job in the server shows what it has judged while it runs (the decisions come in
the record's order), and its progress counts the chance steps apart from the decisions; a
client's second review waits for its first."""

from __future__ import annotations

import threading
import time

import tavola
from tavola.apps.review.decisions import plan, review_task
from tavola.apps.review.luck import chance_task, plan_chances
from tavola.apps.server.routes.review import Job, Jobs
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


class HeldJob(Job):
    """A job that judges nothing and runs until its test lets it end."""

    def __init__(self, job_id: str, client: str, final: tavola.State) -> None:
        super().__init__(job_id, [], final, [0], ["A", "B"], client)
        self.started = threading.Event()
        self.release = threading.Event()

    def run(self) -> None:
        self.started.set()
        assert self.release.wait(10)
        self.status = "done"


def test_a_second_review_of_one_client_waits_for_its_first() -> None:
    """A client's second review is queued, not refused, and starts when its first ends."""
    final = tavola.load("campanile", players=2).new_game(seed=1)
    jobs = Jobs()
    made: list[HeldJob] = []

    def make(job_id: str) -> HeldJob:
        made.append(HeldJob(job_id, "client", final))
        return made[-1]

    first = jobs.start("first", "client", make)
    second = jobs.start("second", "client", make)
    assert made[0].started.wait(10)
    assert (first.status, second.status) == ("running", "queued")
    assert second.json()["status"] == "queued"
    assert not made[1].started.is_set()
    made[0].release.set()
    assert made[1].started.wait(10)
    assert second.status == "running"
    made[1].release.set()
    deadline = time.monotonic() + 10
    while second.status != "done":
        assert time.monotonic() < deadline
        time.sleep(0.01)
