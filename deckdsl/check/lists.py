"""Lists in a finding's words, said in the designer's language: `A, B and C`, `A or B`.  Each item is a fact
(a name, a code: kept as written) or words said themselves (`deckdsl.said`); the words that join them are
the catalogs' (`check-and`, `check-or`, `check-comma`)."""

from __future__ import annotations

from collections.abc import Sequence

from ..said import said


def either(items: Sequence[str]) -> str:
    """`A or B or C`."""
    joined = items[0]
    for item in items[1:]:
        joined = said("check-or", "{first} or {second}", first=joined, second=item)
    return joined


def each(items: Sequence[str]) -> str:
    """`A and B and C`."""
    joined = items[0]
    for item in items[1:]:
        joined = said("check-and", "{first} and {second}", first=joined, second=item)
    return joined


def listed(items: Sequence[str]) -> str:
    """`A, B and C` (`""` for no item)."""
    if not items:
        return ""
    joined = items[0]
    for item in items[1:-1]:
        joined = said("check-comma", "{first}, {second}", first=joined, second=item)
    return joined if len(items) == 1 else said("check-and", "{first} and {second}", first=joined, second=items[-1])


def commas(items: Sequence[str]) -> str:
    """`A, B, C`: plain when every item is a fact, else each comma said."""
    if not any(type(item) is not str for item in items):
        return ", ".join(items)
    joined = items[0]
    for item in items[1:]:
        joined = said("check-comma", "{first}, {second}", first=joined, second=item)
    return joined


def semicolons(items: Sequence[str]) -> str:
    """`A; B; C`: plain when every item is a fact, else each semicolon said."""
    if not any(type(item) is not str for item in items):
        return "; ".join(items)
    joined = items[0]
    for item in items[1:]:
        joined = said("check-semicolon", "{first}; {second}", first=joined, second=item)
    return joined
