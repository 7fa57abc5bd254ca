"""The rules engine: plays a checked deck by its game's rules (Janken Wars, as its GDD writes them).

The deck's AST is compiled once (`compile_deck`) into small step, card-set and number objects — one
`compile_<Node>` method per effect node, a node nobody handles raises — and a `Game` runs on plain lists
of card ids: no pydantic object is touched while a game is played.  Nothing about the nine standard cards
is written here; every card does what its effects say.

A game asks its two players (`Player`: the bots of `deckdsl.games.bots`, or a person in `deckdsl play`) for
every decision: the throw, which table card to take, what an effect picks, `may`, and whether to exchange
a domain for stars.  The points the GDD leaves open are rule options of the profile (`Rules`, generated
into docs/rules.md); the readings that are not options are written in that file too.

Zones are lists of card ids (the top of the deck is the end of its list).  Card ids: the deck's copies
first, then the Brinde cards, then the Star cards (both are components, not deck cards).
"""

from __future__ import annotations

import math
import random as _random
from collections.abc import Callable
from dataclasses import dataclass, field, fields

from ..check.hazards.order import Orders
from ..lang import ast
from ..profiles.profile import Profile

DECK, TABLE, SUPPLY, HAND, DOMAIN, DISCARD, STARS = 0, 1, 2, 3, 5, 7, 9
"""Zone indices: shared zones, then two per player (`HAND + player` …).  The hand holds the card a
player is winning, between the dispute (step 3) and the moment it enters the domain (step 4)."""

ZONE_BASE = {"deck": DECK, "table": TABLE, "domain": DOMAIN, "discard": DISCARD, "stars": STARS}
ZONE_NAMES = ["deck", "table", "supply", "hand", "hand", "domain", "domain", "discard", "discard",
              "stars", "stars"]
ZONE_OWNER = [None, None, None, 0, 1, 0, 1, 0, 1, 0, 1]

BRINDE_NAME, STAR_NAME = "Brinde", "Estrela"

MAX_NESTING = 64
"""How deep effects may trigger effects (each level is a few Python frames: this keeps far below the
interpreter's recursion limit); deeper is reported as a loop, like the step limit."""


class _Cycle(Exception):
    """A value read a card the addenda put after it, and that card's value read it back."""

    def __init__(self, card: int):
        self.card = card


class _Choice:
    """The choice a modifier on a chosen card makes when its card enters a domain (a `pick` step)."""

    verb = "modify"

    def __init__(self, node: ast.ValueModifier):
        self.node = node


class EngineError(Exception):
    """A game that cannot go on: an effect loop cut at the step limit, or players that never differ.
    `cards`: the names of the cards involved (for the diagnostic)."""

    def __init__(self, message: str, cards: tuple[str, ...] = ()):
        super().__init__(message)
        self.cards = cards


# ---------------------------------------------------------------------------------- rules ---


@dataclass(frozen=True)
class Rules:
    """The rule parameters and options one game is played with (see docs/rules.md for each)."""

    star_cost: int = 8
    table_size: int = 5
    stars_to_win: int = 3
    star_supply: int = 5
    brinde_supply: int = 0
    stars_count_as_cards: str = "no"
    stars_can_be_taken: str = "no"
    chooser: str = "actor"
    exchange_window: str = "step"
    exchange_remainder: str = "lost"
    partial_actions: str = "yes"
    deck_out: str = "refill"
    step_limit: int = 10000
    round_limit: int = 1000

    def as_dict(self) -> dict[str, int | str]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def rules_for(deck: ast.Deck, profile: Profile, overrides: dict[str, str] | None = None) -> Rules:
    """The rules a deck is played with: the profile's defaults, the deck's `rules` block, then
    `overrides` (`--set name=value`).  Raises ValueError naming a bad override."""
    values = profile.parameters(deck.rules)
    for name, written in (overrides or {}).items():
        parameter = profile.rules.get(name)
        if parameter is None:
            from ..diagnostics import did_you_mean

            hint = did_you_mean(name, list(profile.rules)) or f"the parameters are {', '.join(profile.rules)}"
            raise ValueError(f"{profile.name} has no rule parameter `{name}` ({hint})")
        value = parameter.parse(written)
        if value is None:
            raise ValueError(f"`{name}` must be {parameter.allowed()}, not `{written}`")
        values[name] = value
    known = {f.name for f in fields(Rules)}
    return Rules(**{name: value for name, value in values.items() if name in known})


# ------------------------------------------------------------------------------- players ---


class Player:
    """What a game asks a player.  `me` is the player's seat (0 or 1); options are card ids.

    Subclasses (`deckdsl.games.bots`, the terminal player of `deckdsl play`) override every method.
    """

    name = "player"

    def throw(self, game: Game, me: int) -> int:
        """The throw for a dispute: an index into `game.compiled.throws`."""
        raise NotImplementedError

    def take(self, game: Game, me: int, options: list[int]) -> int:
        """Which table card of the winning type to take."""
        raise NotImplementedError

    def fallback(self, game: Game, me: int, brinde: bool) -> int | None:
        """No table card of the winning type: None takes a Brinde (when `brinde`), a card id puts that
        table card on the bottom of the deck."""
        raise NotImplementedError

    def choose(self, game: Game, me: int, request: Request, options: list[int], count: int) -> list[int]:
        """Pick `count` of `options` (distinct) for the effect described by `request`."""
        raise NotImplementedError

    def may(self, game: Game, me: int, request: Request) -> bool:
        """Whether an optional step (`you may …`) happens."""
        raise NotImplementedError

    def exchange(self, game: Game, me: int, stars: int) -> bool:
        """Whether to discard the whole domain now for `stars` stars."""
        raise NotImplementedError


@dataclass(frozen=True)
class Request:
    """What an effect asks a player to decide.  `card`: the id of the card whose effect it is.
    `step`: the step's AST node (for its rules text).  `verb`: `discard`, `gain`, `swap`, `bottom`,
    `cancel`, `may`, or `modify` (a modifier on a chosen card choosing, `step` its ValueModifier).  `actor`: the seat doing the step.  `zone`: where the options are (a zone index),
    or None."""

    card: int
    step: ast.Node
    verb: str
    actor: int
    zone: int | None = None


