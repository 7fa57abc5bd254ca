"""Source positions shared by the AST and the diagnostics."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

_NEWLINE = re.compile("\n")
_index: tuple[str, list[int]] | None = None


def _line_starts(text: str) -> list[int]:
    """Offsets where each line of `text` starts (cached for the last text, so many diagnostics on one
    big file cost a binary search each, not a scan from the start)."""
    global _index
    if _index is None or _index[0] is not text:
        _index = (text, [0] + [m.end() for m in _NEWLINE.finditer(text)])
    return _index[1]


@dataclass(frozen=True, slots=True)
class Span:
    """A region of a deck file.

    Fields:
        line, column: where the region starts, 1-based (column counts characters, not bytes).
        end_line, end_column: where it ends; `end_column` is the column just after the last character,
            so a one-character token at column 5 has `end_column` 6.
        start, end: the same region as character offsets into the file, end exclusive.
    """

    line: int
    column: int
    end_line: int
    end_column: int
    start: int
    end: int

    def moved(self, offset: int, lines: int) -> Span:
        """The same region `offset` characters and `lines` lines further on (its columns unchanged: the
        text before it on its first line is the same)."""
        return Span(self.line + lines, self.column, self.end_line + lines, self.end_column,
                    self.start + offset, self.end + offset)

    def cover(self, other: Span) -> Span:
        """The smallest span that contains both `self` and `other`."""
        first = self if self.start <= other.start else other
        last = self if self.end >= other.end else other
        return Span(first.line, first.column, last.end_line, last.end_column, first.start, last.end)

    @classmethod
    def point(cls, text: str, offset: int) -> Span:
        """A zero-width span at `offset` of `text` (clamped to the text)."""
        offset = max(0, min(offset, len(text)))
        starts = _line_starts(text)
        line = bisect.bisect_right(starts, offset)
        column = offset - starts[line - 1] + 1
        return cls(line, column, line, column, offset, offset)

    @staticmethod
    def offset(text: str, line: int, column: int) -> int:
        """The offset of 1-based `line` and `column` in `text` (clamped to the text).  A plain scan, not
        the cached line index: callers pass small texts (a block, a profile), and caching them would evict
        the big file's index."""
        offset = 0
        for _ in range(line - 1):
            found = text.find("\n", offset)
            if found < 0:
                return len(text)
            offset = found + 1
        return max(0, min(len(text), offset + column - 1))

    @classmethod
    def of_range(cls, text: str, start: int, end: int) -> Span:
        """The span of `text[start:end]`."""
        return cls.point(text, start).cover(cls.point(text, end))


def _fast_init(names: tuple[str, ...]):
    """An `__init__` for `Span` that sets its slots through their descriptors: the frozen dataclass's own
    looks up `object.__setattr__` for every field, and a big deck's parse and re-check make some 100,000
    spans (this one takes 40% less time).  The class stays frozen: assigning a field still raises."""
    set_line, set_column, set_end_line, set_end_column, set_start, set_end = (
        Span.__dict__[name].__set__ for name in names)

    def __init__(self, line: int, column: int, end_line: int, end_column: int, start: int, end: int) -> None:
        set_line(self, line)
        set_column(self, column)
        set_end_line(self, end_line)
        set_end_column(self, end_column)
        set_start(self, start)
        set_end(self, end)

    return __init__


Span.__init__ = _fast_init(("line", "column", "end_line", "end_column", "start", "end"))  # type: ignore[method-assign]
