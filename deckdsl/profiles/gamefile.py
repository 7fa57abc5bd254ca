"""Reading a game profile file (`*.game`, grammar `grammars/game.lark`) into plain data, with spans.

Like `tomllib` for TOML, this module only knows the syntax: it returns nested dicts and lists of
strings and numbers, a `spans` table giving the source region of every field, block and map entry (keyed
by its path), and syntax diagnostics.  What the fields mean is `deckdsl.profiles.profile`'s business.

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
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from .. import hidden
from ..diagnostics import Diagnostic
from ..escapes import decoded
from ..files import lark_parser
from ..said import said
from .wording import listed
from ..span import Span

GRAMMAR = Path(__file__).parent.parent / "grammars" / "game.lark"


@dataclass
class Block:
    """A block: `kind` (its first word), `name` (the rest of its head, or its string label; "" when it
    has none), `fields` (key → value), `span` (the head), `field_spans` (key → where the field is) and
    `entry_spans` (key → map key → where the entry is), `item_spans` (where each value is)."""

    kind: str
    name: str
    fields: dict
    span: Span
    field_spans: dict[str, Span] = field(default_factory=dict)
    entry_spans: dict[str, dict[str, Span]] = field(default_factory=dict)
    item_spans: dict[str, dict[str, list[Span]]] = field(default_factory=dict)
    """key → map key (`""` for a plain list) → where each of its values is written."""


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
    """A text's value: its escapes read (`deckdsl.escapes.decoded`, as in a deck); a `\"\"\"` text's lines
    joined with single spaces first."""
    raw = str(token)
    if raw.startswith('"""'):
        return decoded(" ".join(raw[3:-3].split()))
    return decoded(raw[1:-1])


class _Build(Transformer):
    """Parse tree → Python values (scalars, lists, dicts with `(value, span)` entries) and blocks."""

    def STRING(self, token):
        return _Scalar(_text(token), _span(token))

    def NUMBER(self, token):
        text = str(token)
        # Python refuses to read numbers of more than 4,300 digits; no profile needs more than a few.
        return _Scalar(int(text) if len(text.lstrip("+-")) <= 18 else text, _span(token))

    def WORD(self, token):
        return _Scalar(str(token), _span(token))

    SYMBOL = WORD

    def list(self, items):
        scalars = [item for item in items if isinstance(item, _Scalar)]
        return _List([item.value for item in scalars], [item.span for item in scalars])

    def entry(self, items):
        key, value = items[0], items[-1]
        if isinstance(value, _List):
            return (str(key.value), value.values, key.span, value.spans)
        return (str(key.value), value.value, key.span, [value.span])

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


@dataclass
class _List:
    values: list
    spans: list


def read(text: str) -> tuple[GameFile | None, list[Diagnostic]]:
    """Parse a profile file.  Returns the file (None when its syntax is broken) and syntax diagnostics."""
    text, hidden_characters = hidden.scan(text, _LITERALS)
    file, problems = _read(text)
    return file, [*hidden_characters, *problems]


_LITERALS = re.compile(r'(?P<string>"""(?:[^"]|"(?!""))*+(?:"""|\Z)|"(?:[^"\\\n\r]|\\.)*+"?)|#[^\n\r]*')
"""A profile's texts (a `\"\"\"` text left open to the end of the file) and comments (`deckdsl.hidden.scan`)."""


