"""Source positions shared by the AST and the diagnostics."""

from __future__ import annotations

import bisect
import re
from array import array
from dataclasses import dataclass

_NEWLINE = re.compile("\n")
_index: tuple[str, array] | None = None


def _line_starts(text: str) -> array:
    """Offsets where each line of `text` starts (cached for the last text, so many diagnostics on one
    big file cost a binary search each, not a scan from the start).  An array of machine integers: a
    file of empty lines costs 8 bytes a line, not a Python int's 36."""
    global _index
    if _index is None or _index[0] is not text:
        starts = array("q", [0])
        starts.extend(m.end() for m in _NEWLINE.finditer(text))
        _index = (text, starts)
    return _index[1]


class Anchor:
    """Where a block of a deck file starts: `start`, its offset, and `line`, the lines before it.

    The spans the parser gives a block's nodes are relative to the block's anchor, so that a block an
    edit did not change is moved to where it now stands by setting its anchor (`deckdsl.lang.reuse`),
    however many nodes it holds: an editor's re-check of a 10,000-card deck moves thousands of blocks
    on every keystroke.  Only the document's `Memory` moves an anchor, and only between two readings.
    """

    __slots__ = ("start", "line")

    def __init__(self, start: int = 0, line: int = 0) -> None:
        self.start = start
        self.line = line

    def __repr__(self) -> str:
        return f"Anchor(start={self.start}, line={self.line})"


_ORIGIN = Anchor()
"""The anchor of every span not made by the parser for a block: the start of the file, never moved."""


class Span:
    """A region of a deck file.

    Fields:
        line, column: where the region starts, 1-based (column counts characters, not bytes).
        end_line, end_column: where it ends; `end_column` is the column just after the last character,
            so a one-character token at column 5 has `end_column` 6.
        start, end: the same region as character offsets into the file, end exclusive.

    Immutable and compared by these six numbers.  A span the parser made for a block holds them relative
    to the block's `Anchor` (`within`); lines and offsets are read through it, columns are the file's.
    """

    __slots__ = ("_at", "_line", "column", "_end_line", "end_column", "_start", "_end")

    _at: Anchor
    _line: int
    column: int
    _end_line: int
    end_column: int
    _start: int
    _end: int

    def __init__(self, line: int, column: int, end_line: int, end_column: int, start: int, end: int) -> None:
        _set_at(self, _ORIGIN)
        _set_line(self, line)
        _set_column(self, column)
        _set_end_line(self, end_line)
        _set_end_column(self, end_column)
        _set_start(self, start)
        _set_end(self, end)

    @classmethod
    def within(cls, anchor: Anchor, line: int, column: int, end_line: int, end_column: int, start: int,
               end: int) -> Span:
        """A span `line` lines and `start` characters after `anchor` (its columns the file's)."""
        span = _new(cls)
        _set_at(span, anchor)
        _set_line(span, line)
        _set_column(span, column)
        _set_end_line(span, end_line)
        _set_end_column(span, end_column)
        _set_start(span, start)
        _set_end(span, end)
        return span

    @property
    def line(self) -> int:
        return self._at.line + self._line

    @property
    def end_line(self) -> int:
        return self._at.line + self._end_line

    @property
    def start(self) -> int:
        return self._at.start + self._start

    @property
    def end(self) -> int:
        return self._at.start + self._end

    @property
    def anchor(self) -> Anchor | None:
        """The anchor of the block the span is relative to (it moves with the block); None for a span
        of the file's own positions."""
        return None if self._at is _ORIGIN else self._at

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}: a Span is immutable")

    __delattr__ = __setattr__  # type: ignore[assignment]

    def _numbers(self) -> tuple[int, int, int, int, int, int]:
        at = self._at
        return (at.line + self._line, self.column, at.line + self._end_line, self.end_column,
                at.start + self._start, at.start + self._end)

    def numbers(self) -> dict[str, int]:
        """The six numbers by name, as JSON shows them (`deckdsl ast`): line, column, end_line, end_column,
        start, end."""
        return dict(zip(NUMBERS, self._numbers()))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Span):
            return NotImplemented
        return self._numbers() == other._numbers()

    def __hash__(self) -> int:
        return hash(self._numbers())

    def __repr__(self) -> str:
        line, column, end_line, end_column, start, end = self._numbers()
        return (f"Span(line={line}, column={column}, end_line={end_line}, end_column={end_column}, "
                f"start={start}, end={end})")

    def __reduce__(self):
        return (Span, self._numbers())

    def __copy__(self) -> Span:
        return self

    def __deepcopy__(self, memo: dict) -> Span:
        return Span(*self._numbers())

    def moved(self, offset: int, lines: int) -> Span:
        """The same region `offset` characters and `lines` lines further on (its columns unchanged: the
        text before it on its first line is the same)."""
        return Span(self.line + lines, self.column, self.end_line + lines, self.end_column,
                    self.start + offset, self.end + offset)

    def cover(self, other: Span) -> Span:
        """The smallest span that contains both `self` and `other` (relative to their anchor when they
        share one, so it moves with them)."""
        first = self if self.start <= other.start else other
        last = self if self.end >= other.end else other
        if self._at is other._at:
            return Span.within(self._at, first._line, first.column, last._end_line, last.end_column, first._start,
                               last._end)
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

    @classmethod
    def __get_pydantic_core_schema__(cls, source: object, handler):
        """Validated from and serialized to its six numbers, with the JSON Schema of `_Numbers`."""
        from pydantic_core import core_schema

        numbers = handler.generate_schema(_Numbers)
        from_numbers = core_schema.no_info_after_validator_function(
            lambda n: Span(n.line, n.column, n.end_line, n.end_column, n.start, n.end), numbers)
        return core_schema.json_or_python_schema(
            json_schema=from_numbers,
            python_schema=core_schema.union_schema([core_schema.is_instance_schema(cls), from_numbers]),
            serialization=core_schema.plain_serializer_function_ser_schema(
                lambda span: _Numbers(*span._numbers()), return_schema=numbers),
        )


NUMBERS = ("line", "column", "end_line", "end_column", "start", "end")
"""The names of a span's six numbers, in the order JSON shows them."""

_new = object.__new__
_set_at, _set_line, _set_column, _set_end_line, _set_end_column, _set_start, _set_end = (
    Span.__dict__[name].__set__ for name in Span.__slots__)


@dataclass(frozen=True)
class _Numbers:
    """A span's six numbers, as JSON shows them (`deckdsl ast`, `deckdsl schema`)."""

    line: int
    column: int
    end_line: int
    end_column: int
    start: int
    end: int


_Numbers.__name__ = _Numbers.__qualname__ = "Span"
_Numbers.__doc__ = Span.__doc__.split("\n\n    Immutable")[0]
