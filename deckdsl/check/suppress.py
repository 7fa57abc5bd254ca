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

from ..diagnostics import CODES, Diagnostic, Edit, Fix, Severity
from ..lang.ast import Deck
from ..said import said
from ..span import Span

_ALLOW = re.compile(
    r'^(?P<before>(?:[^"#\n]|"(?:[^"\\\n]|\\.)*+")*+)#[ \t]*deckdsl:[ \t]*allow[ \t]+'
    r"(?P<codes>[A-Za-z]+\d+(?:[ \t]*,[ \t]*[A-Za-z]+\d+)*)",
    re.M,
)


@dataclass
class _Allow:
    codes: dict[str, Span]
    first_line: int
    last_line: int
    used: set[str]
    comment: tuple[int, int] = (0, 0)
    """Where the whole comment is, from its `#` to the end of its line (offsets)."""
    alone: bool = False
    """Whether the comment is alone on its line."""


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
    # a deck read only in part (DK131, or errors that leave fields unread) may hide the very finding a
    # suppression is for: removing one then is a guess
    partial = any(d.code == "DK131" or (d.severity is Severity.ERROR and d.code < "DK200") for d in diagnostics)
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
                kept.append(Diagnostic("DK130", said("check-not-a-code", "`{code}` is not a deckdsl code", code=code),
                                       span, help=said("check-rules-lists-codes", "`deckdsl rules` lists the codes"),
                                       fix=_removal(text, allow, code, not partial)))
            elif enabled(code) and judged(code, allow.first_line):
                kept.append(Diagnostic(
                    "DK130", said("check-suppresses-nothing", "this suppression of `{code}` suppresses nothing",
                                  code=code), span,
                    help=said("check-remove-suppression", "remove it: the finding it was for is gone"),
                    fix=_removal(text, allow, code, not partial),
                ))
    return kept


def _removal(text: str, allow: _Allow, code: str, safe: bool) -> Fix:
    """The fix of DK130: remove `code` from its comment, or the whole comment when none of its codes
    suppresses anything (with its line when it is alone on it).  Removing what silences nothing changes no
    finding, so it is `safe` — unless part of the deck could not be read, which may hide the finding."""
    wasted = [c for c in allow.codes if c not in allow.used]
    if len(wasted) == len(allow.codes):
        start, end = allow.comment
        if allow.alone:
            start = text.rfind("\n", 0, start) + 1
            newline = text.find("\n", end)
            end = len(text) if newline < 0 else newline + 1
        else:
            while start > 0 and text[start - 1] in " \t":
                start -= 1
        return Fix(said("check-remove-comment", "remove the unused suppression comment"),
                   (Edit(Span.of_range(text, start, end), ""),), safe)
    spans = list(allow.codes.values())
    at = list(allow.codes).index(code)
    if at + 1 < len(spans):
        start, end = spans[at].start, spans[at + 1].start
    else:
        start, end = spans[at - 1].end, spans[at].end
    return Fix(said("check-remove-code", "remove `{code}` from the suppression comment", code=code),
               (Edit(Span.of_range(text, start, end), ""),), safe)


def _matches(text: str):
    """`_ALLOW.finditer(text)`, found faster: only lines that hold `deckdsl:` are tried (scanning every
    line of a 10,000-card deck with the pattern took a tenth of a second)."""
    tried = -1
    for found in re.finditer("deckdsl:", text):
        line_start = text.rfind("\n", 0, found.start()) + 1
        if line_start == tried:
            continue
        tried = line_start
        match = _ALLOW.match(text, line_start)
        if match is not None:
            yield match


def _allows(text: str, deck: Deck | None):
    starts = None
    for match in _matches(text):
        if starts is None:
            starts = {card.span.line: card.span.end_line for card in deck.cards} if deck else {}
        line = Span.point(text, match.start()).line
        codes: dict[str, Span] = {}
        for code in re.finditer(r"[A-Za-z]+\d+", match.group("codes")):
            start = match.start("codes") + code.start()
            codes[code.group().upper()] = Span.of_range(text, start, start + len(code.group()))
        alone = not match.group("before").strip()
        line_end = text.find("\n", match.end())
        line_end = len(text) if line_end < 0 else line_end
        comment = (match.end("before"), line_end - 1 if text[line_end - 1] == "\r" else line_end)
        if line in starts:
            first, last = line, starts[line]
        elif alone and line + 1 in starts:
            first, last = line, starts[line + 1]
        else:
            first = last = line
        yield _Allow(codes, first, last, set(), comment, alone)
