"""Syntax diagnostics: turn Lark's `UnexpectedInput` for one block into a friendly DK0xx diagnostic.

In order: an unterminated string (DK003); a phrase from another card game that deckdsl writes another
way (`draw 2 cards`: `deckdsl.lang.slips`, whose help gives the deckdsl phrase); a misspelt keyword, where the parser
stopped or just before (DK004, with "did you mean"); a misspelt field name whose value then failed
(DK101); a failure that matches one of the labelled examples (Lark's `match_examples`); else
"unexpected …" with what was expected.  A block left open is reported once, at its `{` (DK002).

What was expected is said in the designer's words, never with the grammar's terminal names: each terminal
reads as the word it matches (`GAIN` -> `gain`, derived from the grammar), or as `READINGS` says for the
few that are not words (`STRING` -> a text in quotes); the words a construct begins are gathered into one
phrase (`an action step (`gain`, `discard` …)`), and what cannot follow what was written is left out
(`+` after a set of cards, `pile` after anything but `discard`).
"""

from __future__ import annotations

import re
from copy import copy
from dataclasses import dataclass, replace

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..diagnostics import Diagnostic, Edit, Fix, Label
from ..profiles.profile import DEFAULT_PROFILE, Profile
from ..said import Said, said
from ..span import Span
from . import ast
from .ast import CARD_FIELDS, META_FIELDS
from .build import unquote
from .misspelt import aside, header_moves, keyword_fix, misspelt_before, unknown_field
from .slips import blank_strings, slip
from .spelling import suggest
from .words import is_keyword, known, spellings

# ----------------------------------------------------------------- the grammar in the designer's words ---

_A_NUMBER = said("read-a-number", "a number")
READINGS: dict[str, str] = {
    # terminals that are not a word a designer types
    "_NL": said("read-end-of-line", "the end of the line"), "$END": said("read-end-of-block", "the end of the block"),
    "NAME": said("read-a-name", "a name"), "STRING": said("read-a-text", 'a text in quotes ("…")'),
    "INT": _A_NUMBER, "SIGNED_INT": _A_NUMBER,
    "COMPARATOR": said("read-a-comparison", "a comparison (`>=`, `<=`, `==` …)"),
    "MODIFIER_OP": said("read-operator-and-amount", "an operator and an amount (`+1`, `-1`, `x2`, `= 0`)"),
    "OPPONENTS": "`opponent's`",
    # keywords that read better as what they stand for than as their first spelling
    "NUMBER_WORD": _A_NUMBER, "FUNCTION": said("read-a-function", "a function (`count(…)`, `total(…)` …)"),
    "PILE": "`discard pile`", "FIRST_OR_LAST": said("read-or", "{items} or {last}", items="`first`", last="`last`"),
    "CARD_WORD": "`card(s)`", "STARS_WORD": "`star(s)`",
}
"""How the terminals that are not plain keywords read in a message, by terminal name.  Every other terminal
reads as its first spelling (`PHRASES` when that word only starts a phrase); a test checks that every
terminal of the grammar has a reading, so a new keyword cannot show its terminal name."""

PHRASES: dict[str, str] = {
    "at": "`at random`", "chosen": "`chosen by`", "up": "`up to`", "named": '`named "…"`',
    "must": "`must be discarded`", "be": "`be discarded`",
    "discarded": said("read-or", "{items} or {last}", items="`discarded first`", last="`discarded last`"),
    "top": "`top card of the deck`", "bottom": "`bottom of the deck`", "on": "`on the bottom of the deck`",
    "enter": "`enters it`", "its": "`its action`",
}
"""Words that only begin a phrase, by word: the phrase is what the designer writes."""

