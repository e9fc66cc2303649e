"""``kill`` stops a command as Ctrl-C does: what is finished is kept and saved.

Inside ``stopping_signals()``, SIGTERM (``kill``) and SIGHUP (the terminal closed) raise
``Stopped``, a ``KeyboardInterrupt``, in the main thread; a second one while the work is
being saved is ignored. Outside the main thread nothing changes.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

STOP_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)


class Stopped(KeyboardInterrupt):
    """A stop signal arrived: ``signum`` says which."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


class Caught:
    """The stop signal received inside ``stopping_signals``, if any."""

    signum: int | None = None

    @property
    def exit_code(self) -> int:
        """The shell's code for the signal (143 for SIGTERM), or 130 (Ctrl-C)."""
        return 128 + (self.signum or signal.SIGINT)


@contextmanager
def stopping_signals() -> Iterator[Caught]:
    caught = Caught()
    if threading.current_thread() is not threading.main_thread():
        yield caught
        return

    def stop(signum: int, frame: FrameType | None) -> None:
        if caught.signum is None:
            caught.signum = signum
            raise Stopped(signum)

    previous = {number: signal.signal(number, stop) for number in STOP_SIGNALS}
    try:
        yield caught
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
