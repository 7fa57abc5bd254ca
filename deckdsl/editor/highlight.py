"""Pygments lexers for deck files (`*.deck`, `DeckLexer`) and game profiles (`*.game`, `GameLexer`).

They are registered as Pygments plugins (`pyproject.toml`, `pygments.lexers`), so anything that highlights
with Pygments finds them by name (```` ```deckdsl ```` or ```` ```deck ```` in MkDocs and Sphinx,
`pygmentize -l deckdsl`) or by file name.  The vocabulary below is the one source of the keyword lists:
the TextMate grammars of the VS Code extension are generated from it (`editors/vscode/generate.py`), and
tests keep it equal to the grammars' terminals (`grammars/deck.lark`) and the profile language's blocks.

Token types, and what they mark:

| token | deck files | game profiles |
|---|---|---|
| `Keyword.Declaration` | `deck`, `card`, `addendum`, `rules`, `print` (and Portuguese) | `game`, blocks (`zone` …) |
| `Name.Class` | | a block's name (`attribute rank`) |
| `Name.Attribute` | a field's name before `:` | a field's head before `:`, a table's keys |
| `Name.Constant` | a plain value (`pedra`, `janken-wars`), a type in an effect | a plain value (`pt-BR`) |
| `Keyword.Constant` | `value: *` | `yes`, `no` … |
| `Keyword` | the effects' verbs (`gain`, `discard` …) | |
| `Keyword.Reserved` | conditions and triggers (`if`, `whenever`, `then`, `may`, `discarded first` …) | |
| `Keyword.Pseudo` | the effects' other words (`a`, `card`, `from`, `chosen by` …) | |
| `Name.Builtin.Pseudo` | players and the card itself (`you`, `opponent's`, `this`, `it`) | |
| `Name.Variable` | a zone (`your domain`, `the table`, `opponent's discard pile`) | |
| `Name.Builtin` | the functions (`count`, `total`, `ceil`, `floor`) | |
| `String.Double`, `String.Escape` | texts | texts, and triple-quoted texts over several lines |
| `Comment.Single`, `Comment.Special` | `#` comments, `# deckdsl: allow CODE` | `#` comments |
| `Error` | a character the language does not have where it stands (`@`, a stray `}` …) | the same |

Only Pygments is imported: the module is loaded by any tool that lists Pygments' lexers.
"""

from __future__ import annotations

import re

from pygments.lexer import RegexLexer, bygroups, default, include
from pygments.token import (
    Comment,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Whitespace,
)

__all__ = ["DeckLexer", "GameLexer"]

# ------------------------------------------------------------------------------ vocabulary ---
# Deck files (grammars/deck.lark).

DECK_BLOCKS = ("deck", "baralho", "card", "carta", "addendum", "adendo")
"""The top-level blocks: `DECK`, `CARD`, `ADDENDUM`."""
DECK_SUBBLOCKS = ("rules", "regras", "print", "impressão", "impressao")
"""The header's blocks: its rule parameters, `RULES`, and how its cards look, `PRINT`."""
EFFECT_FIELDS = ("action", "ação", "acao", "cost", "custo", "condition", "condição", "condicao")
"""The fields whose value is written in the effect language: `ACTION`, `COST`, `CONDITION`."""
ORDER_FIELDS = ("order", "ordem")
"""The addendum's `order: "A" then "B"`: `ORDER`."""
VERBS = (
    "gain", "gains", "lose", "loses", "win", "wins", "discard", "discards", "swap", "swaps", "put", "puts",
    "get", "gets", "enter", "enters", "cancel",
)
"""What effects do: `GAIN`, `LOSE`, `WIN`, `DISCARD`, `SWAP`, `PUT`, `GET`, `ENTERS`, `cancel`."""
CONDITIONS = (
    "if", "when", "whenever", "then", "may", "must", "be", "discarded", "first", "last", "value",
)
"""When and whether effects happen: conditional steps, triggers, discard priorities, `value = …`."""
PLAYERS = ("you", "your", "opponent", "opponent's", "opponent’s", "this", "it", "its")
"""The players and the cards an effect refers to itself: `YOU`, `YOUR`, `OPPONENT`, `OPPONENTS`, `this`,
`it`."""
FUNCTIONS = ("count", "total", "ceil", "floor")
"""`FUNCTION`."""
EFFECT_WORDS = (
    "a", "an", "one", "two", "three", "four", "five", "all", "every", "each", "up", "to", "other", "another",
    "card", "cards", "star", "stars", "dispute", "action", "the", "top", "bottom", "on", "of", "type", "named",
    "with", "from", "in", "chosen", "by", "at", "random", "pile",
)
"""The rest of the effect language's words: quantities, card sets, filters, choosers."""
OWNERS = ("your", "opponent's", "opponent’s")
"""The words a player's zone follows (`your domain`)."""
ZONE_PREPOSITIONS = ("from", "in", "of")
"""The words a zone may follow without its owner (`a card from table`)."""
NOT_ZONES_AFTER_THE = ("top", "bottom", "action")
"""Words that follow `the` without being a zone (`the top 2 cards`, `on the bottom`, `cancel the action`)."""

