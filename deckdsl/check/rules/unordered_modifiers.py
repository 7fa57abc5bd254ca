"""unordered-modifiers (JW113)

## What it does
Flags two value modifiers (`CARDS get +1`, `get x2`, `get = 0` …) on different cards when the order in
which they apply changes the result, they can both apply to the same card, and no addendum of the deck
orders them (`order: "A" then "B"` naming both cards).

The order matters unless both modifiers add or subtract, both multiply, or both set the value to the
same number.  Two modifiers can apply to the same card when their zones are the same kind of zone (both
a domain, whatever the owner: either player may hold either card) and their `of type` filters do not
exclude each other.

Without an addendum, deckdsl applies the default order of docs/language.md, section 9: the card's own
value, then `set`, then `multiply`, then `add` / `subtract`, and modifiers of the same step in the order
the cards are written in the deck file.  It follows the layer system of *Magic: The Gathering*
(Comprehensive Rules, rule 613, "Interaction of Continuous Effects": effects that set a value before
effects that modify it, ties in timestamp order).  But that order is deckdsl's convention, not the
game's: players reading the cards have no way to know it, so the deck must say it.

## Why
"Se você fizer uma carta "A" que soma 1 nos pontos de outra carta e uma carta "B" que dobra os pontos de
uma carta, então você precisa explicar em qual ordem esses efeitos são aplicados" (GDD, "Adendos às
regras").  A 2-point card next to both is worth (2 + 1) × 2 = 6 or 2 × 2 + 1 = 5: two players will
disagree at the table.

## Example
    card "Moldura Dourada" {
      type: papel
      rarity: avançada
      copies: 2
      value: 1
      condition: other cards in your domain get +1
    }
    card "Cópia Fiel" {
      type: papel
      rarity: especial
      copies: 1
      value: 0
      condition: other cards in your domain get x2
    }

## Use instead
Add an addendum that says the order, in words for the players and as an `order:` for deckdsl:

    addendum "Somar antes de dobrar" {
      text: "Some 1 antes de dobrar: uma carta de 2 pontos vale (2 + 1) x 2 = 6."
      order: "Moldura Dourada" then "Cópia Fiel"
    }
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from ...diagnostics import Diagnostic, Label
from ...lang import ast
from ...profiles.profile import Profile
from ..rule import Context

CODE = "JW113"
NAME = "unordered-modifiers"
SEVERITY = "error"
SUMMARY = "two value modifiers whose order changes the result, and no addendum orders them"
GUIDELINE = "addenda"
PROFILES = ("janken-wars",)

_STEP = {"set": 0, "multiply": 1, "add": 2, "subtract": 2}
"""The default order (docs/language.md, section 9): set, then multiply, then add and subtract."""


MAX_REPORTED = 3
"""Earlier modifiers named per finding: the first conflicts are enough to act on (and a deck of 10,000
cards with a thousand modifiers stays linear instead of reporting half a million pairs)."""


def check(context: Context) -> Iterator[Diagnostic]:
    deck, profile = context.deck, context.profile
    ordered_pairs = _ordered_pairs(deck)
    seen: dict[str, list[tuple[ast.Card, ast.ValueModifier]]] = {}  # by kind of operation
    for second_card, second in value_modifiers(deck):
        conflicts = []
        for kind, earlier in seen.items():
            if kind == _kind(second) and second.op != "set":
                continue  # additive with additive, multiply with multiply: they commute
            for first_card, first in earlier:
                pair = frozenset({first_card.name, second_card.name})
                if first_card.name == second_card.name or pair in ordered_pairs:
                    continue
                if commute(first, second) or not may_overlap(first, second, profile):
                    continue
                conflicts.append((first_card, first))
                if len(conflicts) == MAX_REPORTED:
                    break
            if len(conflicts) == MAX_REPORTED:
                break
        seen.setdefault(_kind(second), []).append((second_card, second))
        if not conflicts:
            continue
        conflicts.sort(key=lambda pair: pair[1].span.start)
        first_card, first = conflicts[0]
        # the default order: by step, ties in deck order
        before, after = sorted(((first_card, first), (second_card, second)), key=lambda pair: _STEP[pair[1].op])
        more = "".join(f", and with `{card.name}` ({operation(m)})" for card, m in conflicts[1:])
        yield Diagnostic(
            CODE,
            f"`{first_card.name}` ({operation(first)}) and `{second_card.name}` ({operation(second)}) can "
            f"change the same card's value, and no addendum says which applies first{more}",
            second.span,
            labels=tuple(Label(m.span, f"the modifier of `{card.name}`") for card, m in conflicts),
            help=f'add an addendum such as `addendum "…" {{ order: "{before[0].name}" then '
            f'"{after[0].name}" }}` (the order deckdsl uses by default; write the other one if the '
            "deck means it)",
        )


def _kind(modifier: ast.ValueModifier) -> str:
    return "add" if modifier.op in ("add", "subtract") else modifier.op


def _ordered_pairs(deck: ast.Deck) -> set[frozenset[str]]:
    """Every pair of cards some addendum's `order:` names together."""
    pairs = set()
    for addendum in deck.addenda:
        for order in addendum.orders:
            names = [ref.name for ref in order.cards]
            pairs.update(frozenset({a, b}) for a, b in itertools.combinations(names, 2))
    return pairs


