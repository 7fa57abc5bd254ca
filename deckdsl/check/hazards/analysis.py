"""Ordering hazards: pairs of effects of different cards whose order changes the game.

Four kinds of pair can apply at one moment in Janken Wars:

- `modifiers` (JW113): two value modifiers that can change the same card's value;
- `values` (JW118): values that read each other (a `*` card's `value = total(…)` and another card whose
  value reads it back), where the order they are worked out in changes what they are worth;
- `triggers` (JW117): two triggers set off by one event — a card gained, a card discarded, a dispute
  (winning and losing one dispute is one moment);
- `priorities` (JW119): two cards with the same discard priority (`discarded first` twice) when a discard
  from one domain has to pick between them.

A pair is decided by meaning, not by its operators: both orders are played (`world.World`) on small
situations built from the deck's own cards, and the pair is a hazard when some situation ends
differently — every value, every card's place and every cancelled action is compared, over every choice
the players could make.  The first such situation found, simplest first, is the hazard's witness.  The
search is bounded (the `MAX_*` constants; docs/language.md, section 9, says what it covers): a pair with
no witness within the bounds is not reported.

Effects of one card never make a hazard with each other (a card applies its effects in the order it
writes them), nor do copies of one card (they are interchangeable).  Verdicts are memoised per kind of
effect, so a deck of 10,000 cards made of a few dozen kinds of card costs a few dozen searches.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field

from ...lang import ast
from ...profiles.profile import Profile
from .. import semantics
from . import footprint
from .order import Orders
from .world import DECK, SUPPLY, TABLE, Answers, Ctx, Order, Piece, Rules, World, Zone, clauses, outcomes

MAX_FILL = 40
"""The most cards put in a zone whose size an expression reads (`count(your discard pile)` …): every
size from 0 to this when one zone is read, a ladder of sizes when several are."""

LADDER = (0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24, 32, 40)
"""Zone sizes tried when expressions read several zones."""

MAX_SITUATIONS = 4000
"""Situations tried per pair before it is given up as no hazard."""

MAX_WAYS = 256
"""Ways one situation can go (choices, random picks) before it is skipped."""

KINDS = ("modifiers", "values", "triggers", "priorities")

FIRST, SECOND = "\x00first", "\x00second"
"""Stand-in names for the two cards of a pair (when no effect names them), so a verdict serves every
pair of the same kinds of card; the witness is told with the real names."""


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


@dataclass(eq=False)
class Finding:
    """One hazard to report: `effect` (the later of the pair in the deck) and `partner` (the first
    earlier effect it conflicts with and no addendum orders), `others`: how many more earlier effects
    conflict with it unordered, `witness` for the pair (told with the real names by `describe`)."""

    kind: str
    effect: Effect
    partner: Effect
    others: int
    witness: Witness


class Analysis:
    """Every ordering hazard of a deck (`findings`), the verdict on any pair (`witness`), and the order
    the deck's addenda give (`orders`)."""

    def __init__(self, deck: ast.Deck, profile: Profile):
        self.deck, self.profile = deck, profile
        self.orders = Orders(deck)
        self.rules = Rules.of(profile, deck)
        self.named, self.discards = _scan(deck, profile)
        self.effects: list[Effect] = []
        names = {card.name for card in deck.cards}
        for index, card in enumerate(deck.cards):
            found = [Effect(card, clause, index, number) for number, clause in enumerate(clauses(card))
                     if isinstance(clause, (ast.ValueModifier, ast.Trigger, ast.DiscardPriority))
                     or (isinstance(clause, ast.ValueDefinition) and reads_values(clause))]
            if found and not semantics.effect_errors(card, profile, names):
                self.effects.extend(found)  # a card whose effects do not make sense is left to its errors
        self.palette = _palette(deck, self.named)
        self.throws = _throws(profile)
        self._keys: dict[int, tuple] = {}
        self._verdicts: dict[tuple, Witness | None] = {}
        self._findings: list[Finding] | None = None

    # -- verdicts ------------------------------------------------------------------------------

    def kind(self, first: Effect, second: Effect) -> str | None:
        """Which kind of hazard the pair could be (None: the two can never apply at one moment)."""
        if first.card.name == second.card.name or first.family != second.family:
            return None
        if first.family == "value":
            both = isinstance(first.node, ast.ValueModifier) and isinstance(second.node, ast.ValueModifier)
            return "modifiers" if both else "values"
        if first.family == "trigger":
            return "triggers" if _moment(first.node.event) == _moment(second.node.event) else None
        return "priorities" if first.node.order == second.node.order else None

    def witness(self, first: Effect, second: Effect) -> Witness | None:
        """A situation where the order of the two effects changes the game, or None."""
        kind = self.kind(first, second)
        if kind is None:
            return None
        key = (self._key(first), self._key(second))
        if key not in self._verdicts:
            reverse = (key[1], key[0])
            if reverse in self._verdicts:
                found = self._verdicts[reverse]
                self._verdicts[key] = None if found is None else _swapped(found)
            else:
                self._verdicts[key] = _Search(self, first, second, kind).run()
        return self._verdicts[key]

    def _key(self, effect: Effect) -> tuple:
        """What a verdict depends on: the effect as written and its card's type, value and actions (its
        name only when an effect names it)."""
        key = self._keys.get(id(effect))
        if key is None:
            card = effect.card
            key = self._keys[id(effect)] = (
                shape(effect.node), card.attribute("type"), shape(card.value) if card.value != "*" else
                shape(_definition(card)), card.name if card.name in self.named else None,
                card.cost is not None or card.action is not None,
            )
        return key

    # -- findings ------------------------------------------------------------------------------

    def report(self) -> list[Finding]:
        """`findings()`, worked out once."""
        if self._findings is None:
            self._findings = list(self.findings())
        return self._findings

    def findings(self) -> Iterator[Finding]:
        """One finding per effect that conflicts with an earlier effect of another card that no addendum
        orders with it: the first such earlier effect is named, the others counted.  Linear in the deck
        for decks of many cards of few kinds (verdicts are per kind of effect)."""
        earlier: dict[str, dict[tuple, list[Effect]]] = {"value": {}, "trigger": {}, "priority": {}}
        ordered = self.orders.names
        for effect in self.effects:
            groups = earlier[effect.family]
            name = effect.card.name
            partner: Effect | None = None
            others = 0
            for members in groups.values():
                if self.witness(members[0], effect) is None:
                    continue
                if name in ordered:
                    unordered = [m for m in members if m.card.name != name
                                 and not self.orders.settled(m.card.name, name)]
                    first, count = (unordered[0] if unordered else None), len(unordered)
                else:  # only the card's own earlier clauses can be in the group with its name: at its end
                    count = len(members) - next((i for i, m in enumerate(reversed(members)) if m.card.name != name),
                                                len(members))
                    first = members[0] if count else None
                if first is None:
                    continue
                if partner is None or first.index < partner.index:
                    others += (partner is not None) + count - 1
                    partner = first
                else:
                    others += count
            groups.setdefault(self._key(effect), []).append(effect)
            if partner is not None:
                witness = self.witness(partner, effect)
                assert witness is not None
                yield Finding(witness.kind, effect, partner, others, witness)

    def meet(self, first: Effect, second: Effect) -> bool:
        """Whether the two effects ever apply at one moment: a card both modifiers change, an event that
        sets off both triggers, a discard that picks between the two cards (whatever the order does)."""
        kind = self.kind(first, second)
        return kind is not None and _Search(self, first, second, kind).meets()

    def pairs_of(self, first: str, second: str) -> list[tuple[Effect, Effect, Witness | None]]:
        """Every pair of effects of cards `first` and `second`, with its witness (None: no hazard)."""
        mine = [e for e in self.effects if e.card.name == first]
        theirs = [e for e in self.effects if e.card.name == second]
        return [(a, b, self.witness(a, b)) for a in mine for b in theirs if self.kind(a, b)]