# Game profiles (grammars/game.lark, deckdsl/profiles/profile.py).

GAME_BLOCKS = ("game", "jogo")
"""The profile's one block: `GAME`."""
PROFILE_BLOCKS = (
    "attribute", "property", "zone", "structure", "component", "rule", "reading", "dispute", "relation",
    "summary", "print",
)
"""The kinds of block a profile holds."""
BOOLEANS = ("yes", "no", "true", "false", "sim", "não", "nao")
"""The words of a yes-no field."""

# ---------------------------------------------------------------------------- expressions ---
# Shared with the TextMate grammars; each is accepted by Python's `re` and by Oniguruma alike.

NAME = r"[^\W\d](?:\w|-(?=\w))*"
"""A deck file's name: letters, then letters, digits, `_` and inner hyphens (`NAME`)."""
WORD = r"\w(?:\w|[-.](?=\w))*"
"""A profile's word: letters, digits, `_`, inner hyphens and dots (`WORD`)."""
START_OF_WORD = r"(?<![\w])"
"""Before a keyword: not in the middle of a word (after a digit, or a character the language lacks)."""
END_OF_WORD = r"(?![\w])"
"""After a keyword: what `\\b` means after a word character, spelt so that a typographic apostrophe ends
`opponent’s` the same way in both regex engines."""
NUMBER = r"[+-]?\d+(?![\w.-])"
"""A profile's number (`NUMBER`)."""
SYMBOL = r'[^\s\w"\[\]{}:;,#\u00a0]'
"""A profile's symbol, such as a suit (`SYMBOL`)."""
COMPARATOR = r"[<>]=?|[=!]="
ARITHMETIC = r"[-+*/×=]"
MODIFIER_X = r"x(?=\s*[\d(]|\s+[^\W\d])"
"""The `x` of `gets x2`, `gets x count(…)` (`MODIFIER_OP`)."""
DIRECTIVE = r"#[ \t]*deckdsl:[^\n\r]*"
"""A `# deckdsl: allow CODE` suppression."""
COMMENT = r"#[^\n\r]*"


def alternation(words: tuple[str, ...]) -> str:
    """`words` as one regex alternation, longest first (so `whenever` is tried before `when`)."""
    return "|".join(re.escape(word) for word in sorted(words, key=lambda word: (-len(word), word)))


def keyword(words: tuple[str, ...]) -> str:
    """A regex matching any of `words` as a whole word."""
    return rf"{START_OF_WORD}(?:{alternation(words)}){END_OF_WORD}"


SPACE = r"[\t \f\u00a0]"
"""A space within a line (`WS_INLINE`: the no-break space too)."""
INLINE = rf"{SPACE}+"
ZONE = rf"{NAME}(?:{SPACE}+pile{END_OF_WORD})?"
"""A zone after its owner (`your domain`, `opponent's discard pile`, `the table`)."""
NOT_A_KEYWORD = rf"(?!{keyword(VERBS + CONDITIONS + PLAYERS + FUNCTIONS + EFFECT_WORDS)})"
HEAD = rf"{WORD}(?:{SPACE}+{WORD})*(?:{SPACE}*,{SPACE}*{WORD}(?:{SPACE}+{WORD})*)*"
"""A profile field's head (`count per type, rarity`)."""
TITLE = r'"(?:[^"\\\n\r]|\\.)*"'
"""A one-line text (a block's title)."""
HEAD_REST = rf"(?:{SPACE}+{WORD}|{SPACE}*,{SPACE}*{WORD})*"
"""The words of a head after its first (a word follows a space or a comma, so that no word is read as two:
an expression that could split them takes exponential time to fail)."""
TEXT = rf'"""(?:[^"]|"(?!""))*"""|{TITLE}'
"""A profile's text, one-line or triple-quoted (`STRING`: a block's title or a table's key may be either)."""
BLOCK_OPENS = rf'(?={SPACE}*["{{])'
"""After a block's head: its title or its `{` (a head before a text can only be a block's)."""
BLOCK_AHEAD = rf"(?={HEAD_REST}{BLOCK_OPENS})"
"""After a profile block's kind: the rest of its head, then its title or `{`."""


def _nothing(lexer, match):
    """A zero-width match's action: no token (a state change alone)."""
    return iter(())


