"""plain-special-card (JW103)

## What it does
Flags a special card with no effect at all: no `cost:`, no `action:` and no `condition:` — only a
value.  (A `*` card has a condition, its `value = …` definition, so it is not plain.)

## Why
"Efeitos complexos ou de grande impacto (positivo, negativo ou neutro) são bons candidatos para cartas de
maior raridade, enquanto que efeitos simples e recorrentes habitam cartas de menor raridade" (GDD,
"Raridade das cartas").  Special cards "possuem efeitos complexos, e devem aparecer apenas de vez em
quando para trazer reviravoltas à partida" (GDD, "Componentes"): a card that is only points brings no
twist, and spends one of the deck's two special slots of its type.

## Example
    card "Pedra Preciosa" {
      type: pedra
      rarity: especial
      copies: 2
      value: 5
    }

## Use instead
Make the plain card simple (Origami Sublime, the GDD's reference card, is a simple card worth 4 points
with no effect), or give the special card an effect worth its rarity:

    card "Pedra Preciosa" {
      type: pedra
      rarity: especial
      copies: 2
      value: 5
      cost: discard two cards from your domain
    }
"""

from __future__ import annotations

from collections.abc import Iterator

from ....diagnostics import Diagnostic, Label
from ....check.rule import Context, card_rarity
from ....said import Said, said

CODE = "JW103"
NAME = "plain-special-card"
SEVERITY = "warning"
SUMMARY = "a special card with no effect (no cost, action or condition)"
GUIDELINE = "rarity-complexity"
LOCAL = True
PROFILES = ("janken-wars",)
READS = ("attributes", "cost", "action", "condition")

SPECIAL = "special"


def check(context: Context) -> Iterator[Diagnostic]:
    for card, rarity in zip(context.deck.cards, context.for_cards(card_rarity), strict=True):
        if rarity != SPECIAL or any(f is not None for f in (card.cost, card.action, card.condition)):
            continue
        rarity = next((a for a in card.attributes if a.name == "rarity"), None)
        span = rarity.value_span if rarity is not None else card.name_span
        yield Diagnostic(
            CODE,
            _plain(card.name, card.value),
            span,
            labels=(Label(card.name_span, said("jw-value-only", "a value and nothing else")),)
            if span != card.name_span else (),
            help=said("jw-special-plain-help", "make `{card}` simple, as plain cards like `Origami Sublime` are, or "
                      "give it an effect that brings a twist", card=card.name),
        )


def _plain(name: str, value) -> Said:
    if value in (None, "*"):
        return said("jw-special-plain", "special card `{card}` has no effect (no cost, action or condition)", card=name)
    if value in (1, -1):
        return said("jw-special-plain-point", "special card `{card}` has no effect (no cost, action or condition): it "
                    "is only worth {value} point", card=name, value=value)
    return said("jw-special-plain-points", "special card `{card}` has no effect (no cost, action or condition): it is "
                "only worth {value} points", card=name, value=value)
