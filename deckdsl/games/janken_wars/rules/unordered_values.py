"""unordered-values (JW118)

## What it does
Flags two cards whose values read each other — a `*` card whose `value = …` adds up (`total(…)`) or
filters (`with value …`) cards that include the other, and another card whose value reads it back —
when the order they are worked out in changes what they are worth and no addendum orders them.

With `order: "A" then "B"`, A's value is worked out first, counting B at its printed value (0 for a
`*` card); then B's, counting A's result.  The check works both orders out with the two cards in the
same domain or in the two domains, and the zones their definitions read holding 0 to 40 other cards.
A card whose value reads only counts (`count(your domain)`), or that the other card never reads, is
not flagged; nor are copies of one card (a value reads another copy of its card as that copy stands
while it is being worked out).

## Why
"Caso seu baralho possa gerar uma situação onde não está claro como as regras se aplicam, é melhor
incluir um adendo às regras básicas explicando como resolver esse tipo de conflito" (GDD, "Adendos às
regras").  If a card is worth the total of the other cards of its domain and another is worth half of
that total, each depends on the other: at the table there is no way to work either out until someone
says which comes first.

## Example
    card "Cofre Blindado" {
      type: pedra
      rarity: avançada
      copies: 4
      value: *
      condition: value = floor(total(other cards in your domain) / 2)
    }
    card "Balança Exata" {
      type: pedra
      rarity: especial
      copies: 2
      value: *
      condition: value = total(other cards in your domain)
    }

## What deckdsl says
    error[JW118]: `Cofre Blindado` and `Balança Exata` have values that read each other, and no addendum says
    which is worked out first
      = note: your domain holds `Cofre Blindado`, `Balança Exata` and a Brinde (1): `Cofre Blindado` first →
              `Cofre Blindado` is worth 0; `Balança Exata` first → 1

## Use instead
    addendum "O cofre conta primeiro" {
      text: "Calcule o Cofre Blindado antes da Balança Exata (a balança ainda vale 0 para o cofre)."
      order: "Cofre Blindado" then "Balança Exata"
    }

## Fix
An unsafe fix (`--fix --unsafe-fixes`, or the editor's code action) adds the missing addendum at the end
of the file, ordering the two cards as the deck file does (deckdsl plays these in no order of its own),
with a comment asking to check it.  Never safe: which order the deck means is the designer's choice, and
the addendum's `text:` is theirs to write.
"""

from __future__ import annotations

from collections.abc import Iterator

from ....diagnostics import Diagnostic
from ....check.hazards import findings
from ....check.rule import Context

CODE = "JW118"
NAME = "unordered-values"
SEVERITY = "error"
SUMMARY = "two cards whose values read each other, and no addendum says which is worked out first"
GUIDELINE = "addenda"
PROFILES = ("janken-wars",)
READS = ("*", "addenda")
KIND = "values"
"""The kind of hazard it reports (`deckdsl.check.hazards.pairs.KINDS`)."""


def check(context: Context) -> Iterator[Diagnostic]:
    yield from findings.diagnostics(context, KIND, CODE)
