"""Bounded work, counted rather than timed: a test that must not hang or blow up asserts how many Python
function calls (and calls into C) the work takes, which is the same on a fast machine and on a loaded
2-core CI runner.  `within(limit)` stops the work at once when it goes over, so a runaway input fails
fast instead of hanging."""

from __future__ import annotations

import sys
from contextlib import contextmanager


class OverBudget(AssertionError):
    """The work took more calls than its budget."""


class Count:
    calls = 0


@contextmanager
def within(limit: int):
    """Run the block counting calls; raise OverBudget as soon as they pass `limit`.  Yields the count."""
    count = Count()

    def profile(frame, event, arg):
        if event == "call" or event == "c_call":
            count.calls += 1
            if count.calls > limit:
                raise OverBudget(f"more than {limit:,} calls")

    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        yield count
    finally:
        sys.setprofile(previous)


def per_character(text_length: int, calls_per_character: int = 60, floor: int = 2_000_000) -> int:
    """A budget linear in the input's size: what "bounded by the input's own size" means in a test."""
    return floor + calls_per_character * text_length
