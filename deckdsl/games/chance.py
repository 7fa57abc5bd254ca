"""The generator a game's state draws its chance from once the game is dealt: `Stream`.

A search copies a state at every iteration, and with it the state's generator.  Copying a Mersenne Twister
(`random.Random`) copies 625 numbers and seeding one runs its whole initialisation: together they were a
third of a searching bot's time.  A `Stream`'s whole state is one 64-bit number (SplitMix64, Steele, Lea &
Flood 2014: every seed gives a full-period, well-mixed sequence), so a copy is one small object.  Its draws
are integer arithmetic only: the same in the compiled and the pure-Python build.

The deal itself still comes from the `random.Random` an engine is given (`Engine.new_state`), so a seed
deals the same cards whatever the state draws afterwards.  `shuffle`, `sample` and `below` draw from such a
generator exactly as its own `shuffle`, `sample` and `randrange` do (the same numbers, tested against them),
without the Python frames of the standard library's `random.py`: a search shuffles a deck at every iteration.
"""

from __future__ import annotations

import math
import random as _random
from typing import Final, TypeVar

T = TypeVar("T")

MASK: Final = (1 << 64) - 1
GOLDEN: Final = 0x9E3779B97F4A7C15
TO_UNIT: Final = 1.0 / (1 << 53)
LOW: Final = 0xFFFFFFFF
SMALL: Final = 1 << 16
"""`scaled(n)` multiplies in 16-bit pieces for `n` under this (every hand, deck and table): see `Stream`."""


def _mul(high: int, low: int, c_high: int, c_low: int) -> tuple[int, int]:
    """(high, low) times the constant (c_high, c_low), mod 2⁶⁴, as (high, low) 32-bit halves, multiplying
    16-bit pieces only (see `Stream`)."""
    l0, l1, c0, c1 = low & 0xFFFF, low >> 16, c_low & 0xFFFF, c_low >> 16
    h0, h1, d0, d1 = high & 0xFFFF, high >> 16, c_high & 0xFFFF, c_high >> 16
    first, middle = l0 * c0, l1 * c0 + l0 * c1
    product_low = (first + ((middle & 0xFFFF) << 16)) & LOW
    carry = l1 * c1 + ((middle + (first >> 16)) >> 16)
    high_by_low = h0 * c0 + (((h1 * c0 + h0 * c1) & 0xFFFF) << 16)
    low_by_high = l0 * d0 + (((l1 * d0 + l0 * d1) & 0xFFFF) << 16)
    return (high_by_low + low_by_high + carry) & LOW, product_low


class Stream:
    """A seeded generator with the draws a game needs (`random`, `randrange`, `shuffle`, `sample`,
    `getrandbits`, `choice`); `copy()` is an independent generator that draws the same from here on, and
    `split()` one seeded from this one's next draw.

    The 64-bit state is kept in two 32-bit halves (`high`, `low`) and multiplied in 16-bit pieces: the
    compiled build then computes every step natively (a 64-bit number does not fit mypyc's tagged integers,
    and it multiplies natively only numbers below 2³⁰: anything larger is a Python long).  The numbers are
    SplitMix64's exactly (tests/test_interface_conformance.py checks them against the arithmetic on whole
    numbers).  `scaled(n)` is a draw scaled to [0, n): what `shuffle` and `sample` draw with."""

    __slots__ = ("high", "low")

    def __init__(self, seed: int = 0) -> None:
        seed &= MASK
        self.high = seed >> 32
        self.low = seed & LOW

    @property
    def state(self) -> int:
        """The whole 64-bit state."""
        return (self.high << 32) | self.low

    def copy(self) -> Stream:
        other = Stream()
        other.high, other.low = self.high, self.low
        return other

    def split(self) -> Stream:
        """`Stream(self.next64())`, without making the 64-bit number."""
        high, low = self._next()
        other = Stream()
        other.high, other.low = high, low
        return other

    def _next(self) -> tuple[int, int]:
        """The next 64 random bits, as (high, low) halves."""
        low = self.low + (GOLDEN & LOW)
        high = (self.high + (GOLDEN >> 32) + (low >> 32)) & LOW
        low &= LOW
        self.high, self.low = high, low
        high, low = _mul(high ^ (high >> 30), (low >> 30 | high << 2) & LOW ^ low, 0xBF58476D, 0x1CE4E5B9)
        high, low = _mul(high ^ (high >> 27), (low >> 27 | high << 5) & LOW ^ low, 0x94D049BB, 0x133111EB)
        return high ^ (high >> 31), ((low >> 31 | high << 1) & LOW) ^ low

    def next64(self) -> int:
        """The next 64 random bits."""
        high, low = self._next()
        return (high << 32) | low

    def random(self) -> float:
        """A float in [0, 1)."""
        high, low = self._next()
        return ((high << 21) | (low >> 11)) * TO_UNIT

    def scaled(self, n: int) -> int:
        """The next draw times `n`, divided by 2⁶⁴: an integer in [0, n) (n ≥ 1)."""
        high, low = self._next()
        if n >= SMALL:
            return (((high << 32) | low) * n) >> 64
        carry = (n * (low & 0xFFFF)) >> 16
        carry = (n * (low >> 16) + carry) >> 16
        carry = (n * (high & 0xFFFF) + carry) >> 16
        return (n * (high >> 16) + carry) >> 16

    def randrange(self, n: int) -> int:
        """An integer in [0, n) (n ≥ 1; the bias of the multiply-shift is below 2⁻⁵⁰ for any hand size)."""
        if n <= 0:
            raise ValueError("randrange() of an empty range")
        return self.scaled(n)

    def getrandbits(self, k: int) -> int:
        """`k` random bits (k ≤ 64)."""
        return self.next64() >> (64 - k) if k else 0

    def choice(self, items: list[T]) -> T:
        return items[self.randrange(len(items))]

    def shuffle(self, items: list) -> None:
        """Shuffle `items` in place (Fisher–Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.scaled(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: list[T], k: int) -> list[T]:
        """`k` distinct items in random order."""
        if not 0 <= k <= len(items):
            raise ValueError("sample larger than population or is negative")
        pool = list(items)
        for i in range(k):
            j = i + self.scaled(len(pool) - i)
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


def sample(rng: _random.Random, items: list[T], k: int) -> list[T]:
    """`rng.sample(items, k)`: the same cards in the same order, drawn the same way (a pool when `items` is
    small, else redraws of the places already taken, as `random.sample` decides), each place by `below`."""
    n = len(items)
    if not 0 <= k <= n:
        raise ValueError("sample larger than population or is negative")
    setsize = 21
    if k > 5:
        setsize += 4 ** math.ceil(math.log(k * 3, 4))
    result: list[T] = []
    if n <= setsize:
        pool = list(items)
        for i in range(k):
            j = below(rng, n - i)
            result.append(pool[j])
            pool[j] = pool[n - i - 1]
        return result
    selected: set[int] = set()
    for _ in range(k):
        j = below(rng, n)
        while j in selected:
            j = below(rng, n)
        selected.add(j)
        result.append(items[j])
    return result
