"""A deterministic mutation fuzzer for deckdsl: no input may reach an exception, bounded work for every input.

    .venv/bin/python fuzz/fuzz.py --inputs 200000 --seed 1 [--jobs 2] [--budget 2] [--targets deck,game,...]

Coverage-agnostic: every input is a seed file (or a generated value) with 1-4 random mutations, chosen by a
`random.Random` seeded from `--seed` and the worker's number, so a run is reproducible input by input.

Targets (the share of the inputs each gets is WEIGHTS):

* `deck`   the seeds are decks/**/*.deck and tests/**/*.deck (tests/crashes/: the known reproducers); mutated
           by line (delete, duplicate, swap, splice from another seed, truncate) and by byte/token (grammar keywords,
           words of the seeds, huge numbers, unicode digits, deep nesting, long strings, braces, quotes, NUL,
           invalid UTF-8, CRLF, BOM).  Valid UTF-8 goes to `deckdsl.loads(text, "fuzz.deck")`, anything else
           (and a BOM) to `deckdsl.load` on a temporary file, the CLI's own path; for one input in
           TEXT_SAMPLE also the `text` and `explain` commands' functions (card_text, addendum_text in both
           languages, explain.deck_lines).  Any exception is a finding.
* `game`   the seeds are deckdsl/profiles/*.game and tests/**/*.game, through `profile.loads(text,
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

The CLI targets are invoked on the click command itself (not the `main` group), so an exception arrives
with its traceback instead of the group's "deckdsl: internal error".

A finding is bucketed by (target, exception type, innermost deckdsl frame); the first input of a bucket
is minimised (ddmin over lines, then over bytes, keeping the bucket; at most MINIMISE_SECONDS) and written
to fuzz/findings/ with the exception and traceback.  An input whose wall-clock time exceeds `--budget`
seconds (default 2; 0 turns it off), plus a second per 500 KB of input (BYTES_PER_SECOND), twice in a row is
"slow" and written as it is; HARD_LIMIT seconds (plus 2.5 s per 500 KB) end an input as a finding ("hang").
The budget lives in this fuzzer only: tests/test_fuzz.py counts findings and never times anything.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import signal
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FINDINGS = Path(__file__).resolve().parent / "findings"
WEIGHTS = {"deck": 70, "game": 10, "config": 12, "render": 4, "simulate": 2, "play": 2}
TEXT_SAMPLE = 8  # one deck input in 8 also goes through text/explain
SCAFFOLD_SAMPLE = 4
HARD_LIMIT = 5.0
MINIMISE_SECONDS = 120
MAX_BYTEWISE = 200_000  # inputs longer than this are minimised by lines only
MAX_SEED_BYTES = 200_000  # the 1 MB amplification deck is a benchmark, not a seed


BYTES_PER_SECOND = 500_000
"""Checking is linear in a file's size (a 10,000-card deck, 1.6 MB, takes about 3 s): an input's time budget
and hard limit grow by a second per 500 KB, so a big input that is merely big is not called slow."""


def _allowance(payload) -> float:
    """The seconds added to the budget for an input of this size."""
    return len(payload) / BYTES_PER_SECOND if isinstance(payload, (bytes, str)) else 0.0


class Hang(Exception):
    """An input ran past HARD_LIMIT seconds."""


def _alarm(_signum, _frame):
    raise Hang(f"the input ran past {HARD_LIMIT:.0f} s")


# ---------------------------------------------------------------------------------------- seeds ---

def deck_seeds() -> list[bytes]:
    paths = sorted((ROOT / "decks").rglob("*.deck")) + sorted((ROOT / "tests").rglob("*.deck"))  # tests/crashes too
    return [p.read_bytes() for p in paths if p.is_file() and p.stat().st_size <= MAX_SEED_BYTES]


def game_seeds() -> list[bytes]:
    paths = sorted((ROOT / "deckdsl" / "profiles").glob("*.game")) + sorted((ROOT / "tests").rglob("*.game"))
    return [p.read_bytes() for p in paths if p.is_file() and p.stat().st_size <= MAX_SEED_BYTES]


def grammar_words(name: str) -> list[str]:
    text = (ROOT / "grammars" / name).read_text(encoding="utf-8")
    code = "\n".join(line.split("//")[0] for line in text.splitlines())
    words = set(re.findall(r'"([^"\\]{1,20})"', code)) | set(re.findall(r"[A-Za-zÀ-ÿ_][\wÀ-ÿ'’]{1,20}", code))
    return sorted(w for w in words if w.strip())


def seed_words(seeds: list[bytes], limit: int = 400) -> list[str]:
    words: set[str] = set()
    for data in seeds:
        words |= set(re.findall(r"[^\W\d][\w'’-]*", data.decode("utf-8", "replace")))
    return sorted(words)[:limit] if len(words) <= limit else sorted(random.Random(0).sample(sorted(words), limit))


# ------------------------------------------------------------------------------------- mutation ---

PUNCT = ["{", "}", "(", ")", "[", "]", ":", ",", ";", '"', "'", '"""', "#", "*", "+", "-", "/", "=", "…", "\\",
         "\n", "\t", " ", "{{", "}}", "{0}", "{n:s}", "{x!r}", "%s", "$"]