def _swapped(witness: Witness) -> Witness:
    """The same witness told from the other card's side."""
    return Witness(witness.kind, witness.situation, (witness.outcomes[1], witness.outcomes[0]),
                   (witness.roles[1], witness.roles[0]), witness.plain)


# ------------------------------------------------------------------------------- the search ---


class _Search:
    """The search for a witness of one pair (`first` is the earlier effect)."""

    def __init__(self, analysis: Analysis, first: Effect, second: Effect, kind: str):
        self.analysis, self.first, self.second, self.kind = analysis, first, second, kind
        named = analysis.named
        self.names = (first.card.name if first.card.name in named else FIRST,
                      second.card.name if second.card.name in named else SECOND)
        self.orders = (
            Order({self.names[0]: (0,), self.names[1]: (1,)}, [self.names]),
            Order({self.names[1]: (0,), self.names[0]: (1,)}, [self.names[::-1]]),
        )
        self.tried = 0

    def run(self) -> Witness | None:
        if self.kind in ("modifiers", "values"):
            if self.kind == "values" and not self._may_read_each_other():
                return None
            if self.kind == "modifiers" and (_commute_everywhere(self.first.node, self.second.node)
                                             or not self._may_share_a_card()):
                return None
            return self._first(self._value_situations(), values=True)
        if self.kind == "triggers":
            if not footprint.may_interfere(self.first.node, self.second.node):
                return None
            return self._first(self._trigger_situations(), values=False)
        return self._first(self._priority_situations(), values=False)

    def meets(self) -> bool:
        """Whether some situation has both effects apply (see `Analysis.meet`)."""
        if self.kind == "modifiers":
            live = (self.first.node, self.second.node)
            for situation in itertools.islice(self._value_situations(), MAX_SITUATIONS):
                world, pieces = self.build(situation, self.orders[0], live=live)
                for piece in pieces:
                    world.value(piece)
                if any(len(hit) == 2 for hit in world.hits.values()):
                    return True
            return False
        if self.kind == "triggers":
            return any(True for _ in itertools.islice(self._trigger_situations(), 1))
        return bool(self.analysis.discards) if self.kind == "priorities" else True

    def _first(self, situations: Iterator[Situation], *, values: bool) -> Witness | None:
        for situation in situations:
            self.tried += 1
            if self.tried > MAX_SITUATIONS:
                return None
            try:
                both = [self._play(situation, order) for order in self.orders]
            except ArithmeticError:  # numbers too large for a float: a situation nobody can play
                continue
            if both[0] is None or both[1] is None or both[0] == both[1]:
                continue
            plain = self._plain(situation) if values else ()
            return Witness(self.kind, situation, (both[0], both[1]), self.names, plain)
        return None

    def build(self, situation: Situation, order: Order, answers: Answers | None = None,
              live: tuple = ()) -> tuple[World, list[Piece]]:
        """A world set up as `situation` says, with `live` effects in force."""
        world = World(self.analysis.profile, self.analysis.rules, live, order, answers)
        pieces = [world.put(_piece(card, name), zone) for card, name, zone in situation.pieces]
        for holder, target in situation.chosen:
            world.chosen.setdefault(pieces[holder], []).append(pieces[target])
        return world, pieces

    def _play(self, situation: Situation, order: Order) -> frozenset | None:
        live = (self.first.node, self.second.node)

        def play(answers: Answers) -> tuple:
            world, pieces = self.build(situation, order, answers, live)
            happen(world, pieces, situation.happening)
            if situation.happening is None:
                return tuple(world.value(piece) for piece in pieces)
            return world.state()

        return outcomes(play, MAX_WAYS)

    def _fires_both(self, situation: Situation) -> bool:
        """Whether the situation's event sets off both triggers (else there is nothing to order)."""
        world, pieces = self.build(situation, self.orders[0], live=(self.first.node, self.second.node))
        happening = situation.happening
        if happening[0] == "dispute":
            events = [("win", happening[1], None, happening[2]), ("lose", 1 - happening[1], None, happening[3])]
        else:
            events = [(happening[0], happening[1], pieces[happening[2]], happening[3])]
        holders = (pieces[0], pieces[1])
        for holder, effect in zip(holders, (self.first, self.second), strict=True):
            seat = world.seat_of(holder)
            if seat is None or not any(world.matches_event(effect.node.event, event, Ctx(seat, holder, event[2]))
                                       for event in events):
                return False
        return True

    def _plain(self, situation: Situation) -> tuple:
        """Each card's value without the two effects (to tell the witness: `Origami Sublime (4)`)."""
        world, pieces = self.build(situation, self.orders[0])
        return tuple(world.value(piece) for piece in pieces)

    # -- values --------------------------------------------------------------------------------

    def _value_situations(self) -> Iterator[Situation]:
        first, second = self.first, self.second
        targets: list = [None] + self._targets()
        if self.kind == "values":  # another card counts only as a value the two read
            targets = [None] + [t for t in targets[1:]
                                if any(_reads_card(e, t[0], self.analysis.profile) for e in (first, second))]
        for seat in (0, 1):
            base = [(first.card, self.names[0], ("domain", 0)), (second.card, self.names[1], ("domain", seat))]
            holders = {self.names[0]: 0, self.names[1]: seat}
            for target in targets:
                for zone in [None] if target is None else self._target_zones(holders):
                    pieces = base if target is None else base + [(target[0], target[1], zone)]
                    chosen = self._chosen(Situation(pieces))
                    if chosen is None:
                        continue
                    for fill in _fills(self._read_zones(pieces), self.sizes):
                        extra = [(None, "Brinde", z) for z, count in fill for _ in range(count)]
                        yield Situation(pieces + extra, None, chosen)

    def _targets(self) -> list[tuple[ast.Card, str]]:
        """The cards whose value the pair could change, one of each kind that can tell the pair apart (its
        type only when an effect of the pair filters by type), other cards before the pair's own."""
        typed = any(isinstance(n, ast.TypeFilter) for e in (self.first, self.second) for n in e.node.walk())
        found: dict[tuple, tuple[ast.Card, str]] = {}
        for card, name in sorted(self.palette(), key=lambda item: item[1] in self.names):
            value = shape(card.value) if card.value != "*" else shape(_definition(card))
            key = (card.attribute("type") if typed else None, value, name if card.name in self.analysis.named else None)
            found.setdefault(key, (card, name))
        return list(found.values())

    @property
    def sizes(self) -> list[int]:
        """Zone sizes to try: every size up to 8, a ladder up to `MAX_FILL`, and the sizes around every
        number the pair's value filters compare with (where a card's value crosses them)."""
        sizes = set(range(9)) | set(LADDER)
        for effect in (self.first, self.second):
            for node in effect.node.walk():
                if isinstance(node, ast.ValueFilter):
                    for inner in node.amount.walk():
                        if isinstance(inner, ast.Number):
                            for near in range(-2, 3):
                                for size in (abs(inner.value) + near, 2 * abs(inner.value) + near):
                                    if 0 <= size <= MAX_FILL:
                                        sizes.add(size)
        return sorted(sizes)

    def palette(self) -> list[tuple[ast.Card, str]]:
        """The deck's kinds of card, a copy of either card of the pair under its stand-in name."""
        renamed = {self.first.card.name: self.names[0], self.second.card.name: self.names[1]}
        return [(card, renamed.get(card.name, name)) for card, name in self.analysis.palette]

    def _may_share_a_card(self) -> bool:
        """Whether some card can be in both modifiers' card sets: not when their zones are of different
        kinds (a card is in one zone at a time), their `of type` or `named` filters exclude each other, or
        one of them is the card itself and the other cannot take it in.  Owners are not compared: either
        player may hold either card."""
        profile = self.analysis.profile
        first, second = (_reach(e.node.cards, e.card, profile) for e in (self.first, self.second))
        if first is None or second is None:
            return True
        (zone_a, type_a, name_a), (zone_b, type_b, name_b) = first, second
        if zone_a and zone_b and zone_a != zone_b:
            return False
        if type_a and type_b and type_a != type_b:
            return False
        return not (name_a and name_b and name_a != name_b)

    def _may_read_each_other(self) -> bool:
        """Whether one card's value can read the other's, and the other's value read something back: the
        only way the order two values are worked out in can matter.  (A read through a third card is not
        followed: `docs/language.md`, section 9.)"""
        first, second = self.first, self.second
        if not (_reads_others(first, second) and _reads_others(second, first)):
            return False
        profile = self.analysis.profile
        return _reads_card(first, second.card, profile) and _reads_card(second, first.card, profile)

    def _target_zones(self, holders: dict[str, int]) -> list[Zone]:
        """Where a card both modifiers could affect may be: the zones their card sets name (for values
        that read each other, the zones they read)."""
        if self.kind == "values":
            zones = []
            for node, seat in ((self.first.node, holders[self.names[0]]), (self.second.node, holders[self.names[1]])):
                for cards in _value_reads(node):
                    for zone in cards.walk():
                        if isinstance(zone, ast.Zone):
                            resolved = _resolve(zone, seat, self.analysis.profile)
                            if resolved not in zones:
                                zones.append(resolved)
            return zones or [("domain", 0)]
        zones: list[Zone] = []
        for effect, name in ((self.first, self.names[0]), (self.second, self.names[1])):
            node = effect.node
            if not isinstance(node, ast.ValueModifier):
                continue
            for zone in node.cards.walk():
                if isinstance(zone, ast.Zone):
                    resolved = _resolve(zone, holders[name], self.analysis.profile)
                    if resolved not in zones:
                        zones.append(resolved)
        return zones or [("domain", 0)]

    def _chosen(self, situation: Situation) -> list[tuple[int, int]] | None:
        """For a modifier on a chosen card: the card it chose when its card entered the domain — the
        situation's last card, when the modifier could choose it, else the first it could; None when it
        has nothing to choose."""
        world, pieces = self.build(situation, self.orders[0])
        chosen = []
        for index, effect in enumerate((self.first, self.second)):
            node = effect.node
            if not (isinstance(node, ast.ValueModifier) and node.chosen_on_entry):
                continue
            candidates = world.cards(node.cards, Ctx(world.seat_of(pieces[index]), pieces[index]), take=True)
            if not candidates:
                return None
            target = pieces[-1] if pieces[-1] in candidates else candidates[0]
            chosen.append((index, pieces.index(target)))
        return chosen

    def _read_zones(self, pieces) -> list[Zone]:
        """The zones whose size or values the situation's expressions read."""
        zones: list[Zone] = []
        seats = {name: zone[1] for _, name, zone in pieces if zone[0] == "domain"}
        reading = [(self.first.node, seats.get(self.names[0], 0)), (self.second.node, seats.get(self.names[1], 0))]
        for card, _, zone in pieces:
            definition = _definition(card)
            if definition is not None and zone[0] == "domain":
                reading.append((definition, zone[1]))
        for node, seat in reading:
            for inner in node.walk():
                if isinstance(inner, ast.Function) and inner.name in ("count", "total"):
                    if isinstance(inner.argument, ast.Selection) and any(
                            isinstance(f, (ast.TypeFilter, ast.NameFilter)) for f in inner.argument.filters):
                        continue  # the Brindes a zone is filled with are of no type: they would not count
                    for found in inner.argument.walk():
                        if isinstance(found, ast.Zone):
                            resolved = _resolve(found, seat, self.analysis.profile)
                            if resolved not in zones and resolved[0] != "stars":
                                zones.append(resolved)
        return zones

    # -- triggers ------------------------------------------------------------------------------

    def _trigger_situations(self) -> Iterator[Situation]:
        first, second = self.first, self.second
        touched = footprint.shared_zones(first.node, second.node)
        for seat in (0, 1):
            holders = [(first.card, self.names[0], ("domain", 0)), (second.card, self.names[1], ("domain", seat))]
            for happening, extra in self._events(seat):
                probe = Situation(holders + extra, happening)
                if not self._fires_both(probe):
                    continue
                for fill in self._trigger_fills(touched):
                    yield Situation(holders + extra + fill, happening)

    def _events(self, seat_b: int) -> Iterator[tuple[tuple, list]]:
        """What can set both triggers off, with the card it brings into the situation (piece 2)."""
        node = self.first.node.event
        if isinstance(node, ast.DisputeEvent):
            for winner in (0, 1):
                for throw, beaten in self.analysis.throws:
                    yield ("dispute", winner, throw, beaten), []
            return
        kind = type(node).__name__
        cards = self.kinds() + [(None, "Brinde")]
        for actor in (0, 1):
            for origin in self._origins(seat_b, actor):
                for card, name in cards:
                    if (origin == SUPPLY) != (card is None):
                        continue
                    if kind == "GainEvent":
                        if origin == ("domain", actor):
                            continue
                        lands = ("hand", actor) if origin in (TABLE, SUPPLY) else ("domain", actor)
                    else:
                        lands = ("discard", actor)
                    yield (kind, actor, 2, origin), [(card, name, lands)]

    def kinds(self) -> list[tuple[ast.Card, str]]:
        """A few cards to put around: the first card of each type, and the cards the pair's effects name."""
        found: dict[object, tuple[ast.Card, str]] = {}
        names = {n.name for effect in (self.first, self.second) for n in effect.node.walk()
                 if isinstance(n, ast.NameFilter)}
        for card, name in sorted(self.palette(), key=lambda item: item[1] in self.names):
            key = name if card.name in names else card.attribute("type")
            found.setdefault(key, (card, name))
        return list(found.values())

    def _origins(self, seat_b: int, actor: int) -> list[Zone]:
        """Where the event's card can come from: the zones the two events name."""
        found: list[Zone] = []
        for effect, holder_seat in ((self.first, 0), (self.second, seat_b)):
            for node in effect.node.event.cards.walk():
                if isinstance(node, ast.Zone):
                    zone = _resolve(node, holder_seat, self.analysis.profile)
                    if zone not in found:
                        found.append(zone)
                elif isinstance(node, ast.DeckTop) and DECK not in found:
                    found.append(DECK)
        return found or [TABLE, SUPPLY, DECK, ("domain", 1 - actor)]

    def _trigger_fills(self, touched: set[str]) -> Iterator[list]:
        """Other cards in the zones both triggers touch: none, one or two of a kind; stars in the supply
        and held, when they touch stars."""
        zones: list[Zone] = []
        for kind in sorted(touched):
            if kind in ("table", "deck"):
                zones.append((kind, None))
            elif kind in ("domain", "discard"):
                zones.extend([(kind, 0), (kind, 1)])
        options: list[list] = [[]] + [[(card, name)] * count for card, name in self.kinds() for count in (1, 2)]
        star = (None, "Estrela")
        stars: list[list] = [[(star, SUPPLY)] * 5]
        if touched & {"stars", "supply"}:
            stars += [[], [(star, SUPPLY)], [(star, ("stars", 0))], [(star, ("stars", 1))]]
        for counts in _smallest_first(len(zones), len(options) - 1):
            fill = [(card, name, zone) for zone, choice in zip(zones, counts, strict=True)
                    for card, name in options[choice]]
            for held in stars:
                yield fill + [(None, "Estrela", zone) for _, zone in held]

    # -- discard priorities --------------------------------------------------------------------

    def _priority_situations(self) -> Iterator[Situation]:
        names = self.names
        renamed = {self.first.card.name: names[0], self.second.card.name: names[1]}
        for card, step, own_domain in self.analysis.discards:
            for seat in (0, 1):
                holder_seat = seat if own_domain else 1 - seat
                pieces = [(self.first.card, names[0], ("domain", seat)), (self.second.card, names[1], ("domain", seat)),
                          (card, renamed.get(card.name, card.name), TABLE)]
                for extra in ([], [(None, "Brinde", ("domain", seat))]):
                    yield Situation(pieces + extra, ("step", 2, holder_seat, step))


