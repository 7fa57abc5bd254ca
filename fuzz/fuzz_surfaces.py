"""The fuzzer's targets for the surfaces of issue 26 (fuzz/fuzz.py's docstring says what each checks):
`theme`, `csv` and `results` here, `fmt` and `fix` in fuzz_texts.py, `lsp` in fuzz_lsp.py.  `Surfaces`
builds each on first use (a run of `--targets deck` pays for none) and draws every choice from the
fuzzer's `random.Random`, after the seeds are read, so the inputs of a seed are the same on every run."""

from __future__ import annotations

import gzip
import io
import json
import re
import tracemalloc
from contextlib import contextmanager
from pathlib import Path

from fuzz_mutate import Mutator, seed_words

ROOT = Path(__file__).resolve().parent.parent
SURFACES = ROOT / "tests" / "crashes" / "surfaces"
MAX_THEME_MEMORY = 400 * 2**20
"""The most memory one theme may take while it renders (the sandbox's bounds keep it far below)."""
CSV_ROUND_TRIP = 3
"""One `csv` input in this many is a round trip (export, then import into the same deck)."""
UNSHEETED = frozenset({"DK101", "DK102"})
"""A deck with an unknown or a repeated field has no exact sheet (`export csv` refuses any deck with an error;
the round trip is asked of every deck that reads, whatever else is wrong with it, except these)."""


class Broken(Exception):
    """An invariant of a target does not hold: a finding, bucketed by the invariant's name (`where`);
    `told` is what the fuzzer writes beside the traceback (the texts compared, the server's log); `whole`:
    the input is kept as it is, not minimised (the invariant holds only for inputs made a certain way)."""

    def __init__(self, where: str, message: str, told: str = "", whole: bool = False) -> None:
        super().__init__(message)
        self.where, self.told, self.whole = where, told, whole


def small_deck(path: Path, cards: int = 2) -> str:
    """The deck file at `path` cut to its header and first `cards` cards, one copy each: a deck a theme
    renders in a few milliseconds."""
    import deckdsl

    result = deckdsl.load(path)
    text = result.text
    kept = "".join(text[card.span.start:card.span.end] + "\n\n" for card in result.deck.cards[:cards])
    return text[:result.deck.cards[0].span.start] + re.sub(r"copies: *\d+", "copies: 1", kept)


class Peak:
    """The most memory a block takes: the kernel's peak resident size, reset before the block
    (/proc/self/clear_refs), where Linux allows it — tracemalloc makes a theme's render four times slower —
    else tracemalloc's peak."""

    def __init__(self) -> None:
        self.kernel = self._reset()

    @staticmethod
    def _reset() -> bool:
        try:
            Path("/proc/self/clear_refs").write_text("5")
            return True
        except OSError:
            return False

    @staticmethod
    def _resident() -> int:
        status = Path("/proc/self/status").read_text()
        return int(re.search(r"VmHWM:\s+(\d+) kB", status).group(1)) * 1024

    @contextmanager
    def measured(self):
        """A list that holds the block's peak, in bytes, once the block is over."""
        peak: list[int] = []
        if self.kernel:
            self._reset()
            base = self._resident()
        else:
            tracemalloc.start()
        try:
            yield peak
        finally:
            if self.kernel:
                peak.append(self._resident() - base)
            else:
                peak.append(tracemalloc.get_traced_memory()[1])
                tracemalloc.stop()