def _read(text: str) -> tuple[GameFile | None, list[Diagnostic]]:
    if not _CONTENT.search(text):
        return None, [Diagnostic(
            "DK501", said("profile-empty", "the profile is empty: it has no `game` block"),
            Span(1, 1, 1, 2, 0, min(1, len(text))),
            help=said("profile-empty-help", 'a profile starts with `game "Name" {{` and its `id: my-game` '
                      "(docs/profiles.md)"),
        )]
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as error:
        return None, [_open_text(text) or _unclosed(text) or _syntax_error(error, text)]
    game = tree.children[0]
    builder = _Build()
    title_token = next(c for c in game.children if isinstance(c, Token) and c.type == "STRING")
    own = Block("game", _text(title_token), {}, _span(game.children[0]))
    blocks: list[Block] = []
    problems: list[Diagnostic] = []
    for child in game.children:
        if not hasattr(child, "data"):
            continue
        if child.data == "field":
            _add_field(own, child, builder, problems)
        else:
            head = builder.transform(child.children[0])
            label = child.children[1]
            name = _text(label) if isinstance(label, Token) else " ".join(str(w.value) for w in head[1:])
            block = Block(str(head[0].value), name, {}, _span(child.children[0]))
            for item in child.children[2:]:
                if hasattr(item, "data") and item.data == "field":
                    _add_field(block, item, builder, problems)
            blocks.append(block)
    return GameFile(own.name, own, blocks), problems


_CONTENT = re.compile(r"^[ \t\f\u00a0]*[^\s#]", re.M)


def _add_field(block: Block, node, builder: _Build, problems: list[Diagnostic]) -> None:
    head = builder.transform(node.children[0])
    key = " ".join(str(word.value) for word in head)
    raw = node.children[-1]
    value = builder.transform(raw) if hasattr(raw, "data") else getattr(builder, raw.type)(raw)
    if isinstance(value, _Scalar):
        value = value.value
    if isinstance(value, _List):
        block.item_spans[key] = {"": value.spans}
        value = value.values
    if isinstance(value, _Map):
        block.entry_spans[key] = {name: span for name, _, span, _ in value.entries}
        block.item_spans[key] = {name: spans for name, _, _, spans in value.entries}
        value = {name: item for name, item, _, _ in value.entries}
    if key in block.fields:
        problems.append(Diagnostic(
            "DK506", said("profile-given-twice", "`{key}` is given twice in `{block}`", key=key,
                          block=f"{block.kind} {block.name}" if block.name else block.kind),
            _span(node),
            help=said("profile-keep-one", "keep one of them: a second one would silently replace the first"),
        ))
        return
    block.fields[key] = value
    block.field_spans[key] = _span(node)


OPTIONS = dict(parser="lalr", strict=True, propagate_positions=True)
"""Lark's options for the profile parser."""


@cache
def _parser() -> Lark:
    """The profile parser: unpickled when a pickle of it is current (`deckdsl.files.lark_parser`), else built
    (building it checks every pair of terminals for collisions, which takes a fifth of a second)."""
    return lark_parser(GRAMMAR.read_text(encoding="utf-8"), "game", **OPTIONS)


_EXPECTED = {
    "RBRACE": "`}`", "LBRACE": "`{`", "COLON": "`:`", "WORD": said("profile-a-word", "a word"),
    "STRING": said("profile-a-text", 'a "text"'), "NUMBER": said("profile-a-number", "a number"), "RSQB": "`]`",
    "LSQB": "`[`", "_NL": said("profile-end-of-line", "the end of the line"), "SEMICOLON": "`;`", "COMMA": "`,`",
    "GAME": "`game`", "SYMBOL": said("profile-a-symbol", "a symbol"),
    "$END": said("profile-end-of-file", "the end of the file"),
    "<END-OF-FILE>": said("profile-end-of-file", "the end of the file"),
}


