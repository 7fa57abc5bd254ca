"""complex-simple-card (JW102)

## What it does
Flags a simple card whose effects are complex.  A simple card's effects are complex when any of these
holds:

- they have more than 6 parts (`deckdsl.check.parts.card_size`: every step, clause, card set, number and
  filter counts one; the standard deck's simple cards have 0 to 3);
- its condition has a trigger (`whenever …`), an effect the players must remember to fire;
- its condition changes the value of other cards (`… get +1`), which players must recompute;
- it has both an action (or a cost) and a condition.

## Why
"Efeitos complexos ou de grande impacto (positivo, negativo ou neutro) são bons candidatos para cartas de
maior raridade, enquanto que efeitos simples e recorrentes habitam cartas de menor raridade" (GDD,
"Raridade das cartas").  Simple cards are the ones on the table all the time ("Cartas simples são
frequentes e fáceis de entender"): each one that needs reading twice slows every round.

## Example
    card "Clipe Vigilante" {
      type: tesoura
      rarity: simples
      copies: 6
      value: 1
      condition: whenever opponent gains a card from the table: gain top card of the deck
    }

## Use instead
Make the card advanced or special (and move a plainer card down to simple), or cut the effect to one
short action or condition:

    card "Clipe Vigilante" {
      type: tesoura
      rarity: avançada
      copies: 4
      value: 1
      condition: whenever opponent gains a card from the table: gain top card of the deck
    }
"""

from __future__ import annotations

from collections.abc import Iterator

from ....diagnostics import Diagnostic, Label
from ....lang import ast
from ....check.parts import effect_parts, size
from ....check.rule import Context, card_rarity
from ....said import Said, said
from ....check.lists import semicolons

CODE = "JW102"
NAME = "complex-simple-card"
SEVERITY = "warning"
SUMMARY = "a simple card with a complex effect (long, a trigger, a value modifier, or action and condition)"
GUIDELINE = "rarity-complexity"
LOCAL = True
PROFILES = ("janken-wars",)
READS = ("attributes", "cost", "action", "condition")

MAX_SIZE = 6
"""The most parts a simple card's effects may have (`card_size`)."""

SIMPLE = "simple"


def check(context: Context) -> Iterator[Diagnostic]:
    for card, rarity in zip(context.deck.cards, context.for_cards(card_rarity), strict=True):
        if rarity != SIMPLE:
            continue
        found = _judge(card, len(context.of_card(effect_parts, card)))
        if found is not None:
            yield found


def _judge(card: ast.Card, total: int) -> Diagnostic | None:
    clauses = card.condition.clauses if card.condition else ()
    triggers = [c for c in clauses if isinstance(c, ast.Trigger)]
    modifiers = [c for c in clauses if isinstance(c, ast.ValueModifier)]
    steps_field = "cost" if card.cost is not None and card.action is None else "action"
    has_steps = card.cost is not None or card.action is not None

    reasons = []
    if total > MAX_SIZE:
        reasons.append(said("jw-simple-too-long", "its effects have {total} parts, {above} more than the {limit} a "
                            "simple card may have", total=total, above=total - MAX_SIZE, limit=MAX_SIZE))
    if triggers:
        reasons.append(said("jw-simple-trigger", "its condition has a trigger (`whenever …`)"))
    if modifiers:
        reasons.append(said("jw-simple-modifier", "its condition changes the value of other cards"))
    if has_steps and card.condition is not None:
        if steps_field == "action":
            reasons.append(said("jw-simple-action-condition", "it has both an action and a condition"))
        else:
            reasons.append(said("jw-simple-cost-condition", "it has both a cost and a condition"))
    if not reasons:
        return None

    fields = {
        name: node
        for name, node in (("cost", card.cost), ("action", card.action), ("condition", card.condition))
        if node is not None
    }
    if triggers or modifiers or (has_steps and card.condition is not None):
        primary = "condition"
    else:  # only too long: point at the longest effect field
        primary = max(fields, key=lambda name: size(fields[name]))
    span = card.field_spans.get(primary, fields[primary].span)
    labels = tuple(
        Label(card.field_spans.get(name, node.span), _its(name))
        for name, node in fields.items()
        if name != primary
    )
    return Diagnostic(
        CODE,
        said("jw-simple-complex", "simple card `{card}` has a complex effect: {reasons}", card=card.name,
             reasons=semicolons(reasons)),
        span,
        labels=labels,
        help=said("jw-simple-complex-help", "make `{card}` advanced or special, or cut its effect to one short action "
                  "or condition (at most {limit} parts, no trigger, no value modifier)", card=card.name,
                  limit=MAX_SIZE),
    )


def _its(name: str) -> Said:
    if name == "cost":
        return said("jw-its-cost", "its cost")
    if name == "action":
        return said("jw-its-action", "its action")
    return said("jw-its-condition", "its condition")
