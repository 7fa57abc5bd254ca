"""The state of a hazard situation and the values of its cards: the first half of the reference semantics
the hazard analysis plays (`world` adds choices, steps and events).

The analysis decides whether the order of two effects matters by *doing* both orders on small situations
built from the deck's own cards.  It runs inside `deckdsl check`, which must not import the rules engine
(`deckdsl.games.janken_wars.engine`, a later stage), so `board` and `world` carry a second, deliberately plain reading
of the rules that effects touch: card values (definitions, modifiers, values that read each other), card
sets, the steps of triggers and discards, the events they fire, and the order simultaneous effects
resolve in.  They walk the AST directly on a handful of cards and are as slow as they are simple; the
engine compiles the same rules for speed (its `board` and `game` split the same way).
`tests/test_hazards_engine.py` replays every witness and random situations in both, so the two readings
cannot drift apart unnoticed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from ...lang import ast
from ...profiles.profile import Profile

Zone = tuple[str, int | None]
"""A zone: (`deck` | `table` | `supply`, None) or (`hand` | `domain` | `discard` | `stars`, seat)."""

DECK, TABLE, SUPPLY = ("deck", None), ("table", None), ("supply", None)
PER_SEAT = ("hand", "domain", "discard", "stars")

COMPARE: dict[str, Callable[[object, object], bool]] = {
    ">=": lambda a, b: a >= b, "<=": lambda a, b: a <= b, "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b, ">": lambda a, b: a > b, "<": lambda a, b: a < b,
}


class Piece:
    """One card of a situation.  `card`: its AST node, None for a Brinde or a Star.  `name`: the card's
    name (`Brinde`, `Estrela` for the components; the analysis may give a stand-in name to a card no
    effect names, so that one verdict serves every card of its kind).  `star`: whether it is a Star.
    `base`: its printed value, None for a `*` card."""

    __slots__ = ("card", "name", "star", "base")

    def __init__(self, card: ast.Card | None, name: str | None = None, *, star: bool = False, base=None):
        self.card, self.star = card, star
        self.name = name or (card.name if card is not None else ("Estrela" if star else "Brinde"))
        if card is not None:
            self.base = card.value if isinstance(card.value, int) else (None if card.value == "*" else 0)
        else:
            self.base = base if base is not None else (0 if star else 1)

    def __repr__(self) -> str:
        return f"<{self.name}>"

    @property
    def acts(self) -> bool:
        """Whether the card has a cost or an action (whether cancelling it changes anything)."""
        return self.card is not None and (self.card.cost is not None or self.card.action is not None)


class Senseless(ArithmeticError):
    """An expression a world cannot evaluate — a zone the game does not have, a zone read as a number —
    in a card whose effects have errors (reported by the semantic checks).  A situation that meets one
    is one nobody can play, and is skipped like one whose numbers overflow."""


class _Cycle(Exception):
    def __init__(self, piece: Piece):
        self.piece = piece


@dataclass(frozen=True)
class Rules:
    """The rule options effects depend on (`docs/rules.md`), read from the deck's profile and rules."""

    partial_actions: str = "yes"
    chooser: str = "actor"
    stars_count_as_cards: str = "no"
    stars_can_be_taken: str = "no"

    @classmethod
    def of(cls, profile: Profile, deck: ast.Deck) -> Rules:
        values = profile.parameters(deck.rules)
        return cls(**{name: str(values[name]) for name in cls.__dataclass_fields__ if name in values})


class Ctx:
    """Whose effect is running: `owner` (the seat `you` means), `this` (its card), `it` (a trigger's
    event card, or None)."""

    __slots__ = ("owner", "this", "it")

    def __init__(self, owner: int, this: Piece, it: Piece | None = None):
        self.owner, self.this, self.it = owner, this, it


