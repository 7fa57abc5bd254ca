"""Benchmark `deckdsl check`: startup cost, scaling to large decks, and where the time goes.

    .venv/bin/python bench/bench_check.py            # or: make bench
    .venv/bin/python bench/bench_check.py --runs 30  # more startup samples

This prints figures; it is not a test.  Each target is shown with PASS or MISS, and the script exits 0
whatever the figures are (it exits 2 only when it cannot run at all, e.g. no `deckdsl` console script).
Standard library only.  Takes well under two minutes on a laptop.

What is measured:

1. Startup — whole-process wall time of `deckdsl check decks/janken-wars.deck` against a bare
   `python -c "import lark, pydantic, click"` (the floor set by the dependencies), interleaved in one
   run, median of `--runs`.  Target: ratio <= 1.5.
2. Scaling — generated decks of 1,000 and 10,000 distinct cards, checked as a whole process and
   in-process (`deckdsl.load`).  Targets: 10k in-process <= 1.0 s; 10k <= 12 x 1k.
3. Breakdown of the 10k in-process check: parse_text, parse_deck, check.run.
4. What a safe fix and another language cost: `deckdsl.loads` of decks with safe fixes, trying each
   fix (the default: a fix is offered as safe only if the fixed text adds no error) against not trying
   them (`verify_fixes=False`, the editor's keystroke check); and the findings of a broken deck said in
   pt-BR and ru against English (the first translation reads the Fluent catalogs; later ones reuse them).
"""

from __future__ import annotations

import argparse
import collections
import gc
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STANDARD_DECK = "decks/janken-wars.deck"
MODEL_BASELINE_CODE = "import lark, click; from pydantic import BaseModel"
BASELINE_CODE = "import lark, pydantic, click"

STARTUP_TARGET_RATIO = 1.5
IN_PROCESS_10K_TARGET_S = 1.0
SCALING_TARGET_FACTOR = 12.0


# --------------------------------------------------------------------------- formatting ---


def ms(seconds: float | None) -> str:
    return "n/a" if seconds is None else f"{seconds * 1000:,.1f} ms"


def verdict(ok: bool | None) -> str:
    return "n/a" if ok is None else ("PASS" if ok else "MISS")


def table(headers: list[str], rows: list[list[str]], right: set[int] = frozenset()) -> str:
    """A plain-text table; columns in `right` are right-aligned."""
    widths = [max(len(str(r[i])) for r in [headers, *rows]) for i in range(len(headers))]

    def line(cells):
        out = []
        for i, cell in enumerate(cells):
            out.append(str(cell).rjust(widths[i]) if i in right else str(cell).ljust(widths[i]))
        return "  " + "  ".join(out).rstrip()

    rule = "  " + "  ".join("-" * w for w in widths)
    return "\n".join([line(headers), rule, *(line(r) for r in rows)])


def section(title: str) -> None:
    print()
    print(title)
    print("=" * len(title))


# ------------------------------------------------------------------------------ timing ---


def run_process(argv: list[str]) -> tuple[float, int]:
    """Wall time of a whole process (output discarded) and its exit status."""
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start, done.returncode


def timed(fn, *args):
    start = time.perf_counter()
    value = fn(*args)
    return time.perf_counter() - start, value


def median_of(n: int, fn, *args, gc_off: bool = False) -> tuple[float, list[float]]:
    """Median wall time of `n` calls; a full collection (untimed) before each, so one sample's garbage
    does not bill the next.  `gc_off` pauses the cyclic collector during each call, as deckdsl.loads does."""
    times = []
    for _ in range(n):
        gc.collect()
        if gc_off:
            gc.disable()
        try:
            seconds, value = timed(fn, *args)
        finally:
            gc.enable()
        del value
        times.append(seconds)
    return statistics.median(times), times


# ----------------------------------------------------------------------- deck generator ---

