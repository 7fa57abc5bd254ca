"""card-named-in-effect (JW104)

## What it does
Flags an effect that names another card of the deck (`named "X"` in a cost, an action or a condition):
such an effect only ever interacts with that one card.  A card that names itself (to find its own
copies) is not flagged, nor a name that is not a card of the deck (that is DK111).

## Why
"Evite cartas que só existem para interagir com outra carta específica" (GDD, "Interações muito
específicas").  An effect written around one card does nothing when that card is not in play, and makes
the two cards a pair instead of parts of a deck with "várias interações interessantes".

## Example
    card "Guarda-Chuva Rasgado" {
      type: papel
      rarity: simples
      copies: 6
      value: 2
      # only ever matters when the opponent holds an Estilete Afiado
      action: opponent discards all cards named "Estilete Afiado" in opponent's domain
    }

## Use instead
Describe the cards by what they are — their type, their value, where they are — so the effect works
with several cards: `opponent discards all cards of type tesoura with value <= 1 in opponent's domain`.
"""

from __future__ import annotations

from collections.abc import Iterator

from ....check.rule import Context, parts_of
from ....diagnostics import Diagnostic, Label
from ....lang import ast
from ....said import said

CODE = "JW104"
NAME = "card-named-in-effect"
SEVERITY = "warning"
SUMMARY = "an effect names another card of the deck (`named \"X\"`)"
GUIDELINE = "specific-interactions"
PROFILES = ("janken-wars",)
READS = ("cost", "action", "condition")


NAMES = frozenset({ast.NameFilter})
"""The effect nodes this rule reads."""


def check(context: Context) -> Iterator[Diagnostic]:
    deck = context.deck
    for card in deck.cards:
        for found in parts_of(context, card, NAMES):
            if isinstance(found, ast.NameFilter):
                named = cards_by_name(context).get(found.name)
                if named is None or named.name == card.name:
                    continue  # not a card of the deck (DK111), or a card finding its own copies
                yield Diagnostic(
                    CODE,
                    said("names-a-card", "`{card}` names `{other}`: this effect only works with that one card",
                         card=card.name, other=found.name),
                    found.span,
                    labels=(Label(named.name_span, said("card-is-here", "`{card}` is here", card=named.name)),),
                    help=said("names-a-card-help", "describe the cards by what they are (`of type …`, `with value "
                              "…`, a zone) so the effect works with several cards of the deck"),
                )


def cards_by_name(context: Context) -> dict[str, ast.Card]:
    """The first card of each name (what `Deck.card` finds), worked out once per check."""

    def build() -> dict[str, ast.Card]:
        found: dict[str, ast.Card] = {}
        for card in context.deck.cards:
            found.setdefault(card.name, card)
        return found

    return context.shared_by("cards-by-name", build)
