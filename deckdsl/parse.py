"""Read a deck file into a typed AST (`deckdsl.ast`) and syntax diagnostics.

How: a fast scanner cuts the file into top-level blocks (`deck`, `card`, `addendum`), then Lark's LALR
parser reads each block with an inline builder that creates the AST nodes as rules are reduced (no parse
tree, no recursion: 10,000 nested parentheses are an error, not a crash).  A block that fails to parse
yields its diagnostics and is skipped, so one broken card never hides the errors of the others.  A block
left open is closed for the parser and reported once, pointing at its `{`.
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from . import ast
from .diagnostics import Diagnostic, Label, did_you_mean
from .profile import DEFAULT_PROFILE, Profile
from .profile import load as load_profile
from .span import Span

MAX_FILE_BYTES = 8 * 1024 * 1024
"""Deck files above this size are refused (DK006): the standard deck is 2 KB, 10,000 cards ~1.3 MB."""

MAX_DEPTH = 48
"""Deepest nesting of effect nodes accepted (DK007); pydantic's own limit is ~255."""


# ------------------------------------------------------------------------------ the parser ---


def _grammar_text() -> str:
    return (Path(__file__).parent / "grammars" / "deck.lark").read_text(encoding="utf-8")


def _cache_path(grammar: str) -> str | None:
    """A grammar cache file in the user's own cache folder (never a shared temp folder), or None."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = os.path.join(base, "deckdsl")
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        if os.stat(folder).st_uid != os.getuid() or not os.access(folder, os.W_OK):
            return None
    except OSError:
        return None
    import lark

    digest = hashlib.sha256((grammar + lark.__version__).encode()).hexdigest()[:24]
    return os.path.join(folder, f"grammar-{digest}.lark-cache")


_PARSER: Lark | None = None


def _parser() -> Lark:
    global _PARSER
    if _PARSER is None:
        grammar = _grammar_text()
        options = dict(
            parser="lalr", strict=True, keep_all_tokens=True, maybe_placeholders=True,
            start=["start", "item"], transformer=_BUILDER,
        )
        cache = _cache_path(grammar)
        try:
            _PARSER = Lark(grammar, cache=cache or False, **options)
        except OSError:
            _PARSER = Lark(grammar, **options)
    return _PARSER


def grammar() -> Lark:
    """The deck grammar as a plain Lark parser that builds parse trees (for tools and tests)."""
    return Lark(_grammar_text(), parser="lalr", strict=True, propagate_positions=True)


# ----------------------------------------------------------------------------- the builder ---


@dataclass(frozen=True)
class _Piece:
    """An intermediate value of a helper rule (a player, an amount, a field) and where it was."""

    value: object
    span: Span


class _TooDeep(Exception):
    def __init__(self, span: Span) -> None:
        self.span = span


class _Builder:
    """Inline transformer: Lark calls `rule(children)` on each reduction; each returns a node or piece.

    With `keep_all_tokens`, children include keywords and punctuation, which give every node a span
    that covers all it was written with.
    """

    def __init__(self) -> None:
        self.line_offset = 0
        self.column_offset = 0
        self.offset = 0
        self.depth: dict[int, int] = {}
        self.diagnostics: list[Diagnostic] = []
        self.profile: Profile | None = None

    def reset(self, line_offset: int, column_offset: int, offset: int) -> None:
        self.line_offset, self.column_offset, self.offset = line_offset, column_offset, offset
        self.depth = {}

    def token_span(self, token: Token) -> Span:
        return Span(
            token.line + self.line_offset,
            token.column + (self.column_offset if token.line == 1 else 0),
            token.end_line + self.line_offset,
            token.end_column + (self.column_offset if token.end_line == 1 else 0),
            token.start_pos + self.offset,
            token.end_pos + self.offset,
        )

    def _span(self, children: list) -> Span:
        """The span from the first to the last token or node among `children` (newlines excluded)."""
        first = last = None
        for child in children:
            if child is not None and not (type(child) is Token and child.type == "_NL"):
                first = child
                break
        for child in reversed(children):
            if child is not None and not (type(child) is Token and child.type == "_NL"):
                last = child
                break
        assert first is not None and last is not None, "a rule reduced with no tokens"
        if type(first) is Token:
            line = first.line
            start_line = line + self.line_offset
            start_column = first.column + (self.column_offset if line == 1 else 0)
            start = first.start_pos + self.offset
        else:
            span = first.span
            start_line, start_column, start = span.line, span.column, span.start
        if type(last) is Token:
            end_line = last.end_line
            end_line, end_column, end = (
                end_line + self.line_offset,
                last.end_column + (self.column_offset if end_line == 1 else 0),
                last.end_pos + self.offset,
            )
        else:
            span = last.span
            end_line, end_column, end = span.end_line, span.end_column, span.end
        return Span(start_line, start_column, end_line, end_column, start, end)

    def _node(self, cls: type[ast.Node], children: list, **fields) -> ast.Node:
        return ast.construct(cls, span=self._span(children), **fields)

    def _nested(self, cls: type[ast.Node], children: list, inner: tuple, **fields) -> ast.Node:
        """A node of a construct that can nest without bound (expressions, `may`, `if`): tracks depth.

        Only these can nest deeply; every other node adds a bounded number of levels.
        """
        node = ast.construct(cls, span=self._span(children), **fields)
        depth = 1 + max((self.depth.get(id(item), 0) for item in inner), default=0)
        if depth > MAX_DEPTH:
            raise _TooDeep(node.span)
        self.depth[id(node)] = depth
        return node

    @staticmethod
    def _tokens(children: list, *types: str) -> list[Token]:
        return [c for c in children if isinstance(c, Token) and (not types or c.type in types)]

    # -- header ---------------------------------------------------------------------------

    def start(self, children):
        return [c for c in children if not isinstance(c, Token)]

    def deck(self, children):
        title = self._tokens(children, "STRING")[0]
        metas = [c for c in children if isinstance(c, ast.Meta)]
        rules = [s for c in children if isinstance(c, _Piece) for s in c.value]
        return _Header(
            title=_unquote(title), title_span=self.token_span(title), meta=tuple(metas),
            rules=tuple(rules), span=self._span(children),
        )

    def meta(self, children):
        name = children[0]
        value = _literal(children[2])
        return self._node(ast.Meta, children, name=str(name), value=value)

    def literal_list(self, children):
        punctuation = ("LSQB", "RSQB", "COMMA", "_NL")
        items = tuple(_literal(c) for c in children if not (isinstance(c, Token) and c.type in punctuation))
        return _Piece(items, self._span(children))

    def rules(self, children):
        return _Piece(tuple(c for c in children if isinstance(c, ast.Setting)), self._span(children))

    def setting(self, children):
        return self._node(ast.Setting, children, name=str(children[0]), value=children[2].value)

    def signed_int(self, children):
        return _Piece(int(children[0]), self.token_span(children[0]))

    # -- cards ----------------------------------------------------------------------------

    def card(self, children):
        name_token = self._tokens(children, "STRING")[0]
        fields: dict[str, object] = {}
        spans: dict[str, Span] = {}
        attributes: list[ast.Attribute] = []
        for item in children:
            if isinstance(item, ast.Attribute):
                attributes.append(item)
            elif isinstance(item, _Field):
                if item.name in fields:
                    self.diagnostics.append(Diagnostic(
                        "DK102", f"field `{item.name}` is written twice in card `{_unquote(name_token)}`",
                        item.span, labels=(Label(spans[item.name], "first written here"),),
                        help="keep one of them",
                    ))
                    continue
                fields[item.name] = item.value
                spans[item.name] = item.span
        return self._node(
            ast.Card, children, name=_unquote(name_token), name_span=self.token_span(name_token),
            attributes=tuple(attributes), field_spans=spans, **fields,
        )

    def _field(self, name: str, value, children) -> _Field:
        return _Field(name, value, self._span(children))

    def copies(self, children):
        return self._field("copies", int(children[2]), children)

    def value(self, children):
        item = children[2]
        return self._field("value", "*" if isinstance(item, Token) else item.value, children)

    def flavor(self, children):
        return self._field("flavor", _unquote(children[2]), children)

    def card_text(self, children):
        return self._field("text", _unquote(children[2]), children)

    def art(self, children):
        return self._field("art", _unquote(children[2]), children)

    def attribute(self, children):
        name, value = children[0], children[2]
        if isinstance(value, _Piece):
            written, value_span = value.value, value.span
        else:
            written = _unquote(value) if value.type == "STRING" else str(value)
            value_span = self.token_span(value)
        name = str(name)
        spec = self.profile.attribute(name) if self.profile is not None else None
        if spec is not None:
            name = spec.name
            written = spec.canonical_value(written) or written
        return self._node(ast.Attribute, children, name=name, value=written, value_span=value_span)

    def action(self, children):
        steps = children[2]
        return self._field("action", self._node(ast.Action, children, steps=steps.value), children)

    def cost(self, children):
        steps = children[2]
        return self._field("cost", self._node(ast.Action, children, steps=steps.value), children)

    def steps(self, children):
        return _Piece(tuple(c for c in children if isinstance(c, ast.Step)), self._span(children))

    def condition(self, children):
        clauses = children[2]
        return self._field("condition", self._node(ast.Condition, children, clauses=clauses.value), children)

    def clauses(self, children):
        return _Piece(tuple(c for c in children if isinstance(c, ast.Node)), self._span(children))

    # -- addenda --------------------------------------------------------------------------

    def addendum(self, children):
        title = self._tokens(children, "STRING")[0]
        texts = [c.value for c in children if isinstance(c, _Field)]
        orders = tuple(c for c in children if isinstance(c, ast.ModifierOrder))
        return self._node(
            ast.Addendum, children, title=_unquote(title), title_span=self.token_span(title),
            text="\n".join(texts) if texts else None, orders=orders,
        )

    def addendum_text(self, children):
        return self._field("text", _unquote(children[2]), children)

    def modifier_order(self, children):
        refs = tuple(
            self._node(ast.CardRef, [t], name=_unquote(t)) for t in self._tokens(children, "STRING")
        )
        return self._node(ast.ModifierOrder, children, cards=refs)

    # -- steps ----------------------------------------------------------------------------

    def _player(self, item) -> str | None:
        return None if item is None else item.value

    def gain(self, children):
        return self._node(ast.Gain, children, player=self._player(children[0]), cards=children[2])

    def _stars_node(self, item):
        if isinstance(item, Token):
            return self._node(ast.Number, [item], value=_NUMBER_WORDS[item.value])
        return item

    def gain_stars(self, children):
        amount = self._stars_node(children[2])
        return self._node(ast.GainStars, children, player=self._player(children[0]), amount=amount)

    def lose_stars(self, children):
        amount = self._stars_node(children[2])
        return self._node(ast.LoseStars, children, player=self._player(children[0]), amount=amount)

    def discard(self, children):
        return self._node(ast.Discard, children, player=self._player(children[0]), cards=children[2])

    def swap(self, children):
        return self._node(
            ast.Swap, children, player=self._player(children[0]), first=children[2], second=children[4]
        )

    def put_on_bottom(self, children):
        return self._node(ast.PutOnBottom, children, player=self._player(children[0]), cards=children[2])

    def cancel_action(self, children):
        target = next((c for c in children if isinstance(c, ast.Node)), None)
        return self._node(ast.CancelAction, children, cards=target)

    def optional(self, children):
        step = children[2]
        return self._nested(ast.Optional, children, (step,), player=self._player(children[0]), step=step)

    def conditional(self, children):
        test, step = children[1], children[3]
        return self._nested(ast.Conditional, children, (test, step), test=test, step=step)

    def comparison(self, children):
        left, right = children[0], children[2]
        return self._nested(
            ast.Comparison, children, (left, right), left=left, comparator=str(children[1]), right=right
        )

    # -- conditions -----------------------------------------------------------------------

    def value_definition(self, children):
        return self._node(ast.ValueDefinition, children, expr=children[2])

    def value_modifier(self, children):
        op = _MODIFIER_OPS[str(children[2])]
        return self._node(ast.ValueModifier, children, cards=children[0], op=op, amount=children[3])

    def discard_priority(self, children):
        return self._node(ast.DiscardPriority, children, order=str(children[-1]))

    def trigger(self, children):
        event = children[1]
        steps = tuple(c for c in children[2:] if isinstance(c, ast.Step))
        return self._node(ast.Trigger, children, event=event, steps=steps)

    def gain_event(self, children):
        return self._node(ast.GainEvent, children, player=children[0].value, cards=children[2])

    def dispute_event(self, children):
        outcome = "win" if any(type(c) is Token and c.type == "WIN" for c in children) else "lose"
        names = self._tokens(children, "NAME")
        throw = str(names[0]) if names else None
        if throw is not None and self.profile is not None and (spec := self.profile.attribute("type")):
            throw = spec.canonical_value(throw) or throw
        return self._node(ast.DisputeEvent, children, player=children[0].value, outcome=outcome, throw=throw)

    def discard_event(self, children):
        return self._node(ast.DiscardEvent, children, player=children[0].value, cards=children[2])

    # -- expressions ----------------------------------------------------------------------

    def number(self, children):
        return self._node(ast.Number, children, value=int(children[0]))

    def binary_op(self, children):
        left, right = children[0], children[2]
        return self._nested(ast.BinaryOp, children, (left, right), left=left, op=str(children[1]), right=right)

    def negate(self, children):
        operand = children[1]
        if isinstance(operand, ast.Number):
            return self._node(ast.Number, children, value=-operand.value)
        return self._nested(ast.Negate, children, (operand,), operand=operand)

    def parenthesized(self, children):
        inner = children[1]
        wrapped = inner.model_copy(update={"span": self._span(children)})
        depth = self.depth.get(id(inner), 0) + 1
        if depth > MAX_DEPTH:
            raise _TooDeep(wrapped.span)
        self.depth[id(wrapped)] = depth
        return wrapped

    def function(self, children):
        argument = children[2]
        return self._nested(ast.Function, children, (argument,), name=str(children[0]), argument=argument)

    def this_card(self, children):
        return self._node(ast.ThisCard, children)

    def event_card(self, children):
        return self._node(ast.EventCard, children)

    def deck_top(self, children):
        amount = next((c for c in children if isinstance(c, _Piece)), None)
        return self._node(ast.DeckTop, children, count=1 if amount is None else amount.value)

    def selection(self, children):
        quantity = children[0]
        fields: dict[str, object] = {}
        if quantity is not None:
            count, up_to = quantity.value
            if count is not None:
                fields["count"] = count
            fields["up_to"] = up_to
        filters = tuple(c for c in children if isinstance(c, (ast.TypeFilter, ast.NameFilter, ast.ValueFilter)))
        zone = next(c for c in children if isinstance(c, ast.Zone))
        chooser = next((c.value for c in children if isinstance(c, _Piece) and c is not quantity), None)
        other = any(isinstance(c, Token) and c.type == "OTHER" for c in children)
        return self._nested(
            ast.Selection, children, filters, other=other, filters=filters, zone=zone, chooser=chooser, **fields
        )

    def quantity(self, children):
        last = children[-1]
        if isinstance(last, Token) and last.type == "ALL":
            return _Piece((None, False), self._span(children))
        return _Piece((last.value, len(children) > 1), self._span(children))

    def amount(self, children):
        token = children[0]
        value = int(token) if token.type == "INT" else _NUMBER_WORDS[token.value]
        return _Piece(value, self.token_span(token))

    def type_filter(self, children):
        value = str(children[-1])
        spec = self.profile.attribute("type") if self.profile is not None else None
        if spec is not None:
            value = spec.canonical_value(value) or value
        return self._node(ast.TypeFilter, children, value=value)

    def name_filter(self, children):
        return self._node(ast.NameFilter, children, name=_unquote(children[-1]))

    def value_filter(self, children):
        amount = children[3]
        return self._nested(ast.ValueFilter, children, (amount,), comparator=str(children[2]), amount=amount)

    def chooser(self, children):
        return _Piece(children[-1].value, self._span(children))

    def random_chooser(self, children):
        return _Piece("random", self._span(children))

    def zone(self, children):
        owner = children[0]
        words = [str(t) for t in self._tokens(children, "NAME", "PILE")]
        owner_value = None if owner is None else owner.value
        return self._node(ast.Zone, children, name=" ".join(words), owner=owner_value)

    def owner(self, children):
        token = children[0]
        value = {"YOUR": "you", "OPPONENTS": "opponent"}.get(token.type)
        return _Piece(value, self.token_span(token))

    def player(self, children):
        return _Piece(str(children[0]), self.token_span(children[0]))


@dataclass(frozen=True)
class _Field:
    name: str
    value: object
    span: Span


@dataclass(frozen=True)
class _Header:
    title: str
    title_span: Span
    meta: tuple[ast.Meta, ...]
    rules: tuple[ast.Setting, ...]
    span: Span


_NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_MODIFIER_OPS = {"+": "add", "-": "subtract", "x": "multiply", "×": "multiply", "*": "multiply", "=": "set"}
_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def _unquote(token: Token) -> str:
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), str(token)[1:-1])


def _literal(item) -> str | int | tuple:
    if isinstance(item, _Piece):
        return item.value
    if isinstance(item, Token):
        return _unquote(item) if item.type == "STRING" else str(item)
    raise TypeError(f"not a literal: {item!r}")


_BUILDER = _Builder()


# ----------------------------------------------------------------------------- the scanner ---

_BLOCK_KEYWORDS = ("card", "carta", "deck", "baralho", "addendum", "adendo")
_SCAN = re.compile(
    r'(?P<string>"(?:[^"\\\n\r]|\\.)*"?)|#[^\n\r]*|(?P<brace>[{}])'
    r'|(?P<head>^[ \t]*(?:' + "|".join(_BLOCK_KEYWORDS) + r')(?=[ \t]+"))',
    re.M,
)
_SKIP = re.compile(r"(?:\s+|#[^\n\r]*)*")


@dataclass(frozen=True)
class _Chunk:
    start: int
    end: int
    open_brace: int | None = None  # set when the block was never closed


def _chunks(text: str) -> list[_Chunk]:
    """Cut `text` into top-level blocks by brace depth, ignoring strings and comments."""
    chunks: list[_Chunk] = []
    depth, start, previous_end, open_brace = 0, None, 0, None

    def begin(at: int) -> int:
        return min(_SKIP.match(text, previous_end).end(), at)

    for match in _SCAN.finditer(text):
        if match.group("head") is not None:
            at = match.start() + len(match.group("head")) - len(match.group("head").lstrip())
            if start is not None and depth > 0:
                chunks.append(_Chunk(start, match.start(), open_brace))
                previous_end = match.start()
            elif start is not None:
                chunks.append(_Chunk(start, match.start()))
                previous_end = match.start()
            start, depth, open_brace = begin(at), 0, None
            continue
        brace = match.group("brace")
        if brace is None:
            if start is None and match.group("string") is not None:
                start = begin(match.start())
            continue
        if start is None:
            start = begin(match.start())
        if brace == "{":
            if depth == 0:
                open_brace = match.start()
            depth += 1
        else:
            depth -= 1
            if depth <= 0:
                chunks.append(_Chunk(start, match.end()))
                start, depth, open_brace, previous_end = None, 0, None, match.end()
    if start is not None:
        end = len(text.rstrip())
        chunks.append(_Chunk(start, max(end, start), open_brace if depth > 0 else None))
    else:
        tail = _SKIP.match(text, previous_end).end()
        if tail < len(text):
            chunks.append(_Chunk(tail, len(text.rstrip())))
    return chunks


# ------------------------------------------------------------------------------ public API ---


@dataclass(frozen=True)
class Parsed:
    """What the parser read: the blocks that parsed, and the syntax diagnostics of the others."""

    header: _Header | None
    headers: tuple[_Header, ...]
    cards: tuple[ast.Card, ...]
    addenda: tuple[ast.Addendum, ...]
    diagnostics: tuple[Diagnostic, ...]
    blocks: int


def decode(data: bytes, total_size: int | None = None) -> tuple[str | None, Diagnostic | None]:
    """The text of a deck file's bytes, or a DK005/DK006 diagnostic explaining why it is not text."""
    if len(data) > MAX_FILE_BYTES:
        size = f"{total_size:,} bytes" if total_size else f"more than {MAX_FILE_BYTES:,} bytes"
        return None, Diagnostic(
            "DK006", f"the file is {size}; deck files are limited to {MAX_FILE_BYTES:,}",
            Span.point("", 0), help="a 10,000-card deck is about 1.3 MB: is this the right file?",
        )
    if b"\x00" in data[:8192] or b"\x00" in data:
        offset = data.index(b"\x00")
        text = data[:offset].decode("utf-8", errors="replace")
        return None, Diagnostic(
            "DK005", "the file is binary, not a deck (it contains a NUL byte)",
            Span.point(text, len(text)), help="deck files are UTF-8 text",
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        prefix = data[: error.start].decode("utf-8", errors="replace")
        return None, Diagnostic(
            "DK005", f"the file is not valid UTF-8 (byte 0x{data[error.start]:02x} at offset {error.start})",
            Span.point(prefix, len(prefix)), help="save the file as UTF-8",
        )
    if text.startswith("\ufeff"):
        text = " " + text[1:]
    # A lone CR ends a line for the grammar; make it LF (same length) so positions count it too.
    return _LONE_CR.sub("\n", text), None


_LONE_CR = re.compile(r"\r(?!\n)")


_HEADER_START = re.compile(r"(deck|baralho)\b")


def parse_text(text: str) -> tuple[Parsed, Profile | None]:
    """Parse the text of a deck file (see the module docstring).

    The `deck` header is read first: its `game` names the profile whose attribute spellings the cards
    are read with (`tipo: pedra` becomes `type: rock`).  Returns what was parsed and that profile (None
    when the game has no profile).
    """
    parser = _parser()
    builder = _BUILDER
    diagnostics: list[Diagnostic] = []
    headers: list[_Header] = []
    cards: list[ast.Card] = []
    addenda: list[ast.Addendum] = []
    chunks = _chunks(text)
    first_header = next((c for c in chunks if _HEADER_START.match(text, c.start)), None)
    ordered = chunks if first_header is None else [first_header] + [c for c in chunks if c is not first_header]
    builder.profile = None
    profile_known = False
    line_offset = counted_to = 0
    for chunk in ordered:
        if not profile_known and (chunk is not first_header):
            game = _game(headers[0]) if headers else DEFAULT_PROFILE
            builder.profile = load_profile(game)
            profile_known = True
        if chunk.start < counted_to:
            line_offset = counted_to = 0
        source = text[chunk.start : chunk.end]
        if chunk.open_brace is not None:
            diagnostics.append(_unclosed(text, chunk))
            source += "\n}"
        line_offset += text.count("\n", counted_to, chunk.start)
        counted_to = chunk.start
        column_offset = chunk.start - (text.rfind("\n", 0, chunk.start) + 1)
        builder.reset(line_offset, column_offset, chunk.start)
        builder.diagnostics = diagnostics
        try:
            item = parser.parse(source, start="item")
        except _TooDeep as error:
            diagnostics.append(Diagnostic(
                "DK007", f"effects may nest at most {MAX_DEPTH} levels deep", error.span,
                help="split the effect into simpler steps",
            ))
            continue
        except UnexpectedInput as error:
            diagnostics.append(_syntax_error(text, source, chunk, error))
            continue
        if isinstance(item, _Header):
            headers.append(item)
        elif isinstance(item, ast.Card):
            cards.append(item)
        elif isinstance(item, ast.Addendum):
            addenda.append(item)
    if not profile_known:
        builder.profile = load_profile(_game(headers[0]) if headers else DEFAULT_PROFILE)
    diagnostics.sort(key=lambda d: d.span.start)
    parsed = Parsed(
        header=headers[0] if headers else None, headers=tuple(headers), cards=tuple(cards),
        addenda=tuple(addenda), diagnostics=tuple(diagnostics), blocks=len(chunks),
    )
    return parsed, builder.profile


def _game(header: _Header) -> str:
    meta = next((m for m in header.meta if m.name == "game"), None)
    return DEFAULT_PROFILE if meta is None else str(meta.value)


# -------------------------------------------------------------------------- syntax errors ---

_TERMINAL_NAMES = {
    "_NL": "the end of the line", "$END": "the end of the block", "NAME": "a name", "STRING": 'a quoted text ("…")',
    "INT": "a number", "SIGNED_INT": "a number", "COLON": "`:`", "LBRACE": "`{`", "RBRACE": "`}`", "LPAR": "`(`",
    "RPAR": "`)`", "LSQB": "`[`", "RSQB": "`]`", "COMMA": "`,`", "SEMICOLON": "`;`", "STAR": "`*`",
    "COMPARATOR": "a comparison (`>=`, `==` …)", "MODIFIER_OP": "`+`, `-`, `x` or `=`",
}


@cache
def _spellings(terminal: str) -> tuple[str, ...]:
    """The words a keyword terminal accepts (`DISCARD` -> discard, discards)."""
    definition = _parser().get_terminal(terminal)
    pattern = definition.pattern
    if pattern.type == "str":
        return (pattern.value,)
    body = pattern.value.replace("\\b", "")
    if "[" in body or "." in body:
        return ()
    words: list[str] = []
    for word in body.strip("()").split("|"):
        word = word.strip("()")
        if word.endswith("?"):
            words += [word[:-2], word[:-1]]
        else:
            words.append(word)
    return tuple(w for w in words if re.fullmatch(r"[\w' ’]+", w))


def _describe(terminals: set[str]) -> str:
    names: list[str] = []
    for terminal in sorted(terminals):
        if terminal in _TERMINAL_NAMES:
            names.append(_TERMINAL_NAMES[terminal])
            continue
        words = _spellings(terminal) if not terminal.startswith("__") else []
        names.append(f"`{words[0]}`" if words else terminal.lower())
    unique = list(dict.fromkeys(names))
    if len(unique) > 8:
        unique = unique[:8] + ["…"]
    return ", ".join(unique)


def _unclosed(text: str, chunk: _Chunk) -> Diagnostic:
    assert chunk.open_brace is not None
    head = text[chunk.start : chunk.open_brace].strip()
    brace = Span.of_range(text, chunk.open_brace, chunk.open_brace + 1)
    cut = Span.point(text, _end_of_content(text, chunk.start, chunk.end))
    named = re.match(r'(\w+)\s+("(?:[^"\\\n\r]|\\.)*")', head)
    if named:
        described = f"{named.group(1)} `{_unquote(named.group(2))}`"
    else:
        described = f"`{head.split()[0]}`" if head else "a block"
    return Diagnostic(
        "DK002", f"missing closing brace for {described} opened at {brace.line}:{brace.column}",
        brace, labels=(Label(cut, "the block should end here"),), help="add `}` at the end of the block",
    )


# Friendly names for common mistakes: Lark's `match_examples` matches a failure to the example that
# fails in the same parser state (docs: lark "error_reporting_lalr").
_LABELLED_EXAMPLES: dict[str, list[str]] = {
    "missing `:` between the field name and its value": [
        'card "A" {\n value 2\n}', 'card "A" {\n type rock\n}', 'card "A" {\n copies 2\n}',
        'card "A" {\n action discard a card from the table\n}', 'card "A" {\n flavor "x"\n}',
        'deck "A" {\n game janken-wars\n}',
    ],
    "the name of a card goes in double quotes": ['card A {\n}', "card 'A' {\n}", "card A B {\n}"],
    "each field goes on its own line": [
        'card "A" {\n value: 2 copies: 3\n}', 'card "A" {\n type: rock rarity: simple\n}',
        'card "A" {\n flavor: "x" art: "y"\n}',
    ],
    "`value:` takes a whole number (negative allowed) or `*`": [
        'card "A" {\n value: two\n}', 'card "A" {\n value: 2.5\n}', 'card "A" {\n value: "2"\n}',
    ],
    "`copies:` takes a whole number": [
        'card "A" {\n copies: two\n}', 'card "A" {\n copies: -1\n}', 'card "A" {\n copies: "2"\n}',
    ],
    "say where the cards are, like `a card from the table` or `all cards in your domain`": [
        'card "A" {\n action: discard a card\n}', 'card "A" {\n action: gain two cards\n}',
        'card "A" {\n action: discard all cards\n}',
    ],
    "an effect is missing after `:`": ['card "A" {\n action:\n}', 'card "A" {\n condition:\n}'],
    "a block starts with `deck`, `card` or `addendum` and a quoted name": [
        'cards "A" {\n}', 'title: "A"\n', 'Card "A" {\n}',
    ],
}


_LABELS: dict[tuple, str | None] = {}


def _label(error: UnexpectedInput) -> str | None:
    """The label of the example that fails like `error`, or None (memoized by parser state and token:
    a file with 20,000 stray braces matches the examples once)."""
    token = getattr(error, "token", None) or getattr(error, "char", None)
    state = getattr(error, "state", None)
    key = (getattr(state, "position", None), getattr(token, "type", None), str(token), type(error).__name__)
    if key not in _LABELS:
        _LABELS[key] = _match_label(error)
    return _LABELS[key]


def _match_label(error: UnexpectedInput) -> str | None:
    parser, builder = _parser(), _BUILDER
    saved = (builder.line_offset, builder.column_offset, builder.offset, builder.diagnostics, builder.depth)
    builder.diagnostics = []
    try:
        return error.match_examples(
            lambda text: parser.parse(text, start="item"), _LABELLED_EXAMPLES,
            token_type_match_fallback=True, use_accepts=True,
        )
    except Exception:  # an example that parses (a grammar change) must not break error reporting
        return None
    finally:
        builder.line_offset, builder.column_offset, builder.offset, builder.diagnostics, builder.depth = saved


def _syntax_error(text: str, source: str, chunk: _Chunk, error: UnexpectedInput) -> Diagnostic:
    """The diagnostic for a block that failed to parse (`source` is the block as parsed)."""
    def at(line: int, column: int, width: int = 1) -> Span:
        local = _local_offset(source, line, column)
        start = chunk.start + min(local, len(text) - chunk.start)
        return Span.of_range(text, start, min(start + width, len(text)))

    if isinstance(error, UnexpectedCharacters):
        char = source[error.pos_in_stream] if error.pos_in_stream < len(source) else ""
        span = at(error.line, error.column)
        if char == '"':
            return Diagnostic(
                "DK003", "this string has no closing quote", span, help='end the text with `"` on the same line'
            )
        shown = repr(char)[1:-1] if char.isprintable() else f"U+{ord(char):04X}"
        expected = _describe(set(error.allowed or ()))
        label = _label(error)
        return Diagnostic(
            "DK001", f"{label}: unexpected character `{shown}`" if label else f"unexpected character `{shown}`",
            span, help=f"expected {expected}" if expected else None,
        )
    if isinstance(error, UnexpectedEOF):
        span = Span.point(text, chunk.end)
        expected = _describe(set(error.expected))
        return Diagnostic("DK001", "unexpected end of the block", span, help=f"expected {expected}")
    assert isinstance(error, UnexpectedToken)
    token = error.token
    expected = set(error.accepts or error.expected)
    if token.type == "$END":
        span = Span.point(text, _end_of_content(text, chunk.start, chunk.end))
        return Diagnostic(
            "DK001", "the block ends too early", span, help=f"expected {_describe(expected)}"
        )
    width = max(1, len(str(token))) if token.line == token.end_line else 1
    span = at(token.line, token.column, width)
    keywords = [w for t in expected if t not in _TERMINAL_NAMES for w in _spellings(t)]
    if token.type == "NAME" or (keywords and re.fullmatch(r"\w+", str(token))):
        suggestion = did_you_mean(str(token), keywords)
        if suggestion:
            return Diagnostic("DK004", f"unknown word `{token}`", span, help=suggestion)
    explained = _misspelt_before(text, span.start) or _unknown_field(text, span.start)
    if explained:
        return explained
    shown = "end of line" if token.type == "_NL" else f"`{token}`"
    label = _label(error)
    message = f"{label} (found {shown})" if label else f"unexpected {shown}"
    return Diagnostic("DK001", message, span, help=f"expected {_describe(expected)}")


_WORD_BEFORE = re.compile(r"([^\W\d][\w'’-]*)[ \t]*$")
_FIELD_AT_LINE_START = re.compile(r"[ \t]*([^\W\d][\w-]*)[ \t]*:")


@cache
def _keywords() -> frozenset[str]:
    """Every keyword spelling of the grammar (for did-you-mean on a word the parser took as a name)."""
    words = set()
    for terminal in _parser().terminals:
        if terminal.name in _TERMINAL_NAMES or terminal.name == "NAME":
            continue
        words.update(w for w in _spellings(terminal.name) if len(w) >= 3 and w.isalpha())
    return frozenset(words)


def _misspelt_before(text: str, offset: int) -> Diagnostic | None:
    """A keyword typo just before the error, read as a name (`whenevr opponent gains …` fails at
    `opponent`, but the mistake is `whenevr`)."""
    line_start = text.rfind("\n", 0, offset) + 1
    match = _WORD_BEFORE.search(text, line_start, offset)
    if not match:
        return None
    word = match.group(1)
    keywords = _keywords()
    if word in keywords or (_BUILDER.profile and _BUILDER.profile.zone(word)):
        return None
    suggestion = did_you_mean(word, sorted(keywords))
    if suggestion is None:
        return None
    return Diagnostic(
        "DK004", f"unknown word `{word}`", Span.of_range(text, match.start(1), match.end(1)), help=suggestion
    )


_CORE_FIELDS = (
    "copies", "cópias", "value", "valor", "cost", "custo", "action", "ação", "condition", "condição",
    "flavor", "sabor", "art", "arte", "text", "texto",
)
_OTHER_FIELDS = ("text", "texto", "order", "ordem", "rules", "regras", "game", "version", "authors",
                 "license", "language")


def _unknown_field(text: str, offset: int) -> Diagnostic | None:
    """A misspelt field name whose value then fails to parse (`acton: discard a card …`)."""
    line_start = text.rfind("\n", 0, offset) + 1
    match = _FIELD_AT_LINE_START.match(text, line_start)
    if not match or match.end() > offset:
        return None
    field = match.group(1)
    profile = _BUILDER.profile
    known = list(_CORE_FIELDS) + (profile.attribute_spellings() if profile else [])
    if field.casefold() in (k.casefold() for k in (*known, *_OTHER_FIELDS)):
        return None
    return Diagnostic(
        "DK101", f"cards have no field `{field}`", Span.of_range(text, match.start(1), match.end(1)),
        help=did_you_mean(field, known) or f"the fields are {', '.join(_CORE_FIELDS[::2])}",
    )


def _end_of_content(text: str, start: int, end: int) -> int:
    """`end` moved back over trailing whitespace, not before `start`."""
    while end > start and text[end - 1].isspace():
        end -= 1
    return end


def _local_offset(source: str, line: int, column: int) -> int:
    offset = 0
    for _ in range(line - 1):
        found = source.find("\n", offset)
        if found < 0:
            return len(source)
        offset = found + 1
    return offset + column - 1


def read_file(path: str | Path) -> tuple[str | None, Diagnostic | None]:
    """The text of the deck file at `path`, or a diagnostic saying why it cannot be read."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
            total_size = os.fstat(handle.fileno()).st_size
    except OSError as error:
        return None, Diagnostic("DK009", f"cannot read the file: {error.strerror or error}", Span.point("", 0))
    return decode(data, total_size)


# ---------------------------------------------------------------------------- whole decks ---


@dataclass(frozen=True)
class Source:
    """A deck file's text and where it came from (`path` as given by the user, or `<string>`)."""

    path: str
    text: str


def parse_deck(text: str) -> tuple[ast.Deck, tuple[Diagnostic, ...], Profile | None]:
    """Parse a deck file and resolve it against its game profile.

    Returns the deck (attribute values canonical where the profile knows them: `pedra` -> `rock`), the
    syntax diagnostics, and the profile (None when the deck names a game with no profile).
    """
    parsed, profile = parse_text(text)
    header = parsed.header
    metas = {m.name: m for m in header.meta} if header else {}
    game = _game(header) if header else DEFAULT_PROFILE
    cards = parsed.cards

    def text_of(name: str) -> str | None:
        meta = metas.get(name)
        return None if meta is None or isinstance(meta.value, tuple) else str(meta.value)

    authors = metas.get("authors")
    author_list: tuple[str, ...] = ()
    if authors is not None:
        value = authors.value
        author_list = tuple(str(a) for a in value) if isinstance(value, tuple) else (str(value),)
    deck = ast.construct(
        ast.Deck,
        span=Span.of_range(text, 0, len(text)),
        title=header.title if header else None,
        game=game,
        version=text_of("version"),
        authors=author_list,
        license=text_of("license"),
        language=text_of("language"),
        rules=header.rules if header else (),
        meta=header.meta if header else (),
        cards=cards,
        addenda=parsed.addenda,
        header_span=header.span if header else None,
        title_span=header.title_span if header else None,
    )
    diagnostics = list(parsed.diagnostics)
    for extra in parsed.headers[1:]:
        diagnostics.append(Diagnostic(
            "DK118", "a deck file has one `deck` header; this is a second one", extra.title_span,
            labels=(Label(parsed.headers[0].title_span, "the first header"),),
            help="merge the two headers, or split the file into two decks",
        ))
    if parsed.blocks == 0:
        diagnostics.append(Diagnostic(
            "DK008", "the file holds no deck: no `deck` header and no cards", Span.point(text, 0),
            help='start with `deck "Title" { game: janken-wars }` and add `card "Name" { … }` blocks',
        ))
    return deck, tuple(diagnostics), profile
