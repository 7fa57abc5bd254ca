"""The canonical layout of deck files (`*.deck`) and game profiles (`*.game`): `deckdsl fmt`.

Why the formatter works on the file's own tokens rather than printing the AST: the AST keeps no comments,
no blank lines and no spelling (`carta` or `card`, `pedra` or `rock`), and a designer's file is mostly
those.  So every token is kept exactly as written, and the formatter decides only what lies between
them: the whitespace, where lines break, and in which order a block's fields come.  The rules, chosen
so that the shipped decks and profiles are already canonical:

* 2 spaces of indentation per open `{` or `[`; no trailing whitespace; LF line ends; one final newline.
* `key: value`; no space before `,` `;` `:` `)` `]` and one after `,` `;` `:`; none inside `( )` and
  `[ ]`, one inside a one-line `{ }`; `count(…)` with no space before its `(`; other spaces between
  words and texts are kept, shrunk to one (so the formatter can never join or split a token).
* A block written on one line stays on one line (`rules { star_cost: 8 }`); any other block has one
  field per line and its `}` on a line of its own.  A map or list that spans lines opens and closes
  its own lines, and keeps the line breaks of its items.
* A deck's fields follow the order of docs/language.md (the AST's order): a card's attributes, then
  `copies`, `value`, `cost`, `action`, `condition`, `flavor`, `art`, `text`; the header's `game`,
  `version`, `authors`, `license`, `language`, then the `rules` and `print` blocks (in the order written);
  an addendum's `text`, then its `order`s.
  Fields that share a place keep their relative order: a card's attributes (any other name, as the
  AST reads it), several `order:` lines; an unknown header field stays after the field it followed.
  A profile's fields keep their order: there, order is meaning (attributes and rules are listed as
  written).
* At most one blank line in a row, none at the start or end of a block, one between top-level blocks.
* A comment on a line of its own moves with the field below it.  A comment after code stays on the
  line it ends (when a line is split, on its first part: a `# deckdsl: allow` on a card's first line
  keeps covering the card) and in the column it was written in, so aligned comments stay aligned;
  when the code has grown past that column, the author's spacing before it is kept.
* A triple-quoted text of a profile keeps its lines (only their trailing whitespace goes).

A file that does not parse cleanly is refused (`FormatError`).  Every result is parsed again and
compared with the original, its comments counted (`FormatBug` if anything moved), as black and ruff
check theirs: a bug of the formatter must never reach a designer's file.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..diagnostics import Diagnostic, Severity
from ..profiles import gamefile
from ..profiles.fields import CARD_FIELDS, META_FIELDS
from . import ast, parse


class FormatError(Exception):
    """The text does not parse cleanly, so it is not formatted; `diagnostics` says why."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        self.diagnostics = list(diagnostics)
        first = self.diagnostics[0] if self.diagnostics else None
        super().__init__(f"{first.span.line}:{first.span.column}: {first.message}" if first else "does not parse")


class FormatBug(FormatError):
    """The formatted text would not mean what the original meant: a bug of the formatter, never written
    out.  A `FormatError` with no diagnostics, so that a caller that only refuses broken texts (an
    editor) refuses this one too."""

    def __init__(self, message: str) -> None:
        Exception.__init__(self, message)
        self.diagnostics = []


def kind_for(path: str | Path) -> str:
    """`game` for a game profile (`*.game`), else `deck`."""
    return "game" if Path(path).suffix == ".game" else "deck"


def format_source(text: str, kind: str = "deck") -> str:
    """The canonical text of a deck file (`kind="deck"`) or game profile (`kind="game"`).

    Raises `FormatError` with the parse diagnostics when `text` does not parse cleanly.  The result
    depends on the text alone (not on the game's profile nor on the folder), so an editor and
    `deckdsl fmt` always agree."""
    if kind not in ("deck", "game"):
        raise ValueError(f"kind must be 'deck' or 'game', not {kind!r}")
    before = _meaning(text, kind)
    normalized = text.replace("\r\n", "\n").replace("\r", "\n")
    tokens = _tokenize(normalized, kind)
    body = _Reader(tokens, kind).body(top=True)
    result = _Writer(tokens, kind).file(body)
    if result == text:
        return result
    try:
        after = _meaning(result, kind)
    except FormatError as error:
        raise FormatBug(f"the formatted text does not parse: {error}") from None
    if after != before:
        raise FormatBug("the formatted text parses to a different deck or profile")
    if _comments(tokens) != _comments(_tokenize(result, kind)):
        raise FormatBug("the formatted text lost or changed a comment")
    return result


