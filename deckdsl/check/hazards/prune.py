"""What the hazard analysis decides without playing: the moment an effect answers, what values an effect
reads, which modifiers can never share a card or commute on every value, which values cannot read each
other.  Each test only rules pairs out; what it cannot rule out, the situations decide."""

from __future__ import annotations

from ...lang import ast
from ...profiles.profile import Profile
from .board import apply
from .pairs import Effect

def moment(event: ast.Node) -> str:
    return "dispute" if isinstance(event, ast.DisputeEvent) else type(event).__name__


def reads_values(node: ast.Node) -> bool:
    """Whether working the effect out reads card values (`total(…)`, `with value …`)."""
    return any(isinstance(inner, ast.ValueFilter) or (isinstance(inner, ast.Function) and inner.name == "total")
               for inner in node.walk())


def reads_others(reader: Effect, other: Effect) -> bool:
    """Whether working out the value of `reader`'s card can read another card's value, with `other` in
    force: its own definition reads values, or `other` is a modifier whose amount does (a value filter
    reads the value of the card it tests, which is not another card)."""
    if isinstance(reader.node, ast.ValueDefinition) and reads_values(reader.node):
        return True
    return isinstance(other.node, ast.ValueModifier) and (
        any(isinstance(n, ast.Function) and n.name == "total" for n in other.node.amount.walk())
        or any(isinstance(n, ast.Function) and n.name == "total" for f in filters_of(other.node.cards)
               for n in f.walk())
    )


def reach(cards: ast.Node, holder: ast.Card, profile: Profile) -> tuple | None:
    """(zone kind, type, name) every card of a modifier's card set has — each None when any will do —, or
    None when the set cannot be read so (it is worked out by the situations)."""
    if isinstance(cards, ast.ThisCard):
        return ("domain", holder.attribute("type"), holder.name)
    zone, filters = (cards.zone, cards.filters) if isinstance(cards, ast.Selection) else (cards, ())
    if not isinstance(zone, ast.Zone):
        return None
    spec = profile.zone(zone.name)
    kind, name = spec.name if spec else zone.name, None
    types = {f.value for f in filters if isinstance(f, ast.TypeFilter)}
    names = {f.name for f in filters if isinstance(f, ast.NameFilter)}
    if len(types) > 1 or len(names) > 1:
        return (kind, "\x00none", None)
    if names:
        name = next(iter(names))
    return (kind, next(iter(types)) if types else None, name)


def value_reads(node: ast.Node) -> list[ast.Node]:
    """The card sets whose values an effect reads: `total(…)` arguments, and the sets a `with value`
    filter tests (in a definition: a modifier's filters test the card it changes)."""
    found: list[ast.Node] = []
    expressions = [node.expr] if isinstance(node, ast.ValueDefinition) else [node.amount] + [
        f.amount for f in filters_of(node.cards) if isinstance(f, ast.ValueFilter)]
    for expr in expressions:
        for inner in expr.walk():
            if isinstance(inner, ast.Function) and inner.name == "total":
                found.append(inner.argument)
            elif isinstance(inner, ast.Selection) and any(isinstance(f, ast.ValueFilter) for f in inner.filters):
                found.append(inner)
    return found


def reads_card(reader: Effect, card: ast.Card, profile: Profile) -> bool:
    """Whether the effect can read the value of `card` while it is in a domain (where its own value is
    worked out): a set it reads is a domain's, and its filters let the card in."""
    if isinstance(reader.node, ast.ValueModifier) and not any(True for _ in value_reads(reader.node)):
        return False
    for cards in value_reads(reader.node):
        zone = cards.zone if isinstance(cards, ast.Selection) else cards
        if isinstance(cards, ast.Selection) and cards.other and card.name == reader.card.name:
            continue
        if isinstance(zone, ast.Zone):
            spec = profile.zone(zone.name)
            if spec is None or spec.name != "domain":
                continue
        elif not isinstance(zone, (ast.ThisCard, ast.EventCard)):
            continue
        filters = cards.filters if isinstance(cards, ast.Selection) else ()
        if all(_admits(f, card) for f in filters):
            return True
    return False


def _admits(item: ast.Node, card: ast.Card) -> bool:
    if isinstance(item, ast.TypeFilter):
        return card.attribute("type") == item.value
    if isinstance(item, ast.NameFilter):
        return card.name == item.name
    return True


def filters_of(cards: ast.Node) -> tuple:
    return cards.filters if isinstance(cards, ast.Selection) else ()


def commute_everywhere(first: ast.ValueModifier, second: ast.ValueModifier) -> bool:
    """Whether two modifiers with fixed amounts and no value filters give the same in either order on any
    value (then no situation can tell them apart, and none is searched)."""
    amounts = [_constant(first.amount), _constant(second.amount)]
    if None in amounts or reads_values(first.cards) or reads_values(second.cards):
        return False
    return all(
        apply(second.op, apply(first.op, value, amounts[0]), amounts[1])
        == apply(first.op, apply(second.op, value, amounts[1]), amounts[0])
        for value in (-3, -1, 0, 1, 2, 5)
    )


def _constant(expr: ast.Node) -> int | None:
    if isinstance(expr, ast.Number):
        return expr.value
    if isinstance(expr, ast.Negate):
        inner = _constant(expr.operand)
        return None if inner is None else -inner
    return None