_STEPS = ("gain", "discard", "swap", "put", "lose", "cancel", "may", "if")
_EVENTS = ("gain", "discard", "win", "lose")
_OPERAND = ("all", "another", "card", "other", "this", "it", "top", "the", "your", "up", "(", "-")
_OPERAND_TERMINALS = ("NAME", "INT", "NUMBER_WORD", "FUNCTION", "OPPONENTS")
_OPERATORS = ("+", "-", "*", "/")
_NUMERIC_BEFORE = {"=", "+", "-", "*", "/", "x", "×", "<", ">", "<=", ">=", "==", "!=", "if", "ceil", "floor"}
_MAX_SHOWN = 6


def _word(parser: Lark, terminal: str) -> str | None:
    """The word `terminal` stands for (its first spelling), or None for a terminal that is not a word."""
    spelled = spellings(parser, terminal)
    return spelled[0] if spelled else None


def reading(parser: Lark, terminal: str) -> str | None:
    """How `terminal` reads in a message (`GAIN` -> `` `gain` ``, `STRING` -> a text in quotes), or None
    when the grammar has a terminal nobody told this module how to say."""
    if terminal in READINGS:
        return READINGS[terminal]
    word = _word(parser, terminal)
    return None if word is None else PHRASES.get(word, f"`{word}`")


@dataclass(frozen=True)
class _Context:
    """What was written before the error, to say what may follow it."""

    before: tuple[str, ...]
    """The last words and signs of the line before the error (`("from", "your")`)."""
    previous: object
    """The last value the parser had read: a token or a node of `deckdsl.lang.ast` (None if unknown)."""
    profile: Profile | None
    block: str
    """`card`, `deck`, `addendum` (English) or `` when the block's keyword could not be read."""

    def last(self, back: int = 1) -> str:
        return self.before[-back].casefold() if len(self.before) >= back else ""


_LOOK_BEHIND = 200
"""How far back on its line `_context` reads the words before an error (it keeps the last three): a line of
megabytes, read once per error, made one fuzzed file take minutes (fuzz/findings, syntax_140)."""
_BEFORE = re.compile(r"[^\W\d][\w'’]*(?:-\w+)*|\d+|[<>=!]=|[^\w\s]")


def _block(parser: Lark, source: str) -> str:
    """The kind of block `source` is (`card` for `carta` too), or `` when its keyword cannot be read."""
    first = source.split(None, 1)
    for kind in ("card", "deck", "addendum"):
        if first and first[0] in spellings(parser, kind.upper()):
            return kind
    return ""


def _context(text: str, offset: int, error: UnexpectedInput, profile: Profile | None, block: str) -> _Context:
    line_start = max(text.rfind("\n", 0, offset) + 1, offset - _LOOK_BEHIND)
    before = tuple(_BEFORE.findall(blank_strings(text[line_start:offset])))
    values = getattr(getattr(error, "state", None), "value_stack", None)
    return _Context(before[-3:], values[-1] if values else None, profile, block)


def _numeric(value: object) -> bool:
    """Whether the parser's last value is a number an operator may continue (`2`, `count(…)`, `)`)."""
    if isinstance(value, Token):
        return bool(re.fullmatch(r"-?\d+|\)", str(value)))
    return isinstance(value, (ast.Number, ast.BinaryOp, ast.Negate, ast.Function))


def _listed(words: list[str]) -> str:
    return words[0] if len(words) == 1 else said("read-or", "{items} or {last}", items=_joined(words[:-1]),
                                                 last=words[-1])


def _joined(words: list[str]) -> str:
    if not any(isinstance(word, Said) for word in words):
        return ", ".join(words)
    joined = words[0]
    for word in words[1:]:
        joined = said("read-comma", "{head}, {item}", head=joined, item=word)
    return joined