def _comments(tokens: list[_Token]) -> list[str]:
    return sorted(token.text.rstrip() for token in tokens if token.kind == "comment")


# --------------------------------------------------------------------------------- meaning ---


def _meaning(text: str, kind: str):
    """What `text` means, without positions, for comparing a file before and after formatting; raises
    `FormatError` when it does not parse cleanly.  A header's fields are compared by name: their order
    in the AST is the order they were written in, which the formatter changes on purpose."""
    if kind == "game":
        file, problems = gamefile.read(text)
        errors = [d for d in problems if d.severity is Severity.ERROR]
        if file is None or errors:
            raise FormatError(errors or problems)
        return file.title, file.game.fields, [(b.kind, b.name, b.fields) for b in file.blocks]
    parsed, _ = parse.parse_text(text)
    errors = [d for d in parsed.diagnostics if d.severity is Severity.ERROR]
    if errors:
        raise FormatError(errors)
    headers = [(h.title, sorted((_plain(m) for m in h.meta), key=lambda m: m["name"]), [_plain(s) for s in h.rules],
                [_plain(s) for s in h.printing]) for h in parsed.headers]
    return headers, [_plain(c) for c in parsed.cards], [_plain(a) for a in parsed.addenda]


def _plain(node) -> dict:
    return ast.without_spans(node.model_dump(mode="json"))


# ---------------------------------------------------------------------------------- tokens ---

_WHITE = r"[^\S\n]+"
"""Whitespace: any but the line break.  A line ends at LF alone (CR and CRLF are LF by now, as
`deckdsl.files.decode` and the grammar have it); the other characters `str.splitlines` breaks at (U+2028,
U+2029, U+0085, VT, FF, FS, GS, RS) and any other Unicode space end no line.  Between blocks the parser
skips them as the spaces they are, inside a block they do not parse, and in a comment or a string they
are part of the token — so here they are spaces, shrunk or dropped as spaces are, and a formatted file
is formatted already."""
_DECK_TOKENS = re.compile(
    rf'(?P<nl>\n)|(?P<ws>{_WHITE})|(?P<comment>#[^\n]*)|(?P<string>"(?:[^"\\\n]|\\.)*")'
    r'|(?P<punct>[{}\[\]();:,])|(?P<word>[^\s"#{}\[\]();:,]+)|(?P<other>.)',
)
_GAME_TOKENS = re.compile(
    rf'(?P<nl>\n)|(?P<ws>{_WHITE})|(?P<comment>#[^\n]*)|(?P<string>"""(?:[^"]|"(?!""))*"""|"(?:[^"\\\n]|\\.)*")'
    r'|(?P<punct>[{}\[\];:,])|(?P<word>[^\s"#{}\[\];:,]+)|(?P<other>.)',
)
_OPEN, _CLOSE = "{[(", "}])"
_FUNCTIONS = ("count", "total", "ceil", "floor")


@dataclass(eq=False, slots=True)
class _Token:
    """One token: `kind` is nl, comment, string, punct or word; `index` its place in the file's tokens;
    `line` and `column` where it starts; `spaced` whether whitespace comes before it on its line.  A
    comment after code on its line has `after`, the index of that code's last token."""

    kind: str
    text: str
    index: int
    line: int
    column: int
    spaced: bool
    after: int | None = None

    def punct(self, characters: str) -> bool:
        return self.kind == "punct" and self.text in characters