NUMBERS = ["0", "-0", "1", "-1", "9" * 9, "9" * 10, "999999999", "1000000000", "9" * 310, "9" * 4302, "1e308",
           "1.5", "-99999999", "2147483648", "18446744073709551616", "0x10", "1_000", "+5", "--3", "nan", "inf"]
UNICODE_DIGITS = ["²", "٣", "３", "۵", "߃", "९", "๓", "①", "Ⅻ", "𝟘", "¼", "᧑", "߀"]
STRANGE = ["\x00", "\ufeff", "\u200b", "\u202e", "\r", "\r\n", "\x0b", "\x0c", "\x85", "\u2028", "\ud7ff", "é",
           "e\u0301", "ﬁ", "İ", "ß", "😀", "\U0010ffff", "\x7f"]
BAD_BYTES = [b"\xff", b"\xfe", b"\xc3", b"\xc3\x28", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\x80", b"\xe2\x82",
             b"\xef\xbb\xbf", b"\xff\xfe"]


class Mutator:
    def __init__(self, rng: random.Random, seeds: list[bytes], words: list[str]):
        self.rng, self.seeds, self.words = rng, seeds, words

    def token(self) -> str:
        r = self.rng.random()
        if r < 0.5:
            return self.rng.choice(self.words)
        if r < 0.65:
            return self.rng.choice(NUMBERS)
        if r < 0.75:
            return self.rng.choice(UNICODE_DIGITS)
        if r < 0.9:
            return self.rng.choice(PUNCT)
        return self.rng.choice(STRANGE)

    def mutate(self, data: bytes) -> bytes:
        for _ in range(self.rng.choice((1, 1, 1, 2, 2, 3, 4))):
            data = self.rng.choice(self.OPS)(self, data)
        return data

    # -- line level
    def _lines(self, data: bytes) -> list[bytes]:
        return data.splitlines(keepends=True) or [b""]

    def delete_lines(self, data):
        lines = self._lines(data)
        i = self.rng.randrange(len(lines))
        del lines[i:i + self.rng.choice((1, 1, 2, 5))]
        return b"".join(lines)

    def duplicate_lines(self, data):
        lines = self._lines(data)
        i = self.rng.randrange(len(lines))
        chunk = lines[i:i + self.rng.choice((1, 3, 8))]
        times = self.rng.choice((1, 2, 10, 100))
        lines[i:i] = chunk * times
        return b"".join(lines)

    def swap_lines(self, data):
        lines = self._lines(data)
        i, j = self.rng.randrange(len(lines)), self.rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        return b"".join(lines)

    def splice(self, data):
        lines, other = self._lines(data), self._lines(self.rng.choice(self.seeds))
        i, j = self.rng.randrange(len(lines) + 1), self.rng.randrange(len(other))
        lines[i:i] = other[j:j + self.rng.choice((1, 4, 12, 40))]
        return b"".join(lines)

    def truncate(self, data):
        return data[:self.rng.randrange(len(data) + 1)]

    # -- token / byte level
    def _at(self, data: bytes) -> int:
        return self.rng.randrange(len(data) + 1)

    def insert_token(self, data):
        i = self._at(data)
        sep = self.rng.choice(("", " ", " ", "\n"))
        return data[:i] + (sep + self.token() + sep).encode("utf-8", "surrogatepass") + data[i:]

    def replace_word(self, data):
        spans = [m.span() for m in re.finditer(rb"[\w\x80-\xff]+", data)]
        if not spans:
            return self.insert_token(data)
        a, b = self.rng.choice(spans)
        return data[:a] + self.token().encode("utf-8", "surrogatepass") + data[b:]

    def replace_number(self, data):
        spans = [m.span() for m in re.finditer(rb"\d+", data)]
        if not spans:
            return self.insert_token(data)
        a, b = self.rng.choice(spans)
        new = self.rng.choice(NUMBERS + UNICODE_DIGITS + ["".join(self.rng.choices(UNICODE_DIGITS, k=3))])
        return data[:a] + new.encode() + data[b:]

    def nesting(self, data):
        i, depth = self._at(data), self.rng.choice((10, 100, 1000, 5000))
        opener, closer = self.rng.choice((("(", ")"), ("{", "}"), ("[", "]"), ("not ", ""), ("-", ""),
                                          ("if x then ", ""), ("(1 + ", ")")))
        body = opener * depth + self.rng.choice(("1", "x", "")) + closer * (depth if self.rng.random() < .7 else 0)
        return data[:i] + body.encode() + data[i:]

    def long_string(self, data):
        i, n = self._at(data), self.rng.choice((100, 1000, 10_000, 100_000))
        unit = self.rng.choice(("x", "é", "a b ", "😀", "\\", "\t", "_"))
        text = unit * (n // len(unit))
        if self.rng.random() < 0.5:
            text = '"' + text + ('"' if self.rng.random() < .8 else "")
        return data[:i] + text.encode() + data[i:]

    def quotes(self, data):
        i = self._at(data)
        return data[:i] + self.rng.choice((b'"', b"'", b'"""', b"{", b"}", b"\\\"", b"#")) + data[i:]

    def nul(self, data):
        i = self._at(data)
        return data[:i] + b"\x00" * self.rng.choice((1, 1, 5)) + data[i:]

    def bad_utf8(self, data):
        i = self._at(data)
        return data[:i] + self.rng.choice(BAD_BYTES) + data[i:]

    def crlf(self, data):
        return self.rng.choice((data.replace(b"\n", b"\r\n"), data.replace(b"\n", b"\r"),
                                data.replace(b"\n", b"\r\n", 1)))

    def bom(self, data):
        return self.rng.choice((b"\xef\xbb\xbf", b"\xff\xfe", b"\xef\xbb\xbf\xef\xbb\xbf")) + data

    def flip_byte(self, data):
        if not data:
            return bytes([self.rng.randrange(256)])
        i = self.rng.randrange(len(data))
        return data[:i] + bytes([data[i] ^ (1 << self.rng.randrange(8))]) + data[i + 1:]

    def random_bytes(self, data):
        i = self._at(data)
        return data[:i] + bytes(self.rng.randrange(256) for _ in range(self.rng.randrange(1, 9))) + data[i:]

    OPS = [delete_lines, duplicate_lines, swap_lines, splice, truncate, insert_token, insert_token, replace_word,
           replace_word, replace_word, replace_number, replace_number, nesting, long_string, quotes, nul, bad_utf8,
           crlf, bom, flip_byte, random_bytes]


# -------------------------------------------------------------------------------------- targets ---

class Targets:
    def __init__(self, rng: random.Random, workdir: Path):
        import deckdsl  # noqa: F401 — imported once, before the clock starts

        self.rng, self.workdir = rng, workdir
        self.decks = deck_seeds()
        self.games = game_seeds()
        deck_words = grammar_words("deck.lark") + seed_words(self.decks)
        game_words = grammar_words("game.lark") + seed_words(self.games)
        self.deck_mut = Mutator(rng, self.decks, deck_words)
        self.game_mut = Mutator(rng, self.games, game_words)
        self.toml_mut = Mutator(rng, [s.encode() for s in TOML_SEEDS], TOML_WORDS)
        self.counter = 0

    def temp(self, name: str, data: bytes) -> Path:
        self.counter += 1
        folder = self.workdir / f"in{self.counter % 4}"
        folder.mkdir(exist_ok=True)
        path = folder / name
        path.write_bytes(data)
        return path

    # each target: make(rng) -> payload; run(payload) raises on a finding
    def make_deck(self) -> bytes:
        return self.deck_mut.mutate(self.rng.choice(self.decks))

    def run_deck(self, data: bytes, extra: bool | None = None) -> None:
        import deckdsl

        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = None
        if text is None or text.startswith("\ufeff"):
            result = deckdsl.load(self.temp("fuzz.deck", data))
        else:
            result = deckdsl.loads(text, "fuzz.deck")
        if extra is None:
            extra = self.rng.randrange(TEXT_SAMPLE) == 0
        if extra and result.deck is not None:
            from deckdsl.check import explain
            from deckdsl.text import addendum_text, card_text

            for language in ("pt-BR", "en"):
                for card in result.deck.cards:
                    card_text(card, language, generated=False)
                    card_text(card, language, generated=True)
                for addendum in result.deck.addenda:
                    addendum_text(addendum, language)
            explain.deck_lines(result.deck, result.text, None, result.profile)

    def make_game(self) -> bytes:
        return self.game_mut.mutate(self.rng.choice(self.games))

    def run_game(self, data: bytes, extra: bool | None = None) -> None:
        import deckdsl
        from deckdsl.profiles import profile as profiles

        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = None
        if text is None:
            profiles._read.cache_clear()
            deckdsl.load_game(self.temp("fuzz.game", data))
            return
        profile, _ = profiles.loads(text, "fuzz.game")
        if extra is None:
            extra = self.rng.randrange(SCAFFOLD_SAMPLE) == 0
        if extra and profile is not None and re.fullmatch(r"[a-z0-9][a-z0-9-]{0,60}", profile.id or ""):
            from deckdsl.profiles.scaffold import scaffold

            deck_text = scaffold(profile, "Fuzz")
            folder = self.workdir / "game"
            folder.mkdir(exist_ok=True)
            for old in folder.glob("*.game"):
                old.unlink()
            (folder / f"{profile.id}.game").write_text(text, encoding="utf-8")
            profiles._read.cache_clear()
            deckdsl.loads(deck_text, str(folder / "fuzz.deck"))

    def make_config(self):
        if self.rng.random() < 0.6:
            return ("table", self.table())
        kind = self.rng.choice(("deckdsl.toml", "pyproject.toml"))
        return (kind, self.toml_mut.mutate(self.rng.choice(self.toml_mut.seeds)))

    def value(self, depth: int = 0):
        import datetime

        r = self.rng.random()
        if depth < 3 and r < 0.2:
            return [self.value(depth + 1) for _ in range(self.rng.randrange(4))]
        if depth < 3 and r < 0.3:
            return {self.rng.choice(CONFIG_KEYS): self.value(depth + 1) for _ in range(self.rng.randrange(3))}
        return self.rng.choice([
            lambda: self.rng.choice(CODES), lambda: self.rng.choice(("error", "warning", "info", "", "ERROR")),
            lambda: self.rng.randrange(-10, 10**6), lambda: float(self.rng.choice(("nan", "inf", "-0.0", "1e308"))),
            lambda: self.rng.random() < .5, lambda: self.deck_mut.token(),
            lambda: datetime.date(2026, 1, 1), lambda: datetime.time(1, 2), lambda: None, lambda: "x" * 10_000,
            lambda: [self.rng.choice(CODES) for _ in range(self.rng.randrange(50))],
        ])()

    def table(self):
        if self.rng.random() < 0.05:
            return self.value(2)
        return {self.rng.choice(CONFIG_KEYS): self.value() for _ in range(self.rng.randrange(4))}

    def run_config(self, payload) -> None:
        from deckdsl.check import config

        kind, body = payload
        try:
            if kind == "table":
                found = config.from_table(body, Path("fuzz.toml"))
            else:
                folder = self.workdir / "config"
                folder.mkdir(exist_ok=True)
                for name in ("deckdsl.toml", "pyproject.toml"):
                    (folder / name).unlink(missing_ok=True)
                (folder / kind).write_bytes(body)
                found = config.discover(folder / "d.deck")
        except config.ConfigError:
            return
        for code in CODES:
            found.enabled(code)
        found.override(select=["JW1"], ignore=("DK2",), fail_on="warning", extend_ignore=("JW110",))

    # -- the CLI
    def cli_value(self) -> str:
        return self.rng.choice([
            lambda: self.rng.choice(NUMBERS), lambda: self.rng.choice(UNICODE_DIGITS),
            lambda: str(self.rng.uniform(-100, 100)), lambda: str(self.rng.randrange(-5, 60)),
            lambda: self.deck_mut.token(), lambda: "", lambda: " ", lambda: "1,2", lambda: ",", lambda: "1,2,3",
            lambda: "nan,0", lambda: "0,inf", lambda: "63x88", lambda: "0x0", lambda: "1e9x1e9", lambda: "-5x10",
            lambda: "nanxnan", lambda: "x", lambda: "a4", lambda: "letter", lambda: "A4", lambda: "poker",
            lambda: "tarot", lambda: "mini", lambda: "bridge", lambda: "long", lambda: "short", lambda: "full",
            lambda: "pt-BR", lambda: "en", lambda: "\x00", lambda: "１٣", lambda: "9" * 5000,
        ])()

    def make_render(self):
        options = ["--paper", "--card-size", "--bleed", "--safe", "--gutter", "--flip", "--back-offset", "--lang",
                   "--timeout", "--art"]
        args = []
        for _ in range(self.rng.randrange(1, 5)):
            args += [self.rng.choice(options), self.cli_value()]
        return {"deck": self.rng.choice(PLAY_DECKS), "args": args}

    def run_render(self, payload) -> None:
        from click.testing import CliRunner

        from deckdsl.cli import render
        from deckdsl.printing import render as renderer

        class Stub(Exception):
            pass

        def stub(*_args, **_kwargs):
            raise Stub()

        real, renderer.render = renderer.render, stub
        try:
            out = self.workdir / "render" / "x.pdf"
            result = CliRunner().invoke(render, [str(ROOT / payload["deck"]), *payload["args"], "-o", str(out)])
        finally:
            renderer.render = real
        if result.exception is not None and not isinstance(result.exception, (SystemExit, Stub)):
            raise result.exception.with_traceback(result.exc_info[2])

    def make_simulate(self):
        deck = self.rng.choice(PLAY_DECKS)
        args = ["--games", self.rng.choice(("1", "2", "3", "4", "0", "-1", "٣", "1e3", "x"))]
        for _ in range(self.rng.randrange(0, 4)):
            option = self.rng.choice(("--jobs", "--players", "--matchups", "--set", "--seed", "--format"))
            if option == "--jobs":
                value = self.rng.choice(("1", "2", "0", "513", "-1", "٢", "nan", "512"))
            elif option in ("--players", "--matchups"):
                value = ",".join(self.bot() for _ in range(self.rng.choice((0, 1, 2, 2, 3))))
                if self.rng.random() < 0.2:
                    value = self.rng.choice((",,,", ",", " , ", "random,,random", "random,random,random,random"))
            elif option == "--set":
                value = self.setting()
            elif option == "--seed":
                value = self.rng.choice(("0", "1", str(2**62), str(2**62 + 1), "-1", "٣", "x"))
            else:
                value = self.rng.choice(("text", "json", "html", ""))
            args += [option, value]
        return {"deck": deck, "args": args}

    def bot(self) -> str:
        name = self.rng.choice(("random", "greedy", "yomi", "yomi:eager", "yomi:hoard", "rollout", "ismcts", "nobot",
                                "greedy:hoard", "yomi:x", ""))
        if name in ("rollout", "ismcts"):
            # small or malformed budgets only: `ismcts`/`ismcts:` is the default budget, seconds a game by design
            name += ":" + self.rng.choice(("1", "2", "0", "-1", "٣", "²", "x", "1.5", "9" * 30, "1000001"))
        return name

    def setting(self) -> str:
        name = self.rng.choice(("star_cost", "stars_to_win", "chooser", "step_limit", "hand_size", "x", "", " ",
                                "star_cost=1", "=", "players", "deal"))
        return name + self.rng.choice(("=", "=", "=", "")) + self.cli_value()

    def run_simulate(self, payload) -> None:
        from click.testing import CliRunner

        from deckdsl.cli import simulate

        args = [str(ROOT / payload["deck"]), *payload["args"]]
        args = [a for a in args]
        result = CliRunner().invoke(simulate, args)
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception.with_traceback(result.exc_info[2])

    def make_play(self):
        answers = []
        for _ in range(self.rng.randrange(0, 30)):
            answers.append(self.rng.choice([
                lambda: str(self.rng.randrange(0, 6)), lambda: str(self.rng.randrange(1, 3)), lambda: "",
                lambda: self.rng.choice(UNICODE_DIGITS), lambda: self.rng.choice(NUMBERS), lambda: "q",
                lambda: self.deck_mut.token().replace("\n", " "), lambda: " 1 ", lambda: "１",
            ])())
        args = ["--seed", str(self.rng.randrange(1000)), "--bot", self.rng.choice(("random", "greedy", "yomi",
                                                                                   "rollout:1", "random"))]
        if self.rng.random() < 0.3:
            args += ["--seat", self.rng.choice(("1", "2", "3", "0", "16", "17", "٢"))]
        if self.rng.random() < 0.3:
            args += ["--lang", self.rng.choice(("en", "pt-BR", "fr"))]
        if self.rng.random() < 0.2:
            args += ["--set", self.setting()]
        return {"deck": self.rng.choice(PLAY_DECKS), "args": args, "stdin": "\n".join(answers) + "\n"}

    def run_play(self, payload) -> None:
        from click.testing import CliRunner

        from deckdsl.cli import play

        result = CliRunner().invoke(play, [str(ROOT / payload["deck"]), *payload["args"]], input=payload["stdin"])
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception.with_traceback(result.exc_info[2])


PLAY_DECKS = ["decks/janken-wars.deck", "decks/embate-dos-guardioes.deck", "decks/cooperativo.deck",
              "decks/queens-vs-kings.deck"]
CONFIG_KEYS = ["select", "ignore", "fail-on", "fail_on", "extend-ignore", "", "SELECT", "tool", "deckdsl"]
CODES = ["DK", "JW", "JW1", "JW110", "DK105", "DK0", "dk2", "", " ", "J", "JW999", "*", "É", "DK012", "XX1"]
TOML_SEEDS = [
    '[tool.deckdsl]\nselect = ["JW", "DK"]\nignore = ["JW111"]\nfail-on = "warning"\n',
    'select = ["JW1"]\nignore = "DK2"\nfail-on = "error"\n',
    '[tool]\ndeckdsl = 5\n',
    'tool = 5\n',
    '[tool.deckdsl]\nselect = 5\n',
    '[project]\nname = "x"\n[tool.deckdsl]\nfail-on = "info"\n',
]
TOML_WORDS = ["select", "ignore", "fail-on", "tool", "deckdsl", "[", "]", "=", '"', "'''", "{", "}", ",", "5", "1.5",
              "true", "nan", "inf", "1979-05-27", "JW", "DK", "[[tool.deckdsl]]", "[tool.deckdsl.x]", "error",
              "warning"]


# ------------------------------------------------------------------------------------- findings ---

def bucket(target: str, error: BaseException) -> str:
    """(target, exception type, innermost deckdsl frame) as a file-name-safe key."""
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
        self.budget, self.out, self.quiet, self.worker = budget, out, quiet, worker
        names = targets or list(WEIGHTS)
        self.names, self.weights = names, [WEIGHTS[n] for n in names]
        self.stats = Stats(runs={n: 0 for n in names})
        self.seen: set[str] = set()
        self.hard_limit = hard_limit  # None: no alarm (tests/test_fuzz.py counts, never times)
        if hard_limit:
            signal.signal(signal.SIGALRM, _alarm)

    def call(self, target: str, payload, extra=None) -> BaseException | None:
        runner = getattr(self.targets, f"run_{target}")
        if self.hard_limit:
            signal.setitimer(signal.ITIMER_REAL, self.hard_limit + 2.5 * _allowance(payload))
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
            if self.hard_limit:
                signal.setitimer(signal.ITIMER_REAL, 0)
        return None

    def run(self, inputs: int) -> Stats:
        start = time.perf_counter()
        for index in range(inputs):
            target = self.rng.choices(self.names, self.weights)[0]
            payload = getattr(self.targets, f"make_{target}")()
            extra = (self.rng.randrange(TEXT_SAMPLE if target == "deck" else SCAFFOLD_SAMPLE) == 0
                     if target in ("deck", "game") else None)
            began = time.perf_counter()
            error = self.call(target, payload, extra)
            took = time.perf_counter() - began
            self.stats.runs[target] += 1
            if error is not None:
                self.found(target, payload, extra, error)
            elif self.budget and took > self.budget + _allowance(payload):
                again = time.perf_counter()
                self.call(target, payload, extra)
                if time.perf_counter() - again > self.budget + _allowance(payload):
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
        if target in ("deck", "game"):
            payload = self.minimise(target, payload, extra, key)
            error = self.call(target, payload, extra) or error
        self.write(key, target, payload, extra, error)
        (self.out / f"{key}.claim").unlink(missing_ok=True)

    def minimise(self, target: str, data: bytes, extra, key: str) -> bytes:
        def fails(candidate: bytes) -> bool:
            error = self.call(target, candidate, extra)
            return error is not None and bucket(target, error) == key

        deadline = time.perf_counter() + MINIMISE_SECONDS

        def check(units):
            if time.perf_counter() > deadline:
                raise TimeoutError
            return fails(b"".join(units))

        for bytewise, split in ((False, lambda d: d.splitlines(keepends=True)),
                                (True, lambda d: [d[i:i + 1] for i in range(len(d))])):
            if bytewise and len(data) > MAX_BYTEWISE:
                break  # a byte at a time over megabytes: more memory than the minimiser is worth
            best = [data]

            def keep(units, best=best):
                found = check(units)
                if found:
                    best[0] = b"".join(units)
                return found

            try:
                ddmin(split(data), keep, 3000)
            except (TimeoutError, MemoryError):
                pass
            data = best[0]
        return data

    def write(self, key: str, target: str, payload, extra, error: BaseException) -> None:
        self.out.mkdir(parents=True, exist_ok=True)
        if target in ("deck", "game"):
            (self.out / f"{key}.{target}").write_bytes(payload)
            shown = {"file": f"{key}.{target}", "text_and_explain": bool(extra) if target == "deck" else None,
                     "scaffold": bool(extra) if target == "game" else None}
        elif target == "config":
            shown = {"kind": payload[0], "body": payload[1] if payload[0] == "table" else payload[1].decode(
                "utf-8", "backslashreplace")}
        else:
            shown = payload
        tb = "".join(traceback.format_exception(type(error), error, error.__traceback__))
        (self.out / f"{key}.txt").write_text(
            f"target: {target}\ninput: {json.dumps(shown, default=repr, ensure_ascii=False)}\n"
            f"exception: {type(error).__name__}: {error}\n\n{tb}", encoding="utf-8")

    def slow(self, target: str, payload, took: float) -> None:
        self.stats.slow.append((target, round(took, 2)))
        if not self.quiet:
            print(f"  [worker {self.worker}] SLOW {target}: {took:.1f} s", file=sys.stderr, flush=True)
        if self.out is None:
            return
        self.out.mkdir(parents=True, exist_ok=True)
        name = f"slow-{target}-{len(self.stats.slow)}-{os.getpid()}"
        if isinstance(payload, bytes):
            (self.out / f"{name}.{target}").write_bytes(payload)
        else:
            (self.out / f"{name}.json").write_text(json.dumps(payload, default=repr, ensure_ascii=False),
                                                   encoding="utf-8")

    def close(self) -> None:
        import shutil

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