class Surfaces:
    """The targets of issue 26, each built on first use: `make_X` and `run_X` as the fuzzer expects, and
    `kept(target, payload)`: the file a finding's input is written as (suffix, bytes, what to show)."""

    NAMES = ("theme", "csv", "results", "lsp", "fmt", "fix")
    SELF_TIMED = frozenset({"lsp"})
    """Targets that bound their own waits (an event loop must not be interrupted by the fuzzer's alarm)."""
    SECONDS = {"theme": 4.0}
    """Seconds added to an input's budget: a theme may work up to the sandbox's bounds (a million steps, two
    hundred million characters made), 2-3 s here, and only the commands' `--timeout` bounds its time."""

    READ_RATE = 100_000
    """Characters a second of one read of a text made of broken blocks or of a long profile (lark's pace with
    recovery: 130-200 KB/s measured; a clean deck checks at 500 KB/s)."""

    CHECK_SECONDS = 0.5
    """The seconds one check of a small deck may take besides its size: the hazard analysis' searches are
    bounded by counted work (`hazards.search.MAX_SEARCH_WORK`), about a second on a deck of a few cards
    whose values read each other."""

    @staticmethod
    def most_reads(target: str) -> int:
        """The full reads of its text one input of `target` may make, each linear in its size: `fmt` formats
        twice, reading each text and comparing meanings; `fix` checks the text as `fix_text` does (at most
        its counted checks, `fix_checks`), then for the second run and the safe fix alone."""
        if target == "fix":
            from deckdsl.check.fixes import MAX_PASSES, SEARCH_CHECKS

            return 1 + MAX_PASSES + SEARCH_CHECKS + 3
        return {"fmt": 8}.get(target, 1)

    def reads(self, target: str) -> int:
        """The full reads the last input of `target` made (`fix` counts them; the others: `most_reads`)."""
        if target == "fix" and "fix" in self.built:
            return self.built["fix"].reads
        return self.most_reads(target)

    def __init__(self, rng, workdir: Path, targets, hard_limit: float | None) -> None:
        self.rng, self.workdir, self.targets, self.hard_limit = rng, workdir, targets, hard_limit
        self.built: dict = {}

    def part(self, target: str):
        """The object that makes and runs `target`'s inputs (`fmt` and `fix` share one)."""
        if target not in self.built:
            if target == "theme":
                self.built[target] = Theme(self.rng, self.workdir)
            elif target == "csv":
                self.built[target] = Sheets(self.rng, self.targets)
            elif target == "results":
                self.built[target] = Results(self.rng)
            elif target == "lsp":
                from fuzz_lsp import Language

                self.built[target] = Language(self.rng, self.workdir, self.targets, self.hard_limit)
            else:
                from fuzz_texts import Texts

                self.built["fmt"] = self.built["fix"] = Texts(self.rng, self.targets)
        return self.built[target]

    def __getattr__(self, name: str):
        verb, _, target = name.partition("_")
        if verb in ("make", "run") and target in self.NAMES:
            return getattr(self.part(target), f"{verb}_{target}")
        raise AttributeError(name)

    def kept(self, target: str, payload) -> tuple[str, bytes, dict]:
        return self.part(target).kept(target, payload)

    def reset(self) -> None:
        if "lsp" in self.built:
            self.built["lsp"].reset()

    def close(self) -> None:
        if "lsp" in self.built:
            self.built["lsp"].close()


# ----------------------------------------------------------------------------------- themes ---