class Board:
    """Where the cards of a situation are, and what they are worth.  `live`: the effect nodes in force
    besides value definitions (which always are): the two effects whose order is in question.  `order`:
    the order effects resolve in (see `Order`).  `chosen`: the cards each modifier on a chosen card chose.
    `hits`: for each card, the modifiers that changed its value so far."""

    def __init__(self, profile: Profile, rules: Rules, live: Iterable[ast.Node], order: Order):
        self.profile, self.rules = profile, rules
        self.live = {id(node) for node in live}
        self.order = order
        self.zones: dict[Zone, list[Piece]] = {DECK: [], TABLE: [], SUPPLY: []}
        for kind in PER_SEAT:
            for seat in (0, 1):
                self.zones[(kind, seat)] = []
        self.where: dict[Piece, Zone] = {}
        self.chosen: dict[Piece, list[Piece]] = {}
        self.running: dict[Piece, object] = {}
        self.computing: list[Piece] = []
        self.guards: list[Piece] = []
        self.hits: dict[Piece, set[int]] = {}
        self._zone_kind: dict[str, str] = {}
        self._modifiers: tuple[int, tuple] | None = None
        self.changes = 0
        """Counts the moves of cards (`put`, and a world's `swap`): what `modifiers` is kept by."""

    # -- placing and moving --------------------------------------------------------------------

    def put(self, piece: Piece, zone: Zone, *, bottom: bool = False) -> Piece:
        """Place `piece` in `zone` (on top, or at the bottom)."""
        if zone not in self.zones:
            raise Senseless(f"the game has no zone `{zone[0]}`")
        self.changes += 1
        if bottom:
            self.zones[zone].insert(0, piece)
        else:
            self.zones[zone].append(piece)
        self.where[piece] = zone
        return piece

    def move(self, piece: Piece, zone: Zone, *, bottom: bool = False) -> None:
        self.zones[self.where[piece]].remove(piece)
        self.put(piece, zone, bottom=bottom)

    def seat_of(self, piece: Piece) -> int | None:
        """The seat whose domain holds `piece`, or None."""
        kind, seat = self.where.get(piece, DECK)
        return seat if kind == "domain" else None

    def zone_of(self, node: ast.Zone, ctx: Ctx) -> Zone:
        kind = self._zone_kind.get(node.name)
        if kind is None:
            spec = self.profile.zone(node.name)
            kind = self._zone_kind[node.name] = spec.name if spec else node.name
        if kind in PER_SEAT:
            return (kind, ctx.owner if node.owner != "opponent" else 1 - ctx.owner)
        return (kind, None)

    # -- values --------------------------------------------------------------------------------

    def value(self, piece: Piece):
        """The card's value now: its printed value or (in a domain) its definition, then every live
        modifier that affects it, in order.  A value being worked out reads itself as it stands so far;
        a value that reads a later card whose value reads it back reads that card undetermined."""
        if piece in self.running:
            if piece in self.guards:
                raise _Cycle(piece)
            return self.running[piece]
        current = self.computing[-1] if self.computing else None
        if current is not None and self.order.before(current.name, piece.name):
            self.guards.append(current)
            try:
                return self._compute(piece)
            except _Cycle as cycle:
                if cycle.piece is not current:
                    raise
                return undetermined(piece)
            finally:
                self.guards.pop()
        return self._compute(piece)

    def _compute(self, piece: Piece):
        value = self.running[piece] = undetermined(piece)
        self.computing.append(piece)
        try:
            if piece.base is None:
                seat = self.seat_of(piece)
                definition = definition_of(piece.card)
                value = self.number(definition.expr, Ctx(seat, piece)) if seat is not None and definition else 0
                self.running[piece] = value
            for holder, modifier in self.modifiers():
                ctx = Ctx(self.seat_of(holder), holder)
                if self.affects(modifier, ctx, piece):
                    self.hits.setdefault(piece, set()).add(id(modifier))
                    value = apply(modifier.op, value, self.number(modifier.amount, ctx))
                    self.running[piece] = value
            return value
        finally:
            self.computing.pop()
            del self.running[piece]

    def modifiers(self) -> tuple[tuple[Piece, ast.ValueModifier], ...]:
        """The live modifiers in force (their cards in a domain), in the order they apply.  Worked out
        again only when a domain changed: values that read each other ask for them hundreds of thousands of
        times in one search (fuzz/findings, board_190; slow-deck-1-841)."""
        if self._modifiers is None or self._modifiers[0] != self.changes:
            self._modifiers = (self.changes, self._in_force())
        return self._modifiers[1]

    def _in_force(self) -> tuple[tuple[Piece, ast.ValueModifier], ...]:
        found = []
        for seat in (0, 1):
            for position, holder in enumerate(self.zones[("domain", seat)]):
                for index, clause in enumerate(clauses(holder.card)):
                    if isinstance(clause, ast.ValueModifier) and id(clause) in self.live:
                        found.append(((self.order.key(holder.name), index, seat, position), holder, clause))
        found.sort(key=lambda item: item[0])
        return tuple((holder, clause) for _, holder, clause in found)

    def affects(self, modifier: ast.ValueModifier, ctx: Ctx, piece: Piece) -> bool:
        if modifier.chosen_on_entry:
            return piece in self.chosen.get(ctx.this, ())
        return self.matches(modifier.cards, ctx, piece, self.where[piece])

    def number(self, expr: ast.Node, ctx: Ctx):
        if isinstance(expr, ast.Number):
            return expr.value
        if isinstance(expr, ast.BinaryOp):
            left, right = self.number(expr.left, ctx), self.number(expr.right, ctx)
            if expr.op == "+":
                return left + right
            if expr.op == "-":
                return left - right
            if expr.op == "*":
                return left * right
            return left / right if right else 0
        if isinstance(expr, ast.Negate):
            return -self.number(expr.operand, ctx)
        if isinstance(expr, ast.Function):
            if expr.name == "count":
                return len(self.cards(expr.argument, ctx, take=False))
            if expr.name == "total":
                return sum(self.value(piece) for piece in self.cards(expr.argument, ctx, take=False))
            inner = self.number(expr.argument, ctx)
            return math.ceil(inner) if expr.name == "ceil" else math.floor(inner)
        raise Senseless(f"hazard worlds cannot evaluate {type(expr).__name__} as a number")

    def test(self, comparison: ast.Comparison, ctx: Ctx) -> bool:
        left, right = self.number(comparison.left, ctx), self.number(comparison.right, ctx)
        return COMPARE[comparison.comparator](left, right)

    # -- card sets -----------------------------------------------------------------------------

    def cards(self, node: ast.Node, ctx: Ctx, *, take: bool) -> list[Piece]:
        """The cards of a card set now (`take`: a step acts on them, for the stars rule options)."""
        if isinstance(node, ast.ThisCard):
            return [ctx.this]
        if isinstance(node, ast.EventCard):
            return [ctx.it] if ctx.it is not None else []
        if isinstance(node, ast.Zone):
            zone = self.zone_of(node, ctx)
            if zone not in self.zones:
                raise Senseless(f"the game has no zone `{node.name}`")
            found = list(self.zones[zone])
            if zone[0] == "domain" and self._stars_included(take):
                found.extend(self.zones[("stars", zone[1])])
            return found
        if isinstance(node, ast.DeckTop):
            return self.zones[DECK][: -node.count - 1: -1]
        if isinstance(node, ast.Selection):
            found = self.cards(node.zone, ctx, take=take)
            if node.other:
                found = [piece for piece in found if piece is not ctx.this]
            for item in node.filters:
                found = [piece for piece in found if self.accepts(item, ctx, piece)]
            return found
        if isinstance(node, (ast.Number, ast.BinaryOp, ast.Negate, ast.Function)):
            raise Senseless(f"a number ({type(node).__name__}) read as cards")
        raise NotImplementedError(f"hazard worlds cannot evaluate {type(node).__name__} as cards")

    def _stars_included(self, take: bool) -> bool:
        option = self.rules.stars_can_be_taken if take else self.rules.stars_count_as_cards
        return option == "yes"

    def matches(self, node: ast.Node, ctx: Ctx, piece: Piece, origin: Zone) -> bool:
        """Whether `piece`, coming from `origin`, belongs to the card set (for modifiers and events)."""
        if isinstance(node, ast.ThisCard):
            return piece is ctx.this
        if isinstance(node, ast.EventCard):
            return piece is ctx.it
        if isinstance(node, ast.Zone):
            zone = self.zone_of(node, ctx)
            return origin == zone or (zone[0] == "domain" and self.rules.stars_can_be_taken == "yes"
                                      and origin == ("stars", zone[1]))
        if isinstance(node, ast.DeckTop):
            return origin == DECK
        if isinstance(node, ast.Selection):
            if not self.matches(node.zone, ctx, piece, origin) or (node.other and piece is ctx.this):
                return False
            return all(self.accepts(item, ctx, piece) for item in node.filters)
        raise NotImplementedError(f"hazard worlds cannot match {type(node).__name__}")

    def accepts(self, item: ast.Node, ctx: Ctx, piece: Piece) -> bool:
        if isinstance(item, ast.TypeFilter):
            return piece.card is not None and piece.card.attribute("type") == item.value
        if isinstance(item, ast.NameFilter):
            return piece.card is not None and piece.name == item.name
        if isinstance(item, ast.ValueFilter):
            return COMPARE[item.comparator](self.value(piece), self.number(item.amount, ctx))
        raise NotImplementedError(f"hazard worlds cannot filter by {type(item).__name__}")