def _syntax_error(error: UnexpectedInput, text: str) -> Diagnostic:
    line, column = max(1, getattr(error, "line", 1) or 1), max(1, getattr(error, "column", 1) or 1)
    offset = Span.offset(text, line, column)
    expected = sorted({_EXPECTED.get(name, f"`{name}`") for name in getattr(error, "expected", ()) or ()
                       if not name.startswith("__")})
    help_text = said("profile-expected", "expected {items}", items=listed(expected)) if expected else None
    if isinstance(error, UnexpectedCharacters) and offset < len(text) and text[offset] == '"':
        triple = text.rfind('"""', max(0, offset - 2), offset + 1)
        if triple >= 0:
            offset, column = triple, column - (offset - triple)
            message = said("profile-triple-text-open", 'this `"""` text is never closed')
            help_text = said("profile-end-triple", 'end it with `"""`')
        else:
            message = said("profile-string-open", "this string is not closed before the end of its line")
            help_text = said("profile-end-string", 'end it with `"` on the same line, or write `"""…"""` for a text '
                             "over several lines")
    elif isinstance(error, UnexpectedCharacters) and offset < len(text):
        message = said("profile-unexpected", "unexpected {what} in the profile", what=_shown(text[offset]))
    elif isinstance(error, UnexpectedCharacters):
        message = said("profile-unexpected-end", "unexpected end of the file in the profile")
    elif isinstance(error, UnexpectedToken) and error.token.type == "_NL":
        message = said("profile-line-ends-early", "the line ends too early")
    elif isinstance(error, UnexpectedToken) and error.token.type != "$END":
        message = said("profile-unexpected", "unexpected {what} in the profile", what=f"`{error.token}`")
    else:
        message = said("profile-ends-early", "the profile ends too early")
    span = Span(line, column, line, column + 1, offset, min(len(text), offset + 1))
    return Diagnostic("DK501", message, span, help=help_text)


def _shown(character: str) -> str:
    """A character for a message: itself in backticks, or its code when it does not print."""
    return f"`{character}`" if character.isprintable() and not character.isspace() else f"U+{ord(character):04X}"


_TOKENS = re.compile(r'"""(?:[^"]|"(?!""))*+(?:"""|$)|"(?:[^"\\\n\r]|\\.)*+"?|#[^\n\r]*|[{}]|\n')


def _unclosed(text: str) -> Diagnostic | None:
    """A `{` that is never closed, found by pairing braces (outside texts and comments) and using the
    indentation to tell which one was left open: a `}` pairs with the `{` of the line indented like it.
    None when the braces pair up."""
    stack: list[tuple[int, int]] = []  # (offset of `{`, indentation of its line)
    unclosed: list[int] = []
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token == "{":
            stack.append((match.start(), _indentation(text, match.start())))
        elif token == "}" and stack:
            indent = _indentation(text, match.start())
            if any(level == indent for _, level in stack) and stack[-1][1] != indent:
                while stack and stack[-1][1] != indent:
                    unclosed.append(stack.pop()[0])
            stack.pop()
    unclosed.extend(offset for offset, _ in reversed(stack))
    if not unclosed:
        return None
    offset = min(unclosed) if not stack else unclosed[0]
    line_start = text.rfind("\n", 0, offset) + 1
    head = " ".join(text[line_start:offset].split())
    line = text.count("\n", 0, offset) + 1
    column = offset - line_start + 1
    return Diagnostic(
        "DK501", said("profile-never-closed", "`{head}` is opened here and never closed", head=head) if head
        else said("profile-block-never-closed", "`the block` is opened here and never closed"),
        Span(line, column, line, column + 1, offset, offset + 1),
        help=said("profile-close-it", "this `{{` is not closed: add the `}}` that ends it, after its last field"),
    )


TRIPLE = '"' * 3


def _open_text(text: str) -> Diagnostic | None:
    """A triple-quoted text that is never closed (it would swallow the rest of the file), or None."""
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token.startswith(TRIPLE) and (len(token) < 6 or not token.endswith(TRIPLE)):
            offset = match.start()
            line_start = text.rfind("\n", 0, offset) + 1
            line, column = text.count("\n", 0, offset) + 1, offset - line_start + 1
            return Diagnostic("DK501", said("profile-triple-string-open", 'this `"""` string is never closed'),
                              Span(line, column, line, column + 3, offset, offset + 3),
                              help=said("profile-end-triple", 'end it with `"""`'))
    return None


def _indentation(text: str, offset: int) -> int:
    start = text.rfind("\n", 0, offset) + 1
    line = text[start:offset]
    return len(line) - len(line.lstrip(" \t"))