# ----------------------------------------------------------------------------- compiling ---


class Ctx:
    """Whose effect is running: `owner` (the seat `you` means), `this` (the card id), `it` (the
    event's card inside a trigger, else -1)."""

    __slots__ = ("owner", "this", "it")

    def __init__(self, owner: int, this: int, it: int = -1):
        self.owner, self.this, self.it = owner, this, it


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
    `def_of[id]`, `throw_of[id]`, `base_of[id]`: per card id.  `deck_ids`: the deck's copies.
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

    def __init__(self, deck: ast.Deck, profile: Profile, rules: Rules):
        self.deck, self.profile, self.rules = deck, profile, rules
        attribute = profile.attributes.get(profile.dispute_attribute)
        self.throws = list(attribute.values) if attribute and profile.beats else []
        self.names = {card.name: index for index, card in enumerate(deck.cards)}

    def run(self) -> Compiled:
        deck, rules = self.deck, self.rules
        defs: list[CardDef] = []
        orders = Orders(deck)
        modifiers = []
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
            for number, clause in enumerate(card.condition.clauses if card.condition else ()):
                if isinstance(clause, ast.ValueDefinition):
                    definition.value_def = self.compile(clause.expr)
                elif isinstance(clause, ast.ValueModifier):
                    k = len(definition.modifiers)
                    modifier = (self.compile(clause.cards), clause.op, self.compile(clause.amount),
                                clause.chosen_on_entry, clause)
                    definition.modifiers.append(modifier)
                    if clause.chosen_on_entry:
                        definition.entry.append((k, clause))
                    modifiers.append((index, k, number, card.name, modifier))
                elif isinstance(clause, ast.DiscardPriority):
                    definition.priority = 1 if clause.order == "first" else -1
                elif isinstance(clause, ast.Trigger):
                    event = clause.event
                    matcher = None if isinstance(event, ast.DisputeEvent) else self.compile(event.cards)
                    throw = None
                    if isinstance(event, ast.DisputeEvent) and event.throw is not None:
                        throw = self.throws.index(event.throw) if event.throw in self.throws else -2
                    definition.triggers.append(
                        (type(event).__name__, event, matcher, throw, [self.compile(s) for s in clause.steps])
                    )
                else:
                    raise NotImplementedError(f"the engine has no rule for {type(clause).__name__}")
            defs.append(definition)
        brinde = profile_component_value(self.profile, "brinde", 1)
        defs.append(CardDef(index=len(defs), name=BRINDE_NAME, node=None, throw=-1, base=brinde))
        defs.append(CardDef(index=len(defs), name=STAR_NAME, node=None, throw=-1, base=0))
        def_of: list[int] = []
        for index, card in enumerate(deck.cards):
            def_of.extend([index] * card.copies)
        deck_ids = list(range(len(def_of)))
        brindes = rules.brinde_supply or rules.round_limit + 1
        brinde_ids = list(range(len(def_of), len(def_of) + brindes))
        def_of.extend([len(deck.cards)] * brindes)
        stars = rules.star_supply or 999
        star_ids = list(range(len(def_of), len(def_of) + stars))
        def_of.extend([len(deck.cards) + 1] * stars)
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
        return _This()

    def compile_EventCard(self, node: ast.EventCard):
        return _It()

    def compile_Zone(self, node: ast.Zone):
        spec = self.profile.zone(node.name)
        return _ZoneSet(ZONE_BASE[spec.name if spec else node.name], node.owner, self.rules)

    def compile_DeckTop(self, node: ast.DeckTop):
        return _DeckTop(node.count)

    def compile_Selection(self, node: ast.Selection):
        zone = self.compile(node.zone)
        filters = [self.compile(f) for f in node.filters]
        return _Selection(zone, filters, node.count, node.up_to, node.other, node.chooser)

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
        return _Gain(node, self.compile(node.cards))

    def compile_GainStars(self, node: ast.GainStars):
        return _Stars(node, self.compile(node.amount), +1)

    def compile_LoseStars(self, node: ast.LoseStars):
        return _Stars(node, self.compile(node.amount), -1)

    def compile_Discard(self, node: ast.Discard):
        return _Discard(node, self.compile(node.cards))

    def compile_Swap(self, node: ast.Swap):
        return _Swap(node, self.compile(node.first), self.compile(node.second))

    def compile_PutOnBottom(self, node: ast.PutOnBottom):
        return _Bottom(node, self.compile(node.cards))

    def compile_CancelAction(self, node: ast.CancelAction):
        return _Cancel(node, self.compile(node.cards) if node.cards is not None else _It())

    def compile_Optional(self, node: ast.Optional):
        return _May(node, self.compile(node.step))

    def compile_Conditional(self, node: ast.Conditional):
        return _If(node, self.compile(node.test), self.compile(node.step))


def profile_component_value(profile: Profile, name: str, default: int) -> int:
    return int(profile.components.get(name, {}).get("value", default))


_OP_RANK = {"set": 0, "multiply": 1, "add": 2, "subtract": 2}
_COMPARE = {
    ">=": lambda a, b: a >= b, "<=": lambda a, b: a <= b, "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b, ">": lambda a, b: a > b, "<": lambda a, b: a < b,
}


# Card sets: `cards(g, ctx, take)` lists the ids (a new list); `take` is True when a step acts on them
# (rule option stars_can_be_taken) and False when an expression counts them (stars_count_as_cards).
# `count` is None when the set is all of them, else how many a player picks.


class _This:
    count = None
    up_to = False
    chooser = None

    def size(self, g, ctx) -> int:
        """How many cards the set holds (for `count`)."""
        return len(self.cards(g, ctx, False))

    def cards(self, g, ctx, take):
        return [ctx.this]

    def matches(self, g, ctx, card, origin):
        return card == ctx.this

    def zone_of(self, g, ctx):
        return None