def _name(context: _Context) -> str:
    """What a NAME stands for, from the words before it."""
    profile, last = context.profile, context.last()
    if last in ("type", "with"):
        return said("read-a-type-name", "a type name")
    if last in ("your", "opponent's", "opponent’s", "the", "from", "in", "of"):
        zones = list(profile.zones.values()) if profile else []
        if last == "the":
            zones = [z for z in zones if z.shared]
        elif last in ("your", "opponent's", "opponent’s"):
            zones = [z for z in zones if not z.shared]
        # `discard pile`, as it is written with the keyword `pile`, rather than `discard`
        names = [f"`{z.name} pile`" if f"{z.name} pile" in z.aliases else f"`{z.name}`" for z in zones]
        return said("read-a-zone-of", "a zone ({zones})", zones=_listed(names)) if names else said("read-a-zone",
                                                                                                      "a zone")
    return READINGS["NAME"]


def _string(context: _Context) -> str:
    """What a STRING stands for, from the words before it."""
    last = context.last()
    if last == "named" or (context.block == "addendum" and last in (":", "then") and "order" in context.before):
        return said("read-card-name-in-quotes", 'a card name in quotes ("…")')
    if len(context.before) == 1 and context.block:  # `card` and its name
        return said("read-name-in-quotes", 'a name in quotes ("…")')
    return READINGS["STRING"]


def _describe(parser: Lark, terminals: set[str], context: _Context | None = None) -> str:
    """What the parser expected (`terminals`), in the designer's words: the words a construct begins are
    one phrase, what cannot follow what was written is left out, at most `_MAX_SHOWN` items."""
    context = context or _Context((), None, None, "")
    terminals = set(terminals) - set(parser.lexer_conf.ignore)
    words: dict[str, set[str]] = {}
    for terminal in terminals:
        word = _word(parser, terminal)
        if word is not None:
            words.setdefault(word, set()).add(terminal)
    phrases: list[str] = []
    taken: set[str] = set()

    def take(*names: str) -> None:
        for name in names:
            taken.update(words.get(name, ()))
            if name.isupper() or name.startswith(("_", "$")):
                taken.add(name)

    last = context.last()
    third_person = last == "opponent"
    if {"gain", "discard", "swap", "put"} <= words.keys():
        steps = [f"`{s}{'s' if third_person and s not in ('may',) else ''}`" for s in _STEPS if s in words]
        if last in ("you", "opponent"):
            phrases.append(said("read-a-verb", "a verb ({verbs})", verbs=_listed(steps)))
        elif "opponent" in words:
            phrases.append(said("read-action-step-who", "an action step ({steps}, with `opponent` in front when the "
                                "other player acts)", steps=_listed(steps)))
        else:
            phrases.append(said("read-action-step", "an action step ({steps})", steps=_listed(steps)))
        take(*_STEPS, "you", "opponent")
    elif {"gain", "discard", "win", "lose"} <= words.keys():
        s = "s" if third_person else ""
        events = [f"`gain{s} …`", f"`discard{s} …`", f"`win{s} a dispute`", f"`lose{s} a dispute`"]
        phrases.append(said("read-an-event", "an event ({events})", events=_listed(events)))
        take(*_EVENTS)
    if {"copies", "value", "action"} <= words.keys() and "NAME" in terminals:
        attributes = [a.name for a in context.profile.written_attributes()] if context.profile else []
        fields = [f"`{f}`" for f in (*attributes, *CARD_FIELDS) if f in words or f in attributes]
        phrases.append(said("read-a-field", "a field ({fields})", fields=_listed(fields)))
        take(*CARD_FIELDS, "NAME")
    elif context.block == "deck" and "rules" in words and "NAME" in terminals:
        phrases.append(said("read-a-field", "a field ({fields})", fields=_listed([f"`{f}`" for f in (*META_FIELDS,
                                                                                                    "rules")])))
        take("rules", "NAME")
    if {"deck", "card", "addendum"} <= words.keys():
        phrases.append(_listed(["`deck`", "`card`", "`addendum`"]))
        take("deck", "card", "addendum")
    if {"at", "chosen"} <= words.keys():
        phrases.append(said("read-who-chooses", "who chooses ({ways})",
                            ways=_listed(["`chosen by you`", "`chosen by opponent`", "`at random`"])))
        take("at", "chosen")
    if {"card", "this"} <= words.keys() and "NAME" in terminals:
        if {"discarded", "value"} <= words.keys():
            phrases.append(said("read-a-condition", "a condition (`value = …`, cards that `get +1`, `discarded first` "
                                "or `whenever …: …`)"))
            take("discarded", "must", "value", "whenever")
        elif last in ("lose", "loses"):
            phrases.append(said("read-stars", "a number of stars (`1 star`)"))
        else:
            cards = said("read-cards", "cards (`a card from the table`, `this`, `your domain`, `top card of the deck` "
                         "…)")
            number = said("read-a-number-like", "a number (`2`, `count(your domain)` …)")
            counted = last == "(" and context.last(2) in ("count", "total")
            if last in _NUMERIC_BEFORE or (last == "(" and not counted):
                phrases.append(number)
            elif last in ("gain", "gains"):
                phrases += [cards, said("read-stars", "a number of stars (`1 star`)")]
            elif counted or last in ("discard", "discards", "swap", "swaps", "put", "puts", "with", "of"):
                phrases.append(cards)
            else:
                phrases += [cards, number]
        take(*_OPERAND, *_OPERAND_TERMINALS)
    if "+" in words or "/" in words:
        if _numeric(context.previous):
            phrases.append(said("read-an-operator", "an operator ({operators})",
                                operators=_listed(["`+`", "`-`", "`*`", "`/`"])))
        else:  # `+` after a set of cards, `*` after `value:`'s … is nothing a designer means
            take("STARS_WORD")
        take(*_OPERATORS)
    if "get" in words and "whenever" in words:  # after the cards of a modifier: it picks them on entry
        phrases.append("`when this card enters it`")
        take("whenever")
    if "PILE" in terminals:
        profile = context.profile
        discard = f"{last} pile"
        if (profile.zone(discard) if profile else discard == "discard pile"):
            phrases.append(f"`pile` (`{discard}`)")
        take("PILE")
    if "_NL" in terminals:
        take("RBRACE")
    items = list(phrases)
    rest: list[tuple[int, str]] = []
    for terminal in terminals - taken:
        if terminal == "NAME":
            shown = _name(context)
        elif terminal == "STRING":
            shown = _string(context)
        else:
            shown = reading(parser, terminal) or said("read-something-else", "something else")
        rank = 4 if terminal in ("_NL", "$END") else 1 if re.match(r"`\w", shown) else 3 if shown[0] == "`" else 2
        rest.append((rank, shown))
    items += [shown for _, shown in sorted(rest)]
    items = list(dict.fromkeys(items))
    if len(items) > _MAX_SHOWN:
        others = len(items) - (_MAX_SHOWN - 1)
        items = items[: _MAX_SHOWN - 1] + [said("read-other-words", "one of {count} other words", count=others)]
    return _listed(items) if items else said("read-something-else", "something else")


