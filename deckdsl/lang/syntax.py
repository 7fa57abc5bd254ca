"""Syntax diagnostics: turn Lark's `UnexpectedInput` for one block into a friendly DK0xx diagnostic.

In order: an unterminated string (DK003); a misspelt keyword, where the parser stopped or just before
(DK004, with "did you mean"); a misspelt field name whose value then failed (DK101); a failure that
matches one of the labelled examples (Lark's `match_examples`); else "unexpected …" with what was
expected.  A block left open is reported once, at its `{` (DK002).
"""

from __future__ import annotations

import re
from functools import cache

from lark import Lark
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..diagnostics import Diagnostic, Label, did_you_mean
from ..profiles.profile import Profile
from ..span import Span
from .ast import CARD_FIELDS, META_FIELDS
from .build import unquote

_TERMINAL_NAMES = {
    "_NL": "the end of the line", "$END": "the end of the block", "NAME": "a name", "STRING": 'a quoted text ("…")',
    "INT": "a number", "SIGNED_INT": "a number", "COLON": "`:`", "LBRACE": "`{`", "RBRACE": "`}`", "LPAR": "`(`",
    "RPAR": "`)`", "LSQB": "`[`", "RSQB": "`]`", "COMMA": "`,`", "SEMICOLON": "`;`", "STAR": "`*`",
    "COMPARATOR": "a comparison (`>=`, `==` …)", "MODIFIER_OP": "`+`, `-`, `x` or `=`",
}


@cache
def _spellings(parser: Lark, terminal: str) -> tuple[str, ...]:
    """The words a keyword terminal accepts (`DISCARD` -> discard, discards)."""
    definition = parser.get_terminal(terminal)
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


def _describe(parser: Lark, terminals: set[str]) -> str:
    names: list[str] = []
    for terminal in sorted(terminals):
        if terminal in _TERMINAL_NAMES:
            names.append(_TERMINAL_NAMES[terminal])
            continue
        words = _spellings(parser, terminal) if not terminal.startswith("__") else []
        names.append(f"`{words[0]}`" if words else terminal.lower())
    unique = list(dict.fromkeys(names))
    if len(unique) > 8:
        unique = unique[:8] + ["…"]
    return ", ".join(unique)


def unclosed(text: str, chunk) -> Diagnostic:
    """DK002 for a block (`chunk`: its `start`, `end` and `open_brace` offsets) that was never closed."""
    assert chunk.open_brace is not None
    head = text[chunk.start : chunk.open_brace].strip()
    brace = Span.of_range(text, chunk.open_brace, chunk.open_brace + 1)
    cut = Span.point(text, end_of_content(text, chunk.start, chunk.end))
    named = re.match(r'(\w+)\s+("(?:[^"\\\n\r]|\\.)*")', head)
    if named:
        described = f"{named.group(1)} `{unquote(named.group(2))}`"
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


def _label(error: UnexpectedInput, parser: Lark, builder) -> str | None:
    """The label of the example that fails like `error`, or None (memoized by parser state and token:
    a file with 20,000 stray braces matches the examples once)."""
    token = getattr(error, "token", None) or getattr(error, "char", None)
    state = getattr(error, "state", None)
    key = (getattr(state, "position", None), getattr(token, "type", None), str(token), type(error).__name__)
    if key not in _LABELS:
        _LABELS[key] = _match_label(error, parser, builder)
    return _LABELS[key]


def _match_label(error: UnexpectedInput, parser: Lark, builder) -> str | None:
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


