"""Reading a game profile file (`*.game`, grammar `grammars/game.lark`) into plain data, with spans.

Like `tomllib` for TOML, this module only knows the syntax: it returns nested dicts and lists of
strings and numbers, a `spans` table giving the source region of every field, block and map entry (keyed
by its path), and syntax diagnostics.  What the fields mean is `deckdsl.profile`'s business.

The data has one key per field of the `game` block (`players`, `id` …), and per kind of block a
list of `Block`s (`data["attribute"]`).  A field's key is its head's words joined by spaces
(`count per type rarity`); a triple-quoted string's lines are joined by single spaces.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .diagnostics import Diagnostic
from .files import grammar_cache
from .span import Span

GRAMMAR = Path(__file__).parent / "grammars" / "game.lark"


@dataclass
class Block:
    """A block: `kind` (its first word), `name` (the rest of its head, or its string label; "" when it
    has none), `fields` (key → value), `span` (the head), `field_spans` (key → where the field is) and
    `entry_spans` (key → map key → where the entry is)."""

    kind: str
    name: str
    fields: dict
    span: Span
    field_spans: dict[str, Span] = field(default_factory=dict)
    entry_spans: dict[str, dict[str, Span]] = field(default_factory=dict)


@dataclass
class GameFile:
    """A whole profile file: the `game` block's `title`, its own fields (as a `Block` of kind `game`),
    and its blocks in file order."""

    title: str
    game: Block
    blocks: list[Block]

    def of_kind(self, kind: str) -> list[Block]:
        return [block for block in self.blocks if block.kind == kind]


def _span(item) -> Span:
    if isinstance(item, Token):
        return Span(item.line, item.column, item.end_line, item.end_column, item.start_pos, item.end_pos)
    meta = item.meta
    return Span(meta.line, meta.column, meta.end_line, meta.end_column, meta.start_pos, meta.end_pos)


def _text(token: Token) -> str:
    raw = str(token)
    if raw.startswith('"""'):
        return " ".join(raw[3:-3].split())
    return re.sub(r"\\(.)", r"\1", raw[1:-1])


class _Build(Transformer):
    """Parse tree → Python values (scalars, lists, dicts with `(value, span)` entries) and blocks."""

    def STRING(self, token):
        return _Scalar(_text(token), _span(token))

    def NUMBER(self, token):
        return _Scalar(int(str(token)), _span(token))

    def WORD(self, token):
        return _Scalar(str(token), _span(token))

    SYMBOL = WORD

    def list(self, items):
        return [item.value for item in items if isinstance(item, _Scalar)]

    def entry(self, items):
        key, value = items[0], items[-1]
        return (str(key.value), value.value if isinstance(value, _Scalar) else value, key.span)

    def map(self, items):
        return _Map([item for item in items if isinstance(item, tuple)])

    def head(self, items):
        return [item for item in items if isinstance(item, _Scalar)]


@dataclass
class _Scalar:
    value: object
    span: Span


@dataclass
class _Map:
    entries: list


def read(text: str) -> tuple[GameFile | None, list[Diagnostic]]:
    """Parse a profile file.  Returns the file (None when its syntax is broken) and syntax diagnostics."""
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as error:
        return None, [_syntax_error(error, text)]
    game = tree.children[0]
    builder = _Build()
    title_token = next(c for c in game.children if isinstance(c, Token) and c.type == "STRING")
    own = Block("game", _text(title_token), {}, _span(game.children[0]))
    blocks: list[Block] = []
    for child in game.children:
        if not hasattr(child, "data"):
            continue
        if child.data == "field":
            _add_field(own, child, builder)
        else:
            head = builder.transform(child.children[0])
            label = child.children[1]
            name = _text(label) if isinstance(label, Token) else " ".join(str(w.value) for w in head[1:])
            block = Block(str(head[0].value), name, {}, _span(child.children[0]))
            for item in child.children[2:]:
                if hasattr(item, "data") and item.data == "field":
                    _add_field(block, item, builder)
            blocks.append(block)
    return GameFile(own.name, own, blocks), []


def _add_field(block: Block, node, builder: _Build) -> None:
    head = builder.transform(node.children[0])
    key = " ".join(str(word.value) for word in head)
    raw = node.children[-1]
    value = builder.transform(raw) if hasattr(raw, "data") else getattr(builder, raw.type)(raw)
    if isinstance(value, _Scalar):
        value = value.value
    if isinstance(value, _Map):
        block.entry_spans[key] = {name: span for name, _, span in value.entries}
        value = {name: item for name, item, _ in value.entries}
    block.fields[key] = value
    block.field_spans[key] = _span(node)


@cache
def _parser() -> Lark:
    """The profile parser, from the on-disk cache when there is one (building it checks every pair of
    terminals for collisions, which takes a fifth of a second)."""
    grammar = GRAMMAR.read_text(encoding="utf-8")
    options = dict(parser="lalr", strict=True, propagate_positions=True)
    cache = grammar_cache(grammar)
    try:
        return Lark(grammar, cache=cache or False, **options)
    except OSError:
        return Lark(grammar, **options)


_EXPECTED = {
    "RBRACE": "`}`", "LBRACE": "`{`", "COLON": "`:`", "WORD": "a word", "STRING": 'a "text"',
    "NUMBER": "a number", "RSQB": "`]`", "LSQB": "`[`", "_NL": "the end of the line", "SEMICOLON": "`;`",
    "COMMA": "`,`", "GAME": "`game`", "SYMBOL": "a symbol", "$END": "the end of the file",
}


def _syntax_error(error: UnexpectedInput, text: str) -> Diagnostic:
    line, column = max(1, getattr(error, "line", 1) or 1), max(1, getattr(error, "column", 1) or 1)
    offset = _offset(text, line, column)
    span = Span(line, column, line, column + 1, offset, min(len(text), offset + 1))
    if isinstance(error, UnexpectedCharacters):
        found = f"`{text[offset]}`" if offset < len(text) else "the end of the file"
    elif isinstance(error, UnexpectedToken):
        token = error.token
        found = "the end of the file" if token.type == "$END" else (
            "the end of the line" if token.type == "_NL" else f"`{token}`")
    else:
        found = "the end of the file"
    expected = sorted({_EXPECTED.get(name, name) for name in getattr(error, "expected", ()) or ()
                       if not name.startswith("__")})
    help_text = None
    if isinstance(error, UnexpectedEOF) or found == "the end of the file":
        help_text = "a `{` was opened and not closed"
    elif expected:
        help_text = "expected " + ", ".join(expected)
    return Diagnostic("DK501", f"unexpected {found} in the game profile", span, help=help_text)


def _offset(text: str, line: int, column: int) -> int:
    offset = 0
    for _ in range(line - 1):
        found = text.find("\n", offset)
        if found < 0:
            return len(text)
        offset = found + 1
    return min(len(text), offset + column - 1)