def _accepted(error: UnexpectedInput, fallback) -> set[str]:
    """The terminals the parser would have taken where it stopped: each is tried on a copy of its state
    (what Lark's `accepts` does for a token error, here for a character error too), memoized by the
    state's stack; `fallback()` gives them when the error has no parser state."""
    state = getattr(error, "state", None)
    stack = getattr(state, "state_stack", None)
    if stack is None:
        return set(fallback() or ())
    key = tuple(stack)
    if key not in _ACCEPTED:
        if len(_ACCEPTED) > 4096:
            _ACCEPTED.clear()
        conf = state.parse_conf
        bare = copy(conf)  # the same tables, without the builder's callbacks (as Lark's `accepts` does)
        bare.callbacks = {}
        accepted = set()
        for terminal in conf.states[state.position]:
            if not terminal.isupper():
                continue
            trial = type(state)(bare, state.lexer, list(stack), list(state.value_stack))
            try:
                trial.feed_token(Token(terminal, ""), is_end=terminal == "$END")
            except Exception:  # UnexpectedToken, or the end state reached early
                continue
            accepted.add(terminal)
        _ACCEPTED[key] = frozenset(accepted)
    return set(_ACCEPTED[key]) or set(fallback() or ())


_ACCEPTED: dict[tuple, frozenset[str]] = {}


