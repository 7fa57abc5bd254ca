"""Janken Wars' guideline rules — the GDD's "Fazendo novos baralhos" — one per module (see `deckdsl.check.rule`);
`JankenWars.guidelines` hands them to the checker, in the order they run.  Their words are `said` (their
catalogs: `locales/`); a list of said pieces is joined by `deckdsl.check.lists`, itself said."""

from __future__ import annotations


def number(amount: float) -> int | float:
    """`amount` to one decimal, a whole number as an `int`: written `3` or `2.5` (`{amount}`), never `-0`."""
    rounded = round(amount, 1) + 0.0
    return int(rounded) if rounded.is_integer() else rounded
