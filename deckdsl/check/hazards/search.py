"""The search for a witness: the situations a pair of effects is played in, both ways, simplest first
(`Search`), and what makes a situation's event happen (`happen`).  The bounds are the `MAX_*` constants;
docs/language.md, section 9, says what the situations cover."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...lang import ast
from ...profiles.profile import Profile
from . import footprint
from .board import DECK, SUPPLY, TABLE, Ctx, Order, Piece, Zone, definition_of
from .pairs import Effect, Situation, Witness, shape
from .prune import commute_everywhere, reach, reads_card, reads_others, value_reads
from .world import Answers, World, outcomes

if TYPE_CHECKING:
    from .analysis import Analysis

MAX_FILL = 40
"""The most cards put in a zone whose size an expression reads (`count(your discard pile)` …): every
size from 0 to this when one zone is read, a ladder of sizes when several are."""

LADDER = (0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24, 32, 40)
"""Zone sizes tried when expressions read several zones."""

MAX_SITUATIONS = 4000
"""Situations tried per pair before it is given up as no hazard."""

MAX_SEARCH_WORK = 100_000
"""Work (`World.work`: effect steps, and domain cards looked at for triggers) one search may do over all its
runs before it gives up undecided, like `MAX_SITUATIONS`: a trigger that loops makes every run go to
`world.MAX_STEPS`, and a fuzzed deck with two such loops took 7 s (fuzz/findings, world_222)."""

MAX_WAYS = 256
"""Ways one situation can go (choices, random picks) before it is skipped."""

FIRST, SECOND = "\x00first", "\x00second"
"""Stand-in names for the two cards of a pair (when no effect names them), so a verdict serves every
pair of the same kinds of card; the witness is told with the real names."""


class Search:
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
        self.spent = 0

    def run(self) -> Witness | None:
        if self.kind in ("modifiers", "values"):
            if self.kind == "values" and not self._may_read_each_other():
                return None
            if self.kind == "modifiers" and (commute_everywhere(self.first.node, self.second.node)
                                             or not self._may_share_a_card()):
                return None
            return self._first(self._value_situations(), values=True)
        if self.kind == "triggers":
            if not footprint.may_interfere(self.first.node, self.second.node, self.analysis.profile):
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
            if self.tried > MAX_SITUATIONS or self.spent > MAX_SEARCH_WORK:
                return None
            try:
                both = [self._play(situation, order) for order in self.orders]
            except ArithmeticError:  # numbers too large for a float, or `board.Senseless`: nobody can play it
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
            try:
                happen(world, pieces, situation.happening)
                if situation.happening is None:
                    return tuple(world.value(piece) for piece in pieces)
                return world.state()
            finally:
                self.spent += world.work

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
                                if any(reads_card(e, t[0], self.analysis.profile) for e in (first, second))]
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
            value = shape(card.value) if card.value != "*" else shape(definition_of(card))
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
        first, second = (reach(e.node.cards, e.card, profile) for e in (self.first, self.second))
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
        if not (reads_others(first, second) and reads_others(second, first)):
            return False
        profile = self.analysis.profile
        return reads_card(first, second.card, profile) and reads_card(second, first.card, profile)

    def _target_zones(self, holders: dict[str, int]) -> list[Zone]:
        """Where a card both modifiers could affect may be: the zones their card sets name (for values
        that read each other, the zones they read)."""
        if self.kind == "values":
            zones = []
            for node, seat in ((self.first.node, holders[self.names[0]]), (self.second.node, holders[self.names[1]])):
                for cards in value_reads(node):
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
            definition = definition_of(card)
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
        touched = footprint.shared_zones(first.node, second.node, self.analysis.profile)
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


