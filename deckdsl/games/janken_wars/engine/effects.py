"""What compiled effects are made of: `Ctx` (whose effect is running), card sets and steps.

`_Compiler` (compiler.py) builds them from the deck's effect nodes; a `Game` runs them.  Numbers and
filters are plain functions `(g, ctx)` and `(g, ctx, card)`, built in compiler.py.
"""

from __future__ import annotations

from .players import Request
from .rules import Rules
from .zones import DECK, DISCARD, DOMAIN, HAND, STARS, SUPPLY


class Ctx:
    """Whose effect is running: `owner` (the seat `you` means), `this` (the card id), `it` (the
    event's card inside a trigger, else -1)."""

    __slots__ = ("owner", "this", "it")

    def __init__(self, owner: int, this: int, it: int = -1) -> None:
        self.owner, self.this, self.it = owner, this, it


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

    def __init__(self, base: int, owner: str | None, rules: Rules) -> None:
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

    def __init__(self, count: int) -> None:
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
    def __init__(self, zone, filters, count, up_to, other, chooser) -> None:
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

    def __init__(self, node) -> None:
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

    def __init__(self, node, source) -> None:
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

    def __init__(self, node, first, second) -> None:
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

    def __init__(self, node, amount, sign) -> None:
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

    def __init__(self, node, step) -> None:
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

    def __init__(self, node, test, step) -> None:
        super().__init__(node)
        self.test, self.step = test, step

    def startable(self, g, ctx) -> bool:
        return bool(self.test(g, ctx)) and self.step.startable(g, ctx)

    def run(self, g, ctx):
        if self.test(g, ctx):
            self.step.run(g, ctx)