# Bodies modelled on the nine cards of the standard deck, plus a few more effects of the language so
# the checker sees every kind of node.  Each is (base name, fields); `{v}` is replaced by a value that
# varies from cycle to cycle so that cards are not verbatim copies.
BODIES: list[tuple[str, list[str]]] = [
    ("Muro Alto", ["type: pedra", "rarity: simples", "value: {v}", "condition: discarded first"]),
    ("Joia Cobiçada", ["type: pedra", "rarity: avançada", "value: {v}",
                       "action: swap this with a card from opponent's domain"]),
    ("Estátua de Sucata", ["type: pedra", "rarity: especial", "value: *",
                           "condition: value = ceil(count(your discard pile) / 2)"]),
    ("Origami Sublime", ["type: papel", "rarity: simples", "value: {v}",
                         'flavor: "Dobrado mil vezes, e ainda de pé."']),
    ("Silver Tape", ["type: papel", "rarity: avançada", "value: *", "condition: value = count(your domain)",
                     'art: "art/silver-tape.png"', 'flavor: "Se não funcionou, é porque você não usou fita o suficiente."']),
    ("Presente Embrulhado", ["type: papel", "rarity: especial", "value: {v}",
                             "action: gain top 2 cards of the deck"]),
    ("Estilete Afiado", ["type: tesoura", "rarity: simples", "value: {v}",
                         "action: opponent discards a card from opponent's domain chosen by you"]),
    ("Kit de Ferramentas", ["type: tesoura", "rarity: avançada", "value: {v}",
                            "action: discard a card from the table"]),
    ("Rolo Compressor", ["type: tesoura", "rarity: especial", "value: -{v}",
                         "action: opponent discards all cards in opponent's domain",
                         'flavor: "Nada fica de pé."']),
    ("Pedra Pesada", ["type: rock", "rarity: advanced", "value: {v}",
                      "condition: cards in opponent's domain get -1"]),
    ("Papel Espelhado", ["type: paper", "rarity: simple", "value: {v}",
                         "condition: whenever opponent gains a card from the table: "
                         "swap this with it, then cancel its action"]),
    ("Tesoura Paciente", ["type: scissors", "rarity: advanced", "value: {v}",
                          "action: if count(your domain) >= 3: discard a card from the table"]),
    ("Cascalho Solto", ["type: pedra", "rarity: simples", "value: {v}",
                        "action: you may discard a card from your domain"]),
    ("Papel Picado", ["type: papel", "rarity: avançada", "value: {v}",
                      "action: discard a card of type rock from the table; gain top 1 card of the deck",
                      'flavor: "Confete para a vitória."', 'art: "art/papel-picado.png"']),
    ("Tesoura Cega", ["type: tesoura", "rarity: especial", "value: {v}",
                      "action: put a card from opponent's domain on the bottom of the deck"]),
    ("Pedra Polida", ["type: pedra", "rarity: avançada", "value: {v}",
                      "condition: cards in your domain get +1; discarded last"]),
    ("Papel Rasgado", ["type: papel", "rarity: simples", "value: {v}",
                       "action: opponent discards 2 cards from opponent's domain at random"]),
]

HEADER = """\
# Generated by bench/bench_check.py: {n:,} cards, each its own block.

deck "Benchmark {n}" {{
  game: janken-wars
  version: "1.0"
  authors: ["bench_check.py"]
  license: "CC-BY-SA-4.0"
  language: pt-BR
  rules {{
    star_cost: 8
    table_size: 5
    stars_to_win: 3
  }}
}}
"""