def _close_string(text: str, quote: int) -> Fix:
    """The unsafe fix of DK003: a closing quote at the end of the string's line (before trailing spaces) —
    where the text was meant to end is a guess."""
    line_end = text.find("\n", quote)
    end = end_of_content(text, quote + 1, len(text) if line_end < 0 else line_end)
    return Fix(said("read-close-string", "close the string at the end of its line"),
               (Edit(Span.point(text, end), '"'),), safe=False)


def unclosed(text: str, chunk) -> Diagnostic:
    """DK002 for a block (`chunk`: its `start`, `end` and `open_brace` offsets, and `depth`, the braces
    left open) that was never closed.

    Its fix writes the missing `}` where the block ends: before the next block, or at the end of the file.
    That is where the scanner already closed it, so the fix is safe when only the block itself was left
    open; when a `{` inside it (a `rules` block) is open too, where that one ends is a guess: unsafe."""
    assert chunk.open_brace is not None
    head = text[chunk.start : chunk.open_brace].strip()
    brace = Span.of_range(text, chunk.open_brace, chunk.open_brace + 1)
    cut = Span.point(text, end_of_content(text, chunk.start, chunk.end))
    line_start = text.rfind("\n", 0, chunk.start) + 1
    indent = text[line_start : chunk.start] if not text[line_start : chunk.start].strip() else ""
    depth = max(1, getattr(chunk, "depth", 1))
    closing = "".join(f"\n{indent}{'  ' * level}}}" for level in reversed(range(depth)))
    fix = Fix(said("add-brace", "add `}}` at the end of the block") if depth == 1 else
              said("read-add-braces", "add {count} `}}` at the end of the block", count=depth),
              (Edit(cut, closing),), safe=depth == 1)
    named = re.match(r'(\w+)\s+("(?:[^"\\\n\r]|\\.)*+")', head)
    where = {"line": brace.line, "column": brace.column}
    if named:
        message = said("unclosed-named", "missing closing brace for {kind} `{name}` opened at {line}:{column}",
                       kind=named.group(1), name=unquote(named.group(2)), **where)
    elif head:
        message = said("unclosed-keyword", "missing closing brace for `{kind}` opened at {line}:{column}",
                       kind=head.split()[0], **where)
    else:
        message = said("unclosed-block", "missing closing brace for a block opened at {line}:{column}", **where)
    return Diagnostic(
        "DK002", message, brace, labels=(Label(cut, said("block-ends-here", "the block should end here")),),
        help=said("add-brace", "add `}}` at the end of the block"), fix=fix,
    )


