"""How fast the bots play, per game and per bot, beside OpenSpiel's figures on goofspiel measured in the same run.

    .venv/bin/python bench/bench_speed.py [--quick] [--no-anchor]      (`make bench` runs it; ~5 minutes)

It opens with the start-up figures of issue 46 (`startup`): `deckdsl check`, `--version` and `--help` against
the bare `import lark, pydantic, click`.

Every figure is work counted over CPU time (`time.process_time`) in this one process: complete games per CPU
second, or search iterations per CPU second.  A shared machine slows every figure alike, so each is printed
beside an anchor measured in the same run — OpenSpiel (`open-spiel`, installed by bench/anchor.sh in the bench's
own venv, never a dependency of deckdsl) on goofspiel, a simultaneous-bid card game of about the same size — and
the ratio to it is the figure to compare between machines.  The targets are issue 28's.  Nothing is asserted.

- `random`, `greedy`, `yomi`: Janken Wars' own players in both seats (`deckdsl simulate`'s loop).
- `ismcts it/s`: search iterations per CPU second of `ismcts:200`, deciding at positions met along random games
  of each game (every position where there is a choice), against OpenSpiel's Python IS-MCTS and C++ MCTS.
- `ismcts:200 …`: complete games with that bot in the seats named.

`PYTHONPATH=<another checkout> .venv/bin/python bench/bench_speed.py` measures that checkout's code (a before and
after on one machine: the first line says which build and where from).
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

import deckdsl
from deckdsl.games.interface import engine_for
from deckdsl.games.search import ISMCTSBot
from deckdsl.lab import arena

ROOT = Path(__file__).resolve().parent.parent
GAMES = {"janken-wars": "Janken Wars", "queens-vs-kings": "Queens vs Kings", "embate-dos-guardioes": "Embate",
         "cooperativo": "cooperative game"}


def engine(name: str):
    loaded = deckdsl.load(ROOT / "decks" / f"{name}.deck")
    return engine_for(loaded.deck, loaded.profile, {})


def games_per_second(name: str, players: tuple[str, ...], games: int, repeats: int) -> float:
    """Median over `repeats` of complete games per CPU second (`games` seeded games each time)."""
    table = engine(name)
    rates = []
    for repeat in range(repeats):
        started = time.process_time()
        arena.play_chunk(table, players, repeat + 1, 0, games)
        rates.append(games / max(time.process_time() - started, 1e-9))
    return statistics.median(rates)


def iterations_per_second(name: str, positions: int, budget: int = 200) -> float:
    """`ismcts:budget` search iterations per CPU second over `positions` decisions met along random games."""
    table = engine(name)
    chooser = random.Random(1)
    found = []
    number = 0
    while len(found) < positions:
        state = table.new_state(random.Random(number))
        number += 1
        while not state.is_terminal():
            actions = state.legal_actions()
            if len(actions) > 1 and chooser.random() < 0.25:
                found.append(state.clone())
            state.apply(actions[chooser.randrange(len(actions))])
    started = time.process_time()
    for number, state in enumerate(found[:positions]):
        ISMCTSBot(random.Random(number), budget).act(state)
    return positions * budget / max(time.process_time() - started, 1e-9)


def anchor(quick: bool) -> dict:
    """OpenSpiel's figures (bench/anchor.sh), or {"unavailable": why}."""
    try:
        done = subprocess.run(["bash", str(ROOT / "bench" / "anchor.sh"), *(["--quick"] if quick else [])],
                              capture_output=True, text=True, cwd=ROOT, timeout=1800)
        return json.loads(done.stdout)
    except (OSError, ValueError, subprocess.TimeoutExpired) as error:
        return {"unavailable": str(error)}


def build() -> str:
    """The build that runs (`deckdsl --version`'s words), or what a checkout without builds is."""
    here = Path(deckdsl.__file__).parent
    if not (here / "build.py").exists():
        return "pure Python (a checkout from before the compiled build)"
    from deckdsl import build as which

    return which.describe()


