"""A small game state and the rules that act on it: the reference semantics the hazard analysis plays.

The analysis decides whether the order of two effects matters by *doing* both orders on small situations
built from the deck's own cards.  It runs inside `deckdsl check`, which must not import the rules engine
(`deckdsl.games.janken`, a later stage), so this module carries a second, deliberately plain reading of
the rules that effects touch: card values (definitions, modifiers, values that read each other), card
sets, the steps of triggers and discards, the events they fire, and the order simultaneous effects
resolve in.  It walks the AST directly on a handful of cards and is as slow as it is simple; the engine
compiles the same rules for speed.  `tests/test_hazards_engine.py` replays every witness and random
situations in both, so the two readings cannot drift apart unnoticed.

Every decision (a choice of cards, `may`, a random pick) is an answer from `Answers`: a run that needs
one more answer than it was given stops with `NeedAnswer`, and `outcomes()` replays a situation once per
sequence of answers to collect everything that can happen in it.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from ...lang import ast
from ...profiles.profile import Profile

Zone = tuple[str, int | None]
"""A zone: (`deck` | `table` | `supply`, None) or (`hand` | `domain` | `discard` | `stars`, seat)."""

DECK, TABLE, SUPPLY = ("deck", None), ("table", None), ("supply", None)
PER_SEAT = ("hand", "domain", "discard", "stars")

MAX_NESTING = 12
"""How deep triggers may set off triggers in a situation before it counts as endless (the engine stops
at 64; a loop of two cards shows long before 12)."""

MAX_STEPS = 400
"""Steps one run may take before it counts as endless."""

ENDLESS = ("endless",)
"""The outcome of a run that passed `MAX_NESTING` or `MAX_STEPS`."""

_COMPARE: dict[str, Callable[[object, object], bool]] = {
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


class NeedAnswer(Exception):
    """A run asked a question beyond the answers it was given; `options`: how many answers it has."""

    def __init__(self, options: int):
        self.options = options


class Endless(Exception):
    """A run passed `MAX_NESTING` or `MAX_STEPS`."""


class _Cycle(Exception):
    def __init__(self, piece: Piece):
        self.piece = piece


class Answers:
    """The answers to a run's questions, in the order they are asked (indexes into the options)."""

    def __init__(self, given: tuple[int, ...] = ()):
        self.given, self.used = given, 0

    def ask(self, options: int) -> int:
        if options <= 1:
            return 0
        if self.used < len(self.given):
            self.used += 1
            return self.given[self.used - 1]
        raise NeedAnswer(options)


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