THEME_WORDS = [
    "{% for i in range(100000) %}", "{% endfor %}", "{% for x in pages recursive %}{{ loop(x) }}{% endfor %}",
    "{% block style %}", "{% endblock %}", '{% extends "deck.html.j2" %}', '{% extends "playing-cards.html.j2" %}',
    '{% extends "../x" %}', '{% include "theme.html.j2" %}', "{% macro m(x) %}{{ m(x) }}{% endmacro %}",
    "{{ m(1) }}", "{% set ns = namespace(x='') %}", "{% set ns.x = ns.x ~ ns.x %}", "{{ ns.x }}",
    "{% filter upper %}", "{% endfilter %}", "{% set s %}", "{% endset %}", "{{ self.style() }}", "{{ super() }}",
    "{{", "}}", "{%", "%}", "{#", "#}", "range(", "range(10**9)", "*", "**", "~", "%", "|center(", "|center(10**8)",
    ".format(", "'{:>99999999}'.format(1)", "namespace(", "loop(", "loop.cycle(", "|join", "|sum", "|batch(",
    "|slice(", "lipsum(", "|indent(", "|wordwrap(", "|replace(", "|format(", ".ljust(", ".zfill(", ".expandtabs(",
    ".translate(", ".join(", ".format_map(", "|tojson", "|pprint", "|xmlattr", "|urlize", "|truncate(", "|list",
    "|unique", "|map(", "|select(", "|sort", "|groupby(", "|dictsort", "|reverse", "|round", "|int", "|string",
    "|e", "|safe", "|wordcount", "|filesizeformat", "|random", "|first", "|last", "|length", "dict(", "cycler(",
    "joiner(", "slot", "pages", "title", "icons", "theme", "look", "version", "page.slots", "slot.card.name",
    "'x' * 3000000000", "[0] * 10**7", "'%*d' % (10**8, 1)", "9 ** 99999", "10**4300", "1/0", "().__class__",
    "3000000000", "100000", "1000000", "99999999999999999999", "-1", "1e308", "'x'", '"', "(", ")", "[", "]",
    "{{ range(10**6)|list|length }}", "{{ 'x'|center(10**7) }}", "{{ '%*d' % (10**8, 1) }}", "{{ lipsum(10**5) }}",
    "{{ [1] * 10**7 }}", "{{ ('x' ~ 'y') * 10**6 }}", "{{ pages|tojson }}", "{{ slot }}", "{{ icons|pprint }}",
    "{% for a in range(1000) %}{% for b in range(1000) %}{{ a }}{% endfor %}{% endfor %}",
    "{% set s = 'x' * 999999 %}{% for i in range(400) %}{{ s }}{% endfor %}", "{{ title * 10**6 }}",
    "{% for p in pages %}{{ p.slots|map(attribute='card')|join(',') }}{% endfor %}", "{{ 'x'.ljust(10**9) }}",
    "{% set ns = namespace(s='x') %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s }}",
    "{{ '{:>1000000}'.format('') * 300 }}", "{{ (range(10)|list) * 10**6 }}", "{{ 2 ** 10**6 }}", "{{ 1/0 }}",
]
"""Jinja's statements, the operators, filters and methods `deckdsl.printing.sandbox` measures, the names a
theme is given, numbers big enough to pass a bound, and whole statements that reach for one."""


class Theme:
    """`theme`: a mutated `theme.html.j2`, written to a folder of its own, rendered to HTML for a small deck
    of each design (`janken`, `playing-card`)."""

    def __init__(self, rng, workdir: Path) -> None:
        import deckdsl

        self.rng = rng
        paths = sorted((ROOT / "decks" / "themes").glob("*/theme.html.j2")) + sorted(SURFACES.glob(
            "theme_*/theme.html.j2"))
        self.seeds = [path.read_bytes() for path in paths]
        self.mutator = Mutator(rng, self.seeds, THEME_WORDS + seed_words(self.seeds, 200))
        self.folder = workdir / "theme"
        self.folder.mkdir()
        self.decks = []
        for number, source in enumerate(("janken-wars.deck", "embate-dos-guardioes.deck")):
            path = workdir / f"theme-deck-{number}" / source
            path.parent.mkdir()
            path.write_text(small_deck(ROOT / "decks" / source), encoding="utf-8")
            result = deckdsl.load(path)
            self.decks.append((result.deck, path.parent, result.profile))
        self.peak = Peak()

    def make_theme(self) -> tuple[int, bytes]:
        return self.rng.randrange(len(self.decks)), self.mutator.mutate(self.rng.choice(self.seeds))

    def run_theme(self, payload: tuple[int, bytes]) -> None:
        from jinja2 import TemplateError

        from deckdsl.printing import render, sandbox, themes
        from deckdsl.printing.sheets import Options

        index, data = payload
        (self.folder / themes.THEME_FILE).write_bytes(data)
        deck, folder, profile = self.decks[index]
        html = None
        with self.peak.measured() as peak:
            try:
                html = render.html(deck, folder, Options(theme=self.folder), profile)
            except (TemplateError, RecursionError) as error:  # DK307, DK309: the documented refusals
                problem = themes.problem(error, self.folder)
                if problem.code not in ("DK307", "DK309") or "\n" in problem.message:
                    said = f"a theme's failure became {problem.code}: {problem.message!r}"
                    raise Broken("theme_problem", said) from error
        if peak[0] > MAX_THEME_MEMORY:
            raise Broken("theme_memory", f"the theme took {peak[0] / 2**20:,.0f} MB (at most "
                                         f"{MAX_THEME_MEMORY / 2**20:,.0f} MB)")
        if html is not None and len(html) > sandbox.MAX_OUTPUT:
            raise Broken("theme_output", f"the theme made {len(html):,} characters (the bound: {sandbox.MAX_OUTPUT:,})")

    def kept(self, target: str, payload) -> tuple[str, bytes, dict]:
        return "html.j2", payload[1], {"design": ("janken", "playing-card")[payload[0]]}