def _scalars(then: tuple[str, ...]) -> list:
    """A profile's scalar (a text, a number, a yes-no word, a word or a symbol), then the states `then`."""
    return [
        (r'"""', String.Double, (*then, "tdq")),
        (r'"', String.Double, (*then, "dq")),
        (NUMBER, Number.Integer, then),
        (keyword(BOOLEANS) + r"(?![-.]\w)", Keyword.Constant, then),
        (WORD, Name.Constant, then),
        (SYMBOL, String.Symbol, then),
    ]


def _string_states() -> dict[str, list]:
    """A text between double quotes; one left open ends with its line."""
    return {
        "dq": [
            (r'[^"\\\n\r]+', String.Double),
            (r"\\(?:x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)", String.Escape),
            (r'"', String.Double, "#pop"),
            (r"\\", String.Double),
            default("#pop"),
        ],
    }


class DeckLexer(RegexLexer):
    """Deck files: the `deck` header, `card`s and `addendum`s, and the effect language of their
    `action:`, `cost:` and `condition:` fields."""

    name = "deckdsl"
    aliases = ["deckdsl", "deck"]
    filenames = ["*.deck"]
    mimetypes = ["text/x-deckdsl"]

    tokens = {
        "space": [
            (r"\s+", Whitespace),
            (DIRECTIVE, Comment.Special),
            (COMMENT, Comment.Single),
        ],
        "string": [
            (r'"', String.Double, "dq"),
        ],
        # Between blocks: the block keywords and their titles (and fields, so that a fragment of a card
        # highlights as it would inside one).
        "root": [
            include("space"),
            (keyword(DECK_BLOCKS), Keyword.Declaration),
            include("fields"),
        ],
        # Inside a block: fields, one per line, and the header's `rules { }`.
        "block": [
            include("space"),
            (r"\}", Punctuation, "#pop"),
            include("fields"),
        ],
        "fields": [
            (rf"({keyword(DECK_SUBBLOCKS)})({SPACE}*)(\{{)", bygroups(Keyword.Declaration, Whitespace, Punctuation),
             "block"),
            (rf"({keyword(EFFECT_FIELDS)})({SPACE}*)(:)", bygroups(Name.Attribute, Whitespace, Punctuation), "effect"),
            (rf"({keyword(ORDER_FIELDS)})({SPACE}*)(:)", bygroups(Name.Attribute, Whitespace, Punctuation), "order"),
            (rf"({NAME})({SPACE}*)(:)", bygroups(Name.Attribute, Whitespace, Punctuation), "value"),
            (r"\{", Punctuation, "block"),
            include("string"),
            (NAME, Name),
        ],
        "line": [  # what every field's value may hold, to the end of its line or the block's `}`
            (r"\r?\n|\r", Whitespace, "#pop"),
            (INLINE, Whitespace),
            (r"(?=\})", _nothing, "#pop"),
            (DIRECTIVE, Comment.Special),
            (COMMENT, Comment.Single),
            include("string"),
        ],
        # A plain field: a word, a text, a number, `*`, a list or a table (`{ rock: "#7a5230" }`).
        "value": [
            (r"\{", Punctuation, "table"),
            include("line"),
            (r"-?\d+", Number.Integer),
            (r"\*", Keyword.Constant),
            (r"[\[\],]", Punctuation),
            (NAME, Name.Constant),
        ],
        "table": [  # on one line: the line's end ends it, and the field
            (r"(?=\r?\n|\r)", _nothing, "#pop"),
            (r"\}", Punctuation, "#pop"),
            include("line"),
            (r"[,:]", Punctuation),
            (r"-?\d+", Number.Integer),
            (NAME, Name.Constant),
        ],
        # `order: "A" then "B"`.
        "order": [
            include("line"),
            (keyword(("then",)), Keyword.Reserved),
        ],
        # The effect language.
        "effect": [
            include("line"),
            (rf"({keyword(OWNERS)})({INLINE})({ZONE})",
             bygroups(Name.Builtin.Pseudo, Whitespace, Name.Variable)),
            (rf"{START_OF_WORD}(the)({INLINE})(?!{keyword(NOT_ZONES_AFTER_THE)})({ZONE})",
             bygroups(Keyword.Pseudo, Whitespace, Name.Variable)),
            (rf"({keyword(ZONE_PREPOSITIONS)})({INLINE}){NOT_A_KEYWORD}({ZONE})",
             bygroups(Keyword.Pseudo, Whitespace, Name.Variable)),
            (rf"{START_OF_WORD}(type)({INLINE})({NAME})", bygroups(Keyword.Pseudo, Whitespace, Name.Constant)),
            (rf"{START_OF_WORD}(dispute)({INLINE})(with)({INLINE})({NAME})",
             bygroups(Keyword.Pseudo, Whitespace, Keyword.Pseudo, Whitespace, Name.Constant)),
            (rf"{START_OF_WORD}(gets?)({SPACE}*)({MODIFIER_X})", bygroups(Keyword, Whitespace, Operator)),
            (keyword(VERBS), Keyword),
            (keyword(CONDITIONS), Keyword.Reserved),
            (keyword(PLAYERS), Name.Builtin.Pseudo),
            (keyword(FUNCTIONS), Name.Builtin),
            (keyword(EFFECT_WORDS), Keyword.Pseudo),
            (NAME, Name),
            (r"\d+", Number.Integer),
            (COMPARATOR, Operator),
            (ARITHMETIC, Operator),
            (r"[();,:]", Punctuation),
        ],
        **_string_states(),
    }


