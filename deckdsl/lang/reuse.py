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

from dataclasses import dataclass, is_dataclass
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
    valid, and only their positions change)."""
    kind = type(value)
    if kind is Span:
        return Span(value.line + lines, value.column, value.end_line + lines, value.end_column,
                    value.start + offset, value.end + offset)
    if kind in _PLAIN or value is None:
        return value
    if kind is tuple:
        return tuple([moved(item, offset, lines) for item in value])
    movable = _NODES.get(kind)
    if movable is not None or (kind not in _OTHERS and _is_node(kind)):
        fields_ = dict(value.__dict__)
        for name in movable or _NODES[kind]:
            item = fields_[name]
            item_kind = type(item)
            if item_kind is Span:
                fields_[name] = Span(item.line + lines, item.column, item.end_line + lines, item.end_column,
                                     item.start + offset, item.end + offset)
            elif item is not None and item != () and item_kind not in _PLAIN:
                fields_[name] = moved(item, offset, lines)
        node = kind.__new__(kind)
        object.__setattr__(node, "__dict__", fields_)
        object.__setattr__(node, "__pydantic_fields_set__", value.__pydantic_fields_set__)
        object.__setattr__(node, "__pydantic_extra__", None)
        object.__setattr__(node, "__pydantic_private__", None)
        return node
    if kind is dict:
        return {name: moved(item, offset, lines) for name, item in value.items()}
    if kind is list:
        return [moved(item, offset, lines) for item in value]
    if is_dataclass(value) and hasattr(value, "__dict__"):
        copied = dict(value.__dict__)
        for name, item in copied.items():
            if type(item) not in _PLAIN and item is not None and item != ():
                copied[name] = moved(item, offset, lines)
        instance = kind.__new__(kind)
        object.__setattr__(instance, "__dict__", copied)
        return instance
    if isinstance(value, (str, int, float, Enum)):
        return value
    raise TypeError(f"cannot move a {kind.__name__}: add it to deckdsl.lang.reuse.moved")


_PLAIN = frozenset({str, int, float, bool, frozenset})
_NODES: dict[type, tuple[str, ...]] = {}
"""Each node class met, with the fields that can hold a position (a span, or nodes)."""
_OTHERS: set[type] = set()


def _is_node(kind: type) -> bool:
    """Whether `kind` is an AST node class, learnt once per class (`isinstance` through pydantic's
    metaclass is slow, and a deck's blocks hold tens of thousands of nodes)."""
    if issubclass(kind, Node):
        spans = (name for name in kind.model_fields if name.endswith("span") or name == "field_spans")
        _NODES[kind] = (*spans, *ast_fields(kind))
        return True
    _OTHERS.add(kind)
    return False
