"""Long runs on a Ray cluster (the optional extra: ``pip install tavola[cluster]``).

Ray is imported only when this backend is used. With ``RAY_ADDRESS`` set (or Ray
already initialised) the tasks go to that cluster, whose nodes need tavola installed;
otherwise a private single-machine Ray instance is started on the loopback address with
``workers`` CPUs and shut down afterwards. Each task is one Ray task running the same
function as the local process pool (a tournament's game, a review's decision), so results
do not depend on the backend.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Generator, Sequence
from typing import Any, TypeVar

Task = TypeVar("Task")
Result = TypeVar("Result")


def run_ray(
    function: Callable[[Task], Result], tasks: Sequence[Task], workers: int
) -> Generator[Result, None, None]:
    """``function(task)`` for each task, as the cluster finishes them; unfinished tasks are
    cancelled on exit."""
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
    remote = ray.remote(function)
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
