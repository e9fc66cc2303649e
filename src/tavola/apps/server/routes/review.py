"""The replay viewer's "Review": the review of a record, run in the background.

The client sends the record it replays (a finished match's, or a file the player chose),
as it does to ``/api/replay``; the review runs in a separate process with the game's
default budget (``tavola review``'s), and the client polls for its progress, then gets the
chart and the flagged moves (``tavola.apps.review.page``) with the review's JSON.

- ``POST /api/review`` (body: the record; ``?seats=0,2``, default all; ``&name=Ada&name=...``,
  one a seat, optional, as for ``/api/replay/svg``) -> ``202 {"id", "total", "status"}``
  (``status`` as below: the page says at once that it waits its turn). A record
  that does not replay is answered 422 ``bad_record``; the same record, seats, names, seed
  and budget asked again gets the same job, running or finished (the last ``KEPT``
  finished reviews are kept: a cache by the record's hash). At most ``RUNNING`` reviews
  run at once, one a client, each in ``PROCESSES`` processes; the others wait their turn
  (``"queued"``), in the order asked, up to ``WAITING`` a client (429 ``reviewing``
  beyond) and ``QUEUE`` in all (503 ``busy`` beyond).
- ``GET /api/review/{id}`` -> ``{"id", "status": "queued" | "running" | "done" | "failed", "done",
  "total", "chances_done", "chances_total"}`` (``done`` of ``total`` decisions, and the
  steps looked at for chance), ``review`` (the JSON of ``tavola review --json``: while
  running, the decisions and chance events judged so far, in the record's order),
  ``chart`` (an SVG) and ``flagged`` (HTML): the first flagged moves show within seconds.

The job keeps only the review's results; its JSON (the chance events' ``what`` included),
the chart and the flagged moves are made from them when they are asked for, in the
language of that request, so each reader of the same review reads it in their own.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.pool import Pool
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import JSONResponse

from tavola.apps.review.chart import chart_svg
from tavola.apps.review.decisions import (
    ReviewOutcome,
    ReviewTask,
    interleaved,
    plan,
    review_json,
    work,
)
from tavola.apps.review.judging import budget_json
from tavola.apps.review.luck import ChanceTask, plan_chances
from tavola.apps.review.page import flagged_html, legend, luck_html
from tavola.apps.server.rates import client_address, client_limit
from tavola.apps.server.request_language import lazy
from tavola.apps.server.routes.bodies import Record
from tavola.apps.server.routes.dependencies import jobs_of
from tavola.apps.server.routes.errors import ApiError, answers
from tavola.apps.server.routes.replay import checked, seat_names
from tavola.core.game import State
from tavola.core.svg import seat_name

router = APIRouter(prefix="/api/review", tags=["review"])

RUNNING = 2  # reviews at once
WAITING = 3  # reviews of one client waiting for their turn
QUEUE = 16  # reviews waiting in all
PROCESSES = 2  # the processes of one review (the 2-core machine's review in under a minute)
KEPT = 32  # finished reviews kept for their clients, oldest dropped first
SEED = 0  # the review's seed: the same record gets the same review, as `tavola review`


@dataclass
class Job:
    """One review in the background: its tasks, the decisions judged so far, the result."""

    id: str
    tasks: list[ReviewTask]
    final: State
    seats: list[int]
    names: list[str | None]  # one per seat: given in the record, else None ("Seat A")
    client: str  # the address that asked: one running review each
    chances: list[ChanceTask] = field(default_factory=list)
    outcome: ReviewOutcome = field(init=False)
    status: str = "running"  # "queued" while it waits its turn (Jobs.next)
    error: str | None = None
    pool: Pool | None = field(default=None, init=False, repr=False)  # while it judges

    def __post_init__(self) -> None:
        self.outcome = ReviewOutcome(self.tasks, chance_tasks=self.chances)

    def run(self) -> None:
        """Judge every decision and chance event in child processes (the server's own
        keeps serving), in the record's order, keeping each result as it comes."""
        try:
            work_list = interleaved(self.tasks, self.chances)
            if work_list:
                context = multiprocessing.get_context("spawn")
                with context.Pool(min(PROCESSES, len(work_list))) as pool:
                    self.pool = pool
                    for result in pool.imap(work, work_list):
                        self.outcome.add(result)
                self.pool = None
            self.review()  # a failure to put it in words is the job's, not a reader's
            self.status = "done"
        except Exception as error:  # any failure is the client's to see, not the server's
            self.error = f"{type(error).__name__}: {error}"
            self.status = "failed"

    def json(self) -> dict[str, Any]:
        """The job's progress, and once done its review with the chart and the flagged
        moves in the language of the moment (the request's)."""
        body: dict[str, Any] = {
            "id": self.id,
            "status": self.status,
            "done": len(self.outcome.results),
            "total": len(self.tasks),
        }
        body.update(
            chances_done=self.outcome.chances_done, chances_total=len(self.outcome.chance_tasks)
        )
        if self.error:
            body["message"] = self.error
        data = self.review()  # in the reader's language: the chance events' words too
        if self.status != "failed" and (self.status == "done" or data["decisions"]):
            # 360 units: a phone's 372 px draws its 12-unit print at 12.4 px (playtest 15
            # #8: 380 units, 11.8 px)
            chart = luck_html(data) + legend(data) + chart_svg(data, width=360, height=200)
            body.update(review=data, chart=chart, flagged=flagged_html(data, limit=4))
        return body

    def review(self) -> dict[str, Any]:
        """The review's JSON from what is judged so far (all of it once done)."""
        so_far = ReviewOutcome(self.tasks, chance_tasks=self.chances)
        so_far.results = list(self.outcome.results)
        so_far.chances = list(self.outcome.chances)
        so_far.chances_done = self.outcome.chances_done
        so_far.sort()
        budget = self.tasks[0].budget if self.tasks else self.final.game.review_budget
        # seats without names are named as the board and the log name them, in the
        # reader's language ("Seat A", "Posto A")
        names = [text or seat_name({}, seat) for seat, text in enumerate(self.names)]
        return review_json(so_far, self.final, self.seats, budget, SEED, names)


