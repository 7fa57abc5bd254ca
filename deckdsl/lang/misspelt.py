"""Misspellings that a syntax error is really about: a keyword typo just before the error (`whenevr opponent
gains …` fails at `opponent`), a misspelt field name whose value then fails to parse (`acton: …`), and a
misspelt `deck` keyword that would make a block the deck's header.  Each is one DK004 or DK101 with the
word meant, and a fix that is safe only when applying it reads without a new error (the line probed with
the parser, its state set aside meanwhile: `aside`)."""

from __future__ import annotations

import re
from contextlib import contextmanager
from dataclasses import replace
from functools import lru_cache

from lark import Lark
from lark.exceptions import UnexpectedInput

from ..diagnostics import Diagnostic, Edit, Fix, Severity
from ..profiles.profile import DEFAULT_PROFILE, Profile
from ..said import said
from ..span import Span
from .ast import CARD_FIELDS, META_FIELDS
from .build import TooDeep
from .spelling import Suggestion, suggest
from .words import keywords, known


@contextmanager
def aside(builder):
    """The builder free to read something else (a labelled example, a probe), its diagnostics apart; then
    its state as it was, so the block being read goes on."""
    saved = (builder.anchor, builder.column_offset, builder.diagnostics, builder.depth, builder.long_numbers)
    builder.diagnostics, builder.depth, builder.long_numbers = [], {}, set()
    try:
        yield builder.diagnostics
    finally:
        builder.anchor, builder.column_offset, builder.diagnostics, builder.depth, builder.long_numbers = saved


_WORD_BEFORE = re.compile(r"([^\W\d][\w'’-]*)[ \t]*$")
_WORD_CHAR = re.compile(r"[\w'’-]")
LONGEST_TYPO = 64
"""The longest word read as a keyword's typo: the window `misspelt_before` searches, which keeps its
regular expression from going quadratic along a line of one long word (fuzz/findings, syntax_548)."""
_FIELD_AT_LINE_START = re.compile(r"[ \t]*([^\W\d][\w-]*)[ \t]*:")


def misspelt_before(text: str, offset: int, parser: Lark, builder) -> Diagnostic | None:
    """A keyword typo just before the error, read as a name (`whenevr opponent gains …` fails at
    `opponent`, but the mistake is `whenevr`)."""
    profile = builder.profile
    line_start = text.rfind("\n", 0, offset) + 1
    window = max(line_start, offset - LONGEST_TYPO)
    match = _WORD_BEFORE.search(text, window, offset)
    if not match or (match.start(1) == window > line_start and _WORD_CHAR.match(text, window - 1)):
        return None  # no word, or one longer than any keyword's typo
    word = match.group(1)
    if known(word, parser, profile) or (profile and profile.zone(word)):
        return None
    suggestion = _keyword_like(parser, word)
    if suggestion is None:
        return None
    span = Span.of_range(text, match.start(1), match.end(1))
    return Diagnostic("DK004", said("unknown-word", "unknown word `{word}`", word=word), span, help=suggestion.help,
                      fix=keyword_fix(text, span, word, suggestion, parser, builder))


@lru_cache(maxsize=1024)
def _keyword_like(parser: Lark, word: str) -> Suggestion | None:
    """The keyword `word` is a typo of: one answer per word and grammar, as a deck of many broken copies of
    a block asks it again for each (and `check --fix` reads the deck again for each fix it tries)."""
    words = keywords(parser)
    return suggest(word, sorted(words), words.get)


_CARD_SPELLINGS = tuple(spelling for name, others in CARD_FIELDS.items() for spelling in (name, *others))
_OTHER_FIELDS = ("order", "ordem", "rules", "regras", *META_FIELDS)  # addendum and header fields