def _piece(card: ast.Card | None, name: str) -> Piece:
    if name == "Estrela":
        return Piece(None, star=True)
    return Piece(card, name) if card is not None else Piece(None)


def happen(world: World, pieces: list[Piece], happening: tuple | None) -> None:
    """Make the situation's event happen in `world` (a table card taken or a Brinde won then enters its
    winner's domain, as in step 4 of the round)."""
    if happening is None:
        return
    if happening[0] == "dispute":
        world.dispute(happening[1], happening[2], happening[3])
    elif happening[0] == "step":
        world.step(happening[3], Ctx(happening[2], pieces[happening[1]]))
    else:
        kind, seat, index, origin = happening
        (world.gained if kind == "GainEvent" else world.discarded)(seat, pieces[index], origin)
        for piece in list(world.zones[("hand", seat)]):
            world.move(piece, ("domain", seat))


# ---------------------------------------------------------------------------------- helpers ---


def _moment(event: ast.Node) -> str:
    return "dispute" if isinstance(event, ast.DisputeEvent) else type(event).__name__


def reads_values(node: ast.Node) -> bool:
    """Whether working the effect out reads card values (`total(…)`, `with value …`)."""
    return any(isinstance(inner, ast.ValueFilter) or (isinstance(inner, ast.Function) and inner.name == "total")
               for inner in node.walk())


