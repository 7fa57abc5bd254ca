"""A limit on the time a block of work may take (`--timeout` of `check` and `render`).

Deck files are untrusted: an input that makes some stage slow must end in a diagnostic, not in a CI job
that hangs.  The limit is a real-time timer (SIGALRM), so it stops pure-Python loops and C libraries'
calls back into Python alike; it works where signals do — the main thread of a Unix process — and
elsewhere the block runs without a limit.
"""

from __future__ import annotations

import contextlib
import signal
import threading


class TimeUp(BaseException):
    """Raised by the timer.  A BaseException, like KeyboardInterrupt, so that `except Exception` handlers
    (WeasyPrint's around fonts and images, deckdsl's around one file) cannot swallow it."""


@contextlib.contextmanager
def time_limit(seconds: float | None):
    """Raise `TimeUp` in the block after `seconds` (None or 0: no limit)."""
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable or not seconds or seconds <= 0:
        yield
        return

    def expire(signum, frame):
        raise TimeUp

    previous = signal.signal(signal.SIGALRM, expire)
    # Then again every 10 ms: a signal that lands inside a C library's callback into Python (Pango and
    # HarfBuzz call back through cffi), or inside a garbage-collector callback, is printed and dropped
    # there, so one alone may be lost.
    signal.setitimer(signal.ITIMER_REAL, seconds, 0.01)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
