"""Benchmark the ordering-hazard analysis (deckdsl/check/hazards): what it adds to `deckdsl check`.

    .venv/bin/python bench/bench_hazards.py          # or: make bench

Prints figures; it is not a test, and exits 0 whatever they are.  Standard library only.

1. The decks of the repository: the analysis alone, in-process, median of 5 (its verdicts are worked out
   afresh each time), with the number of orderable effects, verdicts searched and findings.
2. Scaling: the generated decks of bench_check.py (1,000 and 10,000 distinct cards), the analysis alone
   and the whole in-process check, with the cyclic garbage collector paused as `deckdsl.loads` does.
   Target: the analysis stays linear — 10k/1k at most 12x, like the check (bench_check.py).
"""

from __future__ import annotations

import gc
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import deckdsl  # noqa: E402
from bench_check import generate_deck, table  # noqa: E402
from deckdsl.check.hazards.analysis import Analysis  # noqa: E402

SCALING_TARGET = 12.0


def analyse(deck, profile) -> tuple[float, Analysis]:
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        analysis = Analysis(deck, profile)
        analysis.report()
        return time.perf_counter() - start, analysis
    finally:
        gc.enable()


def repository() -> None:
    print("\nThe repository's decks (analysis alone, median of 5)")
    rows = []
    paths = [ROOT / "decks" / "janken-wars.deck", *sorted((ROOT / "decks" / "examples").glob("*.deck")),
             *sorted((ROOT / "tests" / "rules").glob("JW11[3-9].deck"))]
    for path in paths:
        result = deckdsl.load(path, check=False)
        runs = [analyse(result.deck, result.profile) for _ in range(5)]
        seconds = statistics.median(r[0] for r in runs)
        analysis = runs[-1][1]
        rows.append([str(path.relative_to(ROOT)), str(len(analysis.effects)), str(len(analysis._verdicts)),
                     str(len(analysis.report())), f"{seconds * 1000:,.1f} ms"])
    print(table(["deck", "effects", "verdicts", "findings", "time"], rows, right={1, 2, 3, 4}))


def scaling() -> None:
    print("\nScaling (generated decks of bench_check.py)")
    rows, figures = [], {}
    for n in (1000, 10000):
        text = generate_deck(n)
        result = deckdsl.loads(text, check=False)
        seconds, analysis = analyse(result.deck, result.profile)
        gc.collect()
        start = time.perf_counter()
        checked = deckdsl.loads(text)
        whole = time.perf_counter() - start
        figures[n] = seconds
        rows.append([f"{n:,}", str(len(analysis.effects)), str(len(analysis._verdicts)), str(len(analysis.report())),
                     f"{seconds:.2f} s", f"{whole:.2f} s", f"{100 * seconds / whole:.0f}%",
                     str(len(checked.diagnostics))])
    print(table(["cards", "effects", "verdicts", "findings", "analysis", "whole check", "share", "diagnostics"],
                rows, right=set(range(1, 8))))
    ratio = figures[10000] / figures[1000]
    verdict = "PASS" if ratio <= SCALING_TARGET else "MISS"
    print(f"\n  analysis 10k / 1k = {ratio:.1f}x (target <= {SCALING_TARGET:.0f}x): {verdict}")


if __name__ == "__main__":
    repository()
    scaling()