def _reads_others(reader: Effect, other: Effect) -> bool:
    """Whether working out the value of `reader`'s card can read another card's value, with `other` in
    force: its own definition reads values, or `other` is a modifier whose amount does (a value filter
    reads the value of the card it tests, which is not another card)."""
    if isinstance(reader.node, ast.ValueDefinition) and reads_values(reader.node):
        return True
    return isinstance(other.node, ast.ValueModifier) and (
        any(isinstance(n, ast.Function) and n.name == "total" for n in other.node.amount.walk())
        or any(isinstance(n, ast.Function) and n.name == "total" for f in _filters(other.node.cards)
               for n in f.walk())
    )


def _reach(cards: ast.Node, holder: ast.Card, profile: Profile) -> tuple | None:
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


def _value_reads(node: ast.Node) -> list[ast.Node]:
    """The card sets whose values an effect reads: `total(…)` arguments, and the sets a `with value`
    filter tests (in a definition: a modifier's filters test the card it changes)."""
    found: list[ast.Node] = []
    expressions = [node.expr] if isinstance(node, ast.ValueDefinition) else [node.amount] + [
        f.amount for f in _filters(node.cards) if isinstance(f, ast.ValueFilter)]
    for expr in expressions:
        for inner in expr.walk():
            if isinstance(inner, ast.Function) and inner.name == "total":
                found.append(inner.argument)
            elif isinstance(inner, ast.Selection) and any(isinstance(f, ast.ValueFilter) for f in inner.filters):
                found.append(inner)
    return found


