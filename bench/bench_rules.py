"""Benchmark the checker's rules (deckdsl/check/rules): what each one costs on a big deck.

    .venv/bin/python bench/bench_rules.py            # or: make bench
    .venv/bin/python bench/bench_rules.py --runs 10  # more samples

Prints figures; it is not a test, and exits 0 whatever they are.  Standard library only.  Takes under a
minute on a laptop.

What is measured: the generated decks of bench_check.py (1,000 and 10,000 distinct cards), parsed once;
then every rule that applies to the deck's profile runs in registry order on a fresh `Context` (so the
analyses rules share, `Context.shared`, are worked out afresh each run), warm, with the cyclic garbage
collector paused as `deckdsl.loads` does.  Each rule's time is the best of `--runs`; the total is the best
whole pass (a busy machine shows in the gap between it and the sum of the rules' bests).  A rule that
reads an analysis another rule already worked out (the hazard analysis, the per-card facts of
`Context.of_card`) is charged only for what it adds, so the figures of one rule depend on the rules
before it: the total is the figure to compare.  Findings: how many diagnostics the rule yields.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from bench_check import generate_deck, table  # noqa: E402
from deckdsl.check.registry import RULES  # noqa: E402
from deckdsl.check.rule import Context  # noqa: E402
from deckdsl.lang.parse import parse_deck  # noqa: E402

SIZES = (1_000, 10_000)


def measure(size: int, runs: int) -> tuple[float, dict[str, float], dict[str, int]]:
    """(best total, best time per rule, findings per rule) of the rules on a generated deck of `size` cards."""
    deck, _, profile, _ = parse_deck(generate_deck(size), None)
    rules = [rule for rule in RULES if rule.applies_to(profile)]
    best: dict[str, float] = {}
    found: dict[str, int] = {}
    totals = []
    gc.collect()
    gc.disable()
    try:
        for _ in range(runs):
            context = Context(deck=deck, profile=profile)
            total = 0.0
            for rule in rules:
                start = time.perf_counter()
                found[rule.code.code] = sum(1 for _ in rule.check(context))
                elapsed = time.perf_counter() - start
                total += elapsed
                best[rule.code.code] = min(best.get(rule.code.code, elapsed), elapsed)
            totals.append(total)
    finally:
        gc.enable()
    return min(totals), best, found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="passes over the rules per deck (default 5)")
    args = parser.parse_args()
    figures = {size: measure(size, max(1, args.runs)) for size in SIZES}
    names = {rule.code.code: rule.code.name for rule in RULES}
    codes = sorted(figures[SIZES[-1]][1], key=lambda code: -figures[SIZES[-1]][1][code])
    headers = ["rule", "name", *(f"{size:,} cards" for size in SIZES), *(f"findings ({size:,})" for size in SIZES)]
    rows = [
        [code, names[code], *(f"{figures[size][1][code] * 1000:,.1f} ms" for size in SIZES),
         *(f"{figures[size][2][code]:,}" for size in SIZES)]
        for code in codes
    ]
    rows.append(["all", f"{len(codes)} rules: best pass", *(f"{figures[size][0] * 1000:,.1f} ms" for size in SIZES),
                 *(f"{sum(figures[size][2].values()):,}" for size in SIZES)])
    rows.append(["", "sum of each rule's best", *(f"{sum(figures[size][1].values()) * 1000:,.1f} ms" for size in SIZES),
                 "", ""])
    print(f"Rules on generated decks: warm, gc paused, best of {args.runs} (python {sys.version.split()[0]})\n")
    print(table(headers, rows, right=set(range(2, len(headers)))))
    small, large = (figures[size][0] for size in SIZES)
    print(f"\n{SIZES[-1]:,} cards / {SIZES[0]:,} cards: {large / small:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
