"""Startup cost of `deckdsl check` against the imports it cannot avoid (issue 28).

    .venv/bin/python bench/bench_startup.py [--runs N]

Each command runs as a subprocess; its cost is CPU time (user + system, from `getrusage(RUSAGE_CHILDREN)`
before and after), the median of N runs (default 5), the commands interleaved so that a busy machine slows
them alike.  Rows:

- the baseline, `python -c "import lark, pydantic, click"`;
- the baseline and one pydantic model class (`MODEL`): what any run that builds the AST pays at least;
- `python -c "import deckdsl.cli"`;
- `deckdsl check decks/janken-wars.deck` with the user's cache filled (after one warm-up run);
- the same with an empty cache folder (XDG_CACHE_HOME pointed at a new folder each run): a first run.

Each with its ratio to the baseline; the target is `deckdsl check` (warm) at most 1.5x the baseline.  The
package's bytecode is compiled first, as `pip install` does: a checkout run with PYTHONDONTWRITEBYTECODE=1
would otherwise recompile every module on every run and measure the compiler.
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DECK = "decks/janken-wars.deck"
TARGET = 1.5
BASELINE = "import lark, pydantic, click"
MODEL = BASELINE + "; from pydantic import BaseModel\nclass Node(BaseModel):\n    value: int"
"""The least a pydantic AST costs: the baseline, pydantic's models (`import pydantic` alone imports little) and
one model class (its first brings `pydantic.fields` and `annotated_types`)."""


def cpu_seconds(argv: list[str], env: dict[str, str] | None = None) -> tuple[float, int]:
    """The CPU time (user + system) of running `argv` to its end, and its exit status."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                          check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done.returncode


def user_cache() -> Path:
    """deckdsl's cache folder, as `deckdsl.files.cache_folder` finds it."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "deckdsl"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each command (the median is shown)")
    runs = parser.parse_args().runs

    python = sys.executable
    cli = str(Path(python).parent / "deckdsl")
    if not Path(cli).is_file():
        sys.exit(f"no deckdsl script next to {python}: run this with the project's venv python")
    import importlib.util

    spec = importlib.util.find_spec("deckdsl")
    if spec is None or spec.origin is None:
        sys.exit("deckdsl is not importable with this python: run this with the project's venv python")
    compileall.compile_dir(str(Path(spec.origin).parent), quiet=1)

    commands = {
        "baseline": [python, "-c", BASELINE],
        "model": [python, "-c", MODEL],
        "import": [python, "-c", "import deckdsl.cli"],
        "check": [cli, "check", DECK],
    }
    labels = {
        "baseline": f'python -c "{BASELINE}"',
        "model": "python -c \"…; class Node(pydantic.BaseModel): …\"",
        "import": 'python -c "import deckdsl.cli"',
        "check": f"deckdsl check {DECK}  (warm cache)",
        "cold": f"deckdsl check {DECK}  (empty cache)",
    }
    for argv in commands.values():  # warm-up: bytecode, the page cache, and deckdsl's own cache
        cpu_seconds(argv)

    times: dict[str, list[float]] = {name: [] for name in labels}
    statuses: set[int] = set()
    for _ in range(runs):
        for name, argv in commands.items():
            seconds, status = cpu_seconds(argv)
            times[name].append(seconds)
            if name == "check":
                statuses.add(status)
        with tempfile.TemporaryDirectory(prefix="deckdsl-cache-") as empty:
            seconds, _ = cpu_seconds(commands["check"], env={**os.environ, "XDG_CACHE_HOME": empty})
            times["cold"].append(seconds)

    base = statistics.median(times["baseline"])
    print(f"CPU time (user + system), median of {runs} runs, interleaved; {python}")
    print(f"{'command':<58} {'median':>8} {'min':>8} {'max':>8}  ratio")
    for name, label in labels.items():
        found = times[name]
        median = statistics.median(found)
        ratio = "" if name == "baseline" else f"{median / base:5.2f}x"
        print(f"{label:<58} {median * 1000:6.0f}ms {min(found) * 1000:6.0f}ms {max(found) * 1000:6.0f}ms  {ratio}")
    check = statistics.median(times["check"]) / base
    print()
    print(f"deckdsl check (warm) / baseline: {check:.2f}x   target <= {TARGET}x   "
          f"{'met' if check <= TARGET else 'NOT met'}   (exit status {','.join(map(str, sorted(statuses)))})")
    print(f"deckdsl's own cost above the baseline: {(statistics.median(times['check']) - base) * 1000:.0f} ms; "
          f"the target allows {base * (TARGET - 1) * 1000:.0f} ms")
    print(f"first run / warm run: {statistics.median(times['cold']) / statistics.median(times['check']):.2f}x")
    print(f"a pydantic model alone costs {statistics.median(times['model']) / base:.2f}x the baseline: the floor of "
          "any command that builds the AST")
    print()
    print(f"The user-level cache is {user_cache()} (XDG_CACHE_HOME, else ~/.cache): parser-*.pickle (the deck and")
    print("profile parsers), grammar-*.lark-cache (Lark's own) and profile-*.pickle (built game profiles).  The")
    print("empty-cache runs still find the parsers shipped in deckdsl/grammars/*.parser when they are current for")
    print("this Lark and Python (see deckdsl.files.lark_parser).")
    print(f"PYTHONDONTWRITEBYTECODE={os.environ.get('PYTHONDONTWRITEBYTECODE', '')!r}; the package's bytecode was "
          "compiled first.")


if __name__ == "__main__":
    main()