def _reads_card(reader: Effect, card: ast.Card, profile: Profile) -> bool:
    """Whether the effect can read the value of `card` while it is in a domain (where its own value is
    worked out): a set it reads is a domain's, and its filters let the card in."""
    if isinstance(reader.node, ast.ValueModifier) and not any(True for _ in _value_reads(reader.node)):
        return False
    for cards in _value_reads(reader.node):
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


def _filters(cards: ast.Node) -> tuple:
    return cards.filters if isinstance(cards, ast.Selection) else ()


def _commute_everywhere(first: ast.ValueModifier, second: ast.ValueModifier) -> bool:
    """Whether two modifiers with fixed amounts and no value filters give the same in either order on any
    value (then no situation can tell them apart, and none is searched)."""
    amounts = [_constant(first.amount), _constant(second.amount)]
    if None in amounts or reads_values(first.cards) or reads_values(second.cards):
        return False
    from .world import apply

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


def _definition(card: ast.Card | None) -> ast.ValueDefinition | None:
    for clause in clauses(card):
        if isinstance(clause, ast.ValueDefinition):
            return clause
    return None


def _resolve(zone: ast.Zone, seat: int, profile: Profile) -> Zone:
    spec = profile.zone(zone.name)
    kind = spec.name if spec else zone.name
    if kind in ("domain", "discard", "stars"):
        return (kind, seat if zone.owner != "opponent" else 1 - seat)
    return (kind, None)


