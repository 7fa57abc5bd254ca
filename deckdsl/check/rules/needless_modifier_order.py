"""needless-modifier-order (JW114)

## What it does
Flags an addendum `order:` that changes nothing: one that names a card with no value modifier, or one
whose cards' modifiers give the same result in any order — all add or subtract (`+1` and `+2`), all
multiply, set the same number, or never apply to the same card (different kinds of zones, or `of type`
filters that exclude each other).  Names that are not cards of the deck are DK111's, and a name written
twice in one order is DK121's.

## Why
"Se você fizer uma carta "A" que soma 1 nos pontos de outra carta e uma carta "B" que dobra os pontos de
uma carta, então você precisa explicar em qual ordem esses efeitos são aplicados" (GDD, "Adendos às
regras").  An addendum is for a situation the rules do not settle; one that settles nothing is more
rules text for the players to read, and usually means the designer expected an interaction that is not
there (a card whose modifier was removed, a typo in the wrong card's name).

## Example
    card "Moldura Dourada" {
      type: papel
      rarity: avançada
      copies: 2
      value: 1
      condition: other cards in your domain get +1
    }
    card "Moldura Prateada" {
      type: papel
      rarity: especial
      copies: 2
      value: 1
      condition: other cards in your domain get +2
    }
    addendum "Molduras" {
      order: "Moldura Dourada" then "Moldura Prateada"   # +1 then +2 is +2 then +1
    }

## Use instead
Remove the `order:` (or the whole addendum), or name the cards whose modifiers really need an order.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from ...diagnostics import Diagnostic, Label
from ..rule import Context
from .unordered_modifiers import commute, may_overlap, operation, value_modifiers

CODE = "JW114"
NAME = "needless-modifier-order"
SEVERITY = "warning"
SUMMARY = "an addendum orders value modifiers whose order changes nothing"
GUIDELINE = "addenda"
PROFILES = ("janken-wars",)


def check(context: Context) -> Iterator[Diagnostic]:
    deck, profile = context.deck, context.profile
    modifiers: dict[str, list] = {}
    for card, modifier in value_modifiers(deck):
        modifiers.setdefault(card.name, []).append(modifier)
    for addendum in deck.addenda:
        for order in addendum.orders:
            named, seen = [], set()
            for ref in order.cards:
                card = deck.card(ref.name)
                if card is None or ref.name in seen:
                    continue  # DK111, DK121
                seen.add(ref.name)
                if ref.name not in modifiers:
                    yield Diagnostic(
                        CODE,
                        f"`{ref.name}` has no value modifier, so its place in the order changes nothing",
                        ref.span,
                        labels=(Label(card.name_span, f"`{ref.name}` is here"),),
                        help=f"remove `\"{ref.name}\"` from the `order:`",
                    )
                else:
                    named.append((ref.name, card))
            if len(named) < 2:
                continue  # nothing left to order: the names are reported above (or by DK111 / DK121)
            pairs = [
                (a, b)
                for (name_a, _), (name_b, _) in itertools.combinations(named, 2)
                for a in modifiers[name_a]
                for b in modifiers[name_b]
            ]
            if any(not commute(a, b) and may_overlap(a, b, profile) for a, b in pairs):
                continue
            shown = [f"`{name}` ({', '.join(operation(m) for m in modifiers[name])})" for name, _ in named]
            yield Diagnostic(
                CODE,
                f"the order of {', '.join(shown[:-1])} and {shown[-1]} changes no card's value: "
                + _reason(pairs, profile),
                order.span,
                labels=tuple(
                    Label(modifier.span, f"the modifier of `{name}`")
                    for name, _ in named
                    for modifier in modifiers[name]
                ),
                help="remove this `order:` (or the addendum, if it says nothing else)",
            )


def _reason(pairs: list, profile) -> str:
    """Why the order of these modifiers changes nothing, in words."""
    ops = {modifier.op for pair in pairs for modifier in pair}
    if all(commute(a, b) for a, b in pairs):
        if ops <= {"add", "subtract"}:
            return "adding and subtracting give the same in any order"
        if ops == {"multiply"}:
            return "multiplying gives the same in any order"
        return "they set the same number"
    if not any(may_overlap(a, b, profile) for a, b in pairs):
        return "they never apply to the same card"
    return "each pair gives the same in any order or never applies to the same card"
