"""What the deck grammar accepts next inside an effect: the words an editor may offer (`deckdsl.editor`).

`after(field, prefix)` reads `prefix` — the text of a `cost:`, `action:` or `condition:` field before the
cursor, up to the word being typed — with Lark's interactive parser (the deck parser itself, so the offer
is exactly what `deckdsl check` reads) and returns the terminals that may come next, with the tokens read.
`spellings` says which words a keyword terminal is written with (`keyword_spellings`).  A prefix that does
not read offers nothing: the error is the designer's to see first.
"""

from __future__ import annotations

from dataclasses import dataclass

from lark import Token
from lark.exceptions import LarkError

from .build import BUILDER, TooDeep
from .misspelt import aside
from .parse import deck_parser
from .words import spellings

EFFECT_FIELDS = ("cost", "action", "condition")
"""The card fields written in the effect language."""

MAX_PREFIX = 2_000
"""The longest prefix read (characters): an effect line is far shorter; a longer one offers nothing."""


@dataclass(frozen=True)
class Next:
    """What may follow a prefix: `terminals`, the names of the grammar's terminals that may come next
    (`GAIN`, `NAME`, `YOUR`, `THE` …), and `tokens`, the prefix's tokens as read (type and text)."""

    terminals: frozenset[str]
    tokens: tuple[tuple[str, str], ...]


def after(field: str, prefix: str) -> Next | None:
    """What the grammar accepts after `prefix` in the card field `field` (one of `EFFECT_FIELDS`), or None
    when `prefix` does not read (or is longer than `MAX_PREFIX`)."""
    if field not in EFFECT_FIELDS or len(prefix) > MAX_PREFIX or "\n" in prefix or "\r" in prefix:
        return None
    parser = deck_parser()
    with aside(BUILDER):
        try:
            interactive = parser.parse_interactive(f'card "_" {{\n  {field}: {prefix}', start="item")
            read: list[Token] = list(interactive.iter_parse())
            accepted = interactive.accepts()
        except (LarkError, TooDeep):
            return None
    tokens = tuple((token.type, str(token)) for token in read[6:])  # after `card "_" { NL field :`
    return Next(frozenset(accepted), tokens)


def reads(field: str, prefix: str) -> bool:
    """Whether `prefix` reads as the start of the field `field` (what every completion must keep)."""
    return after(field, prefix) is not None


def keyword_spellings(terminal: str) -> tuple[str, ...]:
    """The words a keyword terminal is written with (`GAIN` -> gain, gains; `THE` -> the)."""
    return spellings(deck_parser(), terminal)
