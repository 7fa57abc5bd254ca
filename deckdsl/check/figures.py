"""Exact figures about a deck, worked out from its cards' copies and attributes without playing it.

`advanced_on_table(deck, profile)`: the chance that a freshly dealt table holds at least one advanced
card ("Cartas avançadas são mais elaboradas, e em geral deve ter pelo menos uma na mesa", GDD,
"Componentes").  The table holds the deck's `table_size` cards (its `rules` block, else the profile's
default), drawn without replacement from the shuffled deck: the hypergeometric chance

    P(at least one) = 1 − C(n − k, t) / C(n, t)

for `n` copies in the deck, `k` of them advanced and a table of `t`, computed with integers and kept as
an exact `Fraction`.  It is the chance for a *fresh* deal — the first table of a game; in play the cards
left on the table from one round to the next make later tables differ (`deckdsl simulate` measures
those).

A checker stage module: it reads the AST and the profile only (nothing from the engine or the lab).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from ..said import said

ADVANCED = "advanced"
"""The canonical value of the rarity attribute for an advanced card (`avançada` in a deck)."""


@dataclass(frozen=True)
class TableChance:
    """The chance that a fresh table of `table` cards, dealt from a deck of `deck` copies of which
    `advanced` are advanced, holds at least one advanced card (`chance`, exact).  `explanation`: the
    figure in one line, `said`."""

    chance: Fraction
    advanced: int
    deck: int
    table: int
    explanation: str

    @property
    def percent(self) -> float:
        return float(self.chance) * 100


def chance_of_one(advanced: int, deck: int, table: int) -> Fraction:
    """1 − C(deck − advanced, dealt) / C(deck, dealt), exact, where `dealt` = min(table, deck): the
    chance that at least one of `advanced` marked copies is among `table` cards drawn without
    replacement from `deck` copies (0 for an empty deck or table)."""
    dealt = min(table, deck)
    if dealt <= 0 or advanced <= 0:
        return Fraction(0)
    advanced = min(advanced, deck)
    return 1 - Fraction(math.comb(deck - advanced, dealt), math.comb(deck, dealt))


def advanced_needed(deck: int, table: int, threshold: Fraction) -> int | None:
    """The fewest advanced copies among `deck` copies for which a fresh table of `table` cards holds
    one with at least `threshold` chance (None when no number of copies gets there: an empty deck or
    table)."""
    for advanced in range(deck + 1):
        if chance_of_one(advanced, deck, table) >= threshold:
            return advanced
    return None


def table_needed(advanced: int, deck: int, threshold: Fraction) -> int | None:
    """The smallest table that holds one of `advanced` copies (of `deck`) with at least `threshold`
    chance (None when even the whole deck on the table does not)."""
    for table in range(1, deck + 1):
        if chance_of_one(advanced, deck, table) >= threshold:
            return table
    return None


def advanced_on_table(deck, profile, table_size: int | None = None, *, attribute: str = "rarity",
                      value: str = ADVANCED) -> TableChance:
    """The exact chance that a freshly dealt table holds at least one card whose `attribute` (as the
    profile reads it, aliases and derived attributes included) is `value`.  `table_size`: the table to
    deal, else the deck's rule parameter (its `rules` block, else the profile's default, else 5)."""
    if table_size is None:
        table_size = int(profile.parameters(deck.rules).get("table_size", 5)) if profile is not None else 5
    total = advanced = 0
    for card in deck.cards:
        copies = max(0, card.copies)
        total += copies
        if profile is not None and profile.value_of(card, attribute) == value:
            advanced += copies
    chance = chance_of_one(advanced, total, table_size)
    dealt = min(table_size, total)
    if total == 0:
        explanation = said("explain-table-empty", "the deck has no cards, so a table never holds an advanced card")
    elif advanced == 0:
        explanation = said("explain-table-none", "no card of the deck's {total} is advanced, so a table never holds "
                           "one", total=total)
    elif dealt < table_size:
        explanation = said("explain-table-short", "a fresh table of {table} cards (the deck fills only {dealt}) drawn "
                           "from {total} holds at least one of the {advanced} advanced cards with chance "
                           "1 − C({rest},{dealt})/C({total},{dealt}) = {percent:.1f}%", table=table_size, dealt=dealt,
                           total=total, advanced=advanced, rest=total - advanced, percent=float(chance) * 100)
    else:
        explanation = said("explain-table", "a fresh table of {table} cards drawn from {total} holds at least one of "
                           "the {advanced} advanced cards with chance 1 − C({rest},{dealt})/C({total},{dealt}) = "
                           "{percent:.1f}%", table=table_size, dealt=dealt, total=total, advanced=advanced,
                           rest=total - advanced, percent=float(chance) * 100)
    return TableChance(chance, advanced, total, table_size, explanation)