# -------------------------------------------------------------------------------------- csv ---

CELL_WORDS = ["'", "''", "=", "+", "-", "@", "\t", "'-Tis the Season", "=HYPERLINK(\"http://x\")", "-2", "+5",
              "'=1", "'+ Bônus", ",", ";", '""', '"', "\r\n", "\r", "\n", "\u2028", "é", "😀", " ", "*", "1e9"]
"""What a cell may start or hold: the formula guard's characters, quotes, separators, line breaks."""


class Sheets:
    """`csv`: mutated sheets read with a new deck's frame or an existing deck's; or a round trip of a
    mutated deck (one input in CSV_ROUND_TRIP)."""

    def __init__(self, rng, targets) -> None:
        import deckdsl
        from deckdsl.printing import spreadsheet
        from deckdsl.profiles import profile as profiles
        from deckdsl.profiles.fields import CARD_FIELDS

        self.rng, self.decks = rng, targets.decks
        self.profile = profiles.load("janken-wars", ROOT)
        self.frames = [spreadsheet.frame("T", {"game": "janken-wars"})]
        self.framed = ['a new deck: frame("T", {"game": "janken-wars"})']
        self.seeds = []
        for path in sorted((ROOT / "decks").rglob("*.deck")):
            result = deckdsl.load(path)
            if result.deck is None or not result.deck.cards:
                continue
            self.seeds.append(spreadsheet.export(result.deck, result.profile, result.text))
            if result.profile is not None and result.profile.id == "janken-wars" and not any(
                    d.code.startswith("DK0") for d in result.errors):
                self.frames.append(spreadsheet.frame_of(result.deck, result.profile, result.text))
                self.framed.append(f"frame_of {path.relative_to(ROOT)}")
        rows = gzip.decompress((SURFACES / "import_quadratic_20000_rows.csv.gz").read_bytes()).splitlines(True)
        self.seeds.append(b"".join(rows[:40]))
        fields = sorted({spelling for name, others in CARD_FIELDS.items() for spelling in (name, *others)})
        words = CELL_WORDS + fields + spreadsheet.columns(self.profile) + seed_words(self.seeds, 200)
        self.mutator = Mutator(rng, self.seeds, words)
        self.deck_mutator = Mutator(rng, self.decks, words)

    def make_csv(self):
        if self.rng.randrange(CSV_ROUND_TRIP) == 0:
            deck = self.rng.choice(self.decks)
            return "round trip", self.deck_mutator.mutate(deck) if self.rng.random() < 0.3 else self.strings(deck)
        return "import", self.rng.randrange(len(self.frames)), self.mutator.mutate(self.rng.choice(self.seeds))

    def strings(self, deck: bytes) -> bytes:
        """The deck with 1-3 of its strings given a cell's worst first characters, or anything in them."""
        for _ in range(self.rng.randrange(1, 4)):
            places = [m.start() + 1 for m in re.finditer(rb'"(?:[^"\\\n]|\\.)*"', deck)]
            if not places:
                return deck
            at = self.rng.choice(places)
            word = self.rng.choice(CELL_WORDS + ["\\\"", "\\n", "\\\\", "\\t"])
            word = word.replace('"', '\\"') if word not in ("\\\"",) else word
            deck = deck[:at] + word.replace("\n", "\\n").replace("\r", "").encode() + deck[at:]
        return deck

    def run_csv(self, payload) -> None:
        if payload[0] == "round trip":
            self.round_trip(payload[1])
        else:
            self.imported(payload[1], payload[2])

    def imported(self, frame: int, data: bytes) -> None:
        import deckdsl
        from deckdsl.check import report
        from deckdsl.files import MAX_FILE_BYTES, decode
        from deckdsl.printing import spreadsheet

        text, problem = decode(data)
        if text is None:
            if problem.code not in ("DK005", "DK006"):
                raise Broken("csv_decode", f"a sheet that is not text is {problem.code}")
            return
        imported = spreadsheet.read(text, self.profile, self.frames[frame],
                                    lambda deck_text: deckdsl.loads(deck_text, "t.deck").diagnostics)
        codes = [found.code for found, _ in imported.problems]
        if imported.text is None and not (codes == ["DK009"] or codes == ["DK006"] or codes and set(codes) == {
                "DK101"}):
            raise Broken("csv_refusal", f"a sheet that cannot be read is one DK009 or DK006, or a DK101 for each "
                                        f"column the header cannot have, not {codes}")
        if imported.text is not None and len(imported.text.encode("utf-8")) > MAX_FILE_BYTES:
            raise Broken("csv_size", f"the deck written is past the deck file limit ({MAX_FILE_BYTES:,} bytes)")
        for found, cell in imported.problems:
            if cell.row < 1 or cell.column < 1 or not 0 <= cell.span.start <= cell.span.end <= len(text):
                raise Broken("csv_cell", f"{found.code} is at row {cell.row}, column {cell.column}, "
                                         f"{cell.span.start}..{cell.span.end} of a {len(text):,}-character sheet")
            report.full(found.at("sheet.csv"), text, where=f"sheet.csv:{cell.row}:{cell.column}")

    def round_trip(self, data: bytes) -> None:
        import deckdsl
        from deckdsl.files import decode
        from deckdsl.printing import spreadsheet

        text, _ = decode(data)
        result = deckdsl.loads(text, "t.deck") if text is not None else None
        if result is None or result.deck is None or result.profile is None or any(
                d.code.startswith("DK0") for d in result.errors):
            return  # `import csv --into` refuses a deck that does not read
        deck = result.deck
        names = [card.name for card in deck.cards]
        for cell in [*names, *(card.flavor or "" for card in deck.cards), self.rng.choice(CELL_WORDS)]:
            if spreadsheet.unguard(spreadsheet.guard(cell)) != cell:
                raise Broken("csv_guard", f"the formula guard is not undone for {cell!r}")
        if len(set(names)) != len(names) or any(d.code in UNSHEETED for d in result.errors):
            return  # a sheet has one row per name and one column per field the game knows
        sheet, _ = decode(spreadsheet.export(deck, result.profile, result.text))
        back = spreadsheet.read(sheet, result.profile, spreadsheet.frame_of(deck, result.profile, result.text))
        cards = [card.span for card in deck.cards]
        between = cards and any(cards[0].start < addendum.span.start < cards[-1].end for addendum in deck.addenda)
        if not between and back.text != result.text:
            raise Broken("csv_round_trip", "export csv then import csv --into changed the deck",
                         f"deck:\n{result.text!r}\n\nsheet:\n{sheet!r}\n\nimported:\n{back.text!r}\n{back.problems}")

    def kept(self, target: str, payload) -> tuple[str, bytes, dict]:
        if payload[0] == "round trip":
            return "input", payload[1], {"mode": "round trip of this deck"}
        return "csv", payload[2], {"mode": "import", "frame": self.framed[payload[1]]}


