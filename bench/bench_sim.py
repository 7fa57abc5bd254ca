"""Simulator benchmark: complete games per second, scaling over processes, memory against games.

Run: `.venv/bin/python bench/bench_sim.py` (or `make bench`).  Prints figures; asserts nothing.

Targets (issue 5): two `random` players on the standard deck ≥ 20,000 complete games per second per
core; `--jobs 2` ≥ 1.8× `--jobs 1`; memory flat in the number of games.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import deckdsl  # noqa: E402
from deckdsl.games.interface import engine_for  # noqa: E402
from deckdsl.lab import arena  # noqa: E402

DECK = ROOT / "decks" / "janken-wars.deck"


def games_per_second(players: tuple[str, str], games: int, repeats: int = 3) -> tuple[float, float]:
    """Median complete games per second in this process (one core), and mean rounds per game."""
    result = deckdsl.load(DECK)
    engine = engine_for(result.deck, result.profile, {})
    rates, rounds = [], 0.0
    for repeat in range(repeats):
        start = time.perf_counter()
        tally = arena.play_chunk(engine, players, repeat + 1, 0, games)
        rates.append(games / (time.perf_counter() - start))
        rounds = sum(k * v for k, v in tally.rounds.items()) / tally.games
    return statistics.median(rates), rounds


def run_jobs(jobs: int, games: int) -> float:
    """Wall-clock seconds of `arena.simulate` over `jobs` processes (the pool's start-up included)."""
    result = deckdsl.load(DECK)
    start = time.perf_counter()
    arena.simulate(result.deck, result.profile, {}, games=games, seed=1, players=("random", "random"), jobs=jobs)
    return time.perf_counter() - start


def peak_memory(games: int) -> float:
    """Peak resident memory (MiB) of a `deckdsl simulate` process playing `games` games."""
    code = (
        "import resource, sys; from deckdsl.cli import main\n"
        f"try: main(['simulate', {str(DECK)!r}, '--games', '{games}', '--format', 'json'])\n"
        "except SystemExit: pass\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    return int(done.stderr.strip().splitlines()[-1]) / 1024


def main() -> None:
    print(f"CPython {sys.version.split()[0]}, {os.cpu_count()} cores; deck {DECK.relative_to(ROOT)}")
    print()
    print("complete games per second, one core (median of 3 runs)")
    for players, games in ((("random", "random"), 20000), (("greedy", "random"), 1000),
                           (("yomi", "random"), 200), (("yomi", "yomi"), 100)):
        rate, rounds = games_per_second(players, games)
        per_round = 1e6 / rate / rounds
        target = "   (target ≥ 20,000)" if players == ("random", "random") else ""
        print(f"  {players[0]:>6} vs {players[1]:<6} {rate:9,.0f} games/s   {rounds:5.1f} rounds/game   "
              f"{per_round:5.1f} µs/round{target}")
    print()
    games = 40000
    one = min(run_jobs(1, games) for _ in range(2))
    two = min(run_jobs(2, games) for _ in range(2))
    print(f"--jobs scaling, {games} random games: jobs 1 {one:.2f} s, jobs 2 {two:.2f} s → "
          f"{one / two:.2f}× (target ≥ 1.8×)")
    print()
    small, large = peak_memory(1000), peak_memory(20000)
    print(f"peak memory of `deckdsl simulate`: 1,000 games {small:.1f} MiB, 20,000 games {large:.1f} MiB "
          f"({large / small:.2f}×; target: flat)")


if __name__ == "__main__":
    main()
