"""Janken Wars' guideline rules — the GDD's "Fazendo novos baralhos" — one per module (see `deckdsl.check.rule`);
`JankenWars.guidelines` hands them to the checker, in the order they run.  Their words are `said` (their
catalogs: `locales/`); a list of said pieces is joined by `semicolons` or `commas`, itself said."""

from __future__ import annotations

from ....said import Said, said


def semicolons(pieces: list) -> Said:
    """The pieces as one `said`: `a; b; c`."""
    joined = pieces[-1]
    for piece in reversed(pieces[:-1]):
        joined = said("jw-semicolon", "{first}; {rest}", first=piece, rest=joined)
    return joined


def commas(pieces: list) -> Said:
    """The pieces as one `said`: `a, b, c`."""
    joined = pieces[-1]
    for piece in reversed(pieces[:-1]):
        joined = said("jw-comma", "{first}, {rest}", first=piece, rest=joined)
    return joined


def number(amount: float) -> int | float:
    """`amount` to one decimal, a whole number as an `int`: written `3` or `2.5` (`{amount}`), never `-0`."""
    rounded = round(amount, 1) + 0.0
    return int(rounded) if rounded.is_integer() else rounded
