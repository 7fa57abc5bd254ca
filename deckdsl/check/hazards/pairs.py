"""What the hazard analysis talks about: an effect that may need ordering (`Effect`), a situation built to
play two effects both ways (`Situation`), and a situation where the two orders end differently
(`Witness`); `shape`, a node as written, positions aside."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...lang import ast
from .board import Zone

KINDS = ("modifiers", "values", "triggers", "priorities")

@dataclass(frozen=True, eq=False)
class Effect:
    """An effect whose order with another card's effects can matter.  `card`, its `node` (a
    ValueModifier, ValueDefinition, Trigger or DiscardPriority), `index` (the card's place in the deck)
    and `clause` (the node's place among the card's condition clauses); `family`: `value`, `trigger` or
    `priority`, the effects it may have to be ordered with."""

    card: ast.Card
    node: ast.Node
    index: int
    clause: int
    family: str = field(init=False)

    def __post_init__(self) -> None:
        node = self.node
        family = "value" if isinstance(node, (ast.ValueModifier, ast.ValueDefinition)) else (
            "trigger" if isinstance(node, ast.Trigger) else "priority")
        object.__setattr__(self, "family", family)


@dataclass(eq=False)
class Situation:
    """Where the cards of a witness are and what happens.  `pieces`: (card or None for a Brinde or a
    Star, name, zone), in the order they are put.  `happening`: what sets the effects off — None for
    values, (`GainEvent` | `DiscardEvent`, seat, piece index, origin), (`dispute`, winner, throw,
    beaten) or (`step`, piece index of the card, seat, step node) for a discard.  `chosen`: (piece
    index, index of the card it chose) for modifiers on a card chosen when their card entered a domain."""

    pieces: list[tuple[ast.Card | None, str, Zone]]
    happening: tuple | None = None
    chosen: list[tuple[int, int]] = field(default_factory=list)


@dataclass(eq=False)
class Witness:
    """A situation where the two orders end differently.  `kind` (see `KINDS`), `situation`,
    `outcomes`: everything that can happen with the first card's effect first, and with the second's
    (sets of the pieces' values, in order, or of `World.state()`).  `roles`: the names the two cards
    have in it (stand-ins unless an effect names them).  `plain`: each piece's value without the two
    effects."""

    kind: str
    situation: Situation
    outcomes: tuple[frozenset, frozenset]
    roles: tuple[str, str]
    plain: tuple = ()


_PLACES = frozenset({"span", "name_span", "title_span", "value_span", "field_spans"})
_SHAPED: dict[type, tuple[str, ...]] = {}
_NESTED = (ast.Node, tuple)


def shape(node):
    """A node as written, positions aside: equal shapes mean equal meaning."""
    if isinstance(node, ast.Node):
        cls = type(node)
        names = _SHAPED.get(cls)
        if names is None:
            names = _SHAPED[cls] = tuple(name for name in cls.model_fields if name not in _PLACES)
        values = node.__dict__
        return (cls.__name__, *[shape(value) if isinstance(value, _NESTED) else value
                                for value in map(values.__getitem__, names)])
    if isinstance(node, tuple):
        return tuple(shape(item) for item in node)
    return node