class Order:
    """The order in which effects of different cards resolve when the rules leave it open.

    `key(name)`: a card's place in the total order that simultaneous effects (modifiers of one card's
    value, triggers of one event) take, lowest first.  `before(a, b)`: whether card `a` is ordered before
    card `b` — by an addendum, or by the hypothesis under test.  Values that read each other and discard
    priorities follow only these orders: unordered, a value reads itself as it stands so far, and a
    discard's chooser picks among cards of the same priority.
    """

    def __init__(self, keys: Mapping[str, tuple], pairs: Iterable[tuple[str, str]] = ()):
        self.keys, self.pairs = keys, frozenset(pairs)
        self.last = (len(keys),)

    def key(self, name: str) -> tuple:
        return self.keys.get(name, self.last)

    def before(self, first: str, second: str) -> bool:
        return (first, second) in self.pairs


def undetermined(piece: Piece):
    """A card's value before its own effects are worked out: its printed value, 0 for a `*` card."""
    return piece.base or 0


def apply(op: str, value, amount):
    if op == "add":
        return value + amount
    if op == "subtract":
        return value - amount
    if op == "multiply":
        return value * amount
    return amount


def clauses(card: ast.Card | None) -> tuple:
    return card.condition.clauses if card is not None and card.condition is not None else ()


def definition_of(card: ast.Card | None) -> ast.ValueDefinition | None:
    for clause in clauses(card):
        if isinstance(clause, ast.ValueDefinition):
            return clause
    return None
