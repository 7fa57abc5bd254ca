"""A deterministic mutation fuzzer for deckdsl: no input may reach an exception, bounded work for every input.

    .venv/bin/python fuzz/fuzz.py --inputs 200000 --seed 1 [--jobs 2] [--budget 2] [--targets deck,game,...]

Coverage-agnostic: every input is a seed file (or a generated value) with 1-4 random mutations, chosen by a
`random.Random` seeded from `--seed` and the worker's number, so a run is reproducible input by input.  The
seeds come from the repository only.  The targets are `make_X`/`run_X` pairs (an exception is a finding, a
documented refusal is not): today's in fuzz_targets.py, the surfaces of issue 26 in fuzz_surfaces.py,
fuzz_texts.py and fuzz_lsp.py; the mutations in fuzz_mutate.py.  The share of the inputs each target gets
is WEIGHTS; `--targets` runs some alone.

* `deck`   the seeds are decks/**/*.deck and tests/**/*.deck (tests/crashes/: the known reproducers); mutated
           by line (delete, duplicate, swap, splice from another seed, truncate) and by byte/token (grammar keywords,
           words of the seeds, huge numbers, unicode digits, deep nesting, long strings, braces, quotes, NUL,
           invalid UTF-8, CRLF, BOM).  Valid UTF-8 goes to `deckdsl.loads(text, "fuzz.deck")`, anything else
           (and a BOM) to `deckdsl.load` on a temporary file, the CLI's own path; for one input in
           TEXT_SAMPLE also the `text` and `explain` commands' functions (card_text, addendum_text in both
           languages, explain.deck_lines).  Any exception is a finding.
* `game`   the seeds are deckdsl/games/*/*.game and tests/**/*.game, through `profile.loads(text,
           "fuzz.game")` (invalid UTF-8: `deckdsl.load_game` on a temporary file); a profile that builds is,
           for one input in SCAFFOLD_SAMPLE, also scaffolded (`deckdsl new`) and the scaffold checked
           against it.  Any exception is a finding.
* `config` random `[tool.deckdsl]` tables through `deckdsl.check.config.from_table`, and mutated
           deckdsl.toml / pyproject.toml texts through `config.discover`; ConfigError is the documented
           refusal, any other exception is a finding.
* `render` random values of render's options, through click's parsing and the command itself with the
           PDF writer (`deckdsl.printing.render.render`) replaced by a stub: option parsing and validation
           only, never a PDF.  Click's usage errors and SystemExit are documented; any other exception is
           a finding.
* `simulate` `simulate --games 1..4` with random --jobs/--players/--matchups/--set/--seed/--format.
* `play`   `play --bot <cheap bot>` with random stdin answers (ends at the end of input).
* `theme`  mutated `theme.html.j2` texts (decks/themes/*, the theme reproducers of tests/crashes/surfaces,
           Jinja's loops, filters and operators, big numbers) rendered to HTML (`render.html`, no PDF) for
           a two-card deck of each design.  A `TemplateError` (DK307, DK309 past a sandbox bound) or a
           `RecursionError` (DK307) is the refusal, and its diagnostic is built; a finding is any other
           exception, an HTML past the sandbox's `MAX_OUTPUT`, or a peak of memory over MAX_THEME_MEMORY.
* `csv`    mutated sheets (exported from decks/**/*.deck at start-up, a slice of the 20,000-row
           reproducer) through `files.decode` (DK005/DK006 refuse) and `spreadsheet.read` with a new deck's
           frame or an existing deck's (`frame_of`), each problem reported as `import csv` reports it;
           `read` never raises, a sheet it cannot read is `text` None with one problem (DK009, DK101,
           DK006), and every cell lies inside the sheet.  One input in CSV_ROUND_TRIP is a round trip: a
           mutated deck that reads (no DK0xx error, unique card names) exported then imported into itself
           gives back its text exactly (unless addenda sit between its cards), and `unguard(guard(s)) == s`.
* `results` mutated sweep results files (the three reproducers) through `results.read_stream`:
           `ResultsError` only when the first non-blank line is not the sweep's description; every point
           kept is on the axes with figures `sweep.checked` keeps as they are, the dropped lines in order
           and warned about, and the figures go through the text and HTML reports.
* `lsp`    framing (mutated byte streams through `lsp_stdio.read_message`: `FramingError` refuses) and
           messages (mutated JSON bodies given to one in-process server per worker, `lsp.build()`):
           every request gets exactly one answer, no error carries a traceback, a newline or `data`, no
           answer is -32603 and nothing is logged at error level on `deckdsl.lsp` (a handler failed).
* `fmt`    deck and game texts with their layout mutated (and some with any mutation) through
           `format_source`: `FormatError` refuses, `FormatBug` is a finding; the result is formatted
           already and means what the text meant (tests/test_fmt.py's `meaning`).
* `fix`    decks with slips (a letter added, dropped, doubled or swapped in a word; a `}` or a `:` left
           out) through `fixes.fix_text`: no reading error added, fixed again it changes nothing, and a
           safe fix applied alone adds no error and leaves the cards it does not edit as they were.

The CLI targets are invoked on the click command itself (not the `main` group), so an exception arrives
with its traceback instead of the group's "deckdsl: internal error".

A finding is bucketed by (target, exception type, innermost deckdsl frame); the first input of a bucket
is minimised (ddmin over lines, then over bytes — over messages for `lsp` — keeping the bucket; at most
MINIMISE_SECONDS) and written to fuzz/findings/ with the exception and traceback.  An input whose CPU
time (the worker's: other jobs on a loaded machine do not make an input slow) exceeds `--budget` seconds
(default 2; 0 turns it off), plus a second per 500 KB of input (BYTES_PER_SECOND), once per read of its
text for `fmt` and `fix` (`Surfaces.reads`) and the seconds a target's bounds allow (`Surfaces.SECONDS`:
a theme's), twice in a row is "slow" and written as it is; HARD_LIMIT seconds of CPU (plus 2.5 times that
allowance) end an input as a finding ("hang": SIGPROF, which leaves SIGALRM to the commands' own
`--timeout`; `lsp`, which runs an event loop, bounds its own waits).  The budget lives in this fuzzer only:
tests/test_fuzz.py counts findings and never times anything.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import signal
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # its modules, also when loaded by file path
sys.path.insert(1, str(Path(__file__).resolve().parent.parent / "tests"))  # surfaces.py: what tests define

from fuzz_surfaces import Surfaces  # noqa: E402 — after the path
from fuzz_targets import SCAFFOLD_SAMPLE, TEXT_SAMPLE, Targets  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FINDINGS = Path(__file__).resolve().parent / "findings"
WEIGHTS = {"deck": 70, "game": 10, "config": 12, "render": 4, "simulate": 2, "play": 2,
           "theme": 4, "csv": 6, "results": 6, "lsp": 6, "fmt": 8, "fix": 4}
HARD_LIMIT = 5.0
MINIMISE_SECONDS = 120
MAX_BYTEWISE = 200_000  # inputs longer than this are minimised by lines only
MAX_KEPT_BYTES = 100_000  # findings longer than this are written gzipped


BYTES_PER_SECOND = 500_000
"""Checking is linear in a file's size (a 10,000-card deck, 1.6 MB, takes about 3 s): an input's time budget
and hard limit grow by a second per 500 KB, so a big input that is merely big is not called slow."""


def _allowance(target: str, payload, surfaces: Surfaces | None = None) -> float:
    """The seconds added to the budget for an input of this size (of the texts or messages it carries), once
    per read of it (`Surfaces.reads`: as many as it may make, or, given the `surfaces` that ran it, as
    many as it made), and for a target whose documented bounds allow seconds of work (`Surfaces.SECONDS`)."""
    if target in Surfaces.NAMES:
        payload = _cut(payload)[0]
        size = sum(map(len, payload)) if isinstance(payload, tuple) else len(payload)
        if target not in ("fmt", "fix"):
            return size / BYTES_PER_SECOND + Surfaces.SECONDS.get(target, 0.0)
        reads = surfaces.reads(target) if surfaces is not None else Surfaces.most_reads(target)
        return reads * (size / Surfaces.READ_RATE + Surfaces.CHECK_SECONDS)
    return len(payload) / BYTES_PER_SECOND if isinstance(payload, (bytes, str)) else 0.0


class Hang(Exception):
    """An input ran past HARD_LIMIT seconds of CPU."""


def _alarm(_signum, _frame):
    raise Hang(f"the input ran past {HARD_LIMIT:.0f} s of CPU")


# ------------------------------------------------------------------------------------- findings ---

def bucket(target: str, error: BaseException) -> str:
    """(target, exception type, innermost deckdsl frame) as a file-name-safe key; an invariant a target
    checks names its own place (`where`)."""
    where = getattr(error, "where", None)
    if where is None:
        frames = traceback.extract_tb(error.__traceback__)
        ours = [f for f in frames if "/deckdsl/" in f.filename and "/fuzz/" not in f.filename] or frames[-1:]
        where = f"{Path(ours[-1].filename).stem}_{ours[-1].lineno}" if ours else "unknown"
    return f"{target}-{type(error).__name__}-{where}"


def ddmin(units: list, still_fails, budget: int) -> list:
    """Zeller's ddmin: a 1-minimal sublist of `units` for which `still_fails` holds (at most `budget` tries)."""
    n, tries = 2, 0
    while len(units) >= 2 and tries < budget:
        chunk = max(1, len(units) // n)
        parts = [units[i:i + chunk] for i in range(0, len(units), chunk)]
        reduced = False
        for i in range(len(parts)):
            complement = [u for j, p in enumerate(parts) if j != i for u in p]
            tries += 1
            if complement and still_fails(complement):
                units, n, reduced = complement, max(n - 1, 2), True
                break
            if tries >= budget:
                break
        if not reduced:
            if n >= len(units):
                break
            n = min(len(units), n * 2)
    return units


def _cut(payload):
    """The part of a payload the minimiser cuts — bytes, or a tuple of messages (the last item of a tuple
    payload) — and how to put a cut part back; (None, None) for a payload it does not cut."""
    if isinstance(payload, bytes):
        return payload, lambda part: part
    if isinstance(payload, tuple) and payload and isinstance(payload[-1], (bytes, tuple)):
        return payload[-1], lambda part: (*payload[:-1], part)
    return None, None


@dataclass
class Stats:
    runs: dict = field(default_factory=dict)
    findings: dict = field(default_factory=dict)  # bucket -> count
    slow: list = field(default_factory=list)
    seconds: float = 0.0


class Fuzzer:
    def __init__(self, seed: int, worker: int = 0, budget: float = 2.0, targets=None, out: Path | None = FINDINGS,
                 quiet: bool = False, hard_limit: float | None = HARD_LIMIT):
        self.rng = random.Random(f"{seed}:{worker}")
        self.workdir = Path(tempfile.mkdtemp(prefix="deckdsl-fuzz-"))
        os.environ["XDG_CACHE_HOME"] = str(self.workdir / "cache")  # the profile pickles stay out of ~/.cache
        self.targets = Targets(self.rng, self.workdir)
        self.surfaces = Surfaces(self.rng, self.workdir, self.targets, hard_limit)
        self.budget, self.out, self.quiet, self.worker = budget, out, quiet, worker
        names = targets or list(WEIGHTS)
        self.names, self.weights = names, [WEIGHTS[n] for n in names]
        self.stats = Stats(runs={n: 0 for n in names})
        self.seen: set[str] = set()
        self.hard_limit = hard_limit  # None: no alarm (tests/test_fuzz.py counts, never times)
        if hard_limit:
            signal.signal(signal.SIGPROF, _alarm)

    def _owner(self, target: str):
        return self.targets if hasattr(self.targets, f"run_{target}") else self.surfaces

    def call(self, target: str, payload, extra=None) -> BaseException | None:
        runner = getattr(self._owner(target), f"run_{target}")
        alarm = self.hard_limit and target not in Surfaces.SELF_TIMED
        if alarm:
            signal.setitimer(signal.ITIMER_PROF, self.hard_limit + 2.5 * _allowance(target, payload))
        try:
            if target in ("deck", "game"):
                runner(payload, extra)
            else:
                runner(payload)
        except Exception as error:  # noqa: BLE001 — every exception is a finding
            return error
        except RecursionError as error:
            return error
        finally:
            if alarm:
                signal.setitimer(signal.ITIMER_PROF, 0)
        return None

    def run(self, inputs: int) -> Stats:
        start = time.perf_counter()
        for index in range(inputs):
            target = self.rng.choices(self.names, self.weights)[0]
            payload = getattr(self._owner(target), f"make_{target}")()
            extra = (self.rng.randrange(TEXT_SAMPLE if target == "deck" else SCAFFOLD_SAMPLE) == 0
                     if target in ("deck", "game") else None)
            began = time.process_time()
            error = self.call(target, payload, extra)
            took = time.process_time() - began
            self.stats.runs[target] += 1
            if error is not None:
                self.found(target, payload, extra, error)
            elif self.budget and took > self.budget + _allowance(target, payload, self.surfaces):
                again = time.process_time()
                self.call(target, payload, extra)
                if time.process_time() - again > self.budget + _allowance(target, payload, self.surfaces):
                    self.slow(target, payload, took)
            if not self.quiet and index and index % 2000 == 0:
                rate = index / (time.perf_counter() - start)
                print(f"  [worker {self.worker}] {index:,} inputs {self.stats.runs}, "
                      f"{sum(self.stats.findings.values())} findings, {len(self.stats.slow)} slow, {rate:.0f}/s",
                      file=sys.stderr, flush=True)
        self.stats.seconds = time.perf_counter() - start
        return self.stats

    def found(self, target: str, payload, extra, error: BaseException) -> None:
        key = bucket(target, error)
        self.stats.findings[key] = self.stats.findings.get(key, 0) + 1
        if not self.quiet:
            print(f"  [worker {self.worker}] FINDING {key}: {type(error).__name__}: {str(error)[:200]}",
                  file=sys.stderr, flush=True)
        if key in self.seen or self.out is None:
            return
        self.seen.add(key)
        self.out.mkdir(parents=True, exist_ok=True)
        try:  # one worker minimises a bucket, the others count it
            os.close(os.open(self.out / f"{key}.claim", os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            return
        if (target in ("deck", "game") or target in Surfaces.NAMES) and not getattr(error, "whole", False):
            payload = self.minimise(target, payload, extra, key)
            error = self.call(target, payload, extra) or error
        self.write(key, target, payload, extra, error)
        (self.out / f"{key}.claim").unlink(missing_ok=True)

    def minimise(self, target: str, payload, extra, key: str):
        """The payload cut down (ddmin) as long as it stays in the bucket `key`, within MINIMISE_SECONDS."""
        data, rebuild = _cut(payload)
        reset = getattr(self._owner(target), "reset", None)

        def fails(candidate) -> bool:
            if reset is not None:
                reset()  # a target with state (the language server) starts afresh for each try
            error = self.call(target, rebuild(candidate), extra)
            return error is not None and bucket(target, error) == key

        deadline = time.perf_counter() + MINIMISE_SECONDS

        def check(units):
            if time.perf_counter() > deadline:
                raise TimeoutError
            return fails(join(units))

        if isinstance(data, tuple):  # messages: cut whole messages only
            passes = ((False, lambda d: list(d)),)
            join = tuple
        else:
            passes = ((False, lambda d: d.splitlines(keepends=True)),
                      (True, lambda d: [d[i:i + 1] for i in range(len(d))]))
            join = b"".join
        for bytewise, split in passes:
            if bytewise and len(data) > MAX_BYTEWISE:
                break  # a byte at a time over megabytes: more memory than the minimiser is worth
            best = [data]

            def keep(units, best=best):
                found = check(units)
                if found:
                    best[0] = join(units)
                return found

            try:
                ddmin(split(data), keep, 3000)
            except (TimeoutError, MemoryError):
                pass
            data = best[0]
        if reset is not None:
            reset()
        return rebuild(data)

    def write(self, key: str, target: str, payload, extra, error: BaseException) -> None:
        self.out.mkdir(parents=True, exist_ok=True)
        if target in ("deck", "game"):
            (self.out / f"{key}.{target}").write_bytes(payload)
            shown = {"file": f"{key}.{target}", "text_and_explain": bool(extra) if target == "deck" else None,
                     "scaffold": bool(extra) if target == "game" else None}
        elif target == "config":
            shown = {"kind": payload[0], "body": payload[1] if payload[0] == "table" else payload[1].decode(
                "utf-8", "backslashreplace")}
        elif target in Surfaces.NAMES:
            suffix, data, shown = self.surfaces.kept(target, payload)
            name = f"{key}.{suffix}"
            if len(data) > MAX_KEPT_BYTES:
                data, name = gzip.compress(data, mtime=0), name + ".gz"
            (self.out / name).write_bytes(data)
            shown = {"file": name, **shown}
        else:
            shown = payload
        tb = "".join(traceback.format_exception(type(error), error, error.__traceback__))
        told = getattr(error, "told", "")  # what a target adds: the server's own traceback, the texts compared
        (self.out / f"{key}.txt").write_text(
            f"target: {target}\ninput: {json.dumps(shown, default=repr, ensure_ascii=False)}\n"
            f"exception: {type(error).__name__}: {error}\n\n{tb}{told and chr(10) + told}", encoding="utf-8",
            errors="backslashreplace")

    def slow(self, target: str, payload, took: float) -> None:
        self.stats.slow.append((target, round(took, 2)))
        if not self.quiet:
            print(f"  [worker {self.worker}] SLOW {target}: {took:.1f} s", file=sys.stderr, flush=True)
        if self.out is None:
            return
        self.out.mkdir(parents=True, exist_ok=True)
        name = f"slow-{target}-{len(self.stats.slow)}-{os.getpid()}"
        if target in Surfaces.NAMES:
            suffix, data, shown = self.surfaces.kept(target, payload)
            (self.out / f"{name}.{suffix}").write_bytes(data)
            (self.out / f"{name}.txt").write_text(f"target: {target}\ninput: {json.dumps(shown, ensure_ascii=False)}\n"
                                                  f"took: {took:.2f} s\n", encoding="utf-8", errors="backslashreplace")
        elif isinstance(payload, bytes):
            (self.out / f"{name}.{target}").write_bytes(payload)
        else:
            (self.out / f"{name}.json").write_text(json.dumps(payload, default=repr, ensure_ascii=False),
                                                   encoding="utf-8", errors="backslashreplace")

    def close(self) -> None:
        import shutil

        self.surfaces.close()
        shutil.rmtree(self.workdir, ignore_errors=True)


def _worker(job):
    seed, worker, inputs, budget, targets = job
    fuzzer = Fuzzer(seed, worker, budget, targets)
    try:
        return fuzzer.run(inputs)
    finally:
        fuzzer.close()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=int(os.environ.get("FUZZ_INPUTS", 200_000)))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (each with its own seed stream)")
    parser.add_argument("--budget", type=float, default=2.0, help="seconds before an input is 'slow' (0: off)")
    parser.add_argument("--targets", default=",".join(WEIGHTS), help=f"of {','.join(WEIGHTS)}")
    args = parser.parse_args(argv)
    targets = [t.strip() for t in args.targets.split(",") if t.strip()]
    unknown = [t for t in targets if t not in WEIGHTS]
    if unknown:
        parser.error(f"unknown target(s): {', '.join(unknown)}")
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
    shares = [args.inputs // args.jobs + (1 if i < args.inputs % args.jobs else 0) for i in range(args.jobs)]
    jobs = [(args.seed, i, shares[i], args.budget, targets) for i in range(args.jobs)]
    for claim in FINDINGS.glob("*.claim"):
        claim.unlink()
    began = time.perf_counter()
    if args.jobs == 1:
        results = [_worker(jobs[0])]
    else:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            results = pool.map(_worker, jobs)
    wall = time.perf_counter() - began
    runs = {t: sum(r.runs.get(t, 0) for r in results) for t in targets}
    findings: dict[str, int] = {}
    for r in results:
        for key, count in r.findings.items():
            findings[key] = findings.get(key, 0) + count
    slow = [s for r in results for s in r.slow]
    total = sum(runs.values())
    print(f"\nfuzz: seed {args.seed}, {args.jobs} job(s), {wall:.0f} s")
    for t in targets:
        print(f"  {t:<9} {runs[t]:>9,} inputs")
    print(f"  {'total':<9} {total:>9,} inputs, {total / wall:.1f} inputs/s")
    print(f"  findings: {sum(findings.values())} in {len(findings)} bucket(s)")
    for key, count in sorted(findings.items()):
        print(f"    {count:>6}  {key}")
    print(f"  slow inputs (> {args.budget} s twice): {len(slow)}")
    for target, took in slow:
        print(f"    {target}: {took} s")
    return 1 if findings or slow else 0


if __name__ == "__main__":
    sys.exit(main())
