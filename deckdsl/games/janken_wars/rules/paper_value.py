"""paper-value (JW112)

## What it does
Compares the mean value of the cards of each type, weighted by copies, and flags a deck where the paper
cards are not the most valuable type (a tie for the highest mean is not flagged).  A `*` value counts as
its typical value (`deckdsl.games.janken_wars.worth.typical_value`: the definition evaluated at typical zone sizes).  In
the standard deck paper is worth 3.17 per card on average, rock 2.33 and scissors 0.83.

## Why
"Cartas do tipo papel costumam valer mais pontos por causa do flavor delas" (GDD, "Por onde começar").
Paper cards are art and expression, light things with few effects, so they make up in points what they
lack in action; rock and scissors pay for their effects with lower values.

## Example
    card "Origami Sublime" {
      type: papel
      rarity: simples
      copies: 6
      value: 1          # with the rest of the standard deck, paper averages 1.67 and rock 2.33
    }

## Use instead
Raise the value of the paper cards (or lower that of the other types, giving them effects instead), so
that paper is the type worth most per card:

    card "Origami Sublime" {
      type: papel
      rarity: simples
      copies: 6
      value: 4
    }
"""

from __future__ import annotations

from collections.abc import Iterator

from ....diagnostics import Diagnostic
from ....check.rule import Context
from ....check.rule import card_type as card_type_of
from ....said import said
from ....check.lists import commas
from ..worth import typical_value

CODE = "JW112"
NAME = "paper-value"
SEVERITY = "info"
SUMMARY = "paper cards are not, on average, the type worth the most points"
GUIDELINE = "paper-value"
PROFILES = ("janken-wars",)
SCOPE = "deck"
READS = ("copies", "value", "condition", "attributes")

TYPES = ("rock", "paper", "scissors")


def means(deck, values: list[float] | None = None, types: list[str | None] | None = None) -> dict[str, float]:
    """The copy-weighted mean typical value of each type that has cards with a value (`values`, `types`:
    the cards' typical values and types, in deck order, when they are known already)."""
    totals = {kind: 0.0 for kind in TYPES}
    copies = {kind: 0 for kind in TYPES}
    if types is None:
        types = [card.type for card in deck.cards]
    for index, (card, card_type) in enumerate(zip(deck.cards, types, strict=True)):
        if card.value is None or card.copies <= 0:
            continue
        if card_type in totals:
            totals[card_type] += (typical_value(card) if values is None else values[index]) * card.copies
            copies[card_type] += card.copies
    return {kind: totals[kind] / copies[kind] for kind in TYPES if copies[kind]}


def check(context: Context) -> Iterator[Diagnostic]:
    deck = context.deck
    mean = means(deck, context.for_cards(typical_value), context.for_cards(card_type_of))
    if "paper" not in mean or len(mean) < 2:
        return
    best = max(mean, key=lambda kind: mean[kind])
    if round(mean[best], 6) <= round(mean["paper"], 6):
        return
    papers = [card for card in deck.cards if card.type == "paper"]
    span = deck.title_span or papers[0].name_span
    shown = commas([said("jw-type-mean", "{type} {mean:.2f}", type=kind, mean=mean[kind])
                    for kind in TYPES if kind in mean])
    yield Diagnostic(
        CODE,
        said("jw-paper-value", "paper cards are worth {paper:.2f} points on average, less than {best} cards ({means})",
             paper=mean["paper"], best=best, means=shown),
        span,
        help=said("jw-paper-value-help", "the GDD's paper cards are worth the most (the standard deck: paper 3.17, "
                  "rock 2.33, scissors 0.83); raise the paper values or lower the others'"),
    )
