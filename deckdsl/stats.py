"""The statistics every figure of the lab is given with: rates with their 95% Wilson intervals, means
with a normal interval, quantiles of a histogram — rounded once, so that the same games give the same
bytes — and how a report writes them (`percent`, `interval`, `rate_text`, `number`, `signed`).  (Below
the games, which summarise their own counters with them, and the lab.)"""

from __future__ import annotations

import math
import random
from collections import Counter

Z = 1.959963984540054
"""The 97.5th percentile of the standard normal distribution: a two-sided 95% interval."""


def wilson(successes: int, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if trials == 0:
        return (0.0, 1.0)
    rate = successes / trials
    centre = (rate + Z * Z / (2 * trials)) / (1 + Z * Z / trials)
    spread = Z * math.sqrt(rate * (1 - rate) / trials + Z * Z / (4 * trials * trials)) / (1 + Z * Z / trials)
    return (max(0.0, centre - spread), min(1.0, centre + spread))


def rate(successes: int, trials: int) -> dict:
    """`{"rate", "ci95", "n"}`: a proportion, its Wilson interval, and the trials it is out of."""
    low, high = wilson(successes, trials)
    return {"rate": rounded(successes / trials if trials else 0.0), "ci95": [rounded(low), rounded(high)],
            "n": trials}


def rounded(value: float) -> float:
    """A figure as it is reported: four decimals."""
    return round(float(value), 4)


def quantile(histogram: Counter, share: float) -> int:
    """The smallest value of `histogram` (value -> count) with at least `share` of the counts at or below it."""
    total = sum(histogram.values())
    if not total:
        return 0
    target = share * total
    seen = 0
    for value in sorted(histogram):
        seen += histogram[value]
        if seen >= target:
            return value
    return max(histogram)


def mean_ci(histogram: Counter) -> tuple[float, list[float]]:
    """The mean of `histogram` (value -> count) and its 95% normal interval (rounded)."""
    total = sum(histogram.values())
    if not total:
        return 0.0, [0.0, 0.0]
    mean = sum(value * count for value, count in histogram.items()) / total
    variance = sum(count * (value - mean) ** 2 for value, count in histogram.items()) / max(1, total - 1)
    half = Z * math.sqrt(variance / total)
    return mean, [rounded(mean - half), rounded(mean + half)]


def game_rng(seed: int, index: int) -> random.Random:
    """The generator of game `index` of a run seeded `seed`, independent of chunks and processes: the bots
    draw their seeds from it first, then the game is dealt and played from it."""
    return random.Random(seed * 1_000_003 + index)


def number(value: float, digits: int = 1) -> str:
    """A number with at most `digits` decimals and no trailing zeros ('-0' never shows)."""
    text = f"{value:.{digits}f}".rstrip("0").rstrip(".") if digits else f"{value:.0f}"
    return "0" if text in ("-0", "") else text


def signed(points: float, fixed: bool = True) -> str:
    """Percentage points with a typographic minus: +14.6, −3.0, 0.0 (`fixed`: always one decimal, so
    values line up; else as short as possible, for axis ticks)."""
    text = f"{abs(points):.1f}" if fixed else number(abs(points))
    return text if float(text) == 0 else ("+" if points > 0 else "\u2212") + text


def percent(share: float, digits: int = 1) -> str:
    return f"{100 * share:.{digits}f}%"


def interval(rate: dict, digits: int = 1) -> str:
    """The 95% interval of a `rate` as `52.6–56.3%`."""
    low, high = rate["ci95"]
    return f"{100 * low:.{digits}f}–{100 * high:.{digits}f}%"


def rate_text(rate: dict) -> str:
    """A rate as a sentence fragment: `54.4% (95% CI 52.6–56.3%, n = 2788)`."""
    return f"{percent(rate['rate'])} (95% CI {interval(rate)}, n = {rate['n']})"
