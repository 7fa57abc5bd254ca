"""needless-order (JW114)

## What it does
Flags an addendum `order:` that changes nothing: one that names a card with no effect whose order can
matter (a value modifier, a value that reads other values, a trigger, a discard priority), or one whose
cards' effects give the same game in either order — modifiers that commute (`+1` and `-2`, `x2` and
`x3`, `= 1` twice) or never reach the same card, triggers never set off by one event or that do not
touch what the other does, priorities no discard of the deck chooses between.  Names that are not cards
of the deck are DK111's, a name written twice in one order is DK121's, and two orders that contradict
each other are DK123's.

The verdict is the same analysis as JW113, JW117, JW118 and JW119: an order is needless when none of
its pairs of cards has a situation where the two orders end differently.

## Why
"Se você fizer uma carta "A" que soma 1 nos pontos de outra carta e uma carta "B" que dobra os pontos de
uma carta, então você precisa explicar em qual ordem esses efeitos são aplicados" (GDD, "Adendos às
regras").  An addendum is for a situation the rules do not settle; one that settles nothing is more
rules text for the players to read, and usually means the designer expected an interaction that is not
there (a card whose modifier was removed, the wrong card's name).

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
Remove the `order:` (or the whole addendum), or name the cards whose effects really need an order.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from ....diagnostics import Diagnostic, Label
from ....lang import ast
from ....check.hazards import findings
from ....check.hazards.analysis import Analysis
from ....check.hazards.pairs import Effect
from ....check.rule import Context
from ....said import Said, said

CODE = "JW114"
NAME = "needless-order"
SEVERITY = "warning"
SUMMARY = "an addendum orders effects whose order changes nothing"
GUIDELINE = "addenda"
PROFILES = ("janken-wars",)
SCOPE = "deck"
READS = ("value", "cost", "action", "condition", "addenda")


def check(context: Context) -> Iterator[Diagnostic]:
    analysis = findings.analysis_of(context)
    deck = context.deck
    effects: dict[str, list[Effect]] = {}
    for effect in analysis.effects:
        effects.setdefault(effect.card.name, []).append(effect)
    for _, line, listed in analysis.orders.lines:
        refs = {}
        for ref in line.cards:
            refs.setdefault(ref.name, ref)
        named = []
        for name in listed:
            if name in effects:
                named.append(name)
                continue
            card = deck.card(name)
            yield Diagnostic(
                CODE,
                said("jw-no-order-effect", "`{card}` has no effect whose order can matter (a value modifier, a value "
                     "that reads other values, a trigger or a discard priority), so its place in the order changes "
                     "nothing", card=name),
                refs[name].span,
                labels=(Label(card.name_span, said("card-is-here", "`{card}` is here", card=name)),) if card else (),
                help=said("jw-remove-from-order", "remove `\"{card}\"` from the `order:`", card=name),
            )
        if len(named) < 2:
            continue
        pairs = [triple for a, b in itertools.combinations(named, 2) for triple in analysis.pairs_of(a, b)]
        if any(witness is not None for _, _, witness in pairs):
            continue
        shown = [_shown(name, effects[name]) for name in named]
        yield Diagnostic(
            CODE,
            said("jw-needless-order", "the order of {cards} and {last} changes nothing: {reason}",
                 cards=", ".join(shown[:-1]), last=shown[-1], reason=_reason(analysis, named, pairs)),
            line.span,
            labels=tuple(Label(effect.node.span, findings.effect_name(effect))
                         for name in named for effect in effects[name]),
            help=said("jw-remove-order", "remove this `order:` (or the addendum, if it says nothing else)"),
        )


def _shown(name: str, effects: list[Effect]) -> str:
    """`Moldura Dourada` (`+1`, `x2`): the card and its modifiers as written (no words to say)."""
    operations = [findings.operation(e.node) for e in effects if isinstance(e.node, ast.ValueModifier)]
    return f"`{name}` ({', '.join(operations)})" if operations else f"`{name}`"


def _reason(analysis: Analysis, named: list[str], pairs: list) -> Said:
    """Why the order of these cards changes nothing, in words."""
    if not pairs:
        return said("jw-never-together", "their effects never apply at the same moment (each kind of effect is "
                    "ordered only with its own kind)")
    kinds = {analysis.kind(a, b) for a, b, _ in pairs}
    if kinds == {"modifiers"}:
        ops = {effect.node.op for a, b, _ in pairs for effect in (a, b)}
        if not any(analysis.meet(a, b) for a, b, _ in pairs):
            return said("jw-never-same-card", "they never apply to the same card")
        if ops <= {"add", "subtract"}:
            return said("jw-adding-commutes", "adding and subtracting give the same in any order")
        if ops == {"multiply"}:
            return said("jw-multiplying-commutes", "multiplying gives the same in any order")
        if ops == {"set"}:
            return said("jw-set-same", "they set the same number")
        return said("jw-no-value-differs", "no card's value the checker tried ends differently in the other order")
    if kinds == {"triggers"} and not any(analysis.meet(a, b) for a, b, _ in pairs):
        return said("jw-no-shared-event", "no event sets off both triggers")
    if kinds == {"priorities"} and not analysis.discards:
        return said("jw-no-choosing-discard", "no discard of the deck chooses among the cards of a domain")
    return said("jw-no-situation-differs", "no situation the checker tried ends differently in the other order")
