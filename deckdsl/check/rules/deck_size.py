"""deck-size (DK201)

## What it does
Checks that the deck has as many cards (counting copies) as its game requires — 36 for Janken Wars.

## Why
"Use sempre a mesma estrutura do baralho padrão: 36 cartas" (GDD, "Distribuição de cartas"). The game's
pacing (how long the deck lasts, how often each type appears on the table) is tuned for that size.

## Example
    card "Muro Alto" {
      type: rock
      rarity: simple
      copies: 7          # with the other cards of the standard deck: 37 in all
      value: 2
    }

## Use instead
Adjust `copies:` so the deck totals the profile's count.

## Fix
When exactly one change of one card's `copies:` makes every count of the game right — the deck's size and
each group's — `deckdsl check --fix` makes it (`copies: 7` → `copies: 6`): safe, since no other one-line
change does.  When several cards could take the change, or none alone can, there is no fix: which cards
to change is the designer's choice.  DK201 and DK202 share the fix.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...diagnostics import Diagnostic
from ...said import said
from ...span import Span
from ..rule import Context
from .group_size import copies_fix

CODE = "DK201"
NAME = "deck-size"
SEVERITY = "error"
SUMMARY = "the deck does not have the number of cards its game requires"
GUIDELINE = "structure"
SCOPE = "deck"
READS = ("copies",)


def check(context: Context) -> Iterator[Diagnostic]:
    deck, profile = context.deck, context.profile
    for constraint in profile.structure:
        if constraint.by:
            continue
        expected = constraint.expected(())
        total = sum(card.copies for card in deck.cards)
        if expected is None or total == expected:
            continue
        difference = total - expected
        span = deck.title_span or (deck.cards[0].name_span if deck.cards else Span(1, 1, 1, 1, 0, 0))
        facts = {"total": total, "game": profile.name, "expected": expected, "count": abs(difference)}
        yield Diagnostic(
            CODE,
            said("deck-size-over", "the deck has {total} cards; {game} decks have {expected} ({count} too many)",
                 **facts) if difference > 0 else
            said("deck-size-under", "the deck has {total} cards; {game} decks have {expected} ({count} missing)",
                 **facts),
            span,
            help=said("deck-size-help", "change `copies:` so the cards add up to {expected}", expected=expected),
            fix=copies_fix(context),
        )
