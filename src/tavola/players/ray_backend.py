"""Tournament games on a Ray cluster (the optional extra: ``pip install tavola[cluster]``).

Ray is imported only when this backend is used. With ``RAY_ADDRESS`` set (or Ray
already initialised) the games go to that cluster, whose nodes need tavola installed;
otherwise a private single-machine Ray instance is started on the loopback address with
``workers`` CPUs and shut down afterwards. Each game is one Ray task running the same
``play_task`` as the local pool, so results do not depend on the backend.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from typing import Any

from tavola.players.tournament import GameResult, GameTask, play_task


def run_ray(tasks: Sequence[GameTask], workers: int) -> Iterator[GameResult]:
    """Results as the cluster finishes games; unfinished tasks are cancelled on exit."""
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
    remote = ray.remote(play_task)
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