class Jobs:
    """The reviews asked for, by id and by what was asked (record, seats)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.by_id: OrderedDict[str, Job] = OrderedDict()
        self.by_key: dict[str, str] = {}
        self.closed = False  # the server is shutting down: nothing more starts

    def start(self, key: str, client: str, make: Callable[[str], Job]) -> Job:
        """The review of ``key``, asked by ``client`` unless it is known already: started now,
        or queued until ``client``'s running review ends and a place is free."""
        with self.lock:
            known = self.by_id.get(self.by_key.get(key, ""))
            if known is not None and known.status != "failed":  # a failed one is tried again
                return known
            queued = [job for job in self.by_id.values() if job.status == "queued"]
            if sum(job.client == client for job in queued) >= WAITING:
                raise ApiError(
                    429,
                    "reviewing",
                    lazy("reviews you asked for are still waiting; wait for one to end"),
                )
            if len(queued) >= QUEUE:
                raise ApiError(503, "busy", lazy("the server is reviewing other games; try later"))
            job: Job = make(secrets.token_urlsafe(8))
            job.status = "queued"
            self.by_id[job.id] = job
            self.by_key[key] = job.id
            finished = [j for j in self.by_id.values() if j.status not in ("queued", "running")]
            for old in finished[: max(0, len(self.by_id) - KEPT)]:
                del self.by_id[old.id]
            self.by_key = {k: v for k, v in self.by_key.items() if v in self.by_id}
        self.next()
        return job

    def next(self) -> None:
        """Start the queued reviews whose turn it is, in the order asked: while fewer than
        ``RUNNING`` run, each whose client has none running."""
        with self.lock:
            if self.closed:
                return
            starting: list[Job] = []
            running = [job for job in self.by_id.values() if job.status == "running"]
            for job in self.by_id.values():
                busy = {other.client for other in running}
                if job.status == "queued" and len(running) < RUNNING and job.client not in busy:
                    job.status = "running"
                    running.append(job)
                    starting.append(job)
        for job in starting:
            threading.Thread(
                target=self.run, args=(job,), name=f"review-{job.id}", daemon=True
            ).start()

    def run(self, job: Job) -> None:
        """Run ``job``, then start the reviews that waited for it."""
        try:
            job.run()
        finally:
            self.next()

    def close(self) -> None:
        """Stop the reviews still running (the server is shutting down)."""
        with self.lock:
            self.closed = True
            pools = [job.pool for job in self.by_id.values() if job.pool is not None]
        for pool in pools:
            pool.terminate()

    def get(self, job_id: str) -> Job:
        with self.lock:
            job = self.by_id.get(job_id)
        if job is None:
            raise ApiError(
                404, "not_found", lazy("there is no such review (reviews are kept a while)")
            )
        return job


ReviewJobs = Annotated[Jobs, Depends(jobs_of)]


def _seats(text: str | None, players: int) -> list[int]:
    if text is None or not text.strip():
        return list(range(players))
    try:
        seats = sorted({int(piece) for piece in text.split(",")})
    except ValueError:
        raise ApiError(
            422, "bad_seats", lazy("seats are seat numbers separated by commas")
        ) from None
    if any(not 0 <= seat < players for seat in seats):
        raise ApiError(422, "bad_seats", lazy("seats are 0 to {last}", last=players - 1))
    return seats


@router.post(
    "",
    status_code=202,
    dependencies=[Depends(client_limit("reviews"))],
    responses=answers(400, 413, 429, 503),
)
def start_review(
    record: Record,
    request: Request,
    jobs: ReviewJobs,
    seats: Annotated[str | None, Query(max_length=20)] = None,
    name: Annotated[list[str] | None, Query(max_length=200)] = None,
) -> JSONResponse:
    """Start reviewing ``record`` (or find the review already asked for); ``name`` (once a
    seat, empty for none) names the seats as the match's table does, else the record's names."""
    final = checked(record)  # 422 as /api/replay answers
    chosen = _seats(seats, final.game.num_players)
    budget = final.game.review_budget
    given = seat_names(record, name, final.game.num_players) or [None] * final.game.num_players
    names = [text or None for text in given]
    text = json.dumps([record, chosen, SEED, budget_json(budget), names], sort_keys=True)
    key = hashlib.sha256(text.encode()).hexdigest()

    def make(job_id: str) -> Job:
        tasks = plan(record, final, chosen, budget, SEED)
        chances = plan_chances(record, final, chosen, budget, SEED)
        return Job(job_id, tasks, final, chosen, names, client, chances)

    client = client_address(request)
    job = jobs.start(key, client, make)
    return JSONResponse(
        {"id": job.id, "total": len(job.tasks), "status": job.status}, status_code=202
    )


@router.get("/{job_id}", responses=answers(404))
def review_status(job_id: Annotated[str, Path(max_length=32)], jobs: ReviewJobs) -> dict[str, Any]:
    """A review's progress, and its chart and flagged moves once done."""
    return jobs.get(job_id).json()
