"""unordered-modifiers (JW113)

## What it does
Flags two value modifiers of different cards (`CARDS get +1`, `get x2`, `get = 0`, a modifier on a
chosen card …) when the order in which they apply changes some card's value and no addendum orders them
(`order: "A" then "B"` naming both cards, or a chain of orders that puts one before the other).

The check is by meaning: both orders are applied to the cards of the deck, at every value they can have
(a `*` card over the values its definition reaches, zones that expressions count filled with 0 to 40
cards), under every filter.  `+1` and `x2` on the same card do not commute; `+1` on `other cards with
value >= 3` and `+1` on `other cards with value <= 3` do not either (a 3-point card ends at 4 or at 5:
a filter reads the value the card has when the modifier applies).  Modifiers that never reach the same
card (a domain and the table, `of type` filters that exclude each other, value ranges that never meet)
and modifiers that commute (`+1` and `-1`, `x2` and `x3`, `= 1` twice) are not flagged.  The finding
points at the later modifier, labels the earlier one, and its note shows one situation where the two
orders differ.

## Why
"Se você fizer uma carta "A" que soma 1 nos pontos de outra carta e uma carta "B" que dobra os pontos de
uma carta, então você precisa explicar em qual ordem esses efeitos são aplicados" (GDD, "Adendos às
regras").  Players reading the two cards have no way to know which applies first, so they will disagree
at the table.  deckdsl plays such a deck (when the code is ignored) in a default order — set, then
multiply, then add, ties in deck order — and says so; the deck should say it instead.

## Example
    card "Moldura Dourada" {
      type: papel
      rarity: avançada
      copies: 2
      value: 1
      condition: other cards in your domain get +1
    }
    card "Lupa Dobradora" {
      type: papel
      rarity: especial
      copies: 1
      value: 0
      condition: other cards in your domain get x2
    }
    card "Origami Sublime" {
      type: papel
      rarity: simples
      copies: 6
      value: 4
    }

## What deckdsl says
    error[JW113]: `Moldura Dourada` (`+1`) and `Lupa Dobradora` (`x2`) can change the same card's value,
    and no addendum says which applies first
      = note: your domain holds `Moldura Dourada`, `Lupa Dobradora` and `Origami Sublime` (4):
              `Moldura Dourada` first → `Origami Sublime` is worth 10; `Lupa Dobradora` first → 9

## Use instead
An addendum that says the order, in words for the players and as an `order:` for deckdsl:

    addendum "Somar antes de dobrar" {
      text: "Some 1 antes de dobrar: uma carta de 4 pontos vale (4 + 1) x 2 = 10."
      order: "Moldura Dourada" then "Lupa Dobradora"
    }

## Fix
An unsafe fix (`--fix --unsafe-fixes`, or the editor's code action) adds the missing addendum at the end
of the file, ordering the two cards as deckdsl plays them when no addendum does (section 9 of
docs/language.md), with a comment asking to check it.  Never safe: which order the deck means is the
designer's choice, and the addendum's `text:` is theirs to write.
"""

from __future__ import annotations

from collections.abc import Iterator

from ....diagnostics import Diagnostic
from ....check.hazards import findings
from ....check.rule import Context

CODE = "JW113"
NAME = "unordered-modifiers"
SEVERITY = "error"
SUMMARY = "two value modifiers whose order changes a card's value, and no addendum orders them"
GUIDELINE = "addenda"
PROFILES = ("janken-wars",)
READS = ("*", "addenda")
KIND = "modifiers"
"""The kind of hazard it reports (`deckdsl.check.hazards.pairs.KINDS`)."""


def check(context: Context) -> Iterator[Diagnostic]:
    yield from findings.diagnostics(context, KIND, CODE)