def _tokenize(text: str, kind: str) -> list[_Token]:
    tokens: list[_Token] = []
    line = line_start = 0
    spaced = code_on_line = False
    last_code: int | None = None
    for match in (_GAME_TOKENS if kind == "game" else _DECK_TOKENS).finditer(text):
        group = match.lastgroup
        if group == "ws":
            spaced = True
            continue
        token = _Token("word" if group == "other" else group, match.group(), len(tokens), line,
                       match.start() - line_start, spaced)
        tokens.append(token)
        spaced = False
        if group == "nl":
            line, line_start, code_on_line = line + 1, match.end(), False
        elif group == "comment":
            token.after = last_code if code_on_line else None
        else:
            last_code, code_on_line = token.index, True
            if "\n" in token.text:
                line += token.text.count("\n")
                line_start = match.start() + token.text.rfind("\n") + 1
    return tokens


# --------------------------------------------------------------------------------- structure ---

_BLANK = "blank"


@dataclass(eq=False)
class _Field:
    """A field: its code tokens, with the line breaks and own-line comments of a map or list that spans
    lines (trailing comments are placed apart, see `_Writer.file`)."""

    tokens: list[_Token]


@dataclass(eq=False)
class _Body:
    """What is between a block's braces (or the whole file): entries, each after its trivia (blank lines
    and own-line comments, which travel with it), then the trivia before the `}`."""

    items: list[tuple[list, _Field | _Block]] = field(default_factory=list)
    tail: list = field(default_factory=list)


@dataclass(eq=False)
class _Block:
    head: list[_Token]
    open: _Token
    body: _Body
    close: _Token

    @property
    def one_line(self) -> bool:
        return self.open.line == self.close.line


class _Reader:
    """Tokens into blocks, fields and trivia.  The text parsed cleanly, so the braces pair up."""

    def __init__(self, tokens: list[_Token], kind: str) -> None:
        self.tokens, self.kind, self.at = tokens, kind, 0

    def body(self, top: bool = False) -> _Body:
        """A body's entries and trivia.  A comment after nothing but `;` (which is dropped) is trivia."""
        body, trivia = _Body(), []
        tokens, empty_line, code = self.tokens, top, not top
        while self.at < len(tokens):
            token = tokens[self.at]
            if token.kind == "nl":
                if empty_line:
                    trivia.append(_BLANK)
                empty_line, code = True, False
            elif token.kind == "comment":
                if token.after is None or not code:
                    token.after = None
                    trivia.append(token)
                empty_line = False
            elif token.punct("}") and not top:
                break
            elif not token.punct(";"):
                entry = self.entry()
                if isinstance(entry, _Block) or entry.tokens:
                    body.items.append((trivia, entry))
                    trivia, empty_line, code = [], False, True
                    continue
            self.at += 1
        body.tail = trivia
        return body

    def entry(self) -> _Field | _Block:
        tokens, taken, depth, colon = self.tokens, [], 0, False
        while self.at < len(tokens):
            token = tokens[self.at]
            if depth == 0 and (token.kind == "nl" or token.punct("}") or (token.punct(";") and self.kind == "game")):
                break
            if token.kind == "comment" and token.after is not None:
                self.at += 1
                continue
            if token.punct("{") and depth == 0 and not colon:
                self.at += 1
                body = self.body()
                close = tokens[self.at]
                self.at += 1
                return _Block(taken, token, body, close)
            if token.kind == "punct":
                colon = colon or (token.text == ":" and depth == 0)
                depth += (token.text in _OPEN) - (token.text in _CLOSE)
            taken.append(token)
            self.at += 1
        return _Field(taken)


# ------------------------------------------------------------------------------ field order ---

_CARD_ORDER = {spelling: rank for rank, (name, others) in enumerate(CARD_FIELDS.items(), start=1)
               for spelling in (name, *others)}
_META_ORDER = {name: rank for rank, name in enumerate(META_FIELDS)} | {
    name: 99 for name in ("rules", "regras", "print", "impressão", "impressao")}
_ADDENDUM_ORDER = {"text": 0, "texto": 0, "order": 1, "ordem": 1}