class GameLexer(RegexLexer):
    """Game profiles: one `game` block of fields (`head: value`) and blocks (`kind name { … }`), whose
    values are words, numbers, symbols, texts, lists and tables."""

    name = "deckdsl game profile"
    aliases = ["deckdsl-game", "game"]
    filenames = ["*.game"]
    mimetypes = ["text/x-deckdsl-game"]

    tokens = {
        "space": [
            (r"\s+", Whitespace),
            (COMMENT, Comment.Single),
        ],
        "string": [
            (r'"""', String.Double, "tdq"),
            (r'"', String.Double, "dq"),
        ],
        "tdq": [
            (r'[^"]+', String.Double),
            (r'"""', String.Double, "#pop"),
            (r'"', String.Double),
        ],
        "root": [
            include("space"),
            (keyword(GAME_BLOCKS), Keyword.Declaration),
            include("string"),
            include("entries"),  # a fragment of a profile highlights as it would inside the `game` block
        ],
        # A block's body: fields and blocks, separated by new lines or `;`.
        "body": [
            include("space"),
            (r"\}", Punctuation, "#pop"),
            include("entries"),
        ],
        "entries": [
            (r";", Punctuation),
            (rf"{keyword(PROFILE_BLOCKS)}{BLOCK_AHEAD}", Keyword.Declaration, "blockhead"),
            (rf"{WORD}{BLOCK_AHEAD}", Name, "blockhead"),
            (rf"(?={HEAD}{SPACE}*:)", _nothing, "fieldhead"),
            (r"\{", Punctuation, "body"),
            (WORD, Name),
        ],
        "blockhead": [
            (rf"{SPACE}+", Whitespace),
            (r"\r?\n|\r", Whitespace, "#pop"),
            (r",", Punctuation),
            (WORD, Name.Class),
            include("string"),
            (r"\{", Punctuation, ("#pop", "body")),
        ],
        "fieldhead": [
            (rf"{SPACE}+", Whitespace),
            (r",", Punctuation),
            (WORD, Name.Attribute),
            (r":", Punctuation, ("#pop", "value")),
        ],
        # A field's value: one scalar, list or table, to the end of its line, a `;` or the block's `}` (a
        # list or a table may go on over several lines).
        "value": [
            include("end"),
            (r"\[", Punctuation, ("#pop", "end", "list")),
            (r"\{", Punctuation, ("#pop", "end", "map")),
            *_scalars(("#pop", "end")),
        ],
        "end": [  # after a value: nothing more on its line
            (r"\r?\n|\r", Whitespace, "#pop"),
            (INLINE, Whitespace),
            (COMMENT, Comment.Single),
            (r"(?=[;}])", _nothing, "#pop"),
        ],
        "list": [
            include("space"),
            (r",", Punctuation),
            (r"\]", Punctuation, "#pop"),
            (r"(?=\})", _nothing, "#pop"),
            *_scalars(("separator",)),
        ],
        "separator": [  # after an item of a list or a table: a `,`, the end of the line, or the closing bracket
            (INLINE, Whitespace),
            (COMMENT, Comment.Single),
            (r",", Punctuation, "#pop"),
            (r"\r?\n|\r", Whitespace, "#pop"),
            (r"(?=[\]}])", _nothing, "#pop"),
        ],
        "map": [
            include("space"),
            (r",", Punctuation),
            (r"\}", Punctuation, "#pop"),
            (rf"({TEXT})({SPACE}*)(:)", bygroups(String.Double, Whitespace, Punctuation), "entry"),
            (rf"((?:{NUMBER}|{WORD}|{SYMBOL}))({SPACE}*)(:)", bygroups(Name.Attribute, Whitespace, Punctuation),
             "entry"),
            *_scalars(("separator",)),
        ],
        # A table's value: a scalar or a list, then a `,`, the end of the line or the table's `}`.
        "entry": [
            (INLINE, Whitespace),
            (COMMENT, Comment.Single),
            (r"(?=[,}\n\r])", _nothing, "#pop"),
            (r"\[", Punctuation, ("#pop", "separator", "list")),
            *_scalars(("#pop", "separator")),
        ],
        **_string_states(),
    }