def generate_deck(n: int) -> str:
    parts = [HEADER.format(n=n)]
    for i in range(n):
        name, fields = BODIES[i % len(BODIES)]
        v = 1 + (i // len(BODIES)) % 5
        lines = [f'card "Carta {i:05d} {name}" {{']
        lines.append(f"  {fields[0]}")
        lines.append(f"  {fields[1]}")
        lines.append("  copies: 1")
        lines.extend(f"  {f.format(v=v)}" for f in fields[2:])
        lines.append("}")
        parts.append("\n" + "\n".join(lines) + "\n")
    return "".join(parts)


# ------------------------------------------------------------------------------ sections ---


def machine_facts(cli: Path) -> None:
    section("Machine")

    def version(dist: str) -> str:
        try:
            return metadata.version(dist)
        except metadata.PackageNotFoundError:
            return "not installed"

    rows = [
        ["python", f"{platform.python_version()} ({platform.python_implementation()}) {sys.executable}"],
        ["platform", platform.platform()],
        ["cpu count", f"{os.cpu_count()} (usable: {len(os.sched_getaffinity(0)) if hasattr(os, 'sched_getaffinity') else 'n/a'})"],
        ["lark", version("lark")],
        ["pydantic", version("pydantic")],
        ["click", version("click")],
        ["deckdsl", f"{version('deckdsl')} from {_package_dir()}"],
        ["console script", str(cli)],
    ]
    print(table(["fact", "value"], rows))


def _package_dir() -> str:
    import importlib.util

    spec = importlib.util.find_spec("deckdsl")
    return str(Path(spec.origin).parent) if spec and spec.origin else "not importable"


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "deckdsl"


def startup(cli: Path, runs: int) -> None:
    section(f"1. Startup: whole process, interleaved, median of {runs}")
    check_argv = [str(cli), "check", STANDARD_DECK]
    base_argv = [sys.executable, "-c", BASELINE_CODE]

    # An installed package has its bytecode compiled (pip does it); a checkout run with
    # PYTHONDONTWRITEBYTECODE=1 would recompile every module on every run and measure the compiler.
    import compileall

    compileall.compile_dir(_package_dir(), quiet=1)
    print(f"  Bytecode of the package compiled first (as `pip install` does); PYTHONDONTWRITEBYTECODE="
          f"{os.environ.get('PYTHONDONTWRITEBYTECODE', '')!r} here.")
    folder = cache_dir()
    before = set(folder.glob("*")) if folder.is_dir() else set()
    warm_check, status = run_process(check_argv)
    warm_base, _ = run_process(base_argv)
    after = set(folder.glob("*")) if folder.is_dir() else set()
    created = sorted(p.name for p in after - before)
    print("  One warm-up of each ran first: the first `deckdsl check` creates the grammar cache in")
    print(f"  {folder} (and Python's bytecode caches), so it is not counted.")
    if created:
        print(f"  This warm-up created: {', '.join(created)}")
    else:
        print("  The cache already existed, so this warm-up did not create it.")
    print(f"  warm-up: deckdsl check {ms(warm_check)} (exit {status}), baseline {ms(warm_base)}")
    print()

    model_argv = [sys.executable, "-c", MODEL_BASELINE_CODE]
    check_times, base_times, model_times, statuses = [], [], [], set()
    for _ in range(runs):
        seconds, status = run_process(check_argv)
        check_times.append(seconds)
        statuses.add(status)
        seconds, _ = run_process(base_argv)
        base_times.append(seconds)
        seconds, _ = run_process(model_argv)
        model_times.append(seconds)

    check_med = statistics.median(check_times)
    base_med = statistics.median(base_times)
    ratio = check_med / base_med
    rows = [
        [f"deckdsl check {STANDARD_DECK}", ms(check_med), ms(min(check_times)), ms(max(check_times)),
         f"exit {','.join(map(str, sorted(statuses)))}"],
        [f'python -c "{BASELINE_CODE}"', ms(base_med), ms(min(base_times)), ms(max(base_times)), ""],
        [f'python -c "{MODEL_BASELINE_CODE}"', ms(statistics.median(model_times)), ms(min(model_times)),
         ms(max(model_times)), "(info)"],
    ]
    print(table(["command", "median", "min", "max", ""], rows, right={1, 2, 3}))
    print()
    print(f"  ratio check / baseline: {ratio:.2f}x   target <= {STARTUP_TARGET_RATIO}x   "
          f"{verdict(ratio <= STARTUP_TARGET_RATIO)}")
    print(f"  (deckdsl's own cost above the imports: {ms(check_med - base_med)})")
    model_med = statistics.median(model_times)
    print("  info: `import pydantic` is lazy; a pydantic model needs `from pydantic import BaseModel`, which")
    print(f"  costs {ms(model_med - base_med)} more. Against that import: {check_med / model_med:.2f}x")


def first_run(cli: Path, runs: int) -> None:
    """`deckdsl check` with an empty cache (a fresh machine's first run: the grammars' LALR tables and the
    profiles are built and stored) against the same with the cache filled."""
    section(f"1b. First run with an empty cache against a warm run, whole process, median of {runs}")
    deck = str(ROOT / "decks" / "janken-wars.deck")
    cold, warm = [], []
    for _ in range(runs):
        with tempfile.TemporaryDirectory(prefix="deckdsl-cache-") as home:
            env = {**os.environ, "XDG_CACHE_HOME": home}
            for found in (cold, warm):
                began = time.perf_counter()
                subprocess.run([str(cli), "check", deck], env=env, capture_output=True, check=False)
                found.append(time.perf_counter() - began)
    first, again = statistics.median(cold), statistics.median(warm)
    print(table(["run", "median"], [["empty cache", ms(first)], ["warm cache", ms(again)]], right={1}))
    print()
    print(f"  ratio first / warm: {first / again:.2f}x   target <= 2x   {verdict(first / again <= 2)}")


def describe_diagnostics(diagnostics) -> str:
    severities = collections.Counter(getattr(d.severity, "value", str(d.severity)) for d in diagnostics)
    codes = collections.Counter(d.code for d in diagnostics)
    sev = ", ".join(f"{n} {s}" for s, n in sorted(severities.items())) or "none"
    top = ", ".join(f"{c} x{n}" for c, n in codes.most_common(4))
    return f"{len(diagnostics)} ({sev}{'; ' + top if top else ''})"


def scaling(cli: Path, sizes: list[int], runs: int, folder: Path) -> dict[int, Path]:
    section(f"2. Scaling: generated decks, median of {runs}")
    import deckdsl

    paths: dict[int, Path] = {}
    for n in sizes:
        path = folder / f"bench-{n}.deck"
        path.write_text(generate_deck(n), encoding="utf-8")
        paths[n] = path
    print(f"  Decks written to a temporary folder ({folder}); each card is its own block with 5-7 fields,")
    print(f"  copies: 1, cycling through {len(BODIES)} bodies modelled on the standard cards. They are not")
    print("  36-card decks, so structure rules report errors: checking still runs over every card.")

    # One in-process warm-up: imports deckdsl's modules and loads the cached grammar.
    warm, _ = timed(deckdsl.load, ROOT / STANDARD_DECK)
    print(f"  in-process warm-up (first deckdsl.load of the standard deck, incl. grammar load): {ms(warm)}")
    print()

    results: dict[int, dict] = {}
    rows = []
    for n in sizes:
        path = paths[n]
        proc_times, statuses = [], set()
        for _ in range(runs):
            seconds, status = run_process([str(cli), "check", str(path)])
            proc_times.append(seconds)
            statuses.add(status)
        deckdsl.load(path)  # warm-up at this size
        gc.collect()
        inproc, _ = median_of(runs, deckdsl.load, path)
        result = deckdsl.load(path)
        cards = len(result.deck.cards) if result.deck is not None else 0
        results[n] = {"process": statistics.median(proc_times), "inproc": inproc}
        size_kb = path.stat().st_size / 1024
        rows.append([
            f"{n:,}", f"{cards:,}", f"{size_kb:,.0f} KB", ms(results[n]["process"]), ms(inproc),
            f"{inproc / n * 1e6:,.0f} us", f"exit {','.join(map(str, sorted(statuses)))}",
            describe_diagnostics(result.diagnostics),
        ])
        del result
    print(table(
        ["cards", "parsed", "file", "process", "in-process", "per card", "cli", "diagnostics"],
        rows, right={0, 1, 2, 3, 4, 5},
    ))
    print()

    small, big = min(sizes), max(sizes)
    t_big = results[big]["inproc"]
    factor = t_big / results[small]["inproc"]
    factor_proc = results[big]["process"] / results[small]["process"]
    print(table(["target", "measured", "limit", ""], [
        [f"{big:,}-card check, in-process", ms(t_big), ms(IN_PROCESS_10K_TARGET_S),
         verdict(t_big <= IN_PROCESS_10K_TARGET_S)],
        [f"{big:,} / {small:,} time, in-process", f"{factor:.2f}x", f"{SCALING_TARGET_FACTOR:g}x",
         verdict(factor <= SCALING_TARGET_FACTOR)],
        [f"{big:,} / {small:,} time, whole process", f"{factor_proc:.2f}x", "(info)", ""],
    ], right={1, 2}))
    return paths


def breakdown(path: Path, runs: int) -> None:
    n_label = path.stem.split("-")[-1]
    section(f"3. Breakdown of the {int(n_label):,}-card check, in-process, median of {runs}")
    import deckdsl
    from deckdsl import check as checker
    from deckdsl.lang import parse

    print("  Stages are timed with the cyclic GC paused, as deckdsl.loads pauses it around parse + check;")
    print("  the last row times parse_text with the GC running, for comparison.")
    print()
    text = path.read_text(encoding="utf-8")
    try:
        t_load, _ = median_of(runs, deckdsl.load, path)
        t_read, _ = median_of(runs, parse.read_file, path, gc_off=True)
        t_text, _ = median_of(runs, parse.parse_text, text, gc_off=True)
        t_deck, _ = median_of(runs, parse.parse_deck, text, gc_off=True)
        deck, _, profile, _ = parse.parse_deck(text)
        t_run, _ = median_of(runs, checker.run, deck, profile, gc_off=True)
        del deck, profile
        t_text_gc, _ = median_of(runs, parse.parse_text, text)
    except Exception as error:  # the package is being edited: report, do not crash
        print(f"  could not time the stages: {type(error).__name__}: {error}")
        return
    rest = t_load - t_read - t_deck - t_run
    rows = [
        ["deckdsl.lang.parse.read_file", ms(t_read), f"{t_read / t_load:.0%}", "read + decode"],
        ["deckdsl.lang.parse.parse_text", ms(t_text), f"{t_text / t_load:.0%}", "scan blocks + LALR + AST build"],
        ["deckdsl.lang.parse.parse_deck", ms(t_deck), f"{t_deck / t_load:.0%}", "includes parse_text"],
        ["  parse_deck - parse_text", ms(t_deck - t_text), f"{(t_deck - t_text) / t_load:.0%}",
         "profile, canonical attributes, Deck (± noise)"],
        ["deckdsl.check.run", ms(t_run), f"{t_run / t_load:.0%}", "semantics + rules"],
        ["deckdsl.load (total)", ms(t_load), "100%", "as called by users"],
        ["  load - (read+deck+run)", ms(rest), f"{rest / t_load:.0%}", "stamping, sorting, noise"],
        ["parse_text, GC running", ms(t_text_gc), f"{t_text_gc / t_load:.0%}",
         f"GC costs {t_text_gc / t_text - 1:+.0%} on parse_text"],
    ]
    print(table(["stage", "median", "of load", "note"], rows, right={1, 2}))


# -------------------------------------------------------------------------------- main ---


RULES_TARGET = 0.20


def rule_cost(cli: Path, runs: int) -> None:
    """What the guideline rules add to `deckdsl check` on the standard deck: their run time (all rules
    vs. only the language's own checks, interleaved) plus the time to import them."""
    section(f"4. Cost of the guideline rules on the standard deck, median of {runs}")
    everything = [str(cli), "check", STANDARD_DECK]
    language_only = [str(cli), "check", "--select", "DK0,DK1", STANDARD_DECK]
    run_process(everything)
    with_rules, without_rules = [], []
    for _ in range(runs):
        with_rules.append(run_process(everything)[0])
        without_rules.append(run_process(language_only)[0])
    imported = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import deckdsl.check.registry"],
        capture_output=True, text=True, cwd=ROOT,
    ).stderr
    import_us = 0
    for line in imported.splitlines():
        parts = line.split("|")
        if len(parts) == 3 and re.search(r"deckdsl\.check\.(rules\.|polarity)", parts[2]):
            import_us += int(parts[0].split(":")[1])
    all_med, lang_med = statistics.median(with_rules), statistics.median(without_rules)
    rules_cost = max(all_med - lang_med, 0.0) + import_us / 1e6
    share = rules_cost / max(all_med - rules_cost, 1e-9)
    rows = [
        ["deckdsl check (every rule)", ms(all_med)],
        ["deckdsl check --select DK0,DK1 (no rule runs)", ms(lang_med)],
        ["importing the rule modules and deckdsl.check.polarity", ms(import_us / 1e6)],
    ]
    print(table(["what", "median"], rows, right={1}))
    print()
    print(f"  the rules add {ms(rules_cost)} = {100 * share:.1f}% to check   target <= {100 * RULES_TARGET:.0f}%   "
          f"{verdict(share <= RULES_TARGET)}")


