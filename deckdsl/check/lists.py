"""Lists in a finding's words, said in the designer's language: `A, B and C`, `A or B`.  Each item is a fact
(a name, a code: kept as written) or words said themselves (`deckdsl.said`); the words that join them are
the catalogs' (`check-and`, `check-or`, `check-comma`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..said import said


def either(items: Sequence[str]) -> str:
    """`A or B or C`."""
    return _chained(items, lambda first, second: said("check-or", "{first} or {second}", first=first, second=second))


def each(items: Sequence[str]) -> str:
    """`A and B and C`."""
    return _chained(items, lambda first, second: said("check-and", "{first} and {second}", first=first,
                                                      second=second))


def listed(items: Sequence[str]) -> str:
    """`A, B and C` (`""` for no item)."""
    if len(items) < 2:
        return items[0] if items else ""
    return each([commas(items[:-1], said_always=True), items[-1]])


def commas(items: Sequence[str], said_always: bool = False) -> str:
    """`A, B, C`: plain when every item is a fact (unless `said_always`), else each comma said."""
    if not said_always and all(type(item) is str for item in items):
        return ", ".join(items)
    return _chained(items, lambda first, second: said("check-comma", "{first}, {second}", first=first,
                                                      second=second))


def semicolons(items: Sequence[str]) -> str:
    """`A; B; C`: plain when every item is a fact, else each semicolon said."""
    if all(type(item) is str for item in items):
        return "; ".join(items)
    return _chained(items, lambda first, second: said("check-semicolon", "{first}; {second}", first=first,
                                                      second=second))


def _chained(items: Sequence[str], join: Callable[[str, str], str]) -> str:
    joined = items[0]
    for item in items[1:]:
        joined = join(joined, item)
    return joined
