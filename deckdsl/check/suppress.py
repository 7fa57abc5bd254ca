"""Inline suppressions: a `# deckdsl: allow CODE[, CODE …]` comment.

On a card's first line (or alone on the line just before it) the comment covers the whole card; anywhere
else it covers its own line.  A suppression that suppresses nothing is itself reported (DK130), so stale
ones do not pile up.  Only codes that are enabled are considered: allowing a code the configuration
ignores anyway is not "unused".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ..diagnostics import CODES, Diagnostic
from ..lang.ast import Deck
from ..span import Span

_ALLOW = re.compile(
    r'^(?P<before>(?:[^"#\n]|"(?:[^"\\\n]|\\.)*")*)#[ \t]*deckdsl:[ \t]*allow[ \t]+'
    r"(?P<codes>[A-Za-z]+\d+(?:[ \t]*,[ \t]*[A-Za-z]+\d+)*)",
    re.M,
)


@dataclass
class _Allow:
    codes: dict[str, Span]
    first_line: int
    last_line: int
    used: set[str]


def apply(
    text: str, deck: Deck | None, diagnostics: list[Diagnostic], enabled: Callable[[str], bool],
    judged: Callable[[str, int], bool] = lambda code, line: True,
) -> list[Diagnostic]:
    """`diagnostics` without the suppressed ones, plus DK130 for each code allowed in vain — but only
    where that code was looked for: `judged(code, line)` is False where a check was skipped or held back
    because part of the deck could not be read (`deckdsl.check.coverage`)."""
    allows = list(_allows(text, deck))
    if not allows:
        return diagnostics
    kept = []
    for diagnostic in diagnostics:
        line = diagnostic.span.line
        allow = next(
            (a for a in allows if a.first_line <= line <= a.last_line and diagnostic.code in a.codes), None
        )
        if allow is None or diagnostic.code.startswith("DK0"):
            kept.append(diagnostic)
        else:
            allow.used.add(diagnostic.code)
    for allow in allows:
        for code, span in allow.codes.items():
            if code in allow.used:
                continue
            if code not in CODES:
                kept.append(Diagnostic("DK130", f"`{code}` is not a deckdsl code", span,
                                       help="`deckdsl rules` lists the codes"))
            elif enabled(code) and judged(code, allow.first_line):
                kept.append(Diagnostic(
                    "DK130", f"this suppression of `{code}` suppresses nothing", span,
                    help="remove it: the finding it was for is gone",
                ))
    return kept


def _allows(text: str, deck: Deck | None):
    starts = {card.span.line: card.span.end_line for card in deck.cards} if deck else {}
    for match in _ALLOW.finditer(text):
        line = Span.point(text, match.start()).line
        codes: dict[str, Span] = {}
        for code in re.finditer(r"[A-Za-z]+\d+", match.group("codes")):
            start = match.start("codes") + code.start()
            codes[code.group().upper()] = Span.of_range(text, start, start + len(code.group()))
        alone = not match.group("before").strip()
        if line in starts:
            first, last = line, starts[line]
        elif alone and line + 1 in starts:
            first, last = line, starts[line + 1]
        else:
            first = last = line
        yield _Allow(codes, first, last, set())
