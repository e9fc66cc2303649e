"""A review's decisions on a Ray cluster (the optional extra: ``pip install tavola[cluster]``).

As the tournament's Ray backend (``ray_backend.py``): with ``RAY_ADDRESS`` set (or Ray
already initialised) the decisions go to that cluster, whose nodes need tavola installed;
otherwise a private single-machine instance with ``workers`` CPUs is started on the
loopback address and shut down afterwards. Each decision is one Ray task running the same
``review_task`` as the local pool, so the review does not depend on the backend.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from typing import Any

from tavola.players.review_runs import Reviewed, ReviewTask, review_task


def run_ray(tasks: Sequence[ReviewTask], workers: int) -> Iterator[Reviewed]:
    """Results as the cluster finishes decisions; unfinished tasks are cancelled on exit."""
    try:
        import ray
    except ImportError as error:
        raise RuntimeError("the ray backend needs Ray: pip install 'tavola[cluster]'") from error
    started = False
    if not ray.is_initialized():
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if not os.environ.get("RAY_ADDRESS"):
            options.update(num_cpus=max(workers, 1), _node_ip_address="127.0.0.1")
        ray.init(**options)
        started = True
    remote = ray.remote(review_task)
    pending = [remote.remote(task) for task in tasks]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()
