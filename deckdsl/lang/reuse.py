"""What one reading of a text keeps for the next, so that re-reading an edited text costs what the edit
changed, not the size of the file.

An editor re-checks the whole document on every edit (`deckdsl lsp`).  A 10,000-card deck takes seconds
to parse and check from scratch, and an edit changes one card.  So a `Memory` is kept per open document:

* **Blocks** (`deckdsl.lang.parse`): each top-level block that parsed with no diagnostic is kept under what
  it was parsed from — its text, the column it starts at, and the profile its attributes were read with.
  The next reading parses only the blocks whose key it has not seen; a block found again is taken as it
  was, its positions moved (`moved`) by as many characters and lines as the text before it grew or shrank.
  A block with a syntax error is always parsed again: its messages read the text around it.
* **Findings** (`deckdsl.check.memo`): the findings of the rules that judge each card alone, kept per card
  key, moved the same way.

A reading with a memory gives exactly what a reading without one gives (the test suite compares them over
random edits); the memory only saves work.  It keeps the blocks of the last reading only, so it never
holds more than one text's worth.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, is_dataclass
from dataclasses import fields as dataclass_fields
from enum import Enum

from ..span import Span
from .ast import Node
from .ast import _fields as ast_fields

BlockKey = tuple[str, int]
"""What a block was parsed from: its text (with a `}` added when it was left open) and its first column."""


@dataclass
class _Kept:
    start: int
    line: int
    profile: object
    item: object


class Memory:
    """What one reading of a document keeps for the next (see the module docstring).

    `blocks`: the cleanly parsed blocks by key.  `card_keys`: the key of each card of the last reading, in
    deck order (None for a card whose block had a diagnostic).  `check`: what the checker keeps (owned by
    `deckdsl.check.memo`).  `reused`, `parsed`: how many blocks the last reading took and parsed;
    `judged`: how many cards each unit of the last check judged afresh (a rule's code, or `semantics`).
    `text`, `chunks`: the last text read and the blocks the scanner cut it into (`deckdsl.lang.parse`
    scans again only the part an edit changed).
    """

    def __init__(self) -> None:
        self.blocks: dict[BlockKey, _Kept] = {}
        self.card_keys: tuple[BlockKey | None, ...] = ()
        self.check: object | None = None
        self.text = ""
        self.chunks: list | None = None
        self.judged: dict[str, int] = {}
        self.reused = self.parsed = 0
        self._next: dict[BlockKey, _Kept] = {}

    def begin(self) -> None:
        """A new reading starts: what it keeps replaces what the last one kept when it ends."""
        self._next = {}
        self.reused = self.parsed = 0

    def take(self, key: BlockKey, profile: object, start: int, line: int):
        """The item a block with `key`, read with `profile`, parsed to last time, moved to `start` (its
        offset) and `line` (the lines before it); None when it was not kept."""
        kept = self.blocks.get(key) or self._next.get(key)
        if kept is None or kept.profile is not profile:
            return None
        item = kept.item if (kept.start, kept.line) == (start, line) else moved(kept.item, start - kept.start,
                                                                                 line - kept.line)
        self.reused += 1
        self._next[key] = _Kept(start, line, profile, item)
        return item

    def keep(self, key: BlockKey, profile: object, start: int, line: int, item: object) -> None:
        """Keep a block that parsed with no diagnostic."""
        self.parsed += 1
        self._next[key] = _Kept(start, line, profile, item)

    def end(self, card_keys: tuple[BlockKey | None, ...]) -> None:
        self.blocks, self._next = self._next, {}
        self.card_keys = card_keys


def moved(value, offset: int, lines: int):
    """`value` (a node, a span, a diagnostic, or tuples, dicts and dataclasses of them) with every span in
    it `offset` characters and `lines` lines further on.  Nodes are copied without validation (they were
    valid, and only their positions change).  Each class is moved by a function written for it the first
    time it is met (`_mover_of`): an edit near the top of a 10,000-card deck moves some 100,000 objects."""
    mover = _MOVERS.get(value.__class__)
    if mover is None:
        mover = _mover_of(value.__class__)
    return mover(value, offset, lines)


def _same(value, offset: int, lines: int):
    return value


def _move_span(span: Span, offset: int, lines: int) -> Span:
    return Span(span.line + lines, span.column, span.end_line + lines, span.end_column, span.start + offset,
                span.end + offset)


def _move_tuple(value: tuple, offset: int, lines: int) -> tuple:
    return tuple([moved(item, offset, lines) for item in value]) if value else value


def _move_list(value: list, offset: int, lines: int) -> list:
    return [moved(item, offset, lines) for item in value]


def _move_dict(value: dict, offset: int, lines: int) -> dict:
    return {name: moved(item, offset, lines) for name, item in value.items()}


_MOVERS: dict[type, Callable] = {
    Span: _move_span, tuple: _move_tuple, list: _move_list, dict: _move_dict, type(None): _same,
    **{kind: _same for kind in (str, int, float, bool, frozenset)},
}
"""How to move each class met so far."""


def _mover_of(kind: type) -> Callable:
    """The function that moves a `kind`, written from its fields: spans moved in line, fields that may hold
    positions moved through `moved`, the rest copied as they are."""
    if issubclass(kind, Node):
        names = [name for name in kind.model_fields if name.endswith("span") or name == "field_spans"]
        names += [name for name in ast_fields(kind) if name not in names]
        build = ("    new = _new(kind)\n    _set(new, '__dict__', d)\n"
                 "    _set(new, '__pydantic_fields_set__', value.__pydantic_fields_set__)\n"
                 "    _set(new, '__pydantic_extra__', None)\n    _set(new, '__pydantic_private__', None)\n")
    elif is_dataclass(kind) and "__dict__" in dir(kind):
        names = [item.name for item in dataclass_fields(kind)]
        build = "    new = _new(kind)\n    _set(new, '__dict__', d)\n"
    elif issubclass(kind, (str, int, float, Enum)):
        _MOVERS[kind] = _same
        return _same
    else:
        raise TypeError(f"cannot move a {kind.__name__}: add it to deckdsl.lang.reuse.moved")
    lines = ["def move(value, o, l):", "    d = dict(value.__dict__)"]
    for name in names:
        lines.append(f"    v = d[{name!r}]")
        lines.append("    c = v.__class__")
        lines.append("    if c is Span:")
        lines.append(f"        d[{name!r}] = Span(v.line + l, v.column, v.end_line + l, v.end_column, "
                     "v.start + o, v.end + o)")
        lines.append("    elif c not in _PLAIN and (c is not tuple or v):")
        lines.append(f"        d[{name!r}] = moved(v, o, l)")
    source = "\n".join(lines) + "\n" + build + "    return new\n"
    scope = {"Span": Span, "moved": moved, "_PLAIN": _PLAIN, "kind": kind, "_new": object.__new__,
             "_set": object.__setattr__}
    exec(compile(source, f"<mover of {kind.__name__}>", "exec"), scope)
    _MOVERS[kind] = scope["move"]
    return scope["move"]


_PLAIN = frozenset({str, int, float, bool, frozenset, type(None)})
