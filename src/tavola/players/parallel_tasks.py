"""Many independent tasks (a tournament's games, a review's decisions) run to the end or
to Ctrl-C: inline, in a local process pool, or on Ray. Results come as they finish."""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Generator, Sequence
from typing import TypeVar

from tavola.core.checks import shown
from tavola.core.errors import InvalidArgument

Task = TypeVar("Task")
Result = TypeVar("Result")
BACKENDS = ("local", "ray")


def _ignore_interrupt() -> None:
    # Ctrl-C reaches the whole process group: only the parent handles it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_local(
    function: Callable[[Task], Result], tasks: Sequence[Task], workers: int
) -> Generator[Result, None, None]:
    """``function(task)`` for each task as a pool of ``workers`` processes finishes them
    (inline for 1)."""
    if workers <= 1 or len(tasks) <= 1:
        yield from map(function, tasks)
        return
    context = multiprocessing.get_context("spawn")
    with context.Pool(min(workers, len(tasks)), initializer=_ignore_interrupt) as pool:
        yield from pool.imap_unordered(function, tasks)


def run_all(
    function: Callable[[Task], Result],
    tasks: Sequence[Task],
    workers: int,
    backend: str,
    on_result: Callable[[Result], None],
) -> tuple[list[Result], bool]:
    """Every task's result in the order they finished, each also given to ``on_result``,
    and whether Ctrl-C cut the run short (the results finished by then are kept).

    >>> run_all(abs, [-1, 2], 1, "local", print)
    1
    2
    ([1, 2], False)
    """
    if backend == "local":
        stream = run_local(function, tasks, workers)
    elif backend == "ray":
        from tavola.players.ray_backend import run_ray

        stream = run_ray(function, tasks, workers)
    else:
        raise InvalidArgument(f"unknown backend {shown(backend)}; backends are: local, ray")
    results: list[Result] = []
    try:
        for result in stream:
            results.append(result)
            on_result(result)
    except KeyboardInterrupt:
        return results, True
    finally:
        stream.close()
    return results, False