def value_modifiers(deck: ast.Deck) -> Iterator[tuple[ast.Card, ast.ValueModifier]]:
    """Every value modifier of the deck with its card, in deck order."""
    for card in deck.cards:
        for clause in card.condition.clauses if card.condition else ():
            if isinstance(clause, ast.ValueModifier):
                yield card, clause


def commute(first: ast.ValueModifier, second: ast.ValueModifier) -> bool:
    """Whether applying the two modifiers in either order gives the same value: both add or subtract,
    both multiply, or both set the same number."""
    additive = {"add", "subtract"}
    if first.op in additive and second.op in additive:
        return True
    if first.op == second.op == "multiply":
        return True
    return first.op == second.op == "set" and _same(first.amount, second.amount)


def may_overlap(first: ast.ValueModifier, second: ast.ValueModifier, profile: Profile) -> bool:
    """Whether some card can be affected by both: the same kind of zone (owners aside) and types that do
    not exclude each other.  Card sets the rule cannot read are assumed to overlap."""
    zone_a, types_a = _target(first.cards, profile)
    zone_b, types_b = _target(second.cards, profile)
    if zone_a is not None and zone_b is not None and zone_a != zone_b:
        return False
    return types_a is None or types_b is None or bool(types_a & types_b)


def operation(modifier: ast.ValueModifier) -> str:
    """The modifier as written: `+1`, `-1`, `x2`, `= 0` (an expression shows as `…`)."""
    amount = _number(modifier.amount)
    shown = "…" if amount is None else str(amount)
    return "`" + {"add": f"+{shown}", "subtract": f"-{shown}", "multiply": f"x{shown}", "set": f"= {shown}"}[
        modifier.op
    ] + "`"


def _target(cards: ast.Node, profile: Profile) -> tuple[str | None, frozenset[str] | None]:
    """(the canonical zone, the types a card must have) of a modifier's card set; None: any."""
    filters: tuple = ()
    if isinstance(cards, ast.Selection):
        filters, cards = cards.filters, cards.zone
    if not isinstance(cards, ast.Zone):
        return None, None
    spec = profile.zone(cards.name)
    zone = spec.name if spec else cards.name.casefold()
    types: frozenset[str] | None = None
    for item in filters:
        if isinstance(item, ast.TypeFilter):
            allowed = frozenset({canonical_type(item.value, profile)})
            types = allowed if types is None else types & allowed
    return zone, types


def canonical_type(written: str, profile: Profile) -> str:
    """A type as the profile names it (`pedra` -> `rock`), or the text as written."""
    spec = profile.attributes.get("type")
    canonical = spec.canonical_value(written) if spec else None
    return canonical or written.casefold()


def _number(expr: ast.Node) -> int | None:
    if isinstance(expr, ast.Number):
        return expr.value
    if isinstance(expr, ast.Negate):
        inner = _number(expr.operand)
        return None if inner is None else -inner
    return None


def _same(first: ast.Node, second: ast.Node) -> bool:
    """Whether two expressions are written the same (spans aside)."""
    return _shape(first) == _shape(second)


def _shape(node):
    if isinstance(node, ast.Node):
        return (type(node).__name__, *(_shape(getattr(node, name)) for name in type(node).model_fields
                                       if name != "span"))
    if isinstance(node, tuple):
        return tuple(_shape(item) for item in node)
    return node