def _smallest_first(length: int, top: int) -> Iterator[tuple[int, ...]]:
    """Every tuple of `length` numbers from 0 to `top`, by increasing sum (lazily: a search that stops at its
    first witness never builds the rest)."""
    def parts(length: int, total: int) -> Iterator[tuple[int, ...]]:
        if length == 0:
            if total == 0:
                yield ()
            return
        for first in range(min(top, total) + 1):
            for rest in parts(length - 1, total - first):
                yield (first, *rest)

    for total in range(length * top + 1):
        yield from parts(length, total)


def _fills(zones: list[Zone], sizes: list[int]) -> Iterator[tuple[tuple[Zone, int], ...]]:
    """Sizes for the zones expressions read, smallest first (`sizes` for one zone, `LADDER` for each of
    several)."""
    if not zones:
        yield ()
        return
    for combo in sorted(itertools.product(sizes if len(zones) == 1 else LADDER, repeat=len(zones)), key=sum):
        yield tuple(zip(zones, combo, strict=True))


def _palette(deck: ast.Deck, named: set[str]) -> list[tuple[ast.Card, str]]:
    """One card of each kind the situations are built from: by type, value (or definition) and whether it
    acts; a card an effect names is its own kind."""
    seen: dict[tuple, tuple[ast.Card, str]] = {}
    for card in deck.cards:
        key = (card.attribute("type"), shape(card.value) if card.value != "*" else shape(_definition(card)),
               card.name if card.name in named else None, card.cost is not None or card.action is not None)
        seen.setdefault(key, (card, card.name))
    return list(seen.values())


