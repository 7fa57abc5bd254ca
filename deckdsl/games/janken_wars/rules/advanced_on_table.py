"""few-advanced-on-table (JW120)

## What it does
Works out, exactly, the chance that a freshly dealt table holds at least one advanced card — the
deck's `table_size` cards (5 unless its `rules` block says otherwise) drawn without replacement from
the shuffled deck, each card counted with its `copies` (`deckdsl.check.figures.advanced_on_table`: 1 −
C(n − k, t) / C(n, t) for n copies, k of them advanced, and a table of t) — and flags a deck where that
chance is below two in three.  The standard deck (12 advanced cards of 36, a table of 5) deals one in
88.7% of tables: 1 − C(24,5)/C(36,5).  A deck with the GDD's structure passes with any table of 3
cards or more; it takes 7 advanced copies in 36 to pass with a table of 5.

The figure is for a fresh deal (the first table of a game).  In play, the cards nobody took stay on
the table from one round to the next, so later tables differ: `deckdsl simulate` measures the share of
tables in play that hold an advanced card.

## Why
"Cartas avançadas são mais elaboradas, e em geral deve ter pelo menos uma na mesa" (GDD,
"Componentes").  Advanced cards are where a deck's interesting decisions are: a table without one
leaves the dispute about plain points.  "Em geral" — as a rule, most of the time — is not "always", so
the rule asks for a clear majority of tables rather than every one: two in three.  A bare majority
(one in two) would let a table of 2 standard cards pass (56.2%), where three tables in seven hold no
advanced card; two in three is met by the GDD's own deck with a wide margin (88.7%) and still by a table
of 3 (71.7%), and is missed as soon as a deck halves its advanced cards (6 of 36: 62.2%).

## Example
    deck "Mesa Curta" {
      game: janken-wars
      rules {
        table_size: 2      # with the standard cards: 56.2% of fresh tables hold an advanced card
      }
    }

## Use instead
Keep a table of 3 cards or more, or give the deck more advanced copies (in place of simple or special
ones): with a table of 5, at least 7 of 36 (the GDD's structure has 12).

    deck "Mesa Curta" {
      game: janken-wars
      rules {
        table_size: 3      # 71.7%
      }
    }
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from ....diagnostics import Diagnostic, Label
from ....check.figures import advanced_needed, advanced_on_table, chance_of_one, table_needed
from ....check.rule import Context
from ....said import Said, said

CODE = "JW120"
NAME = "few-advanced-on-table"
SEVERITY = "warning"
SUMMARY = "a fresh table holds an advanced card less often than two times in three"
GUIDELINE = "advanced-on-table"
PROFILES = ("janken-wars",)
SCOPE = "deck"
READS = ("copies", "attributes", "rules")

THRESHOLD = Fraction(2, 3)
"""The share of fresh tables that must hold an advanced card: the GDD's "em geral" as two in three."""


def check(context: Context) -> Iterator[Diagnostic]:
    deck, profile = context.deck, context.profile
    figure = advanced_on_table(deck, profile)
    if figure.deck == 0 or figure.chance >= THRESHOLD:
        return
    span = deck.title_span or deck.cards[0].name_span
    setting = next((s for s in deck.rules if s.name == "table_size"), None)
    labels = () if setting is None else (Label(setting.span, said("jw-table-of", "a table of {table} cards",
                                                                  table=figure.table)),)
    dealt = min(figure.table, figure.deck)
    if figure.advanced:
        message = said("jw-advanced-on-table", "a fresh table of {table} cards holds an advanced card in "
                       "{percent:.1f}% of deals ({advanced} advanced cards of {deck}: 1 − C({rest},{dealt})/C({deck},"
                       "{dealt})), less than two in three", table=figure.table, percent=figure.percent,
                       advanced=figure.advanced, deck=figure.deck, rest=figure.deck - figure.advanced, dealt=dealt)
    else:
        message = said("jw-no-advanced", "no card of the deck's {deck} is advanced: a fresh table never holds one",
                       deck=figure.deck)
    yield Diagnostic(CODE, message, span, labels=labels, help=_help(figure))


def _help(figure) -> Said:
    """How many advanced copies (and what table) would reach the threshold."""
    ways = []
    needed = advanced_needed(figure.deck, figure.table, THRESHOLD)
    if needed is not None and needed > figure.advanced:
        ways.append(said("jw-advanced-copies", "{needed} advanced copies of {deck} would reach {percent:.1f}% ({more} "
                         "more, in place of simple or special ones)", needed=needed, deck=figure.deck,
                         percent=_percent(needed, figure.deck, figure.table), more=needed - figure.advanced))
    table = table_needed(figure.advanced, figure.deck, THRESHOLD)
    if table is not None and table > figure.table:
        ways.append(said("jw-advanced-table", "a table of {table} cards (`table_size: {table}`) {percent:.1f}%",
                         table=table, percent=_percent(figure.advanced, figure.deck, table)))
    if len(ways) == 2:
        how = said("jw-either", "{first}, or {second}", first=ways[0], second=ways[1])
    else:
        how = ways[0] if ways else said("jw-advanced-no-way", "no deck of this size gets there")
    return said("jw-advanced-help", "for an advanced card on most tables (the GDD's \"em geral\", read as two in "
                "three): {how}", how=how)


def _percent(advanced: int, deck: int, table: int) -> float:
    return float(chance_of_one(advanced, deck, table)) * 100