class _It(_This):
    def cards(self, g, ctx, take):
        return [ctx.it] if ctx.it >= 0 else []

    def matches(self, g, ctx, card, origin):
        return card == ctx.it


class _ZoneSet:
    count = None
    up_to = False
    chooser = None

    def __init__(self, base: int, owner: str | None, rules: Rules):
        self.base, self.owner = base, owner
        self.per_player = base >= HAND
        self.count_stars = base == DOMAIN and rules.stars_count_as_cards == "yes"
        self.take_stars = base == DOMAIN and rules.stars_can_be_taken == "yes"

    def zone_of(self, g, ctx):
        if not self.per_player:
            return self.base
        return self.base + (ctx.owner if self.owner != "opponent" else 1 - ctx.owner)

    def size(self, g, ctx) -> int:
        zone = self.zone_of(g, ctx)
        if self.count_stars:
            return len(g.zones[zone]) + len(g.zones[zone - DOMAIN + STARS])
        return len(g.zones[zone])

    def cards(self, g, ctx, take):
        zone = self.zone_of(g, ctx)
        found = list(g.zones[zone])
        if self.take_stars if take else self.count_stars:
            found.extend(g.zones[zone - DOMAIN + STARS])
        return found

    def matches(self, g, ctx, card, origin):
        zone = self.zone_of(g, ctx)
        return origin == zone or (self.take_stars and origin == zone - DOMAIN + STARS)


class _DeckTop:
    up_to = False
    chooser = None

    def __init__(self, count: int):
        self.count = None
        self.size_ = count

    def zone_of(self, g, ctx):
        return DECK

    def size(self, g, ctx) -> int:
        return min(self.size_, len(g.zones[DECK]))

    def cards(self, g, ctx, take):
        deck = g.zones[DECK]
        return deck[: -self.size_ - 1 : -1]

    def matches(self, g, ctx, card, origin):
        return origin == DECK


class _Selection:
    def __init__(self, zone, filters, count, up_to, other, chooser):
        self.zone, self.filters, self.count, self.up_to = zone, filters, count, up_to
        self.other, self.chooser = other, chooser

    def zone_of(self, g, ctx):
        return self.zone.zone_of(g, ctx)

    def size(self, g, ctx) -> int:
        return len(self.cards(g, ctx, False))

    def cards(self, g, ctx, take):
        found = self.zone.cards(g, ctx, take)
        if self.other:
            found = [card for card in found if card != ctx.this]
        for accept in self.filters:
            found = [card for card in found if accept(g, ctx, card)]
        return found

    def matches(self, g, ctx, card, origin):
        if not self.zone.matches(g, ctx, card, origin) or (self.other and card == ctx.this):
            return False
        return all(accept(g, ctx, card) for accept in self.filters)


# Steps: `run(g, ctx)` does the step; `possible(g, ctx)` says whether it can happen in full (for the
# rule option partial_actions = no).  `actor(ctx)` is the seat performing it.


class _Step:
    verb = "step"

    def __init__(self, node):
        self.node = node
        self.relative = node.player or "you"

    def actor(self, ctx) -> int:
        return ctx.owner if self.relative == "you" else 1 - ctx.owner

    def possible(self, g, ctx) -> bool:
        """Whether the step can happen in full now."""
        return True

    def startable(self, g, ctx) -> bool:
        """Whether any of the step can happen now (an action none of whose steps can is impossible)."""
        return self.possible(g, ctx)


class _Moving(_Step):
    """A step that moves the cards of a card set (picked by a player when the set says how many)."""

    def __init__(self, node, source):
        super().__init__(node)
        self.source = source

    def pick(self, g, ctx) -> list[int]:
        return g.pick(self.source, ctx, self.actor(ctx), self)

    def possible(self, g, ctx) -> bool:
        found = self.source.cards(g, ctx, True)
        if isinstance(self.source, _DeckTop):
            return len(found) >= self.source.size_
        need = self.source.count
        return bool(found) if need is None else (self.source.up_to or len(found) >= need)

    def startable(self, g, ctx) -> bool:
        return bool(self.source.cards(g, ctx, True))


class _Gain(_Moving):
    verb = "gain"

    def run(self, g, ctx):
        actor = self.actor(ctx)
        for card in self.pick(g, ctx):
            origin = g.loc[card]
            if origin != DOMAIN + actor:
                g.move(card, STARS + actor if g.compiled.def_of[card] == g.compiled.star_def else DOMAIN + actor)
                g.gained(actor, card, origin)


class _Discard(_Moving):
    verb = "discard"

    def run(self, g, ctx):
        actor = self.actor(ctx)
        for card in self.pick(g, ctx):
            origin = g.loc[card]
            g.move(card, DISCARD + actor)
            g.discarded(actor, card, origin)


class _Bottom(_Moving):
    verb = "bottom"

    def run(self, g, ctx):
        for card in self.pick(g, ctx):
            g.move(card, DECK, bottom=True)


class _Cancel(_Moving):
    verb = "cancel"

    def run(self, g, ctx):
        g.cancelled.update(self.source.cards(g, ctx, True))


class _Swap(_Step):
    verb = "swap"

    def __init__(self, node, first, second):
        super().__init__(node)
        self.first, self.second = first, second

    def possible(self, g, ctx) -> bool:
        return bool(self.first.cards(g, ctx, True)) and bool(self.second.cards(g, ctx, True))

    def run(self, g, ctx):
        actor = self.actor(ctx)
        first = g.pick(self.first, ctx, actor, self, one=True)
        if not first:
            return
        second = g.pick(self.second, ctx, actor, self, one=True, exclude=first[0])
        if second:
            g.swap(first[0], second[0])


class _Stars(_Step):
    verb = "stars"

    def __init__(self, node, amount, sign):
        super().__init__(node)
        self.amount, self.sign = amount, sign

    def _available(self, g, ctx) -> int:
        return len(g.zones[SUPPLY]) if self.sign > 0 else g.stars(self.actor(ctx))

    def possible(self, g, ctx) -> bool:
        amount = int(self.amount(g, ctx))
        return amount > 0 and self._available(g, ctx) >= amount

    def startable(self, g, ctx) -> bool:
        return int(self.amount(g, ctx)) > 0 and self._available(g, ctx) > 0

    def run(self, g, ctx):
        amount = int(self.amount(g, ctx))
        if amount > 0:
            g.gain_stars(self.actor(ctx), amount) if self.sign > 0 else g.lose_stars(self.actor(ctx), amount)