def _scan(deck: ast.Deck, profile: Profile) -> tuple[set[str], list[tuple[ast.Card, ast.Node, bool]]]:
    """One walk over the deck's effects: the names effects name (`named "X"`), and one of each discard step
    that picks among the cards of a domain (its card, the step, whether the domain is its owner's)."""
    named: set[str] = set()
    discards: list[tuple[ast.Card, ast.Node, bool]] = []
    seen: set[tuple] = set()
    for card in deck.cards:
        tops = [*(card.cost.steps if card.cost else ()), *(card.action.steps if card.action else ()), *clauses(card)]
        for top in tops:
            for node in top.walk():
                if isinstance(node, ast.NameFilter):
                    named.add(node.name)
                elif isinstance(node, ast.Discard) and isinstance(node.cards, ast.Selection) and node.cards.is_choice:
                    spec = profile.zone(node.cards.zone.name)
                    key = (shape(node), node.cards.zone.owner != "opponent")
                    if spec is not None and spec.name == "domain" and key not in seen:
                        seen.add(key)
                        discards.append((card, node, key[1]))
    return named, discards


def _throws(profile: Profile) -> list[tuple[str, str]]:
    """(throw, the throw it beats) for every throw of the game's dispute."""
    return [(throw, beaten) for throw, beaten in sorted(profile.beats.items())] if profile.beats else []


_PLACES = frozenset({"span", "name_span", "title_span", "value_span", "field_spans"})
_SHAPED: dict[type, tuple[str, ...]] = {}


def shape(node):
    """A node as written, positions aside: equal shapes mean equal meaning."""
    if isinstance(node, ast.Node):
        names = _SHAPED.get(type(node))
        if names is None:
            names = _SHAPED[type(node)] = tuple(n for n in type(node).model_fields if n not in _PLACES)
        values = node.__dict__
        return (type(node).__name__, *(shape(values[name]) for name in names))
    if isinstance(node, tuple):
        return tuple(shape(item) for item in node)
    return node