def _ordered(block: _Block, kind: str) -> list[tuple[list, _Field | _Block]]:
    """The entries of a deck's block in the canonical order (a stable sort: ties keep their order).

    Any other name in a card is an attribute, as the AST reads it (a misspelt `valeu:` too), so it goes
    with the attributes, first.  An unknown header field has no place: it stays after the field it
    followed."""
    items = block.body.items
    keyword = block.head[0].text if block.head else ""
    if kind != "deck" or keyword not in ("card", "carta", "deck", "baralho", "addendum", "adendo"):
        return items
    ranks, previous = [], -1
    for _, entry in items:
        name = (entry.head if isinstance(entry, _Block) else entry.tokens)[0].text
        if keyword in ("card", "carta"):
            rank = _CARD_ORDER.get(name, 0)
        elif keyword in ("addendum", "adendo"):
            rank = _ADDENDUM_ORDER.get(name, 2)
        else:
            rank = previous = _META_ORDER.get(name, previous)
        ranks.append(rank)
    return [item for _, item in sorted(zip(ranks, items, strict=True), key=lambda pair: pair[0])]


# -------------------------------------------------------------------------------- writing ---


@dataclass(eq=False, slots=True)
class _Line:
    """An output line: its depth and code (None for a blank line), and the range of tokens it holds
    (`low` None for a comment line)."""

    depth: int
    code: str | None
    low: int | None = None
    high: int | None = None
    comment: _Token | None = None


def _space(before: _Token, token: _Token, kind: str) -> bool:
    """Whether one space separates two tokens on a line (the layout rules of the module docstring)."""
    if token.punct(",;:)]"):
        return False
    if before.punct("([") or token.punct("}"):
        return not before.punct("([{")
    if before.punct(",;:{") or token.punct("{"):
        return True
    if token.punct("("):
        return token.spaced and not (kind == "deck" and before.text in _FUNCTIONS)
    return token.spaced