class _May(_Step):
    verb = "may"

    def __init__(self, node, step):
        super().__init__(node)
        self.step = step

    def startable(self, g, ctx) -> bool:
        return self.step.startable(g, ctx)

    def run(self, g, ctx):
        """The player is asked only when the step can happen (in full, with partial_actions = no)."""
        actor = self.actor(ctx)
        can = self.step.startable(g, ctx) if g.rules.partial_actions == "yes" else self.step.possible(g, ctx)
        if can and g.players[actor].may(g, actor, Request(ctx.this, self.node, self.verb, actor)):
            self.step.run(g, ctx)


class _If(_Step):
    verb = "if"

    def __init__(self, node, test, step):
        super().__init__(node)
        self.test, self.step = test, step

    def startable(self, g, ctx) -> bool:
        return bool(self.test(g, ctx)) and self.step.startable(g, ctx)

    def run(self, g, ctx):
        if self.test(g, ctx):
            self.step.run(g, ctx)


# ---------------------------------------------------------------------------------- game ---


@dataclass
class Outcome:
    """How a game ended.  `winner`: seat 0 or 1, None for a draw (a game cut at the round limit).
    `reason`: `stars`, `deck-stars`, `deck-domain`, `deck-dispute` (the deck ran out and that
    tie-break decided), or `round-limit`.  `rounds`: rounds played."""

    winner: int | None
    reason: str
    rounds: int


