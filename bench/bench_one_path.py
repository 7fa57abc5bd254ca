"""The one path against the old fast path: Janken Wars' own bots played by the simulator of every game
(`deckdsl.lab.arena`, through the game interface) beside the same games on the code before issue 27,
whose `deckdsl.lab.sim` drove the engine directly.

Run: `.venv/bin/python bench/bench_one_path.py [REF] [ROUNDS]`.  REF (default 5f3f04a, main before issue 27)
is checked out with `git worktree` into a temporary folder; each measurement is a fresh process on one
core, timed in CPU seconds, the two versions alternating ROUNDS times (default 5): the figure is the median,
and the ratio new/old is what to read on a loaded machine.  Prints figures; asserts nothing.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BEFORE = "5f3f04a"
MATCHES = ((("random", "random"), 6000), (("greedy", "random"), 600), (("yomi", "random"), 150))

OLD = """
import sys, time, deckdsl
from deckdsl.lab import sim
try:
    from deckdsl.games.janken_wars import engine as janken
except ImportError:  # before the game was a package
    from deckdsl.games import janken
result = deckdsl.load({deck!r})
compiled = janken.compile_deck(result.deck, result.profile, janken.rules_for(result.deck, result.profile))
start = time.process_time()
tally = sim.play_chunk(compiled, {players!r}, 1, 0, {games})
print({games} / (time.process_time() - start), tally.wins[0])
"""

NEW = """
import sys, time, deckdsl
from deckdsl.lab import arena
from deckdsl.games.interface import engine_for
result = deckdsl.load({deck!r})
engine = engine_for(result.deck, result.profile, {{}})
start = time.process_time()
tally = arena.play_chunk(engine, {players!r}, 1, 0, {games})
print({games} / (time.process_time() - start), tally.wins[0])
"""


def measure(code: str, where: Path) -> tuple[float, int]:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=where,
                          env={"PYTHONPATH": str(where), "PATH": "/usr/bin:/bin"})
    if done.returncode:
        raise SystemExit(f"the run in {where} failed:\n{done.stderr}")
    rate, wins = done.stdout.split()
    return float(rate), int(wins)


def main() -> None:
    ref = sys.argv[1] if len(sys.argv) > 1 else BEFORE
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    with tempfile.TemporaryDirectory() as folder:
        old_tree = Path(folder) / "before"
        subprocess.run(["git", "worktree", "add", "--detach", str(old_tree), ref], cwd=ROOT, check=True,
                       capture_output=True)
        try:
            print(f"Janken Wars' own bots, games per CPU second on one core (median of {rounds}, alternating); "
                  f"before = {ref}")
            print(f"  {'players':<16} {'before':>10} {'now':>10} {'now/before':>11}  same games")
            for players, games in MATCHES:
                old, new, same = [], [], True
                for _ in range(rounds):
                    deck = str(old_tree / "decks" / "janken-wars.deck")
                    rate, old_wins = measure(OLD.format(deck=deck, players=players, games=games), old_tree)
                    old.append(rate)
                    deck = str(ROOT / "decks" / "janken-wars.deck")
                    rate, new_wins = measure(NEW.format(deck=deck, players=players, games=games), ROOT)
                    new.append(rate)
                    same = same and old_wins == new_wins
                before, now = statistics.median(old), statistics.median(new)
                print(f"  {','.join(players):<16} {before:10,.0f} {now:10,.0f} {now / before:10.2f}×  "
                      f"{'yes' if same else 'NO'}")
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(old_tree)], cwd=ROOT, capture_output=True)


if __name__ == "__main__":
    main()
