"""A hazard situation being played: choices, steps, events and triggers — the second half of the reference
semantics (`board` holds the cards and their values; its docstring says why there are two readings of the
rules, this one and the engine's).

Every decision (a choice of cards, `may`, a random pick) is an answer from `Answers`: a run that needs
one more answer than it was given stops with `NeedAnswer`, and `outcomes()` replays a situation once per
sequence of answers to collect everything that can happen in it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable

from ...lang import ast
from ...profiles.profile import Profile
from .board import DECK, SUPPLY, Board, Ctx, Order, Piece, Rules, Zone, clauses

MAX_NESTING = 12
"""How deep triggers may set off triggers in a situation before it counts as endless (the engine stops
at 64; a loop of two cards shows long before 12)."""

MAX_STEPS = 400
"""Steps one run may take before it counts as endless."""

ENDLESS = ("endless",)
"""The outcome of a run that passed `MAX_NESTING` or `MAX_STEPS`."""


class NeedAnswer(Exception):
    """A run asked a question beyond the answers it was given; `options`: how many answers it has."""

    def __init__(self, options: int):
        self.options = options


class Endless(Exception):
    """A run passed `MAX_NESTING` or `MAX_STEPS`."""


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


class World(Board):
    """A situation being played: a `Board` whose steps and events happen, with `answers` to its questions.
    `cancelled`: the cards whose actions a step cancelled."""

    def __init__(self, profile: Profile, rules: Rules, live: Iterable[ast.Node], order: Order,
                 answers: Answers | None = None):
        super().__init__(profile, rules, live, order)
        self.answers = answers or Answers()
        self.cancelled: list[Piece] = []
        self.nesting = 0
        self.steps = 0
        self.work = 0
        """Steps taken and domain cards looked at for triggers: what `search.MAX_SEARCH_WORK` counts."""

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
            self.work += 1
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
        self.changes += 1
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
            self.work += len(self.zones[("domain", seat_of_holder)])
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


