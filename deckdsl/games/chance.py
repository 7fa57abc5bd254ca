"""The generator a game's state draws its chance from once the game is dealt: `Stream`.

A search copies a state at every iteration, and with it the state's generator.  Copying a Mersenne Twister
(`random.Random`) copies 625 numbers and seeding one runs its whole initialisation: together they were a
third of a searching bot's time.  A `Stream`'s whole state is one 64-bit number (SplitMix64, Steele, Lea &
Flood 2014: every seed gives a full-period, well-mixed sequence), so a copy is one small object.  Its draws
are integer arithmetic only: the same in the compiled and the pure-Python build.

The deal itself still comes from the `random.Random` an engine is given (`Engine.new_state`), so a seed
deals the same cards whatever the state draws afterwards.  `shuffle` and `below` draw from such a generator
exactly as its own `shuffle` and `randrange` do (the same numbers, tested against them), without the Python
frames of the standard library's `random.py`: a search shuffles a deck at every iteration.
"""

from __future__ import annotations

import random as _random
from typing import TypeVar

T = TypeVar("T")

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
TO_UNIT = 1.0 / (1 << 53)


class Stream:
    """A seeded generator with the draws a game needs (`random`, `randrange`, `shuffle`, `sample`,
    `getrandbits`, `choice`); `copy()` is an independent generator that draws the same from here on."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & MASK

    def copy(self) -> Stream:
        return Stream(self.state)

    def next64(self) -> int:
        """The next 64 random bits."""
        self.state = state = (self.state + GOLDEN) & MASK
        state = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        state = ((state ^ (state >> 27)) * 0x94D049BB133111EB) & MASK
        return state ^ (state >> 31)

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next64() >> 11) * TO_UNIT

    def randrange(self, n: int) -> int:
        """An integer in [0, n) (n ≥ 1; the bias of the multiply-shift is below 2⁻⁵⁰ for any hand size)."""
        if n <= 0:
            raise ValueError("randrange() of an empty range")
        return (self.next64() * n) >> 64

    def getrandbits(self, k: int) -> int:
        """`k` random bits (k ≤ 64)."""
        return self.next64() >> (64 - k) if k else 0

    def choice(self, items: list[T]) -> T:
        return items[self.randrange(len(items))]

    def shuffle(self, items: list) -> None:
        """Shuffle `items` in place (Fisher–Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = (self.next64() * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]

    def sample(self, items: list[T], k: int) -> list[T]:
        """`k` distinct items in random order."""
        if not 0 <= k <= len(items):
            raise ValueError("sample larger than population or is negative")
        pool = list(items)
        for i in range(k):
            j = i + ((self.next64() * (len(pool) - i)) >> 64)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]


def stream_from(rng) -> Stream:
    """A `Stream` seeded from any generator with `getrandbits` (a `random.Random`, another `Stream`)."""
    return Stream(rng.getrandbits(64))


def below(rng: _random.Random, n: int) -> int:
    """`rng.randrange(n)` for n ≥ 1: the same number, drawn the same way (`getrandbits` of n's bit length
    until one is below n)."""
    if n <= 0:
        raise ValueError("randrange() of an empty range")
    k = n.bit_length()
    r: int = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def shuffle(rng: _random.Random, items: list) -> None:
    """`rng.shuffle(items)`: the same order, drawn the same way (Fisher–Yates from the end, each place by
    `below`)."""
    bits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j: int = bits(k)
        while j >= n:
            j = bits(k)
        items[i], items[j] = items[j], items[i]
