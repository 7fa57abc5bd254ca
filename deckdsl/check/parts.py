"""The parts of a card's effects, as every rule walks them: its top-level effect nodes (`effect_nodes`), every
node below them (`effect_parts`), their classes (`part_kinds`), and how many there are (`size`).  Facts of a
card's text alone, the same for every game (what they are *worth* is a game's own model: Janken Wars'
`deckdsl.games.janken_wars.worth`)."""

from __future__ import annotations

from ..lang import ast
from .memo import carried


def effect_nodes(card: ast.Card) -> tuple[ast.Node, ...]:
    """The top-level effect nodes of a card: cost and action steps, then condition clauses."""
    cost, action, condition = card.cost, card.action, card.condition
    if action is None and cost is None:
        return condition.clauses if condition else ()
    return (*(cost.steps if cost else ()), *(action.steps if action else ()),
            *(condition.clauses if condition else ()))


@carried
def part_kinds(card: ast.Card) -> frozenset[type]:
    """The classes of the nodes among `effect_parts(card)`: whether a card's effects hold a `named "X"` or a
    discard, asked before walking them.  It depends on the card's text alone, so an editor's re-check keeps
    it for the cards an edit did not change (`deckdsl.check.memo.carried`)."""
    return frozenset(map(type, effect_parts(card)))


def effect_parts(card: ast.Card) -> tuple[ast.Node, ...]:
    """Every node of a card's effects, each top-level node followed by the nodes below it, as `Node.walk`
    goes (one walk for all of them)."""
    stack = list(effect_nodes(card))
    if not stack:
        return ()
    stack.reverse()
    found = []
    while stack:
        node = stack.pop()
        found.append(node)
        children = node.children()
        if children:
            children.reverse()
            stack.extend(children)
    return tuple(found)


def size(node: ast.Node) -> int:
    """How many nodes an effect has: a measure of how much there is to read and remember."""
    return sum(1 for _ in node.walk())


def card_size(card: ast.Card) -> int:
    """The size of all of a card's effects (0 for a card with none)."""
    return len(effect_parts(card))
