"""Fixture files that state their own expected diagnostics, shared by the deck corpus (tests/bad/) and the
profile corpus (tests/profiles/).

A fixture starts with a comment block of directives:

    # expect: DK505 9:28      a diagnostic with this code (or `DK502|DK503`) at line 9, column 28 (or `*`)
    # message: `diamonds`     …whose message contains this text (repeatable)
    # help: hearts            …whose help contains this text (repeatable)
    # caret: diamonds         …whose caret, in the rendered diagnostic, stands under this text
    # xfail: why              the case is a known gap
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from deckdsl.diagnostics import CODES, Diagnostic


@dataclass
class Expect:
    """One expected diagnostic: its possible `codes`, position, and texts it must contain."""

    codes: tuple[str, ...]
    line: int
    column: int | None  # None: any column
    messages: list[str] = field(default_factory=list)
    helps: list[str] = field(default_factory=list)
    carets: list[str] = field(default_factory=list)

    def matches(self, d: Diagnostic) -> bool:
        return (
            d.code in self.codes
            and d.span.line == self.line
            and self.column in (None, d.span.column)
            and all(m in d.message for m in self.messages)
            and all(h in (d.help or "") for h in self.helps)
        )

    def __str__(self) -> str:
        extra = "".join(f" message~{m!r}" for m in self.messages) + "".join(f" help~{h!r}" for h in self.helps)
        return f"{'|'.join(self.codes)} {self.line}:{self.column or '*'}{extra}"


_EXPECT = re.compile(r"#\s*expect:\s*(DK\d{3}(?:\|DK\d{3})*)\s+(\d+):(\d+|\*)\s*$")
_DETAIL = re.compile(r"#\s*(message|help|caret|xfail):\s*(.*?)\s*$")
_FIELDS = {"message": "messages", "help": "helps", "caret": "carets"}


def read_expectations(path: Path) -> tuple[list[Expect], str | None]:
    """The `# expect:` lines (with their details) and the `xfail:` reason, if any."""
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
                getattr(expects[-1], _FIELDS[kind]).append(value)
        elif "expect" in line:
            pytest.fail(f"{path.name}: malformed directive {line!r}")
    assert expects, f"{path.name}: no `# expect:` line"
    return expects, xfail


def fixture_param(path: Path):
    """A pytest parameter for a fixture file, marked xfail (strict) when it says `# xfail:`."""
    _, xfail = read_expectations(path)
    marks = [pytest.mark.xfail(strict=True, reason=xfail)] if xfail else []
    return pytest.param(path, id=path.stem, marks=marks)


def match_all(expects: list[Expect], found: list[Diagnostic], described: str, on_hit=None) -> None:
    """Every expectation meets its own diagnostic, and no diagnostic is left over; `on_hit(expect,
    diagnostic)` checks more of each pair."""
    unmatched = list(found)
    for expect in expects:
        hit = next((d for d in unmatched if expect.matches(d)), None)
        assert hit is not None, f"expected {expect}, found:\n{described}"
        if on_hit is not None:
            on_hit(expect, hit)
        unmatched.remove(hit)
    assert not unmatched, f"unexpected diagnostics:\n{described}"