def startup(runs: int = 9) -> list[tuple[str, float, float]]:
    """Start-up CPU time (issue 46): the median of `runs` interleaved runs of `import lark, pydantic, click` and of
    `deckdsl --version`, `--help` and `check` on the standard deck (measured as bench/bench_startup.py measures),
    each as (label, seconds, ratio to the import)."""
    from bench_startup import BASELINE, DECK, cpu_seconds

    python = sys.executable
    cli = str(Path(python).parent / "deckdsl")
    commands = {"import lark, pydantic, click": [python, "-c", BASELINE], "deckdsl --version": [cli, "--version"],
                "deckdsl --help": [cli, "--help"], f"deckdsl check {DECK}": [cli, "check", DECK]}
    times: dict[str, list[float]] = {name: [] for name in commands}
    for argv in commands.values():
        cpu_seconds(argv)
    for _ in range(runs):
        for name, argv in commands.items():
            times[name].append(cpu_seconds(argv)[0])
    base = statistics.median(times["import lark, pydantic, click"])
    return [(name, statistics.median(found), statistics.median(found) / base) for name, found in times.items()]


def main() -> None:
    quick = "--quick" in sys.argv
    scale = 0.25 if quick else 1.0

    def n(count: int) -> int:
        return max(1, int(count * scale))

    figures = anchor(quick) if "--no-anchor" not in sys.argv else {"unavailable": "--no-anchor"}
    running = build()
    print(f"deckdsl from {Path(deckdsl.__file__).parent} · {running} · Python {sys.version.split()[0]}")
    if "unavailable" in figures:
        print(f"OpenSpiel anchor unavailable: {figures['unavailable']}")
    else:
        print(f"anchor: OpenSpiel {figures.get('open_spiel_version', '?')} on {figures.get('game', 'goofspiel')}")
    print()
    print("start-up, CPU time, median of 9 runs (targets: check <= 1.5x, --version and --help <= 1.2x the import)")
    for label, seconds, ratio in startup():
        print(f"  {label:<50} {seconds * 1000:8.0f} ms {ratio:6.2f}x")
    print()
    rows: list[tuple[str, float, float, str, float | None]] = []
    random_anchor = figures.get("random_games_per_s")
    python_ismcts = figures.get("python_ismcts_iterations_per_s")
    mcts = figures.get("mcts_iterations_per_s")
    mcts_games = figures.get("mcts_games_per_s")
    rows.append(("Janken Wars random (games/s)", games_per_second("janken-wars", ("random", "random"), n(2000), 3),
                 20_000, "OpenSpiel random games/s", random_anchor))
    rows.append(("Janken Wars greedy (games/s)", games_per_second("janken-wars", ("greedy", "greedy"), n(200), 3),
                 1_000, "OpenSpiel random games/s", random_anchor))
    rows.append(("Janken Wars yomi (games/s)", games_per_second("janken-wars", ("yomi", "yomi"), n(60), 3),
                 300, "OpenSpiel random games/s", random_anchor))
    for name, title in GAMES.items():
        rows.append((f"{title} ismcts iterations/s", iterations_per_second(name, n(24)), 20_000,
                     "OpenSpiel Python IS-MCTS it/s", python_ismcts))
        if mcts:
            rows.append(("  (the same against C++ MCTS it/s)", rows[-1][1], 20_000, "OpenSpiel C++ MCTS it/s", mcts))
    for name, players, target, games in (
            ("queens-vs-kings", ("ismcts:200", "ismcts:200"), 3, n(4)),
            ("embate-dos-guardioes", ("ismcts:200", "ismcts:200"), 3, n(4)),
            ("janken-wars", ("ismcts:200", "greedy"), 2, n(4)),
            ("cooperativo", ("ismcts:200",) * 4, 1, n(2))):
        label = f"{GAMES[name]} {' vs '.join(dict.fromkeys(players)) if len(set(players)) > 1 else players[0]}"
        label += " every seat" if len(set(players)) == 1 else ""
        rows.append((f"{label} (games/s)", games_per_second(name, players, games, 1), target,
                     "OpenSpiel C++ MCTS games/s", mcts_games))
    print(f"  {'figure':<50} {'deckdsl':>10} {'target':>8} {'× target':>9}   {'anchor':<30} {'value':>10} "
          f"{'ratio':>8}")
    for label, value, target, anchor_name, anchor_value in rows:
        ratio = f"{value / anchor_value:8.3f}" if anchor_value else f"{'—':>8}"
        shown = f"{anchor_value:10.1f}" if anchor_value else f"{'—':>10}"
        print(f"  {label:<50} {value:10.{2 if value < 10 else 1}f} {target:8,} {value / target:9.2f}   "
              f"{anchor_name:<30} {shown} {ratio}")
    if "unavailable" not in figures:
        print()
        print("anchor figures: " + json.dumps({k: v for k, v in figures.items() if isinstance(v, (int, float))}))


if __name__ == "__main__":
    main()