def syntax_error(text: str, source: str, chunk, error: UnexpectedInput, parser: Lark, builder) -> Diagnostic:
    """The diagnostic for a block that failed to parse: `source` is the block as parsed, `chunk` where it
    is in `text`; `builder` is the parser's `deckdsl.lang.build.Builder` (its profile, and its state to keep
    while the labelled examples are parsed)."""
    def at(line: int, column: int, width: int = 1) -> Span:
        local = Span.offset(source, line, column)
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
        expected = _describe(parser, set(error.allowed or ()))
        label = _label(error, parser, builder)
        return Diagnostic(
            "DK001", f"{label}: unexpected character `{shown}`" if label else f"unexpected character `{shown}`",
            span, help=f"expected {expected}" if expected else None,
        )
    if isinstance(error, UnexpectedEOF):
        span = Span.point(text, chunk.end)
        expected = _describe(parser, set(error.expected))
        return Diagnostic("DK001", "unexpected end of the block", span, help=f"expected {expected}")
    assert isinstance(error, UnexpectedToken)
    token = error.token
    expected = set(error.accepts or error.expected)
    if token.type == "$END":
        span = Span.point(text, end_of_content(text, chunk.start, chunk.end))
        return Diagnostic(
            "DK001", "the block ends too early", span, help=f"expected {_describe(parser, expected)}"
        )
    width = max(1, len(str(token))) if token.line == token.end_line else 1
    span = at(token.line, token.column, width)
    keywords = [w for t in expected if t not in _TERMINAL_NAMES for w in _spellings(parser, t)]
    if token.type == "NAME" or (keywords and re.fullmatch(r"\w+", str(token))):
        suggestion = did_you_mean(str(token), keywords)
        if suggestion:
            return Diagnostic("DK004", f"unknown word `{token}`", span, help=suggestion)
    explained = _misspelt_before(text, span.start, parser, builder.profile) or _unknown_field(
        text, span.start, builder.profile
    )
    if explained:
        return explained
    shown = "end of line" if token.type == "_NL" else f"`{token}`"
    label = _label(error, parser, builder)
    message = f"{label} (found {shown})" if label else f"unexpected {shown}"
    return Diagnostic("DK001", message, span, help=f"expected {_describe(parser, expected)}")


_WORD_BEFORE = re.compile(r"([^\W\d][\w'’-]*)[ \t]*$")
_FIELD_AT_LINE_START = re.compile(r"[ \t]*([^\W\d][\w-]*)[ \t]*:")


@cache
def _keywords(parser: Lark) -> frozenset[str]:
    """Every keyword spelling of the grammar (for did-you-mean on a word the parser took as a name)."""
    words = set()
    for terminal in parser.terminals:
        if terminal.name in _TERMINAL_NAMES or terminal.name == "NAME":
            continue
        words.update(w for w in _spellings(parser, terminal.name) if len(w) >= 3 and w.isalpha())
    return frozenset(words)


def _misspelt_before(text: str, offset: int, parser: Lark, profile: Profile | None) -> Diagnostic | None:
    """A keyword typo just before the error, read as a name (`whenevr opponent gains …` fails at
    `opponent`, but the mistake is `whenevr`)."""
    line_start = text.rfind("\n", 0, offset) + 1
    match = _WORD_BEFORE.search(text, line_start, offset)
    if not match:
        return None
    word = match.group(1)
    keywords = _keywords(parser)
    if word in keywords or (profile and profile.zone(word)):
        return None
    suggestion = did_you_mean(word, sorted(keywords))
    if suggestion is None:
        return None
    return Diagnostic(
        "DK004", f"unknown word `{word}`", Span.of_range(text, match.start(1), match.end(1)), help=suggestion
    )


_CARD_SPELLINGS = tuple(spelling for name, others in CARD_FIELDS.items() for spelling in (name, *others))
_OTHER_FIELDS = ("order", "ordem", "rules", "regras", *META_FIELDS)  # addendum and header fields


def _unknown_field(text: str, offset: int, profile: Profile | None) -> Diagnostic | None:
    """A misspelt field name whose value then fails to parse (`acton: discard a card …`)."""
    line_start = text.rfind("\n", 0, offset) + 1
    match = _FIELD_AT_LINE_START.match(text, line_start)
    if not match or match.end() > offset:
        return None
    field = match.group(1)
    known = list(_CARD_SPELLINGS) + (profile.attribute_spellings() if profile else [])
    if field.casefold() in (k.casefold() for k in (*known, *_OTHER_FIELDS)):
        return None
    return Diagnostic(
        "DK101", f"cards have no field `{field}`", Span.of_range(text, match.start(1), match.end(1)),
        help=did_you_mean(field, known) or f"the fields are {', '.join(CARD_FIELDS)}",
    )


def end_of_content(text: str, start: int, end: int) -> int:
    """`end` moved back over trailing whitespace, not before `start`."""
    while end > start and text[end - 1].isspace():
        end -= 1
    return end

