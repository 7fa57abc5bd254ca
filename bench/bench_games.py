"""Every game on the one interface: games per second per game and per bot, and how the searching bots
fare against random (and, on Janken Wars, against its own greedy bot).

Usage:  python bench/bench_games.py [GAMES] [SEED]      (default 200 games per line for the speed table,
        the same for the strength table, a quarter of it for the slow lines — the cooperative game with
        searching bots, ismcts:200 on Janken Wars; about an hour on one core)

The figures of docs/simulate.md, "Every game plays", come from this script.  A speed is work counted
over a measured time: it is printed, never asserted.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import deckdsl
from deckdsl.lab import arena

ROOT = Path(__file__).resolve().parent.parent
DECKS = ["janken-wars", "embate-dos-guardioes", "cooperativo", "queens-vs-kings"]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    print("1. Speed: games per second, every seat the same bot")
    print(f"  {'game':<22} {'random':>10} {'rollout:5':>10} {'ismcts:50':>10}")
    for name in DECKS:
        result = deckdsl.load(ROOT / "decks" / f"{name}.deck")
        speeds = []
        for bot, count in (("random", games * 5), ("rollout:5", max(games // 10, 5)), ("ismcts:50", max(games // 10, 5))):
            started = time.perf_counter()
            arena.simulate(result.deck, result.profile, {}, games=count, seed=seed, players=(bot,) * _seats(result))
            speeds.append(count / (time.perf_counter() - started))
        print(f"  {name:<22} " + " ".join(f"{speed:>10.1f}" for speed in speeds))
    print()
    print("2. Strength: the first bot's result, seated first and then second (95% intervals); in the")
    print("   cooperative game every seat plays the bot named, and the figure is the table's success")
    matches = [(name, "ismcts:50", "random") for name in DECKS if name != "cooperativo"]
    matches += [("cooperativo", bot, bot) for bot in ("random", "rollout:5", "ismcts:200")]
    matches += [("janken-wars", "ismcts:200", "greedy"), ("janken-wars", "ismcts:200", "yomi")]
    for name, bot, other in matches:
        result = deckdsl.load(ROOT / "decks" / f"{name}.deck")
        seats = _seats(result)
        count = games if bot == "random" or seats == 2 and bot != "ismcts:200" else max(games // 4, 5)
        for first in (True, False) if seats == 2 else (True,):
            players = (bot,) + (other,) * (seats - 1) if first else (other,) * (seats - 1) + (bot,)
            found = arena.simulate(result.deck, result.profile, {}, games=count, seed=seed, players=players)
            print(f"  {name:<22} {' vs '.join(players):<40} {_result(found, 0 if first else seats - 1)}")


def _seats(result) -> int:
    from deckdsl.games.interface import engine_for

    return engine_for(result.deck, result.profile, {}).seats


def _result(found: dict, seat: int) -> str:
    rate = found["success_rate"] if "success_rate" in found else found["win_rate"][seat]
    low, high = rate["ci95"]
    what = "success" if "success_rate" in found else "wins"
    return f"{what} {rate['rate'] * 100:5.1f}% [{low * 100:.1f}–{high * 100:.1f}] of {rate['n']}"


if __name__ == "__main__":
    main()