# Friendly names for common mistakes: Lark's `match_examples` matches a failure to the example that
# fails in the same parser state (docs: lark "error_reporting_lalr").
_LABELLED_EXAMPLES: dict[str, list[str]] = {
    said("read-label-colon", "missing `:` between the field name and its value"): [
        'card "A" {\n value 2\n}', 'card "A" {\n type rock\n}', 'card "A" {\n copies 2\n}',
        'card "A" {\n action discard a card from the table\n}', 'card "A" {\n flavor "x"\n}',
        'deck "A" {\n game janken-wars\n}', 'deck "A" {\n rules {\n star_cost 8\n }\n}',
        'deck "A" {\n game: a\n rules {\n star_cost 8\n }\n}', 'deck "A" {\n rules {\n a: 1\n star_cost 8\n }\n}',
    ],
    said("read-label-quotes", "the name of a card goes in double quotes"): [
        'card A {\n}', "card 'A' {\n}", "card A B {\n}",
    ],
    said("read-label-own-line", "each field goes on its own line"): [
        'card "A" {\n value: 2 copies: 3\n}', 'card "A" {\n type: rock rarity: simple\n}',
        'card "A" {\n flavor: "x" art: "y"\n}',
    ],
    said("read-label-value", "`value:` takes a whole number (negative allowed) or `*`"): [
        'card "A" {\n value: two\n}', 'card "A" {\n value: 2.5\n}', 'card "A" {\n value: "2"\n}',
    ],
    said("read-label-copies", "`copies:` takes a whole number"): [
        'card "A" {\n copies: two\n}', 'card "A" {\n copies: -1\n}', 'card "A" {\n copies: "2"\n}',
    ],
    said("read-label-where", "say where the cards are, like `a card from the table` or `all cards in your domain`"): [
        'card "A" {\n action: discard a card\n}', 'card "A" {\n action: gain two cards\n}',
        'card "A" {\n action: discard all cards\n}',
    ],
    said("read-label-no-effect", "an effect is missing after `:`"): [
        'card "A" {\n action:\n}', 'card "A" {\n condition:\n}',
    ],
    said("read-label-block", "a block starts with `deck`, `card` or `addendum` and a quoted name"): [
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
    with aside(builder):
        try:
            return error.match_examples(
                lambda text: parser.parse(text, start="item"), _LABELLED_EXAMPLES,
                token_type_match_fallback=True, use_accepts=True,
            )
        except Exception:  # an example that parses (a grammar change) must not break error reporting
            return None


def syntax_error(text: str, source: str, chunk, error: UnexpectedInput, parser: Lark, builder) -> Diagnostic:
    """The diagnostic for a block that failed to parse: `source` is the block as parsed, `chunk` where it
    is in `text`; `builder` is the parser's `deckdsl.lang.build.Builder` (its profile, and its state to keep
    while the labelled examples are parsed)."""
    def at(line: int, column: int, width: int = 1) -> Span:
        local = Span.offset(source, line, column)
        start = chunk.start + min(local, len(text) - chunk.start)
        return Span.of_range(text, start, min(start + width, len(text)))

    profile = builder.profile
    block = _block(parser, source)

    def failed(message: str, span: Span, expected: set[str], instead: str | None = None) -> Diagnostic:
        """DK001 at `span`: the help is the deckdsl phrase for a slip written there, else what was expected."""
        described = _describe(parser, expected, _context(text, span.start, error, profile, block))
        if instead:
            return Diagnostic("DK001", message, span, help=instead,
                              notes=(said("read-expected", "expected {what}", what=described),))
        return Diagnostic("DK001", message, span, help=said("read-expected", "expected {what}", what=described))

    if isinstance(error, UnexpectedCharacters):
        char = source[error.pos_in_stream] if error.pos_in_stream < len(source) else ""
        span = at(error.line, error.column)
        if char == '"':
            return Diagnostic(
                "DK003", said("unclosed-string", "this string has no closing quote"), span,
                help=said("unclosed-string-help", 'end the text with `"` on the same line'),
                fix=_close_string(text, span.start),
            )
        shown = repr(char)[1:-1] if char.isprintable() else f"U+{ord(char):04X}"
        label = _label(error, parser, builder)
        message = (said("read-labelled-character", "{label}: unexpected character `{char}`", label=label, char=shown)
                   if label else said("read-unexpected-character", "unexpected character `{char}`", char=shown))
        return failed(message, span, _accepted(error, lambda: error.allowed), slip(text, span.start))
    if isinstance(error, UnexpectedEOF):
        span = Span.point(text, chunk.end)
        return failed(said("read-unexpected-end", "unexpected end of the block"), span, set(error.expected),
                      slip(text, span.start))
    assert isinstance(error, UnexpectedToken)
    token = error.token
    expected = _accepted(error, lambda: error.accepts or error.expected)
    if token.type == "$END":
        span = Span.point(text, end_of_content(text, chunk.start, chunk.end))
        return failed(said("read-ends-early", "the block ends too early"), span, expected, slip(text, span.start))
    written = str(token)
    width = max(1, len(written)) if token.line == token.end_line else 1
    span = at(token.line, token.column, width)
    glued = _glued_word(text, span.start)
    if glued is not None:  # `your` read as the keyword `you` and an `r`: the whole word is what was written
        span, written = glued, text[glued.start : glued.end]
    instead = slip(text, span.start)
    if not instead:
        terminal_of = {w: t for t in sorted(expected) for w in spellings(parser, t) if is_keyword(w)}
        keywords = list(terminal_of)
        if not known(written, parser, profile) and (
            token.type == "NAME" or (keywords and re.fullmatch(r"\w+", written))
        ):
            suggestion = suggest(written, keywords, terminal_of.get)
            if suggestion:
                moves = terminal_of.get(suggestion.word) == "DECK" and header_moves(
                    source, span.start - chunk.start, written, suggestion.word, parser, builder)
                return Diagnostic("DK004", said("unknown-word", "unknown word `{word}`", word=written), span,
                                  help=suggestion.help,
                                  notes=(moves,) if moves else (),
                                  fix=keyword_fix(text, span, written, replace(suggestion, safe=suggestion.safe and
                                                                               not moves), parser, builder))
        # in the header, a name before a missing `:` is a field or a rule parameter, not a keyword typo
        explained = (
            (misspelt_before(text, span.start, parser, builder) if block != "deck" or expected != {"COLON"} else None)
            or (unknown_field(text, span.start, parser, builder) if block in ("card", "") else None)
        )
        if explained:
            return explained
    label = _label(error, parser, builder)
    if token.type == "_NL":
        message = (said("read-labelled-line-end", "{label} (found end of line)", label=label) if label else
                   said("read-unexpected-line-end", "unexpected end of line"))
    else:
        message = (said("read-labelled-found", "{label} (found `{word}`)", label=label, word=written) if label else
                   said("read-unexpected", "unexpected `{word}`", word=written))
    found = failed(message, span, expected, instead)
    if expected == {"COLON"} and token.type != "_NL" and not instead:
        return replace(found, fix=_colon(text, span.start, block, profile))
    return found


_GAME_BEFORE = re.compile(r"(?<![\w-])game[ \t]*+$")
_GAME_NAMED = re.compile(r'"?+([\w-]++)')


def _colon(text: str, offset: int, block: str, profile: Profile | None) -> Fix | None:
    """The fix of a missing `:` between a field's name and its value (`condition discarded first`): the
    grammar takes nothing else there, so it goes right after the name — safe, except for a header's `game`
    naming a game the deck is not read with now (every card would read otherwise: `check.fixes`)."""
    at = offset
    while at > 0 and text[at - 1] in " \t":
        at -= 1
    if at == offset or not _is_word(text[at - 1]):
        return None
    safe = True
    if block == "deck" and _GAME_BEFORE.search(text, max(0, at - 40), offset):
        named = _GAME_NAMED.match(text, offset)
        read_as = profile.id if profile is not None else DEFAULT_PROFILE  # a header that does not read: the default
        safe = named is not None and named.group(1) == read_as
    return Fix(said("read-add-colon", "add `:` after the field name"), (Edit(Span.point(text, at), ":"),), safe=safe)


def _glued_word(text: str, offset: int) -> Span | None:
    """The word around `offset` when the parser split it (`your` after `action:` is read as the keyword
    `you` and an `r`), else None."""
    if not (0 < offset < len(text) and _is_word(text[offset]) and _is_word(text[offset - 1])):
        return None
    start = end = offset
    while start > 0 and _is_word(text[start - 1]):
        start -= 1
    while end < len(text) and _is_word(text[end]):
        end += 1
    return Span.of_range(text, start, end)


def _is_word(char: str) -> bool:
    return char.isalnum() or char == "_"


def end_of_content(text: str, start: int, end: int) -> int:
    """`end` moved back over trailing whitespace, not before `start`."""
    while end > start and text[end - 1].isspace():
        end -= 1
    return end

