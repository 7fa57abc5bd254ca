"""star-gain (JW115)

## What it does
Flags every step that gives stars (`gain 1 star`, `opponent gains a star`): in a cost, in an action, or
in the steps of a trigger, including inside `may` and `if`.

## Why
"Uma carta com a ação “Ganhe uma estrela” é perfeitamente válida, embora seja possivelmente
desbalanceada ou simplesmente chata" (GDD, "Fazendo novos baralhos para o Janken Wars").  A star is
worth a whole exchange of domain cards (8 points), so one dispute won can decide a third of the game,
and it skips the part of the game where the players build up and defend their domains.

## Example
    card "Bilhete Premiado" {
      type: papel
      rarity: especial
      copies: 1
      value: 0
      action: gain 1 star
    }

## Use instead
Give points or cards, which still go through the domain and can be taken away, or keep the star and
make the card pay for it (then playtest it, and silence the warning with `# deckdsl: allow JW115`):

    card "Bilhete Premiado" {
      type: papel
      rarity: especial
      copies: 1
      value: 0
      action: gain top 2 cards of the deck
    }
"""

from __future__ import annotations

from collections.abc import Iterator

from ....diagnostics import Diagnostic
from ....lang import ast
from ....check.parts import effect_parts
from ....check.rule import Context
from ....said import Said, said

CODE = "JW115"
NAME = "star-gain"
SEVERITY = "warning"
SUMMARY = "an effect gives stars"
GUIDELINE = "star-action"
LOCAL = True
PROFILES = ("janken-wars",)
READS = ("cost", "action", "condition")


def check(context: Context) -> Iterator[Diagnostic]:
    deck, profile = context.deck, context.profile
    star_cost = next((s.value for s in deck.rules if s.name == "star_cost"), None)
    if star_cost is None and "star_cost" in profile.rules:
        star_cost = profile.rules["star_cost"].default
    if star_cost:
        advice = said("jw-star-help-cost", "a star skips building a domain worth {cost} points, so it is likely "
                      "unbalanced or dull; give points or cards instead, or playtest the card and keep it",
                      cost=star_cost)
    else:
        advice = said("jw-star-help", "a star skips building a domain, so it is likely unbalanced or dull; give "
                      "points or cards instead, or playtest the card and keep it")
    for card, parts in zip(deck.cards, context.for_cards(effect_parts), strict=True):
        for step in parts:
            if isinstance(step, ast.GainStars):
                amount = step.amount.value if isinstance(step.amount, ast.Number) else None
                yield Diagnostic(CODE, _gives(card.name, step.actor == "you", amount), step.span, help=advice)


def _gives(card: str, you: bool, amount) -> Said:
    if you:
        if amount is None:
            return said("jw-gives-you-stars", "`{card}` gives you stars", card=card)
        return said("jw-gives-you", "`{card}` gives you {amount} {amount:star|stars}", card=card, amount=amount)
    if amount is None:
        return said("jw-gives-opponent-stars", "`{card}` gives the opponent stars", card=card)
    return said("jw-gives-opponent", "`{card}` gives the opponent {amount} {amount:star|stars}", card=card,
                amount=amount)
