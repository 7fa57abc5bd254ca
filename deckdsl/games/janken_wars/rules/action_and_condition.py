"""action-and-condition (JW110)

## What it does
Flags a card that has both an action (or a cost, which happens like an action) and a condition.

## Why
"Em particular, evite ao máximo que uma carta tenha uma ação e uma condição ao mesmo tempo" (GDD, "Menos é
mais").  An action happens once, when the card is won; a condition applies all the time while the card is
in a domain.  A card with both asks the players to remember two kinds of rule for one card.

## Example
    card "Cofre Trancado" {
      type: pedra
      rarity: avançada
      copies: 4
      value: 3
      action: discard a card from the table
      condition: discarded last
    }

## Use instead
Keep one of the two — the one that tells the card's story — and move the other to a card of its own:

    card "Cofre Trancado" {
      type: pedra
      rarity: avançada
      copies: 4
      value: 3
      condition: discarded last
    }
"""

from __future__ import annotations

from collections.abc import Iterator

from ....diagnostics import Diagnostic, Label
from ....check.rule import Context
from ....said import Said, said

CODE = "JW110"
NAME = "action-and-condition"
SEVERITY = "warning"
SUMMARY = "a card has both an action (or a cost) and a condition"
GUIDELINE = "action-and-condition"
LOCAL = True
PROFILES = ("janken-wars",)
READS = ("cost", "action", "condition")


def check(context: Context) -> Iterator[Diagnostic]:
    for card in context.deck.cards:
        if card.condition is None or "condition" not in card.field_spans:
            continue
        once = [name for name in ("action", "cost") if getattr(card, name) is not None]
        if not once:
            continue
        yield Diagnostic(
            CODE,
            _both(card.name, once),
            card.field_spans["condition"],
            labels=tuple(Label(card.field_spans[name], _once(name)) for name in once if name in card.field_spans),
            help=_keep(once),
        )


def _both(card: str, once: list[str]) -> Said:
    if once == ["action", "cost"]:
        return said("jw-both-action-cost", "`{card}` has both an action and a cost and a condition", card=card)
    if once == ["action"]:
        return said("jw-both-action", "`{card}` has both an action and a condition", card=card)
    return said("jw-both-cost", "`{card}` has both a cost and a condition", card=card)


def _once(name: str) -> Said:
    if name == "action":
        return said("jw-action-once", "the action happens once, when the card is won")
    return said("jw-cost-once", "the cost happens once, when the card is won")


def _keep(once: list[str]) -> Said:
    if once == ["action", "cost"]:
        return said("jw-keep-action-cost", "keep either what happens once (the action and cost) or what applies all "
                    "the time (the condition), and give the other its own card")
    if once == ["action"]:
        return said("jw-keep-action", "keep either what happens once (the action) or what applies all the time "
                    "(the condition), and give the other its own card")
    return said("jw-keep-cost", "keep either what happens once (the cost) or what applies all the time (the "
                "condition), and give the other its own card")