def fixes_and_languages(runs: int) -> None:
    import deckdsl
    from deckdsl.check.report import localized
    from deckdsl.text import speak

    print("\n4. Safe fixes verified, and findings in another language (in-process, median of runs)")
    rows = []
    for name in ("spelling", "keywords", "zones", "counts"):
        text = (ROOT / "tests" / "fixes" / f"{name}.deck").read_text(encoding="utf-8")
        found = deckdsl.loads(text, f"{name}.deck").diagnostics
        safe = sum(1 for d in found if d.fix is not None and d.fix.safe)
        timings = {}
        for verify in (False, True):
            samples = []
            for _ in range(runs):
                begun = time.perf_counter()
                deckdsl.loads(text, f"{name}.deck", verify_fixes=verify)
                samples.append(time.perf_counter() - begun)
            timings[verify] = statistics.median(samples)
        rows.append([f"tests/fixes/{name}.deck", str(len(found)), str(safe), ms(timings[False]),
                     ms(timings[True]), f"{timings[True] / timings[False]:.2f}x"])
    headers = ["deck", "findings", "safe fixes", "not tried", "tried (default)", "ratio"]
    print(table(headers, rows, {1, 2, 3, 4, 5}))
    text = (ROOT / "tests" / "fixes" / "spelling.deck").read_text(encoding="utf-8")
    found = deckdsl.loads(text, "spelling.deck").diagnostics
    rows = []
    for tag in ("en", "pt-BR", "ru"):
        begun = time.perf_counter()
        translate = speak.translator(tag)
        [localized(d, translate) for d in found]
        first = time.perf_counter() - begun
        samples = []
        for _ in range(runs):
            begun = time.perf_counter()
            [localized(d, translate) for d in found]
            samples.append(time.perf_counter() - begun)
        rows.append([tag, str(len(found)), ms(first), ms(statistics.median(samples))])
    print(table(["language", "findings", "first (reads catalogs)", "again"], rows, {1, 2, 3}))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="startup samples of each command (default 15)")
    parser.add_argument("--scale-runs", type=int, default=3, help="samples per deck size (default 3)")
    parser.add_argument("--sizes", type=int, nargs=2, default=[1_000, 10_000], metavar=("SMALL", "BIG"),
                        help="card counts of the generated decks (default 1000 10000)")
    args = parser.parse_args()

    cli = Path(sys.executable).parent / "deckdsl"
    if not cli.exists():
        print(f"no deckdsl console script next to {sys.executable}; run `make bench` or install the package",
              file=sys.stderr)
        return 2
    os.chdir(ROOT)

    started = time.perf_counter()
    print("deckdsl check benchmark")
    print(f"command: {Path(sys.executable)} {' '.join(sys.argv)}   (cwd {ROOT})")
    machine_facts(cli)
    startup(cli, max(1, args.runs))
    first_run(cli, max(3, args.runs // 3))
    with tempfile.TemporaryDirectory(prefix="deckdsl-bench-") as tmp:
        paths = scaling(cli, sorted(args.sizes), max(1, args.scale_runs), Path(tmp))
        breakdown(paths[max(args.sizes)], max(1, args.scale_runs))
    rule_cost(cli, max(1, args.runs))
    fixes_and_languages(max(3, args.runs // 3))
    print()
    print(f"total benchmark time: {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
