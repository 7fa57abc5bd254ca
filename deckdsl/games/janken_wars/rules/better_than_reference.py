"""better-than-reference (JW106)

## What it does
Flags a card worth 4 points or more that has an effect helping its owner and nothing that costs them:
no `cost:`, no negative value, no step or clause that hurts them (`deckdsl.games.janken_wars.worth.has_benefit` and
`has_drawback`).  For a `*` card the value is its definition at typical zone sizes
(`deckdsl.games.janken_wars.worth.typical_value`).  Such a card is strictly better than Origami Sublime, the standard
deck's reference card: 4 points and no effect.

## Why
"Uma carta que vale 4 pontos e tem um efeito positivo é estritamente melhor que o \"Origami Sublime\",
logo é quase certamente desbalanceada" (GDD, "Por onde começar").  Whoever wins it gets Origami Sublime
and something more, for free.

## Example
    card "Caderno Mágico" {
      type: papel
      rarity: avançada
      copies: 4
      value: 4
      action: gain top card of the deck
    }

## Use instead
Lower the value, or make the card pay for its effect:

    card "Caderno Mágico" {
      type: papel
      rarity: avançada
      copies: 4
      value: 2
      action: gain top card of the deck
    }
"""

from __future__ import annotations

from collections.abc import Iterator

from ....diagnostics import Diagnostic, Label
from ....lang import ast
from ....check.parts import effect_nodes
from ....check.rule import Context
from ....said import Said, said
from . import number
from ..worth import Worth, typical_value, worth

CODE = "JW106"
NAME = "better-than-reference"
SEVERITY = "warning"
SUMMARY = "a card worth 4 or more with a positive effect and no drawback: better than Origami Sublime"
GUIDELINE = "reference-card"
LOCAL = True
PROFILES = ("janken-wars",)
READS = ("value", "cost", "action", "condition")

REFERENCE = "Origami Sublime"
REFERENCE_VALUE = 4
"""The GDD's reference card: 4 points, no effect."""


def check(context: Context) -> Iterator[Diagnostic]:
    facts = zip(context.deck.cards, context.for_cards(typical_value), context.for_cards(worth), strict=True)
    for card, value, judged in facts:
        if card.value is None or value < REFERENCE_VALUE:
            continue
        if judged.benefit and not judged.drawback:
            yield _report(card, value, judged)


def _report(card: ast.Card, value: float, judged: Worth) -> Diagnostic:
    if isinstance(card.value, int):
        message = said("jw-better-than-reference", "`{card}` is worth {value} points and has a positive effect with "
                       "no drawback: strictly better than the standard deck's `{reference}` ({reference_value} "
                       "points, no effect)", card=card.name, value=card.value, reference=REFERENCE,
                       reference_value=REFERENCE_VALUE)
    else:
        message = said("jw-better-than-reference-about", "`{card}` is worth about {value} points (its `value =` at "
                       "typical zone sizes) and has a positive effect with no drawback: strictly better than the "
                       "standard deck's `{reference}` ({reference_value} points, no effect)", card=card.name,
                       value=number(value), reference=REFERENCE, reference_value=REFERENCE_VALUE)
    labels = tuple(
        Label(node.span, said("jw-helps-owner", "helps its owner: worth +{amount} points", amount=number(amount)))
        for node, amount in zip(effect_nodes(card), judged.effects, strict=True)
        if amount > 0
    )
    return Diagnostic(
        CODE,
        message,
        card.field_spans.get("value", card.name_span),
        labels=labels,
        notes=(
            said("jw-better-than-reference-note", "compared: `{card}` {value} points and effects worth {effects}, no "
                 "`cost:` and no effect that hurts its owner, against `{reference}` {reference_value} points and no "
                 "effect (`deckdsl explain` shows each effect's worth)", card=card.name, value=number(value),
                 effects=_signed(judged.total), reference=REFERENCE, reference_value=REFERENCE_VALUE),
        ),
        cards=(card.name,),
        help=said("jw-better-than-reference-help", "lower its value below {reference_value}, or give it a drawback: a "
                  "`cost:` such as `discard a card from your domain`, or an effect that hurts its owner",
                  reference_value=REFERENCE_VALUE),
    )


def _signed(amount: float) -> Said | int | float:
    """`+2.5` for a gain (said: a sign), else the number (`0`, `-1.5`)."""
    return said("jw-plus", "+{amount}", amount=number(amount)) if amount > 0 else number(amount)
