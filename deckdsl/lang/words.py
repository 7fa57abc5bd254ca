"""The words of the deck grammar: the spellings each terminal accepts, the keywords a typo may be near, and
whether a word is one the language knows (a keyword, or one of the profile's names) — what the syntax
errors (`deckdsl.lang.syntax`) and the misspelling explanations (`deckdsl.lang.misspelt`) both read."""

from __future__ import annotations

import re
from functools import cache

from lark import Lark

from ..profiles.profile import Profile


@cache
def spellings(parser: Lark, terminal: str) -> tuple[str, ...]:
    """The words a keyword terminal accepts (`DISCARD` -> discard, discards)."""
    if terminal == "$END":
        return ()
    definition = parser.get_terminal(terminal)
    pattern = definition.pattern
    if pattern.type == "str":
        return (pattern.value,)
    body = re.sub(r"\[(.)[^\]]*\]", r"\1", pattern.value.replace("\\b", ""))  # `['’]`: its first, `'`
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


def is_keyword(word: str) -> bool:
    """Whether `word` is written like a keyword (a letter, then letters, digits and apostrophes)."""
    return bool(re.fullmatch(r"[^\W\d][\w'’]*", word))


@cache
def keywords(parser: Lark) -> dict[str, str]:
    """The keyword spellings of the grammar that a typo may be close to (three letters or more), each with
    its terminal (what it means: `discard` and `discards` are one keyword)."""
    words: dict[str, str] = {}
    for terminal in sorted(parser.terminals, key=lambda t: t.name):
        words.update({w: terminal.name for w in spellings(parser, terminal.name)
                      if len(w) >= 3 and w.replace("'", "").isalpha()})
    return words


def known(word: str, parser: Lark, profile: Profile | None) -> bool:
    """Whether the language knows `word`: a keyword spelling (`in`, `on` too; keywords are lowercase, so
    `Card` is not one), `opponent's`, or one of the profile's zones, attributes or rule parameters.  A
    known word in the wrong place is not a typo."""
    return word in _grammar_words(parser) or bool(profile and word.casefold() in _profile_words(profile))


@cache
def _grammar_words(parser: Lark) -> frozenset[str]:
    words = {w for t in parser.terminals for w in spellings(parser, t.name)}
    return frozenset(words | {"opponent's", "opponent’s"})


def _profile_words(profile: Profile) -> frozenset[str]:
    return frozenset(w.casefold() for w in (*profile.zone_spellings(), *profile.attribute_spellings(), *profile.rules))