class _Writer:
    def __init__(self, tokens: list[_Token], kind: str) -> None:
        self.tokens, self.kind, self.lines = tokens, kind, []

    def file(self, body: _Body) -> str:
        self.body(body, 0, top=True)
        self.place_comments()
        out = []
        for line in self.lines:
            if line.code is None:
                out.append("")
                continue
            text = "  " * line.depth + line.code
            if line.comment is not None:
                text = _with_comment(text, line.comment, self.tokens)
            out.extend(part.rstrip() for part in text.split("\n"))
        return "\n".join(out) + "\n" if out else ""

    def place_comments(self) -> None:
        """Each comment after code goes to the first line made from the source line it ends (or, after a
        multi-line text, to the line holding the code it follows)."""
        first: dict[int, _Line] = {}

        def rank(line: _Line) -> tuple[bool, int]:
            return self.tokens[line.low].punct("}"), line.low

        for line in self.lines:
            if line.low is not None:
                start = self.tokens[line.low].line
                if start not in first or rank(line) < rank(first[start]):
                    first[start] = line
        coded = sorted((line for line in self.lines if line.low is not None), key=lambda line: line.low)
        lows = [line.low for line in coded]
        for token in self.tokens:
            if token.kind != "comment" or token.after is None:
                continue
            line = first.get(token.line)
            if line is None:
                line = coded[max(0, bisect.bisect_right(lows, token.after) - 1)]
            line.comment = token

    def emit(self, line: _Line, start: int, pending: list[bool]) -> None:
        if pending[0] and len(self.lines) > start and self.lines[-1].code is not None:
            self.lines.append(_Line(0, None))
        pending[0] = False
        self.lines.append(line)

    def body(self, body: _Body, depth: int, top: bool = False, items=None) -> None:
        start, pending = len(self.lines), [False]
        for number, (trivia, entry) in enumerate(body.items if items is None else items):
            if top and number and _BLANK not in trivia:
                pending[0] = True
            self.trivia(trivia, depth, start, pending)
            if isinstance(entry, _Field):
                for line in self.field(entry.tokens, depth):
                    self.emit(line, start, pending)
            else:
                self.block(entry, depth, start, pending)
        self.trivia(body.tail, depth, start, pending)

    def trivia(self, trivia: list, depth: int, start: int, pending: list[bool]) -> None:
        for item in trivia:
            if item == _BLANK:
                pending[0] = True
            else:
                self.emit(_Line(depth, item.text.rstrip()), start, pending)

    def block(self, block: _Block, depth: int, start: int, pending: list[bool]) -> None:
        if block.one_line:
            self.emit(_Line(depth, self.inline(block), block.head[0].index, block.close.index), start, pending)
            return
        head = _join(block.head, self.kind)
        self.emit(_Line(depth, f"{head} {{", block.head[0].index, block.open.index), start, pending)
        self.body(block.body, depth + 1, items=_ordered(block, self.kind))
        self.emit(_Line(depth, "}", block.close.index, block.close.index), start, [False])

    def inline(self, block: _Block) -> str:
        """A block written on one line, on one line: `head { a: 1; b: 2 }`, or `head {}`."""
        inside = "; ".join(self.inline(entry) if isinstance(entry, _Block) else _join(entry.tokens, self.kind)
                           for _, entry in block.body.items)
        return _join(block.head, self.kind) + (f" {{ {inside} }}" if inside else " {}")

    def field(self, tokens: list[_Token], depth: int) -> list[_Line]:
        """A field's lines: one, or, for a map or list that spans lines, one per line of its items, each
        indented by the brackets open at its start."""
        if not any(token.kind == "nl" for token in tokens):
            return [_Line(depth, _join(tokens, self.kind), tokens[0].index, tokens[-1].index)]
        spanning, stack = set(), []
        for token in tokens:
            if token.punct(_OPEN):
                stack.append(token.index)
            elif token.punct(_CLOSE):
                stack.pop()
            elif token.kind == "nl":
                spanning.update(stack)
        rows: list[tuple[int, list[_Token] | None]] = []
        current: list[_Token] = []
        opened: list[int] = []
        at = depth

        def end_row() -> None:
            nonlocal current
            if current:
                rows.append((at, current))
            current = []

        previous = None
        for token in tokens:
            if token.kind == "nl":
                if not current and previous is not None and previous.kind == "nl" and rows[-1][1] is not None:
                    rows.append((0, None))
                end_row()
            elif token.punct(_CLOSE) and opened and opened[-1] in spanning:
                end_row()
                opened.pop()
                at = depth + len(opened)
                current.append(token)
            else:
                if not current:
                    at = depth + len(opened)
                current.append(token)
                if token.punct(_OPEN):
                    opened.append(token.index)
                    if token.index in spanning:
                        end_row()
                elif token.punct(_CLOSE):
                    opened.pop()
            previous = token
        end_row()
        lines: list[_Line] = []
        for number, (row_depth, row) in enumerate(rows):
            if row is None:
                after = rows[number + 1][1] if number + 1 < len(rows) else None
                opener = lines and lines[-1].high is not None and self.tokens[lines[-1].high].punct("{[")
                if lines and lines[-1].code is not None and not opener and after and not after[0].punct(_CLOSE):
                    lines.append(_Line(0, None))
            elif row[0].kind == "comment":
                lines.append(_Line(row_depth, row[0].text.rstrip()))
            else:
                lines.append(_Line(row_depth, _join(row, self.kind), row[0].index, row[-1].index))
        return lines


def _join(tokens: list[_Token], kind: str) -> str:
    parts: list[str] = []
    previous = None
    for token in tokens:
        if previous is not None and _space(previous, token, kind):
            parts.append(" ")
        parts.append(token.text)
        previous = token
    return "".join(parts)


def _with_comment(text: str, comment: _Token, tokens: list[_Token]) -> str:
    """`text` and its trailing comment: in the comment's own column when the code ends before it, else
    after the spacing the author put before it (at least one space)."""
    width = len(text) - (text.rfind("\n") + 1)
    before = tokens[comment.after]
    end = len(before.text) - before.text.rfind("\n") - 1 if "\n" in before.text else before.column + len(before.text)
    gap = comment.column - width if comment.column > width else max(1, comment.column - end)
    return f"{text}{' ' * gap}{comment.text.rstrip()}"
