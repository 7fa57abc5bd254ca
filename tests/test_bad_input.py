"""Malformed decks: every one gives the right diagnostic, at the right place, and nothing ever crashes.

The corpus is `tests/bad/NN-short-name.deck`.  Each file states what it must produce in its leading
comment block (the deck language ignores comments):

    # expect: DK004 7:3           a diagnostic with this code at line 7, column 3 (1-based)
    # expect: DK101|DK004 7:3     either code is acceptable
    # expect: DK007 7:*           anywhere on line 7
    # message: did you mean       the diagnostic of the `expect:` line above has this in its message
    # help: did you mean `value`? ... and this in its help
    # xfail: BUG: …               a known deckdsl bug: the case is a strict xfail

The expected diagnostics must be exactly the ones found, except that the deck-structure rules (DK201,
DK202), which fire on any small deck, are ignored unless the file expects one of them.

Inputs that cannot be committed as text files (empty, binary, not UTF-8, 9 MB, 10,000 parentheses, old
Mac line endings, thousands of errors after megabytes of text) are generated into `tmp_path` below.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import deckdsl
from deckdsl.diagnostics import CODES

BAD = Path(__file__).resolve().parent / "bad"
FIXTURES = sorted(BAD.glob("*.deck"))
STRUCTURE = {"DK201", "DK202"}


def incidental(code: str) -> bool:
    """Findings any small or broken deck gets, beside the one a case is about: the structure counts and
    the Janken Wars guideline rules (JW…)."""
    return code in STRUCTURE or code.startswith("JW")

HEADER = 'deck "Bad" {\n  game: janken-wars\n}\n\n'
CARD = 'card "{name}" {{\n  type: rock\n  rarity: simple\n  copies: 6\n  value: {value}\n{extra}}}\n'


# ------------------------------------------------------------------------------ expectations ---


@dataclass
class Expect:
    codes: tuple[str, ...]
    line: int
    column: int | None  # None: any column
    messages: list[str] = field(default_factory=list)
    helps: list[str] = field(default_factory=list)

    def matches(self, diagnostic: deckdsl.Diagnostic) -> bool:
        return (
            diagnostic.code in self.codes
            and diagnostic.span.line == self.line
            and self.column in (None, diagnostic.span.column)
            and all(m in diagnostic.message for m in self.messages)
            and all(h in (diagnostic.help or "") for h in self.helps)
        )

    def __str__(self) -> str:
        extra = "".join(f" message~{m!r}" for m in self.messages) + "".join(f" help~{h!r}" for h in self.helps)
        return f"{'|'.join(self.codes)} {self.line}:{self.column or '*'}{extra}"


_EXPECT = re.compile(r"#\s*expect:\s*(DK\d{3}(?:\|DK\d{3})*)\s+(\d+):(\d+|\*)\s*$")
_DETAIL = re.compile(r"#\s*(message|help|xfail):\s*(.*?)\s*$")


def read_expectations(path: Path) -> tuple[list[Expect], str | None]:
    """The `# expect:` lines (with their `message:`/`help:` details) and the `xfail:` reason, if any."""
    expects: list[Expect] = []
    xfail = None
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines and _EXPECT.match(lines[0]), f"{path.name}: the first line must be an `# expect:` comment"
    for line in lines:
        if not line.startswith("#"):
            break  # only the leading comment block holds directives
        if match := _EXPECT.match(line):
            codes = tuple(match.group(1).split("|"))
            for code in codes:
                assert code in CODES, f"{path.name}: {code} is not a diagnostic code"
            column = None if match.group(3) == "*" else int(match.group(3))
            expects.append(Expect(codes, int(match.group(2)), column))
        elif match := _DETAIL.match(line):
            kind, value = match.groups()
            if kind == "xfail":
                xfail = value
            else:
                assert expects, f"{path.name}: `# {kind}:` before any `# expect:`"
                (expects[-1].messages if kind == "message" else expects[-1].helps).append(value)
        elif "expect" in line:
            pytest.fail(f"{path.name}: malformed directive {line!r}")
    assert expects, f"{path.name}: no `# expect:` line"
    return expects, xfail


def assert_valid(result: deckdsl.Result) -> None:
    """Every diagnostic has a registered code and a 1-based position inside the text."""
    for d in result.diagnostics:
        assert d.code in CODES, d
        span = d.span
        assert span.line >= 1 and span.column >= 1, d
        assert span.end_line >= span.line and span.end_column >= 1, d
        if result.text:  # files that could not be read as text have no text to point into
            assert 0 <= span.start <= span.end <= len(result.text), d
        assert d.message and not d.message.endswith("."), d


def assert_expected(result: deckdsl.Result, expects: list[Expect]) -> None:
    assert_valid(result)
    wanted = {c for e in expects for c in e.codes}
    found = [d for d in result.diagnostics if not incidental(d.code) or d.code in wanted]
    described = "\n".join(f"  {d.code} {d.span.line}:{d.span.column} {d.message} | help: {d.help}" for d in found)
    unmatched = list(found)
    for expect in expects:
        hit = next((d for d in unmatched if expect.matches(d)), None)
        assert hit is not None, f"expected {expect}, found:\n{described}"
        unmatched.remove(hit)
    assert not unmatched, f"unexpected diagnostics:\n{described}"


def _fixture_param(path: Path):
    _, xfail = read_expectations(path)
    marks = [pytest.mark.xfail(strict=True, reason=xfail)] if xfail else []
    return pytest.param(path, id=path.stem, marks=marks)


# ----------------------------------------------------------------------------------- corpus ---


def test_corpus_is_large_and_well_named():
    assert len(FIXTURES) >= 32
    numbers = []
    for path in FIXTURES:
        assert re.fullmatch(r"\d\d-[a-z0-9]+(-[a-z0-9]+)*\.deck", path.name), path.name
        numbers.append(int(path.name[:2]))
    assert len(numbers) == len(set(numbers)), "two fixtures share a number"


@pytest.mark.parametrize("path", [_fixture_param(p) for p in FIXTURES])
def test_bad_deck(path: Path):
    expects, _ = read_expectations(path)
    started = time.perf_counter()
    result = deckdsl.load(path)
    assert time.perf_counter() - started < 5
    assert result.deck is not None, "a text file always gives a (possibly partial) deck"
    assert result.errors or result.diagnostics, "a bad deck must be reported"
    assert_expected(result, expects)


def test_every_code_of_the_brief_is_covered_by_the_corpus():
    covered = {c for path in FIXTURES for e in read_expectations(path)[0] for c in e.codes}
    # DK005, DK006 and DK009 are about bytes and files: generated by the tests below.
    must = {f"DK{n:03d}" for n in (1, 2, 3, 4, 7, 8)} | {f"DK1{n:02d}" for n in range(1, 23)} | STRUCTURE
    assert must - covered == set()


# ------------------------------------------------------------------------- generated inputs ---


def _load_bytes(tmp_path: Path, data: bytes, name: str = "generated.deck") -> deckdsl.Result:
    path = tmp_path / name
    path.write_bytes(data)
    result = deckdsl.load(path)
    assert_valid(result)
    return result


def _codes_at(result: deckdsl.Result) -> list[tuple[str, int, int]]:
    return [(d.code, d.span.line, d.span.column) for d in result.diagnostics]


def test_empty_file(tmp_path):
    result = _load_bytes(tmp_path, b"")
    assert ("DK008", 1, 1) in _codes_at(result)
    assert {d.code for d in result.diagnostics if not incidental(d.code)} == {"DK008"}


def test_binary_garbage_with_nul(tmp_path):
    data = HEADER.encode() + b"\x00\x01\x02\xff\xfe garbage \x00" + bytes(range(256))
    result = _load_bytes(tmp_path, data)
    assert result.deck is None
    assert _codes_at(result) == [("DK005", 5, 1)]  # at the first NUL byte
    assert "binary" in result.diagnostics[0].message


def test_binary_garbage_at_start(tmp_path):
    result = _load_bytes(tmp_path, b"\x00" + bytes(range(256)) * 16)
    assert _codes_at(result) == [("DK005", 1, 1)]


def test_invalid_utf8(tmp_path):
    data = HEADER.encode() + 'card "Á'.encode() + b"\xff\xfe" + b'" {\n}\n'
    result = _load_bytes(tmp_path, data)
    assert result.deck is None
    # the bad byte follows `card "Á` on line 5: column 8 counts characters, not bytes
    assert _codes_at(result) == [("DK005", 5, 8)]
    assert "0xff" in result.diagnostics[0].message


def test_latin1_file_is_not_utf8(tmp_path):
    result = _load_bytes(tmp_path, 'deck "Baralho Clássico" {\n  game: janken-wars\n}\n'.encode("latin-1"))
    assert _codes_at(result) == [("DK005", 1, 17)]


def test_byte_order_mark_keeps_columns(tmp_path):
    data = b"\xef\xbb\xbf" + b'deck "Bad" {\n  game: janken-wars\n  autor: "Ana"\n}\n'
    result = _load_bytes(tmp_path, data)
    assert ("DK116", 3, 3) in _codes_at(result)


def _paren_deck(expression: str) -> str:
    return HEADER + CARD.format(name="Fundo", value="*", extra=f"  condition: value = {expression}\n")


@pytest.mark.parametrize(
    "expression",
    [
        pytest.param("ceil(" * 10_000 + "count(your domain)" + ")" * 10_000, id="10000-nested-functions"),
        pytest.param("(" * 10_000 + "count(your domain)", id="10000-unbalanced-parens"),
        pytest.param("-" * 10_000 + "count(your domain)", id="10000-minus-signs"),
        pytest.param("(" * 10_000 + "count(your domain)" + ")" * 10_000, id="10000-parens"),
        pytest.param("(" * 10_000 + "1" + ")" * 10_000, id="10000-parens-around-a-number"),
    ],
)
def test_deep_nesting_is_an_error_not_a_crash(tmp_path, expression):
    started = time.perf_counter()
    result = _load_bytes(tmp_path, _paren_deck(expression).encode())
    assert time.perf_counter() - started < 5
    codes = {d.code for d in result.diagnostics if not incidental(d.code)}
    assert codes & {"DK007", "DK001"}, _codes_at(result)
    for d in result.diagnostics:
        if d.code in ("DK007", "DK001"):
            assert d.span.line == 10  # the condition's line


def test_nine_megabyte_file(tmp_path):
    size = 9 * 1024 * 1024
    line = b"# " + b"x" * 97 + b"\n"
    data = (HEADER.encode() + line * (size // len(line) + 1))[:size]
    started = time.perf_counter()
    result = _load_bytes(tmp_path, data)
    assert time.perf_counter() - started < 5
    assert result.deck is None
    assert _codes_at(result) == [("DK006", 1, 1)]


def test_nine_megabyte_file_message_gives_the_real_size(tmp_path):
    size = 9 * 1024 * 1024
    result = _load_bytes(tmp_path, b"#" * size)
    (diagnostic,) = result.diagnostics
    assert f"{size:,}" in diagnostic.message or "more than" in diagnostic.message, diagnostic.message


@pytest.mark.parametrize("output_format", ["json", "full", "concise", "sarif"])
def test_many_errors_late_in_a_big_file_finish(tmp_path, output_format):
    path = tmp_path / "late-errors.deck"
    path.write_bytes(HEADER.encode() + b"# " + b"x" * (7_500_000) + b"\n" + b"}\n" * 20_000)
    assert path.stat().st_size < 8 * 1024 * 1024  # under the DK006 limit: the file must be checked
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "deckdsl", "check", "--format", output_format, str(path)],
            capture_output=True, timeout=10,
        )
    except subprocess.TimeoutExpired:
        pytest.fail("checking a 7.5 MB file with 20,000 errors took more than 10 s")
    assert proc.returncode == 1
    if output_format == "json":
        assert len(json.loads(proc.stdout)["diagnostics"]) == 20_000
    elif output_format == "sarif":
        assert len(json.loads(proc.stdout)["runs"][0]["results"]) == 20_000


def test_message_for_a_field_cut_at_the_end_of_the_line_reads_well():
    result = deckdsl.loads(HEADER + CARD.format(name="A", value="2", extra="  flavor\n"))
    (diagnostic,) = [d for d in result.diagnostics if d.code == "DK001"]
    assert (diagnostic.span.line, diagnostic.span.column) == (10, 9)
    assert "unexpected the end" not in diagnostic.message, diagnostic.message


def test_carriage_return_line_endings_count_as_lines(tmp_path):
    text = HEADER + CARD.format(name="Kit", value="2", extra="  action: discrad a card from the table\n")
    result = _load_bytes(tmp_path, text.replace("\n", "\r").encode())
    assert ("DK004", 10, 11) in _codes_at(result)


def test_windows_line_endings_keep_positions(tmp_path):
    text = HEADER + CARD.format(name="Kit", value="2", extra="  action: discrad a card from the table\n")
    result = _load_bytes(tmp_path, text.replace("\n", "\r\n").encode())
    assert ("DK004", 10, 11) in _codes_at(result)


def test_missing_file_is_an_io_error(tmp_path):
    result = deckdsl.load(tmp_path / "nope.deck")
    assert result.deck is None
    assert [d.code for d in result.diagnostics] == ["DK009"]
    assert_valid(result)


def test_directory_is_an_io_error(tmp_path):
    result = deckdsl.load(tmp_path)
    assert [d.code for d in result.diagnostics] == ["DK009"]


# ------------------------------------------------------------ one error does not hide another ---


def test_each_broken_card_reports_its_own_error():
    text = (
        HEADER
        + CARD.format(name="A", value="2", extra="  action: discrad a card from the table\n")  # lines 5-11
        + CARD.format(name="B", value="2", extra='  flavor: "never closed\n')  # lines 12-18
        + CARD.format(name="C", value="2", extra="  action: gain a card from your hand\n")  # lines 19-25
        + 'card "D" {\n  type: rock\n  rarity: simple\n  copies: 6\n  value: 2\n'  # lines 26-30, unclosed
        + CARD.format(name="E", value="*", extra="")  # lines 31-36
    )
    result = deckdsl.loads(text)
    assert_valid(result)
    found = [(d.code, d.span.line) for d in result.diagnostics if not incidental(d.code)]
    assert found == [("DK004", 10), ("DK003", 17), ("DK110", 24), ("DK002", 26), ("DK107", 35)]
    # A and B are kept without their broken line, so the rest of each is still checked.
    assert [c.name for c in result.deck.cards] == ["A", "B", "C", "D", "E"]


def test_a_broken_card_does_not_hide_the_next_cards_semantics():
    text = (
        HEADER
        + CARD.format(name="A", value="2", extra="  action: discard a card from\n")
        + CARD.format(name="A", value="2", extra="")
        + CARD.format(name="B", value="2", extra="  action: discard it\n")
    )
    result = deckdsl.loads(text)
    codes = [d.code for d in result.diagnostics if not incidental(d.code)]
    # The first `A` is kept without its broken line, so the second one is now a duplicate name.
    assert codes == ["DK001", "DK105", "DK112"]


def test_one_bad_field_does_not_hide_the_others_of_its_card():
    text = HEADER + (
        'card "A" {\n'  # line 5
        "  type: rock\n"
        "  rarity: lendaria\n"  # DK103
        "  value two\n"  # syntax error: the line is skipped, and `value` is not reported missing too
        "  action: discrad a card from the table\n"  # DK004: skipped as well
        "  copies: 0\n"  # DK106: still checked
        "}\n"
    )
    result = deckdsl.loads(text)
    found = [(d.code, d.span.line) for d in result.diagnostics if not incidental(d.code)]
    assert found == [("DK103", 7), ("DK001", 8), ("DK004", 9), ("DK106", 10)]
    (card,) = result.deck.cards
    assert card.value is None and card.action is None and card.copies == 0


def test_a_line_with_a_brace_is_not_skipped():
    text = HEADER + 'card "A" {\n  type: rock\n  value: { 2\n}\n'
    result = deckdsl.loads(text)
    assert result.deck.cards == ()
    assert any(d.code == "DK001" for d in result.diagnostics)
