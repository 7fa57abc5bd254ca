"""What one reading of a text keeps for the next, so that re-reading an edited text costs what the edit
changed, not the size of the file.

An editor re-checks the whole document on every edit (`deckdsl lsp`).  A 10,000-card deck takes seconds
to parse and check from scratch, and an edit changes one card.  So a `Memory` is kept per open document:

* **Blocks** (`deckdsl.lang.parse`): each top-level block that parsed with no diagnostic is kept under what
  it was parsed from — its text, the column it starts at, and the profile its attributes were read with.
  The next reading parses only the blocks whose key it has not seen; a block found again is taken as it
  was, the very same objects: its spans are relative to the block's `Anchor` (`deckdsl.span`), and taking
  it sets the anchor to where the block now stands.  A block with a syntax error is always parsed again:
  its messages read the text around it.  So is a second block with the same key in one text: the objects
  of one block cannot stand in two places.
* **Findings** (`deckdsl.check.memo`): the findings of the rules that judge each card alone, kept per card
  key, their spans made relative to the card's anchor (`anchored`), so that they too move with the block.

A reading with a memory gives exactly what a reading without one gives (the test suite compares them over
random edits); the memory only saves work.  It keeps the blocks of the last reading only, so it never
holds more than one text's worth.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, is_dataclass
from dataclasses import fields as dataclass_fields
from enum import Enum

from ..span import _ORIGIN, Anchor, Span

BlockKey = tuple[str, int]
"""What a block was parsed from: its text (with a `}` added when it was left open) and its first column."""


@dataclass
class _Kept:
    anchor: Anchor
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
        """The item a block with `key`, read with `profile`, parsed to last time, its anchor moved to
        `start` (the block's offset) and `line` (the lines before it); None when it was not kept, or was
        already taken by this reading (a second block with the same text)."""
        if key in self._next:
            return None
        kept = self.blocks.get(key)
        if kept is None or kept.profile is not profile:
            return None
        kept.anchor.start, kept.anchor.line = start, line
        self.reused += 1
        self._next[key] = kept
        return kept.item

    def keep(self, key: BlockKey, profile: object, anchor: Anchor, item: object) -> None:
        """Keep a block that parsed with no diagnostic, its spans relative to `anchor` (unless this
        reading already holds a block with the same key)."""
        self.parsed += 1
        self._next.setdefault(key, _Kept(anchor, profile, item))

    def holds(self, key: BlockKey) -> bool:
        """Whether this reading already took or kept a block with `key`."""
        return key in self._next

    def end(self, card_keys: tuple[BlockKey | None, ...]) -> None:
        self.blocks, self._next = self._next, {}
        self.card_keys = card_keys


def anchored(value, anchor: Anchor):
    """`value` (a span, a diagnostic, or tuples, lists, dicts and dataclasses of them) with every span that
    holds the file's own positions made relative to `anchor` instead, so that it moves with the block the
    anchor is of (spans relative to an anchor already are left as they are).  What holds no such span is
    returned as it is; the rest is copied.  Each dataclass is handled by a function written for it the first
    time it is met (`_rebaser_of`)."""
    rebase = _REBASERS.get(value.__class__)
    if rebase is None:
        rebase = _rebaser_of(value.__class__)
    return rebase(value, anchor)


def _same(value, anchor: Anchor):
    return value


def _rebase_span(span: Span, anchor: Anchor) -> Span:
    if span._at is not _ORIGIN:
        return span
    return Span.within(anchor, span._line - anchor.line, span.column, span._end_line - anchor.line, span.end_column,
                       span._start - anchor.start, span._end - anchor.start)


def _rebase_tuple(value: tuple, anchor: Anchor) -> tuple:
    items = [anchored(item, anchor) for item in value]
    return value if all(new is old for new, old in zip(items, value, strict=True)) else tuple(items)


def _rebase_list(value: list, anchor: Anchor) -> list:
    return [anchored(item, anchor) for item in value]


def _rebase_dict(value: dict, anchor: Anchor) -> dict:
    return {name: anchored(item, anchor) for name, item in value.items()}


_REBASERS: dict[type, Callable] = {
    Span: _rebase_span, tuple: _rebase_tuple, list: _rebase_list, dict: _rebase_dict, type(None): _same,
    **{kind: _same for kind in (str, int, float, bool, frozenset)},
}
"""How to rebase each class met so far."""


def _rebaser_of(kind: type) -> Callable:
    """The function that rebases a `kind` of dataclass, written from its fields: spans rebased in line, fields
    that may hold spans through `anchored`, the rest copied as they are."""
    if issubclass(kind, (str, int, float, Enum)):
        _REBASERS[kind] = _same
        return _same
    if not (is_dataclass(kind) and "__dict__" in dir(kind)):
        raise TypeError(f"cannot anchor a {kind.__name__}: add it to deckdsl.lang.reuse.anchored")
    lines = ["def rebase(value, a):", "    d = value.__dict__", "    changed = False"]
    for item in dataclass_fields(kind):
        lines += [f"    v = d[{item.name!r}]",
                  "    c = v.__class__",
                  "    if c not in _PLAIN:",
                  "        w = _rebase_span(v, a) if c is Span else anchored(v, a)",
                  "        if w is not v:",
                  "            if not changed: d, changed = dict(d), True",
                  f"            d[{item.name!r}] = w"]
    lines += ["    if not changed: return value", "    new = _new(kind)", "    _set(new, '__dict__', d)",
              "    return new"]
    scope = {"Span": Span, "anchored": anchored, "_rebase_span": _rebase_span, "_PLAIN": _PLAIN, "kind": kind,
             "_new": object.__new__, "_set": object.__setattr__}
    exec(compile("\n".join(lines) + "\n", f"<rebaser of {kind.__name__}>", "exec"), scope)
    _REBASERS[kind] = scope["rebase"]
    return scope["rebase"]


_PLAIN = frozenset({str, int, float, bool, frozenset, type(None)})
