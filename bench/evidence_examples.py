"""The figures of docs/rules/README.md, "Evidence from play": `check --evidence` on the GDD's versions.

Usage:  python bench/evidence_examples.py [GAMES] [SEED]     (defaults: 20,000 paired games, seed 1 —
the defaults of `deckdsl check --evidence`; about two minutes on one core)

Prints, for each balance finding of decks/examples/{origami-5,old-rolo-compressor,old-joia-cobicada}.deck,
the evidence note `deckdsl check DECK --evidence` adds, and how long it took.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import deckdsl
from deckdsl.games.janken_wars.engine import rules_for
from deckdsl.games.janken_wars import evidence

ROOT = Path(__file__).resolve().parent.parent
DECKS = ("origami-5", "old-rolo-compressor", "old-joia-cobicada")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    for name in DECKS:
        result = deckdsl.load(ROOT / "decks" / "examples" / f"{name}.deck")
        rules = rules_for(result.deck, result.profile)
        for diagnostic in result.diagnostics:
            if evidence.comparison(diagnostic) is None:
                continue
            started = time.perf_counter()
            found = evidence.test(diagnostic, result.deck, result.profile, rules, games=games, seed=seed,
                                  players=("random", "random"))
            print(f"{name}: {diagnostic.code} {found.sentence()}  ({time.perf_counter() - started:.1f} s)")


if __name__ == "__main__":
    main()