class Game:
    """One game.  Build it from a `Compiled` deck, two players and a random generator, then `play()`.

    State: `zones` (lists of card ids, see the zone indices), `loc[id]` (the zone a card is in),
    `round`, `credit[seat]` (kept exchange remainders).  `listener(event, data)`, when given, hears every
    event (`deckdsl play` prints them, the conformance suite records them).  `stats`, when given, is a
    `GameStats` filled as the game goes.
    """

    def __init__(self, compiled: Compiled, players, rng: _random.Random, *, listener=None, stats=None,
                 shuffle: bool = True):
        self.compiled = compiled
        self.rules = compiled.rules
        self.players = players
        self.rng = rng
        self.listener = listener
        self.stats = stats
        deck = list(compiled.deck_ids)
        if shuffle:
            rng.shuffle(deck)
        self.zones: list[list[int]] = [deck, [], list(compiled.star_ids), [], [], [], [], [], [], [], []]
        self.loc = [DECK] * len(compiled.deck_ids) + [SUPPLY] * (len(compiled.def_of) - len(compiled.deck_ids))
        self.next_brinde = 0
        self.round = 0
        self.ties = 0
        self.steps = 0
        self.active = 0
        self.credit = [0, 0]
        self.dirty = [False, False]
        self.printed = [0, 0]
        self.starred = [0, 0]
        self.cancelled: set[int] = set()
        self.running: list[tuple[int, str]] = []
        self.valuing: dict[int, object] = {}
        self.computing: list[int] = []
        self.guards: list[int] = []
        self.chosen: dict[tuple[int, int], list[int]] = {}

    # -- moving cards ----------------------------------------------------------------------

    def move(self, card: int, zone: int, bottom: bool = False) -> None:
        source = self.loc[card]
        self.zones[source].remove(card)
        if bottom:
            self.zones[zone].insert(0, card)
        else:
            self.zones[zone].append(card)
        self.loc[card] = zone
        # `_left_domain` and `_entered_domain`, inlined: this is the engine's most frequent call.
        if DOMAIN <= source < DISCARD:
            seat = source - DOMAIN
            self.dirty[seat] = True
            base = self.compiled.base_of[card]
            if base is None:
                self.starred[seat] -= 1
            else:
                self.printed[seat] -= base
        if DOMAIN <= zone < DISCARD:
            seat = zone - DOMAIN
            self.dirty[seat] = True
            base = self.compiled.base_of[card]
            if base is None:
                self.starred[seat] += 1
            else:
                self.printed[seat] += base
        if self.compiled.entry_choices:
            self._moved(card, source, zone)
        if self.listener:
            self.listener("move", {"card": card, "from": source, "to": zone})

    def _moved(self, card: int, source: int, zone: int) -> None:
        """Keep the choices of modifiers on a chosen card: a choice ends when its card leaves its domain or
        the chosen card leaves the zone it was chosen in; a card entering a domain makes its choices."""
        if source == zone:
            return
        chosen = self.chosen
        for key in [key for key in chosen if key[0] == card]:
            del chosen[key]
        for targets in chosen.values():
            if card in targets:
                targets.remove(card)
        if DOMAIN <= zone < DISCARD:
            entry = self.compiled.defs[self.compiled.def_of[card]].entry
            if entry:
                seat = zone - DOMAIN
                modifiers = self.compiled.defs[self.compiled.def_of[card]].modifiers
                for k, node in entry:
                    chosen[(card, k)] = self.pick(modifiers[k][0], Ctx(seat, card), seat, _Choice(node))

    def _entered_domain(self, seat: int, card: int) -> None:
        """Keep `printed[seat]` (the sum of the domain's printed values) and `starred[seat]` (how many
        of its cards have a `*` value) current, and note that the domain changed."""
        self.dirty[seat] = True
        base = self.compiled.base_of[card]
        if base is None:
            self.starred[seat] += 1
        else:
            self.printed[seat] += base

    def _left_domain(self, seat: int, card: int) -> None:
        self.dirty[seat] = True
        base = self.compiled.base_of[card]
        if base is None:
            self.starred[seat] -= 1
        else:
            self.printed[seat] -= base

    def swap(self, first: int, second: int) -> None:
        """`first` and `second` trade places (each takes the other's zone and position)."""
        zone_a, zone_b = self.loc[first], self.loc[second]
        list_a, list_b = self.zones[zone_a], self.zones[zone_b]
        index_a, index_b = list_a.index(first), list_b.index(second)
        list_a[index_a], list_b[index_b] = second, first
        if zone_a == zone_b:
            return
        self.loc[first], self.loc[second] = zone_b, zone_a
        # A star swapped into a domain lands among its new owner's stars, and the other way round.
        for card, zone, origin in ((first, zone_b, zone_a), (second, zone_a, zone_b)):
            if DOMAIN <= origin < DISCARD:
                self._left_domain(origin - DOMAIN, card)
            if DOMAIN <= zone < DISCARD:
                self._entered_domain(zone - DOMAIN, card)
        for card, zone in ((first, zone_b), (second, zone_a)):
            self._settle(card, zone)
        if self.compiled.entry_choices:
            self._moved(first, zone_a, self.loc[first])
            self._moved(second, zone_b, self.loc[second])
        if self.listener:
            self.listener("swap", {"first": first, "second": second})
        for card, zone, origin in ((second, zone_a, zone_b), (first, zone_b, zone_a)):
            owner = ZONE_OWNER[zone]
            if owner is not None and zone in (DOMAIN + owner, HAND + owner, STARS + owner):
                self.gained(owner, card, origin)

    def _settle(self, card: int, zone: int) -> None:
        is_star = self.compiled.def_of[card] == self.compiled.star_def
        if is_star and DOMAIN <= zone < DISCARD:
            self._left_domain(zone - DOMAIN, card)
            self.zones[zone].remove(card)
            self.zones[zone - DOMAIN + STARS].append(card)
            self.loc[card] = zone - DOMAIN + STARS
        elif not is_star and STARS <= zone:
            self.zones[zone].remove(card)
            self.zones[zone - STARS + DOMAIN].append(card)
            self.loc[card] = zone - STARS + DOMAIN
            self._entered_domain(zone - STARS, card)

    def gain_stars(self, seat: int, amount: int) -> int:
        """Move up to `amount` stars from the supply to `seat`; how many there were."""
        supply = self.zones[SUPPLY]
        got = 0
        while got < amount and supply:
            self.move(supply[-1], STARS + seat)
            got += 1
        return got

    def lose_stars(self, seat: int, amount: int) -> None:
        for star in self.zones[STARS + seat][-amount:]:
            self.move(star, SUPPLY)

    # -- values ----------------------------------------------------------------------------

    def value(self, card: int):
        """The card's current value: printed, or (in a domain) its `value =` definition, with every value
        modifier in force applied in order.  A `*` card outside a domain is worth 0.  A value being worked
        out reads itself as it stands so far (its printed value, 0 for `*`, until its definition and each
        modifier are applied: a modifier's `with value` filter sees what the earlier ones made of it); a
        value that reads a card the addenda put after it, whose value reads it back, counts that card at
        its printed value (`_Cycle`)."""
        compiled = self.compiled
        base = compiled.base_of[card]
        if base is not None and not compiled.modifiers:
            return base
        if not compiled.self_referential:
            zone = self.loc[card]
            if not DOMAIN <= zone < DISCARD:
                return 0
            return compiled.defs[compiled.def_of[card]].value_def(self, Ctx(zone - DOMAIN, card))
        valuing = self.valuing
        if card in valuing:
            if self.guards and card in self.guards:
                raise _Cycle(card)
            return valuing[card]
        if compiled.before and self.computing:
            current = self.computing[-1]
            if (compiled.def_of[current], compiled.def_of[card]) in compiled.before:
                self.guards.append(current)
                try:
                    return self._worked_out(card, base)
                except _Cycle as cycle:
                    if cycle.card != current:
                        raise
                    return base or 0
                finally:
                    self.guards.pop()
        return self._worked_out(card, base)

    def _worked_out(self, card: int, base):
        compiled, valuing = self.compiled, self.valuing
        valuing[card] = base or 0
        self.computing.append(card)
        try:
            if base is None:
                zone = self.loc[card]
                definition = compiled.defs[compiled.def_of[card]].value_def
                base = definition(self, Ctx(zone - DOMAIN, card)) if DOMAIN <= zone < DISCARD and definition else 0
                valuing[card] = base
            if compiled.modifiers:
                base = self._modified(card, base)
            return base
        finally:
            self.computing.pop()
            del valuing[card]

    def _modified(self, card: int, value):
        def_of, loc, valuing = self.compiled.def_of, self.loc[card], self.valuing
        for index, k, (cards, op, amount, chosen, _) in self.compiled.ordered_modifiers:
            for seat in (0, 1):
                for holder in self.zones[DOMAIN + seat]:
                    if def_of[holder] != index:
                        continue
                    ctx = Ctx(seat, holder)
                    if chosen:
                        if card not in self.chosen.get((holder, k), ()):
                            continue
                    elif not cards.matches(self, ctx, card, loc):
                        continue
                    number = amount(self, ctx)
                    if op == "add":
                        value += number
                    elif op == "subtract":
                        value -= number
                    elif op == "multiply":
                        value *= number
                    else:
                        value = number
                    valuing[card] = value
        return value

    def domain_value(self, seat: int):
        """The sum of the current values of `seat`'s domain (stars are worth nothing)."""
        if not self.starred[seat] and not self.compiled.modifiers:
            return self.printed[seat]
        domain = self.zones[DOMAIN + seat]
        if self.compiled.modifiers:
            return sum([self.value(card) for card in domain])
        base_of = self.compiled.base_of
        return self.printed[seat] + sum([self.value(card) for card in domain if base_of[card] is None])

    def stars(self, seat: int) -> int:
        return len(self.zones[STARS + seat])

    # -- effects ---------------------------------------------------------------------------

    def pick(self, source, ctx: Ctx, actor: int, step, *, one: bool = False, exclude: int = -1) -> list[int]:
        """The cards `step` acts on: all of `source`, or the ones its chooser picks."""
        found = source.cards(self, ctx, True)
        if exclude >= 0:
            found = [card for card in found if card != exclude]
        count = 1 if one else source.count
        if count is None or not found:
            return found
        if len(found) < count and not source.up_to and self.rules.partial_actions == "no":
            return []
        prioritised = self.compiled.priorities and step.verb == "discard"
        if len(found) <= count and not prioritised:
            return found
        chooser = source.chooser
        if chooser is None:
            chooser = self.rules.chooser
            if chooser == "owner":
                zone = source.zone_of(self, ctx)
                owner = ZONE_OWNER[zone] if zone is not None else None
                chooser = actor if owner is None else owner
            elif chooser == "actor":
                chooser = actor
        elif chooser == "you":
            chooser = ctx.owner
        elif chooser == "opponent":
            chooser = 1 - ctx.owner
        picked: list[int] = []
        while len(picked) < count and found:
            options = found
            if prioritised:
                options = self._by_priority(found)
            take = min(count - len(picked), len(options))
            if chooser == "random":
                chosen = self.rng.sample(options, take) if take < len(options) else list(options)
            elif take == len(options):
                chosen = list(options)
            else:
                request = Request(ctx.this, step.node, step.verb, actor, source.zone_of(self, ctx))
                chosen = self.players[chooser].choose(self, chooser, request, options, take)
                chosen = _valid_choice(chosen, options, take)
            picked.extend(chosen)
            found = [card for card in found if card not in chosen]
        return picked

    def _by_priority(self, cards: list[int]) -> list[int]:
        """The cards a discard may pick first: a domain's `discarded first` cards before its others, its
        `discarded last` cards after them (cards outside domains have no priority); among cards of the same
        priority, not one the addenda put after another of them."""
        defs, def_of = self.compiled.defs, self.compiled.def_of

        def rank(card):
            return defs[def_of[card]].priority if DOMAIN <= self.loc[card] < DISCARD else 0

        best = max(rank(card) for card in cards)
        found = [card for card in cards if rank(card) == best]
        before = self.compiled.before
        if best and before:
            found = [card for card in found if not any((def_of[o], def_of[card]) in before for o in found)]
        return found

    def run_steps(self, steps, ctx: Ctx, card: int, kind: str) -> None:
        """Run a cost, action or trigger's steps (checkpoints between them: exchange_window = step)."""
        if kind != "trigger":
            if self.rules.partial_actions == "no":
                impossible = not all(step.possible(self, ctx) for step in steps)
            else:
                impossible = not any(step.startable(self, ctx) for step in steps)
            if impossible:
                if self.listener:
                    self.listener("impossible", {"card": card, "kind": kind})
                return
            if kind == "action" and self.stats is not None:
                self.stats.fired[self.compiled.def_of[card]] += 1
        self.running.append((card, kind))
        if len(self.running) > MAX_NESTING:
            self._loop(nested=True)
        try:
            for step in steps:
                self.steps += 1
                if self.steps > self.rules.step_limit:
                    self._loop()
                if self.listener:
                    self.listener("step", {"card": card, "kind": kind, "node": step.node, "owner": ctx.owner})
                step.run(self, ctx)
                if self.rules.exchange_window == "step":
                    self.offer_exchanges()
        finally:
            self.running.pop()

    def _loop(self, nested: bool = False):
        names: list[str] = []
        for card, kind in reversed(self.running):
            name = self.compiled.name(card)
            if kind == "trigger" and name not in names:
                names.append(name)
        what = (f"effects triggered each other {MAX_NESTING} deep" if nested
                else f"the game passed {self.rules.step_limit} effect steps")
        cards = ", ".join(f"`{n}`" for n in names) or "card effects"
        verb = "keeps triggering itself" if len(names) == 1 else "keep triggering each other"
        started = [self.compiled.name(card) for card, kind in self.running if kind != "trigger"][:1]
        origin = f" (started by the {self.running[0][1]} of `{started[0]}`)" if started else ""
        raise EngineError(f"{what}: {cards} {verb}{origin}", tuple(names))

    def gained(self, seat: int, card: int, origin: int) -> None:
        if self.compiled.gain_triggers:
            self._fire("GainEvent", seat, card, origin)

    def discarded(self, seat: int, card: int, origin: int) -> None:
        if self.stats is not None:
            self.stats.discarded[self.compiled.def_of[card]] += 1
        if self.compiled.discard_triggers:
            self._fire("DiscardEvent", seat, card, origin)

    def _fire(self, kind: str, seat: int, card: int, origin: int, outcome: str = "", throw: int = -1):
        self._fire_all([(kind, seat, card, origin, outcome, throw)])

    def _fire_all(self, events: list[tuple]) -> None:
        """Resolve the triggers that `events` (happening at one moment) set off, in the deck's order of
        triggers (`trigger_rank`: the addenda's, else the deck file's); copies of one card, the event's
        player's first, then by the order they entered the domain.  A trigger whose card has left its
        domain by its turn does not resolve."""
        compiled = self.compiled
        defs, def_of, trigger_rank = compiled.defs, compiled.def_of, compiled.trigger_rank
        first_seat = events[0][1]
        pending = []
        for owner in (0, 1):
            for position, holder in enumerate(self.zones[DOMAIN + owner]):
                triggers = defs[def_of[holder]].triggers
                if not triggers:
                    continue
                for number, (event_kind, event, matcher, event_throw, steps) in enumerate(triggers):
                    for kind, seat, card, origin, outcome, throw in events:
                        if event_kind != kind or (seat == owner) != (event.player == "you"):
                            continue
                        ctx = Ctx(owner, holder, card)
                        if kind == "DisputeEvent":
                            if event.outcome != outcome or (event_throw is not None and event_throw != throw):
                                continue
                        elif not matcher.matches(self, ctx, card, origin):
                            continue
                        key = (trigger_rank[def_of[holder]], number, owner != first_seat, position)
                        pending.append((key, owner, holder, ctx, steps, kind, card))
        if len(pending) > 1:
            pending.sort(key=lambda item: item[0])
        for _, owner, holder, ctx, steps, kind, card in pending:
            if self.loc[holder] != DOMAIN + owner:
                continue
            if self.listener:
                self.listener("trigger", {"card": holder, "event": kind, "it": card})
            self.run_steps(steps, ctx, holder, "trigger")

    # -- exchanges -------------------------------------------------------------------------

    def offer_exchanges(self) -> None:
        """Offer an exchange to each player whose domain changed since their last offer (the active
        player first).  Only an exchange that buys at least one star is offered."""
        dirty = self.dirty
        if not (dirty[0] or dirty[1]):
            return
        for seat in (self.active, 1 - self.active):
            if dirty[seat]:
                dirty[seat] = False
                self._offer(seat)

    def exchange_worth(self, seat: int) -> tuple[int, object]:
        """The stars an exchange would buy now (limited by the supply) and the points it would spend."""
        points = self.domain_value(seat) + self.credit[seat]
        return self._stars_for(points), points

    def _stars_for(self, points) -> int:
        stars = int(points // self.rules.star_cost) if points > 0 else 0
        return min(stars, self._supply_stars()) if self.rules.star_supply else stars

    def _supply_stars(self) -> int:
        """Stars left to buy: the supply holds only stars (a Brinde passes through it on its way)."""
        return len(self.zones[SUPPLY])

    def _offer(self, seat: int) -> None:
        if not self.zones[DOMAIN + seat]:
            return
        points = self.domain_value(seat) + self.credit[seat]
        if points < self.rules.star_cost:
            return
        stars = self._stars_for(points)
        if stars >= 1 and self.players[seat].exchange(self, seat, stars):
            self.exchange(seat)

    def exchange(self, seat: int) -> None:
        """Discard `seat`'s whole domain for one star per `star_cost` points."""
        stars, points = self.exchange_worth(seat)
        domain = list(self.zones[DOMAIN + seat])
        if self.stats is not None:
            self.stats.record_exchange(self, seat, domain, points, stars)
        if self.listener:
            self.listener("exchange", {"seat": seat, "cards": domain, "points": points, "stars": stars})
        for card in domain:
            self.move(card, DISCARD + seat)
        for card in domain:
            self.discarded(seat, card, DOMAIN + seat)
        got = self.gain_stars(seat, stars)
        spent = got * self.rules.star_cost
        self.credit[seat] = points - spent if self.rules.exchange_remainder == "kept" else 0
        self.dirty[seat] = False

    # -- the round -------------------------------------------------------------------------

    def play(self) -> Outcome:
        """Play rounds until someone wins (or the round limit cuts the game)."""
        rules = self.rules
        table, deck = self.zones[TABLE], self.zones[DECK]
        loc = self.loc
        while True:
            if self.round >= rules.round_limit:
                return self._end(None, "round-limit")
            self.round += 1
            if self.listener:
                self.listener("round", {"round": self.round})
            if rules.deck_out == "empty" and not deck:
                return self._deck_out()
            while len(table) < rules.table_size:
                if not deck:
                    return self._deck_out()
                card = deck.pop()
                table.append(card)
                loc[card] = TABLE
            if self.listener:
                self.listener("table", {"cards": list(table)})
            seat, throw = self.dispute()
            self.win(seat, throw)
            if rules.exchange_window == "round":
                self.offer_exchanges()
            stars0, stars1 = len(self.zones[STARS]), len(self.zones[STARS + 1])
            if stars0 >= rules.stars_to_win or stars1 >= rules.stars_to_win:
                if stars0 != stars1:
                    return self._end(0 if stars0 > stars1 else 1, "stars")
                return self._tiebreak("stars")

    def dispute(self) -> tuple[int, int]:
        """Rock-paper-scissors until someone wins: (the winner's seat, the throw they won with)."""
        first, second = self.players
        beats = self.compiled.beats
        self.ties = ties = 0
        while True:
            a, b = first.throw(self, 0), second.throw(self, 1)
            if self.listener:
                self.listener("throws", {"throws": (a, b)})
            if a != b:
                break
            self.ties = ties = ties + 1
            if ties >= 1000:
                raise EngineError(f"the players tied {ties} disputes in a row: "
                                  f"`{first.name}` and `{second.name}` always throw the same")
        seat, throw = (0, a) if beats[a] == b else (1, b)
        self.active = seat
        if self.compiled.dispute_triggers:
            self._fire_all([("DisputeEvent", seat, -1, -1, "win", throw),
                            ("DisputeEvent", 1 - seat, -1, -1, "lose", (b if seat == 0 else a))])
        return seat, throw

    def win(self, seat: int, throw: int) -> None:
        """Steps 3 and 4 of the round for the dispute's winner."""
        throw_of = self.compiled.throw_of
        options = [card for card in self.zones[TABLE] if throw_of[card] == throw]
        if options:
            card = options[0] if len(options) == 1 else self.players[seat].take(self, seat, options)
            self.take(seat, card if card in options else options[0])
        else:
            brinde = self.next_brinde < len(self.compiled.brinde_ids)
            choice = self.players[seat].fallback(self, seat, brinde)
            if choice is None and brinde:
                self.take_brinde(seat)
            else:
                table = self.zones[TABLE]
                self.put_back(seat, choice if choice in table else table[0])

    def take(self, seat: int, card: int) -> None:
        """Step 3 with a table card: the winner takes `card`, its cost and action happen, and (step 4)
        it enters the winner's domain."""
        self.move(card, HAND + seat)
        if self.listener:
            self.listener("take", {"seat": seat, "card": card})
        if self.stats is not None:
            self.stats.record_take(self, seat, card)
        self.gained(seat, card, TABLE)
        if card not in self.cancelled:
            definition = self.compiled.defs[self.compiled.def_of[card]]
            if definition.cost or definition.action:
                ctx = Ctx(seat, card)
                if definition.cost:
                    self.run_steps(definition.cost, ctx, card, "cost")
                if definition.action:
                    self.run_steps(definition.action, ctx, card, "action")
                if self.rules.exchange_window == "action":
                    self.offer_exchanges()
        self.cancelled.clear()
        self._place(seat)

    def take_brinde(self, seat: int) -> None:
        """Step 3 (a): the winner gains a generic 1-point card."""
        card = self.compiled.brinde_ids[self.next_brinde]
        self.next_brinde += 1
        self.zones[SUPPLY].append(card)
        self.move(card, HAND + seat)
        if self.listener:
            self.listener("brinde", {"seat": seat, "card": card})
        if self.stats is not None:
            self.stats.record_take(self, seat, card)
        self.gained(seat, card, SUPPLY)
        self._place(seat)

    def put_back(self, seat: int, card: int) -> None:
        """Step 3 (b): the winner puts a table card on the bottom of the deck."""
        if self.listener:
            self.listener("bottom", {"seat": seat, "card": card})
        self.move(card, DECK, bottom=True)

    def _place(self, seat: int) -> None:
        """Step 4: whatever the winner holds enters their domain."""
        hand = self.zones[HAND + seat]
        while hand:
            self.move(hand[-1], DOMAIN + seat)
        if self.rules.exchange_window != "round":
            self.offer_exchanges()

    def _deck_out(self) -> Outcome:
        return self._tiebreak("deck")

    def _tiebreak(self, cause: str) -> Outcome:
        """The GDD's tie-breaks: more stars, then the greater domain value, then one last dispute."""
        stars0, stars1 = self.stars(0), self.stars(1)
        if stars0 != stars1:
            return self._end(0 if stars0 > stars1 else 1, f"{cause}-stars")
        value0, value1 = self.domain_value(0), self.domain_value(1)
        if value0 != value1:
            return self._end(0 if value0 > value1 else 1, f"{cause}-domain")
        seat, _ = self.dispute()
        return self._end(seat, f"{cause}-dispute")

    def _end(self, winner: int | None, reason: str) -> Outcome:
        if self.listener:
            self.listener("end", {"winner": winner, "reason": reason})
        return Outcome(winner, reason, self.round)

    # -- for players that look ahead -------------------------------------------------------

    def clone(self, players) -> Game:
        """A copy of this game's state with other players (and no listener or stats), to try a move."""
        copy = Game.__new__(Game)
        copy.__dict__.update(self.__dict__)
        copy.zones = [list(zone) for zone in self.zones]
        copy.loc = list(self.loc)
        copy.credit = list(self.credit)
        copy.dirty = list(self.dirty)
        copy.printed = list(self.printed)
        copy.starred = list(self.starred)
        copy.cancelled = set(self.cancelled)
        copy.running = []
        copy.valuing = {}
        copy.computing = []
        copy.guards = []
        copy.chosen = {key: list(targets) for key, targets in self.chosen.items()}
        copy.players = players
        copy.listener = None
        copy.stats = None
        copy.rng = _random.Random(self.rng.random())
        return copy


def _valid_choice(chosen, options: list[int], count: int) -> list[int]:
    """A player's choice, kept only if it is `count` distinct options (else the first ones: a player
    cannot break the rules by answering badly)."""
    try:
        picked = list(dict.fromkeys(chosen))
    except TypeError:
        picked = []
    if len(picked) == count and all(card in options for card in picked):
        return picked
    return options[:count]


class GameStats:
    """What one game did, for `deckdsl simulate`.  Per card definition index: `taken[seat]` (won
    through a dispute), `fired` (actions that happened), `discarded`, `exchanged` and `exchanged_value`
    (cards spent in exchanges and their value then).  `exchanges`: (round, seat, domain size, points,
    stars bought) per exchange."""

    __slots__ = ("taken", "fired", "discarded", "exchanged", "exchanged_value", "exchanges")

    def __init__(self, size: int):
        self.taken = ([0] * size, [0] * size)
        self.fired = [0] * size
        self.discarded = [0] * size
        self.exchanged = [0] * size
        self.exchanged_value = [0] * size
        self.exchanges: list[tuple] = []

    def record_take(self, game: Game, seat: int, card: int) -> None:
        self.taken[seat][game.compiled.def_of[card]] += 1

    def record_exchange(self, game: Game, seat: int, domain: list[int], points, stars: int) -> None:
        def_of = game.compiled.def_of
        for card in domain:
            index = def_of[card]
            self.exchanged[index] += 1
            self.exchanged_value[index] += game.value(card)
        self.exchanges.append((game.round, seat, len(domain), points, stars))


def unresolved_hazards(compiled: Compiled, profile: Profile) -> list[dict]:
    """The deck's ordering hazards that no addendum settles (their codes ignored in the configuration),
    each with the order the engine plays it in: what `play` and `simulate` announce.  Each is a dict:
    `code`, `kind`, `cards` (the two cards), `more` (other cards in the same conflict), `played` (the
    default the engine uses, docs/language.md section 9) and `situation` (the witness, in words)."""
    from ..check.hazards.analysis import Analysis
    from ..check.hazards.describe import tell
    from ..check.registry import HAZARD_CODES

    found = []
    for finding in Analysis(compiled.deck, profile).report():
        first, second = finding.partner.card.name, finding.effect.card.name
        found.append({"code": HAZARD_CODES[finding.kind], "kind": finding.kind, "cards": [first, second],
                      "more": finding.others, "played": _default_order(compiled, finding.kind, first, second),
                      "situation": tell(finding.witness, first, second)})
    return found


def _default_order(compiled: Compiled, kind: str, first: str, second: str) -> str:
    """How the engine orders two effects the addenda leave unordered."""
    index = {definition.name: definition.index for definition in compiled.defs}
    if kind == "modifiers":
        applied = [compiled.defs[card].name for card, _, _ in compiled.ordered_modifiers]
        earlier = first if applied.index(first) <= applied.index(second) else second
        return f"with `{earlier}` first (set, then multiply, then add or subtract; ties in deck order)"
    if kind == "triggers":
        rank = compiled.trigger_rank
        earlier = first if rank[index[first]] <= rank[index[second]] else second
        return f"with `{earlier}` first (deck order)"
    if kind == "values":
        return "with neither first (each value counts the other as it stands without it)"
    return "letting whoever picks the card to discard choose between them"
