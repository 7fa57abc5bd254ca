"""Compiling a deck for the engine: `compile_deck` turns the deck's AST into a `Compiled` deck, one
`CardDef` per card, whose effects are the step, card-set and number objects of effects.py — one
`compile_<Node>` method per effect node, a node nobody handles raises."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from ....check.hazards.order import Orders
from ....lang import ast
from ....profiles.profile import Profile
from .effects import (
    Bottom,
    Cancel,
    DeckTop,
    Discard,
    EventCard,
    Gain,
    If,
    May,
    Selection,
    Stars,
    Swap,
    ThisCard,
    ZoneSet,
)
from .rules import Rules, profile_component_value
from .zones import BRINDE_NAME, STAR_NAME, ZONE_BASE


@dataclass
class CardDef:
    """One card of the deck (all its copies), compiled.  `throw`: index of its type among the throws,
    -1 when it has none (Brinde, Star).  `base`: its printed value, None for `*`.  `priority`: 1 for
    `discarded first`, -1 for `discarded last`, else 0.  `modifiers`: (cards, op, amount, chosen on entry,
    node) each.  `entry`: (its index in `modifiers`, the node) of the modifiers whose cards are chosen
    when the card enters a domain."""

    index: int
    name: str
    node: ast.Card | None
    throw: int
    base: int | None
    cost: list | None = None
    action: list | None = None
    value_def: Callable | None = None
    modifiers: list = field(default_factory=list)
    priority: int = 0
    triggers: list = field(default_factory=list)
    entry: list = field(default_factory=list)


@dataclass
class Compiled:
    """A deck compiled for the engine.  `defs`: one `CardDef` per card, then Brinde and Star.
    `def_of[id]`, `throw_of[id]`, `base_of[id]`: per card id.  `deck_ids`: the deck's copies; then
    `star_ids`, then `brinde_ids` (the Brindes last: a game's `loc` grows by one as each is handed out).
    `throws`: the dispute's values (`rock`, `paper`, `scissors`); `beats[i]`: the throw `i` beats.

    The order of effects that could apply at one moment (`deckdsl.check.hazards.order`: the addenda's,
    else a default): `ordered_modifiers`, (card index, k, modifier) in the order they apply to a value;
    `trigger_rank[card index]`: the order triggers on one event resolve in; `before`: the (card index,
    card index) pairs the addenda order, for values that read each other and discard priorities."""

    deck: ast.Deck
    rules: Rules
    defs: list[CardDef]
    def_of: list[int]
    throw_of: list[int]
    base_of: list[int | None]
    deck_ids: list[int]
    brinde_ids: list[int]
    star_ids: list[int]
    throws: list[str]
    beats: list[int]
    modifiers: bool
    self_referential: bool
    gain_triggers: bool
    discard_triggers: bool
    dispute_triggers: bool
    priorities: bool
    ordered_modifiers: list
    trigger_rank: list[int]
    before: frozenset[tuple[int, int]]
    entry_choices: bool

    def name(self, card: int) -> str:
        return self.defs[self.def_of[card]].name

    @property
    def star_def(self) -> int:
        return len(self.defs) - 1


def compile_deck(deck: ast.Deck, profile: Profile, rules: Rules) -> Compiled:
    """Compile `deck` (which must pass `check`) for games played with `rules`."""
    return _Compiler(deck, profile, rules).run()


class _Compiler:
    """Turns effect nodes into step, card-set and number objects; `compile_<Node>` per node kind."""

    definition: CardDef
    """The card whose condition is being compiled (`run` sets it before compiling its clauses)."""

    def __init__(self, deck: ast.Deck, profile: Profile, rules: Rules):
        self.deck, self.profile, self.rules = deck, profile, rules
        attribute = profile.attributes.get(profile.dispute_attribute)
        self.throws = list(attribute.values) if attribute and profile.beats else []
        self.names = {card.name: index for index, card in enumerate(deck.cards)}
        self.modifiers: list = []
        self.at = self.number = 0

    def run(self) -> Compiled:
        deck, rules = self.deck, self.rules
        defs: list[CardDef] = []
        orders = Orders(deck)
        modifiers = self.modifiers
        for index, card in enumerate(deck.cards):
            thrown = card.attribute(self.profile.dispute_attribute)
            definition = CardDef(
                index=index, name=card.name, node=card,
                throw=self.throws.index(thrown) if thrown in self.throws else -1,
                base=card.value if isinstance(card.value, int) else (None if card.value == "*" else 0),
            )
            if card.cost is not None:
                definition.cost = [self.compile(step) for step in card.cost.steps]
            if card.action is not None:
                definition.action = [self.compile(step) for step in card.action.steps]
            self.definition, self.at = definition, index
            for number, clause in enumerate(card.condition.clauses if card.condition else ()):
                self.number = number
                self.compile(clause)
            defs.append(definition)
        brinde = profile_component_value(self.profile, "brinde", 1)
        defs.append(CardDef(index=len(defs), name=BRINDE_NAME, node=None, throw=-1, base=brinde))
        defs.append(CardDef(index=len(defs), name=STAR_NAME, node=None, throw=-1, base=0))
        def_of: list[int] = []
        for index, card in enumerate(deck.cards):
            def_of.extend([index] * card.copies)
        deck_ids = list(range(len(def_of)))
        stars = rules.star_supply or 999
        star_ids = list(range(len(def_of), len(def_of) + stars))
        def_of.extend([len(deck.cards) + 1] * stars)
        brindes = rules.brinde_supply or rules.round_limit + 1
        brinde_ids = list(range(len(def_of), len(def_of) + brindes))
        def_of.extend([len(deck.cards)] * brindes)
        beats = [self.throws.index(self.profile.beats[t]) for t in self.throws]
        sequence = orders.sequence(modifiers, name=lambda item: item[3],
                                   default=lambda item: (_OP_RANK[item[4][1]], item[0], item[2]), chained=True)
        ranks = orders.rank([card.name for card in deck.cards])
        ordered = sorted(orders.names)
        return Compiled(
            deck=deck, rules=rules, defs=defs, def_of=def_of,
            throw_of=[defs[d].throw for d in def_of], base_of=[defs[d].base for d in def_of],
            deck_ids=deck_ids, brinde_ids=brinde_ids, star_ids=star_ids, throws=self.throws, beats=beats,
            modifiers=bool(modifiers),
            self_referential=bool(modifiers) or any(
                isinstance(node, ast.ValueFilter) or (isinstance(node, ast.Function) and node.name == "total")
                for card in deck.cards if card.condition for clause in card.condition.clauses
                if isinstance(clause, ast.ValueDefinition) for node in clause.walk()
            ),
            gain_triggers=any(t[0] == "GainEvent" for d in defs for t in d.triggers),
            discard_triggers=any(t[0] == "DiscardEvent" for d in defs for t in d.triggers),
            dispute_triggers=any(t[0] == "DisputeEvent" for d in defs for t in d.triggers),
            priorities=any(d.priority for d in defs),
            ordered_modifiers=[(index, k, modifier) for index, k, _, _, modifier in sequence],
            trigger_rank=[ranks[card.name] for card in deck.cards] + [len(ranks), len(ranks) + 1],
            before=frozenset((self.names[a], self.names[b]) for a in ordered for b in ordered
                             if orders.before(a, b)),
            entry_choices=any(d.entry for d in defs),
        )

    def compile(self, node: ast.Node):
        method = getattr(self, f"compile_{type(node).__name__}", None)
        if method is None:
            raise NotImplementedError(f"the engine cannot play {type(node).__name__} nodes")
        return method(node)

    # -- numbers ---------------------------------------------------------------------------

    def compile_Number(self, node: ast.Number):
        value = node.value
        return lambda g, ctx: value

    def compile_BinaryOp(self, node: ast.BinaryOp):
        left, right = self.compile(node.left), self.compile(node.right)
        if node.op == "+":
            return lambda g, ctx: left(g, ctx) + right(g, ctx)
        if node.op == "-":
            return lambda g, ctx: left(g, ctx) - right(g, ctx)
        if node.op == "*":
            return lambda g, ctx: left(g, ctx) * right(g, ctx)

        def divide(g, ctx):
            divisor = right(g, ctx)
            return left(g, ctx) / divisor if divisor else 0

        return divide

    def compile_Negate(self, node: ast.Negate):
        operand = self.compile(node.operand)
        return lambda g, ctx: -operand(g, ctx)

    def compile_Function(self, node: ast.Function):
        argument = self.compile(node.argument)
        if node.name == "count":
            return lambda g, ctx: argument.size(g, ctx)
        if node.name == "total":
            return lambda g, ctx: sum(g.value(card) for card in argument.cards(g, ctx, False))
        if node.name == "ceil":
            return lambda g, ctx: math.ceil(argument(g, ctx))
        return lambda g, ctx: math.floor(argument(g, ctx))

    # -- card sets -------------------------------------------------------------------------

    def compile_ThisCard(self, node: ast.ThisCard):
        return ThisCard()

    def compile_EventCard(self, node: ast.EventCard):
        return EventCard()

    def compile_Zone(self, node: ast.Zone):
        spec = self.profile.zone(node.name)
        return ZoneSet(ZONE_BASE[spec.name if spec else node.name], node.owner, self.rules)

    def compile_DeckTop(self, node: ast.DeckTop):
        return DeckTop(node.count)

    def compile_Selection(self, node: ast.Selection):
        zone = self.compile(node.zone)
        filters = [self.compile(f) for f in node.filters]
        return Selection(zone, filters, node.count, node.up_to, node.other, node.chooser)

    def compile_TypeFilter(self, node: ast.TypeFilter):
        throw = self.throws.index(node.value) if node.value in self.throws else -2
        return lambda g, ctx, card: g.compiled.throw_of[card] == throw

    def compile_NameFilter(self, node: ast.NameFilter):
        index = self.names.get(node.name, -2)
        return lambda g, ctx, card: g.compiled.def_of[card] == index

    def compile_ValueFilter(self, node: ast.ValueFilter):
        amount, test = self.compile(node.amount), _COMPARE[node.comparator]
        return lambda g, ctx, card: test(g.value(card), amount(g, ctx))

    def compile_Comparison(self, node: ast.Comparison):
        left, right, test = self.compile(node.left), self.compile(node.right), _COMPARE[node.comparator]
        return lambda g, ctx: test(left(g, ctx), right(g, ctx))

    # -- steps -----------------------------------------------------------------------------

    def compile_Gain(self, node: ast.Gain):
        return Gain(node, self.compile(node.cards))

    def compile_GainStars(self, node: ast.GainStars):
        return Stars(node, self.compile(node.amount), +1)

    def compile_LoseStars(self, node: ast.LoseStars):
        return Stars(node, self.compile(node.amount), -1)

    def compile_Discard(self, node: ast.Discard):
        return Discard(node, self.compile(node.cards))

    def compile_Swap(self, node: ast.Swap):
        return Swap(node, self.compile(node.first), self.compile(node.second))

    def compile_PutOnBottom(self, node: ast.PutOnBottom):
        return Bottom(node, self.compile(node.cards))

    def compile_CancelAction(self, node: ast.CancelAction):
        return Cancel(node, self.compile(node.cards) if node.cards is not None else EventCard())

    def compile_Optional(self, node: ast.Optional):
        return May(node, self.compile(node.step))

    def compile_Conditional(self, node: ast.Conditional):
        return If(node, self.compile(node.test), self.compile(node.step))

    # -- the clauses of a condition, into the card being compiled (`self.definition`) -----

    def compile_ValueDefinition(self, node: ast.ValueDefinition) -> None:
        self.definition.value_def = self.compile(node.expr)

    def compile_ValueModifier(self, node: ast.ValueModifier) -> None:
        definition = self.definition
        k = len(definition.modifiers)
        modifier = (self.compile(node.cards), node.op, self.compile(node.amount), node.chosen_on_entry, node)
        definition.modifiers.append(modifier)
        if node.chosen_on_entry:
            definition.entry.append((k, node))
        self.modifiers.append((self.at, k, self.number, definition.name, modifier))

    def compile_DiscardPriority(self, node: ast.DiscardPriority) -> None:
        self.definition.priority = 1 if node.order == "first" else -1

    def compile_Trigger(self, node: ast.Trigger) -> None:
        matcher, throw = self.compile(node.event)
        self.definition.triggers.append(
            (type(node.event).__name__, node.event, matcher, throw, [self.compile(s) for s in node.steps]))

    # -- events: (the matcher of the cards they are about, the throw they need) ------------

    def compile_GainEvent(self, node: ast.GainEvent):
        return self.compile(node.cards), None

    def compile_DiscardEvent(self, node: ast.DiscardEvent):
        return self.compile(node.cards), None

    def compile_DisputeEvent(self, node: ast.DisputeEvent):
        if node.throw is None:
            return None, None
        return None, (self.throws.index(node.throw) if node.throw in self.throws else -2)


PLAYED = frozenset(name.removeprefix("compile_") for name in vars(_Compiler) if name.startswith("compile_"))
"""The effect node kinds the engine plays: one `compile_<Node>` method each (a game's `Vocabulary`)."""


_OP_RANK = {"set": 0, "multiply": 1, "add": 2, "subtract": 2}
_COMPARE = {
    ">=": lambda a, b: a >= b, "<=": lambda a, b: a <= b, "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b, ">": lambda a, b: a > b, "<": lambda a, b: a < b,
}