# ---------------------------------------------------------------------------------- results ---

RESULTS_WORDS = ["NaN", "Infinity", "-Infinity", "1e999", "-1e999", "null", "true", "false", "[", "]", "{", "}",
                 '"', "\\", "\\u0000", "\\ud800", ",", ":", "0", "-1", "1.5", "2", "5", "10", "-0.0", "1e-999",
                 '"point"', '"figures"', '"value"', '"ci95"', '"card"', '"sweep"', "9" * 5000, "\n", "\r\n", " "]
RESULTS_BYTES = [b"\xc3", b"\xff", b"\xe2\x82"]


class Results:
    """`results`: mutated sweep results files through `results.read_stream` and the sweep's reports."""

    def __init__(self, rng) -> None:
        from deckdsl.lab import sweep

        self.rng = rng
        empty = (SURFACES / "sweep_results_figures_empty.jsonl").read_bytes()
        head = empty.splitlines(True)[0]
        self.described = json.loads(head)
        cut = (SURFACES / "sweep_utf8_cut" / "results.jsonl").read_bytes()
        deep = gzip.decompress((SURFACES / "sweep_results_deep_nesting.jsonl.gz").read_bytes()).splitlines(True)
        self.seeds = [empty, cut, head + b"".join(cut.splitlines(True)[1:]),
                      b"".join(line[:3000] for line in deep[:8])]
        self.axes = [sweep.Axis(axis["name"], axis["card"], axis["field"], tuple(axis["values"]))
                     for axis in self.described["axes"]]
        self.grid = sweep.points(self.axes)
        self.filler = sweep.checked(json.loads(empty.splitlines()[1])["figures"])
        self.mutator = Mutator(rng, self.seeds, RESULTS_WORDS)

    def make_results(self) -> bytes:
        data = self.mutator.mutate(self.rng.choice(self.seeds))
        if self.rng.random() < 0.2:
            at = self.rng.randrange(len(data) + 1)
            data = data[:at] + self.rng.choice(RESULTS_BYTES) + data[at:]
        return data

    def run_results(self, data: bytes) -> None:
        from deckdsl.lab import results, sweep, sweepreport

        path = Path("fuzz.jsonl")
        head = next((line for line in data.split(b"\n") if line.strip()), None)
        try:
            stored = results.read_stream(io.BytesIO(data), path, self.described)
        except results.ResultsError:
            if self._described(head):
                raise
            return
        if head is not None and not self._described(head):
            raise Broken("results_head", "a file whose first line is not the sweep's description was read")
        values = [frozenset(axis.values) for axis in self.axes]
        for point, figures in stored.done.items():
            if not isinstance(point, tuple) or len(point) != len(values) or not all(
                    value in axis for value, axis in zip(point, values, strict=True)):
                raise Broken("results_point", f"a point off the sweep's axes was kept: {point!r}")
            if sweep.checked(figures) != figures:
                raise Broken("results_figures", f"figures kept that `checked` changes: {figures!r}")
        numbers = [number for number, _ in stored.dropped]
        if numbers != sorted(set(numbers)):
            raise Broken("results_dropped", f"the dropped lines are not in order: {numbers}")
        if (stored.warning(path) is None) != (not stored.dropped):
            raise Broken("results_warning", "a warning without dropped lines, or dropped lines without one")
        swept = sweep.result(self.described, self.axes, self.grid,
                             {point: stored.done.get(point, self.filler) for point in self.grid})
        sweep.text_report(swept)
        sweepreport.html(swept)
        json.dumps(swept, ensure_ascii=False, indent=2)

    def _described(self, line: bytes | None) -> bool:
        """Whether `line` is the sweep's description (as `read_stream` reads a line: UTF-8 JSON)."""
        try:
            return line is not None and json.loads(line.decode("utf-8")) == self.described
        except (ValueError, RecursionError):
            return False

    def kept(self, target: str, payload) -> tuple[str, bytes, dict]:
        return "jsonl", payload, {"described": "the first line of tests/crashes/surfaces/"
                                               "sweep_results_figures_empty.jsonl"}