class World:
    """A situation being played.  `live`: the effect nodes in force besides value definitions (which
    always are): the two effects whose order is in question.  `order`: the order effects resolve in
    (see `Order`).  `hits`: for each card, the modifiers that changed its value so far."""

    def __init__(self, profile: Profile, rules: Rules, live: Iterable[ast.Node], order: Order,
                 answers: Answers | None = None):
        self.profile, self.rules = profile, rules
        self.live = {id(node) for node in live}
        self.order = order
        self.answers = answers or Answers()
        self.zones: dict[Zone, list[Piece]] = {DECK: [], TABLE: [], SUPPLY: []}
        for kind in PER_SEAT:
            for seat in (0, 1):
                self.zones[(kind, seat)] = []
        self.where: dict[Piece, Zone] = {}
        self.cancelled: list[Piece] = []
        self.chosen: dict[Piece, list[Piece]] = {}
        self.running: dict[Piece, object] = {}
        self.computing: list[Piece] = []
        self.guards: list[Piece] = []
        self.nesting = 0
        self.steps = 0
        self.hits: dict[Piece, set[int]] = {}
        self._zone_kind: dict[str, str] = {}

    # -- placing and moving --------------------------------------------------------------------

    def put(self, piece: Piece, zone: Zone, *, bottom: bool = False) -> Piece:
        """Place `piece` in `zone` (on top, or at the bottom)."""
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

    def position(self, piece: Piece) -> int:
        return self.zones[self.where[piece]].index(piece)

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

    def modifiers(self) -> list[tuple[Piece, ast.ValueModifier]]:
        """The live modifiers in force (their cards in a domain), in the order they apply."""
        found = []
        for seat in (0, 1):
            for position, holder in enumerate(self.zones[("domain", seat)]):
                for index, clause in enumerate(clauses(holder.card)):
                    if isinstance(clause, ast.ValueModifier) and id(clause) in self.live:
                        found.append(((self.order.key(holder.name), index, seat, position), holder, clause))
        found.sort(key=lambda item: item[0])
        return [(holder, clause) for _, holder, clause in found]

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
        raise NotImplementedError(f"hazard worlds cannot evaluate {type(expr).__name__} as a number")

    def test(self, comparison: ast.Comparison, ctx: Ctx) -> bool:
        left, right = self.number(comparison.left, ctx), self.number(comparison.right, ctx)
        return _COMPARE[comparison.comparator](left, right)

    # -- card sets -----------------------------------------------------------------------------

    def cards(self, node: ast.Node, ctx: Ctx, *, take: bool) -> list[Piece]:
        """The cards of a card set now (`take`: a step acts on them, for the stars rule options)."""
        if isinstance(node, ast.ThisCard):
            return [ctx.this]
        if isinstance(node, ast.EventCard):
            return [ctx.it] if ctx.it is not None else []
        if isinstance(node, ast.Zone):
            zone = self.zone_of(node, ctx)
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
            return _COMPARE[item.comparator](self.value(piece), self.number(item.amount, ctx))
        raise NotImplementedError(f"hazard worlds cannot filter by {type(item).__name__}")

    # -- choices -------------------------------------------------------------------------------

    def pick(self, source: ast.Node, ctx: Ctx, actor: int, verb: str, *, one: bool = False,
             exclude: Piece | None = None) -> list[Piece]:
        """The cards a step acts on: all of `source`, or the ones its chooser picks (every pick is a
        question to `answers`, a random pick as much as a player's)."""
        found = self.cards(source, ctx, take=True)
        if exclude is not None:
            found = [piece for piece in found if piece is not exclude]
        selection = source if isinstance(source, ast.Selection) else None
        count = 1 if one else (selection.count if selection else None)
        up_to = bool(selection and selection.up_to)
        if count is None or not found:
            return found
        if len(found) < count and not up_to and self.rules.partial_actions == "no":
            return []
        prioritised = verb == "discard" and self._priorities_live()
        if len(found) <= count and not prioritised:
            return found
        picked: list[Piece] = []
        while len(picked) < count and found:
            options = self.by_priority(found) if prioritised else found
            take = min(count - len(picked), len(options))
            if take == len(options):
                chosen = list(options)
            else:
                combos = list(itertools.combinations(options, take))
                chosen = list(combos[self.answers.ask(len(combos))])
            picked.extend(chosen)
            found = [piece for piece in found if piece not in chosen]
        return picked

    def _priorities_live(self) -> bool:
        return any(isinstance(clause, ast.DiscardPriority) and id(clause) in self.live
                   for zone in self.zones.values() for piece in zone for clause in clauses(piece.card))

    def priority(self, piece: Piece) -> int:
        """1 for a live `discarded first` card in a domain, -1 for `discarded last`, else 0."""
        if self.seat_of(piece) is None:
            return 0
        for clause in clauses(piece.card):
            if isinstance(clause, ast.DiscardPriority) and id(clause) in self.live:
                return 1 if clause.order == "first" else -1
        return 0

    def by_priority(self, found: list[Piece]) -> list[Piece]:
        """The cards a discard may pick now: a domain's `discarded first` cards before its others (its
        `discarded last` ones after them); among cards of the same priority, those of the card the order
        puts first."""
        ranks = {piece: self.priority(piece) for piece in found}
        best = max(ranks.values())
        candidates = [piece for piece in found if ranks[piece] == best]
        if best == 0:
            return candidates
        return [piece for piece in candidates
                if not any(self.order.before(other.name, piece.name) for other in candidates)]

    # -- steps ---------------------------------------------------------------------------------

    def run(self, steps: Iterable[ast.Node], ctx: Ctx) -> None:
        for step in steps:
            self.steps += 1
            if self.steps > MAX_STEPS:
                raise Endless
            self.step(step, ctx)

    def step(self, node: ast.Node, ctx: Ctx) -> None:
        actor = ctx.owner if (node.player or "you") == "you" else 1 - ctx.owner
        if isinstance(node, ast.Gain):
            for piece in self.pick(node.cards, ctx, actor, "gain"):
                origin = self.where[piece]
                if origin != ("domain", actor):
                    self.move(piece, ("stars", actor) if piece.star else ("domain", actor))
                    self.gained(actor, piece, origin)
        elif isinstance(node, ast.Discard):
            for piece in self.pick(node.cards, ctx, actor, "discard"):
                origin = self.where[piece]
                self.move(piece, ("discard", actor))
                self.discarded(actor, piece, origin)
        elif isinstance(node, ast.PutOnBottom):
            for piece in self.pick(node.cards, ctx, actor, "bottom"):
                self.move(piece, DECK, bottom=True)
        elif isinstance(node, ast.CancelAction):
            source = node.cards if node.cards is not None else ast.EventCard(span=node.span)
            self.cancelled.extend(self.cards(source, ctx, take=True))
        elif isinstance(node, ast.Swap):
            first = self.pick(node.first, ctx, actor, "swap", one=True)
            if first:
                second = self.pick(node.second, ctx, actor, "swap", one=True, exclude=first[0])
                if second:
                    self.swap(first[0], second[0])
        elif isinstance(node, (ast.GainStars, ast.LoseStars)):
            amount = int(self.number(node.amount, ctx))
            if amount > 0:
                if isinstance(node, ast.GainStars):
                    self.gain_stars(actor, amount)
                else:
                    for star in self.zones[("stars", actor)][-amount:]:
                        self.move(star, SUPPLY)
        elif isinstance(node, ast.Optional):
            inner = self.startable(node.step, ctx) if self.rules.partial_actions == "yes" \
                else self.possible(node.step, ctx)
            if inner and self.answers.ask(2):
                self.step(node.step, ctx)
        elif isinstance(node, ast.Conditional):
            if self.test(node.test, ctx):
                self.step(node.step, ctx)
        else:
            raise NotImplementedError(f"hazard worlds cannot play {type(node).__name__}")

    def possible(self, node: ast.Node, ctx: Ctx) -> bool:
        """Whether the step can happen in full now (the engine's `possible`)."""
        if isinstance(node, (ast.Gain, ast.Discard, ast.PutOnBottom, ast.CancelAction)):
            source = getattr(node, "cards", None) or ast.EventCard(span=node.span)
            found = self.cards(source, ctx, take=True)
            if isinstance(source, ast.DeckTop):
                return len(found) >= source.count
            need = source.count if isinstance(source, ast.Selection) else None
            return bool(found) if need is None else (source.up_to or len(found) >= need)
        if isinstance(node, ast.Swap):
            return bool(self.cards(node.first, ctx, take=True)) and bool(self.cards(node.second, ctx, take=True))
        if isinstance(node, (ast.GainStars, ast.LoseStars)):
            amount = int(self.number(node.amount, ctx))
            return amount > 0 and self._stars_available(node, ctx) >= amount
        return True

    def startable(self, node: ast.Node, ctx: Ctx) -> bool:
        """Whether any of the step can happen now (the engine's `startable`)."""
        if isinstance(node, (ast.Gain, ast.Discard, ast.PutOnBottom, ast.CancelAction)):
            source = getattr(node, "cards", None) or ast.EventCard(span=node.span)
            return bool(self.cards(source, ctx, take=True))
        if isinstance(node, (ast.GainStars, ast.LoseStars)):
            return int(self.number(node.amount, ctx)) > 0 and self._stars_available(node, ctx) > 0
        if isinstance(node, ast.Optional):
            return self.startable(node.step, ctx)
        if isinstance(node, ast.Conditional):
            return self.test(node.test, ctx) and self.startable(node.step, ctx)
        return self.possible(node, ctx)

    def _stars_available(self, node: ast.Node, ctx: Ctx) -> int:
        actor = ctx.owner if (node.player or "you") == "you" else 1 - ctx.owner
        return len(self.zones[SUPPLY]) if isinstance(node, ast.GainStars) else len(self.zones[("stars", actor)])

    def gain_stars(self, seat: int, amount: int) -> None:
        got = 0
        while got < amount and self.zones[SUPPLY]:
            self.move(self.zones[SUPPLY][-1], ("stars", seat))
            got += 1

    def swap(self, first: Piece, second: Piece) -> None:
        """The engine's swap: each card takes the other's place; a card that comes to a player's domain,
        hand or stars is gained by them."""
        zone_a, zone_b = self.where[first], self.where[second]
        list_a, list_b = self.zones[zone_a], self.zones[zone_b]
        index_a, index_b = list_a.index(first), list_b.index(second)
        list_a[index_a], list_b[index_b] = second, first
        if zone_a == zone_b:
            return
        self.where[first], self.where[second] = zone_b, zone_a
        for piece, zone in ((first, zone_b), (second, zone_a)):
            if piece.star and zone[0] == "domain":
                self.move(piece, ("stars", zone[1]))
            elif not piece.star and zone[0] == "stars":
                self.move(piece, ("domain", zone[1]))
        for piece, zone, origin in ((second, zone_a, zone_b), (first, zone_b, zone_a)):
            if zone[0] in ("domain", "hand", "stars"):
                self.gained(zone[1], piece, origin)

    # -- events and triggers -------------------------------------------------------------------

    def gained(self, seat: int, piece: Piece, origin: Zone) -> None:
        self.fire([("GainEvent", seat, piece, origin)])

    def discarded(self, seat: int, piece: Piece, origin: Zone) -> None:
        self.fire([("DiscardEvent", seat, piece, origin)])

    def dispute(self, winner: int, throw: str, beaten: str) -> None:
        """A dispute won by `winner` with `throw` over `beaten`: its win and lose triggers resolve
        together, in order."""
        self.fire([("win", winner, None, throw), ("lose", 1 - winner, None, beaten)])

    def fire(self, events: list[tuple]) -> None:
        """Resolve the live triggers that `events` (happening at one moment) set off, in order; a trigger
        whose card has left its domain by its turn does not resolve."""
        pending = []
        for seat_of_holder in (0, 1):
            for position, holder in enumerate(self.zones[("domain", seat_of_holder)]):
                for index, clause in enumerate(clauses(holder.card)):
                    if not isinstance(clause, ast.Trigger) or id(clause) not in self.live:
                        continue
                    for event in events:
                        ctx = Ctx(seat_of_holder, holder, event[2])
                        if self.matches_event(clause.event, event, ctx):
                            first_seat = 0 if seat_of_holder == events[0][1] else 1
                            key = (self.order.key(holder.name), index, first_seat, position)
                            pending.append((key, holder, seat_of_holder, clause, ctx))
        pending.sort(key=lambda item: item[0])
        for _, holder, seat, clause, ctx in pending:
            if self.where.get(holder) != ("domain", seat):
                continue
            self.nesting += 1
            if self.nesting > MAX_NESTING:
                raise Endless
            try:
                self.run(clause.steps, ctx)
            finally:
                self.nesting -= 1

    def matches_event(self, event: ast.Node, happened: tuple, ctx: Ctx) -> bool:
        kind, seat = happened[0], happened[1]
        if (seat == ctx.owner) != (event.player == "you"):
            return False
        if isinstance(event, ast.DisputeEvent):
            return kind == event.outcome and (event.throw is None or event.throw == happened[3])
        if kind != type(event).__name__:
            return False
        return self.matches(event.cards, ctx, happened[2], happened[3])

    # -- what happened -------------------------------------------------------------------------

    def state(self) -> tuple:
        """Where every card is (the deck in order, other zones as multisets), and whose actions were
        cancelled: what two orders are compared on."""
        zones = tuple(
            (zone, tuple(p.name for p in pieces) if zone == DECK else tuple(sorted(p.name for p in pieces)))
            for zone, pieces in sorted(self.zones.items(), key=lambda item: (item[0][0], item[0][1] or 0))
            if pieces
        )
        return zones, tuple(sorted({p.name for p in self.cancelled if p.acts}))


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


def outcomes(play: Callable[[Answers], tuple], limit: int = 256) -> frozenset | None:
    """Everything that can happen: `play(answers)` is run once per sequence of answers to its questions
    (depth first).  None when there are more than `limit` ways the situation can go."""
    found: set = set()
    todo: list[tuple[int, ...]] = [()]
    runs = 0
    while todo:
        given = todo.pop()
        runs += 1
        if runs > limit:
            return None
        try:
            found.add(play(Answers(given)))
        except NeedAnswer as question:
            todo.extend(given + (i,) for i in reversed(range(question.options)))
        except Endless:
            found.add(ENDLESS)
    return frozenset(found)


