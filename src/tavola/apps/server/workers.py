"""The bot workers' processes: a pool that outlives a dead worker, and jobs with bounds.

A worker killed from outside (the out-of-memory killer, an operator) breaks a
``ProcessPoolExecutor`` for good. ``Workers`` replaces a broken pool and runs the jobs it
lost again (``ATTEMPTS`` in all). So that one job cannot break the pool again and again,
each job is bounded: in memory (``BotLimits.worker_memory_mb``, its worker's address
space: past it the job fails with ``MemoryError``, the worker lives) and in time
(``BotLimits.job_seconds``: an alarm in the worker stops the job with ``JobTooLong``; a
worker that does not stop even so is killed). Closing kills the workers: a job in
progress is not worth waiting for, and its match resumes when the server starts again. A
worker ends with its server however that ends: killed, a server leaves no worker behind.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import resource
import select
import signal
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from types import FrameType
from typing import TypeVar

from tavola.apps.server.settings import BotLimits

log = logging.getLogger("tavola.server")
J = TypeVar("J")
T = TypeVar("T")
ATTEMPTS = 3  # runs of one job on pools that broke under it, before it is given up
KILL_AFTER = 30.0  # seconds past a job's limit before its worker is killed (and to start one)


class JobTooLong(Exception):
    """A job ran past ``BotLimits.job_seconds``."""


class WorkersLost(Exception):
    """The workers died under a job ``ATTEMPTS`` times."""


def start_worker(memory_bytes: int, server: int) -> None:
    """A new worker of the server process ``server``: its address space is capped (0:
    not), Ctrl-C in the server's terminal is the server's to handle (it stops its
    workers), and it ends when the server ends."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_end_with, args=(server,), name="end-with-server", daemon=True).start()
    if memory_bytes:
        resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))


def _end_with(server: int) -> None:
    """End this process when ``server`` ends: a killed server's workers would otherwise
    wait for jobs forever (and keep the forkserver alive)."""
    try:
        watched = os.pidfd_open(server)  # Linux: no risk of a reused process id
    except ProcessLookupError:
        os._exit(0)
    except (AttributeError, OSError):
        return  # not Linux: the pool's own shutdown must do
    select.select([watched], [], [])
    os._exit(0)


def bounded(work: Callable[[J], T], job: J, seconds: float) -> T:
    """Run in a worker: ``work(job)``, stopped with ``JobTooLong`` after ``seconds``."""

    def stop(signum: int, frame: FrameType | None) -> None:
        raise JobTooLong(f"a job runs {seconds:g} s at most")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return work(job)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def make_pool(workers: int, limits: BotLimits) -> ProcessPoolExecutor:
    # forkserver: a clean process, not a fork of a server with threads and sockets. This
    # module is imported there, where Ctrl-C is ignored, so that a new worker has nothing
    # to import before ``start_worker`` ignores it too (CI once saw a Ctrl-C interrupt a
    # starting worker's imports: a traceback on the server's way out)
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    return ProcessPoolExecutor(
        workers,
        mp_context=context,
        initializer=start_worker,
        initargs=(limits.worker_memory_mb * 2**20, os.getpid()),
    )


class Workers:
    """``count`` worker processes, started when first needed, under ``limits``."""

    def __init__(self, count: int, limits: BotLimits) -> None:
        self.count = count
        self.limits = limits
        self._pool: ProcessPoolExecutor | None = None

    async def run(self, work: Callable[[J], T], job: J) -> T:
        """``work(job)`` in a worker (``work`` must be a module's function, as pickle
        wants): run again on a new pool if its pool broke, at most ``ATTEMPTS`` times
        (``WorkersLost``); ``JobTooLong`` past the time limit."""
        loop = asyncio.get_running_loop()
        seconds = self.limits.job_seconds
        for _ in range(ATTEMPTS):
            pool = self._current()
            try:
                running = loop.run_in_executor(pool, bounded, work, job, seconds)
                return await asyncio.wait_for(running, seconds + KILL_AFTER)
            except BrokenProcessPool:
                self._drop(pool, "a bot worker died; its jobs run again")
            except TimeoutError:
                self._drop(pool, "a bot worker ignored its time limit; it was killed")
                raise JobTooLong(f"a job runs {seconds:g} s at most") from None
        raise WorkersLost(f"the bot workers died under one job {ATTEMPTS} times")

    def _current(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = make_pool(self.count, self.limits)
        return self._pool

    def _drop(self, pool: ProcessPoolExecutor, why: str) -> None:
        """Put ``pool`` down (once, whoever of its jobs notices first) and kill its
        workers; the next job starts a new one."""
        if self._pool is pool:
            log.warning(why)
            self._pool = None
            _stop(pool)

    def close(self) -> None:
        """Stop the workers now, quietly; the queued jobs are cancelled."""
        if self._pool is not None:
            _stop(self._pool)
            self._pool = None


def _stop(pool: ProcessPoolExecutor) -> None:
    processes = list((pool._processes or {}).values())  # gone once shut down
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.kill()