def unknown_field(text: str, offset: int, parser: Lark, builder) -> Diagnostic | None:
    """A misspelt field name whose value then fails to parse (`acton: discard a card …`).  Replacing the name
    by the one suggested is safe only when the line then reads as that field (`acton: discard a card` does;
    `valeu:` with nothing after it does not, nor `acton:` before a broken effect): else it would only trade
    this error for another, and the finding says so."""
    profile = builder.profile
    line_start = text.rfind("\n", 0, offset) + 1
    match = _FIELD_AT_LINE_START.match(text, line_start)
    if not match or match.end() > offset:
        return None
    field = match.group(1)
    fields = list(_CARD_SPELLINGS) + (profile.attribute_spellings() if profile else [])
    if field.casefold() in (k.casefold() for k in (*fields, *_OTHER_FIELDS)):
        return None
    span = Span.of_range(text, match.start(1), match.end(1))
    suggestion = suggest(field, fields, lambda spelling: field_meaning(spelling, profile))
    if suggestion is None:
        return Diagnostic("DK101", said("unknown-field", "cards have no field `{key}`", key=field), span,
                          help=said("the-fields-are", "the fields are {fields}", fields=", ".join(CARD_FIELDS)))
    line_end = text.find("\n", match.end())
    line_end = len(text) if line_end < 0 else line_end
    reads = _reads(text[line_start : match.start(1)] + suggestion.word + text[match.end(1) : line_end], parser, builder)
    return Diagnostic(
        "DK101", said("unknown-field", "cards have no field `{key}`", key=field), span, help=suggestion.help,
        notes=() if reads else (said("reads-not-either", "what follows `{written}:` does not read as `{key}:` either",
                                     written=field, key=suggestion.word),),
        fix=replace(suggestion, safe=suggestion.safe and reads).fix(field, span),
    )


def header_moves(source: str, at: int, written: str, word: str, parser: Lark, builder) -> str | None:
    """Why writing `word` (`deck`) for `written` at `at` in this block, which makes it the deck's header,
    would change how every card reads (None when it would not): the header it makes does not read, or
    names another game than the one the deck is read with."""
    with aside(builder):
        try:
            header = parser.parse(source[:at] + word + source[at + len(written):], start="item")
        except (UnexpectedInput, TooDeep):
            return said("read-would-not-read", "as `{word}`, this block would not read without an error either",
                        word=word)
    game = next((str(m.value) for m in header.meta if m.name == "game"), DEFAULT_PROFILE)
    if builder.profile is not None and game == builder.profile.id:
        return None
    return said("read-would-be-game", "as `{word}`, this block would make it a `{game}` deck, and every card would be "
                "read as that game's", word=word, game=game)


def keyword_fix(text: str, span: Span, written: str, suggestion, parser: Lark, builder) -> Fix:
    """The fix of a keyword typo: the word meant, and — for a card field's name written without its `:`
    (`valeu 3`) — the `:` too, since the name alone would only trade this error for a missing `:`.  Safe
    only when the suggestion is, and, for a field, when its line then reads."""
    field = suggestion.word in _FIELD_NAMES and not text[span.end:].lstrip(" \t").startswith(":")
    if not field:
        return suggestion.fix(written, span)
    line_start = text.rfind("\n", 0, span.start) + 1
    line_end = text.find("\n", span.end)
    rest = text[span.end : len(text) if line_end < 0 else line_end]
    line = text[line_start : span.start] + suggestion.word + ":" + rest
    return Fix(said("read-replace-field", "replace `{written}` by `{word}:`", written=written, word=suggestion.word),
               (Edit(span, suggestion.word + ":"),),
               suggestion.safe and _reads(line, parser, builder))


def _reads(line: str, parser: Lark, builder) -> bool:
    """Whether a card holding only `line` reads without an error."""
    with aside(builder) as found:
        try:
            parser.parse(f'card "_" {{\n{line}\n}}', start="item")
        except (UnexpectedInput, TooDeep):
            return False
        return not any(d.severity is Severity.ERROR for d in found)


_FIELD_NAMES = {spelling: name for name, others in CARD_FIELDS.items() for spelling in (name, *others)}


def field_meaning(spelling: str, profile: Profile | None) -> str:
    """The field a spelling of a card field stands for (`tipo` -> `type`, `valor` -> `value`)."""
    if spelling in _FIELD_NAMES:
        return _FIELD_NAMES[spelling]
    spec = profile.attribute(spelling) if profile else None
    return spec.name if spec else spelling
