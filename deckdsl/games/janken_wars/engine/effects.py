"""What compiled effects are made of: `Ctx` (whose effect is running), card sets and steps.

`_Compiler` (compiler.py) builds them from the deck's effect nodes; a `Game` runs them.  Numbers and
filters are plain functions `(g, ctx)` and `(g, ctx, card)`, built in compiler.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .players import Request
from .rules import Rules
from .zones import DECK, DISCARD, DOMAIN, HAND, STARS, SUPPLY

if TYPE_CHECKING:
    from .game import Game

Number = Callable[["Game", "Ctx"], Any]
"""A compiled number or test: `(g, ctx)` to its value."""
Filter = Callable[["Game", "Ctx", int], Any]
"""A compiled card filter: `(g, ctx, card)` to whether the card passes."""


class Ctx:
    """Whose effect is running: `owner` (the seat `you` means), `this` (the card id), `it` (the
    event's card inside a trigger, else -1)."""

    __slots__ = ("owner", "this", "it")

    def __init__(self, owner: int, this: int, it: int = -1) -> None:
        self.owner, self.this, self.it = owner, this, it


class CardSet:
    """A set of cards an effect names.  `cards(g, ctx, take)` lists the ids (a new list); `take` is True
    when a step acts on them (rule option stars_can_be_taken) and False when an expression counts them
    (stars_count_as_cards).  `count` is None when the set is all of them, else how many a player picks
    (`up_to`: or fewer); `chooser`: who picks, when the effect says (`you`, `opponent`, `random`).  The
    classes are typed so that the compiled build calls them natively."""

    count: int | None = None
    up_to: bool = False
    chooser: str | None = None

    def size(self, g: Game, ctx: Ctx) -> int:
        """How many cards the set holds (for `count`)."""
        return len(self.cards(g, ctx, False))

    def cards(self, g: Game, ctx: Ctx, take: bool) -> list[int]:
        raise NotImplementedError

    def matches(self, g: Game, ctx: Ctx, card: int, origin: int) -> bool:
        """Whether `card`, coming from zone `origin`, is in the set (the cards of a trigger's event)."""
        raise NotImplementedError

    def zone_of(self, g: Game, ctx: Ctx) -> int | None:
        """The zone the set's cards are in, when it is one zone."""
        return None


class ThisCard(CardSet):
    def cards(self, g: Game, ctx: Ctx, take: bool) -> list[int]:
        return [ctx.this]

    def matches(self, g: Game, ctx: Ctx, card: int, origin: int) -> bool:
        return card == ctx.this


class EventCard(CardSet):
    def cards(self, g: Game, ctx: Ctx, take: bool) -> list[int]:
        return [ctx.it] if ctx.it >= 0 else []

    def matches(self, g: Game, ctx: Ctx, card: int, origin: int) -> bool:
        return card == ctx.it


class ZoneSet(CardSet):
    def __init__(self, base: int, owner: str | None, rules: Rules) -> None:
        self.base, self.owner = base, owner
        self.per_player = base >= HAND
        self.count_stars = base == DOMAIN and rules.stars_count_as_cards == "yes"
        self.take_stars = base == DOMAIN and rules.stars_can_be_taken == "yes"

    def zone_of(self, g: Game, ctx: Ctx) -> int:
        if not self.per_player:
            return self.base
        return self.base + (ctx.owner if self.owner != "opponent" else 1 - ctx.owner)

    def size(self, g: Game, ctx: Ctx) -> int:
        zone = self.zone_of(g, ctx)
        if self.count_stars:
            return len(g.zones[zone]) + len(g.zones[zone - DOMAIN + STARS])
        return len(g.zones[zone])

    def cards(self, g: Game, ctx: Ctx, take: bool) -> list[int]:
        zone = self.zone_of(g, ctx)
        found = list(g.zones[zone])
        if self.take_stars if take else self.count_stars:
            found.extend(g.zones[zone - DOMAIN + STARS])
        return found

    def matches(self, g: Game, ctx: Ctx, card: int, origin: int) -> bool:
        zone = self.zone_of(g, ctx)
        return origin == zone or (self.take_stars and origin == zone - DOMAIN + STARS)


class DeckTop(CardSet):
    def __init__(self, count: int) -> None:
        self.size_ = count

    def zone_of(self, g: Game, ctx: Ctx) -> int:
        return DECK

    def size(self, g: Game, ctx: Ctx) -> int:
        return min(self.size_, len(g.zones[DECK]))

    def cards(self, g: Game, ctx: Ctx, take: bool) -> list[int]:
        deck = g.zones[DECK]
        return deck[: -self.size_ - 1 : -1]

    def matches(self, g: Game, ctx: Ctx, card: int, origin: int) -> bool:
        return origin == DECK


class Selection(CardSet):
    def __init__(self, zone: CardSet, filters: list[Filter], count: int | None, up_to: bool, other: bool,
                 chooser: str | None) -> None:
        self.zone, self.filters, self.count, self.up_to = zone, filters, count, up_to
        self.other, self.chooser = other, chooser

    def zone_of(self, g: Game, ctx: Ctx) -> int | None:
        return self.zone.zone_of(g, ctx)

    def cards(self, g: Game, ctx: Ctx, take: bool) -> list[int]:
        found = self.zone.cards(g, ctx, take)
        if self.other:
            found = [card for card in found if card != ctx.this]
        for accept in self.filters:
            found = [card for card in found if accept(g, ctx, card)]
        return found

    def matches(self, g: Game, ctx: Ctx, card: int, origin: int) -> bool:
        if not self.zone.matches(g, ctx, card, origin) or (self.other and card == ctx.this):
            return False
        return all(accept(g, ctx, card) for accept in self.filters)


class Step:
    """One step of an effect.  `run(g, ctx)` does it; `possible(g, ctx)` says whether it can happen in
    full (for the rule option partial_actions = no).  `actor(ctx)` is the seat performing it.  `node`: the
    step's AST node (its rules text); `verb`: what a player is asked about (`Request.verb`)."""

    verb = "step"

    def __init__(self, node: Any) -> None:
        self.node = node
        self.relative: str = node.player or "you"

    def actor(self, ctx: Ctx) -> int:
        return ctx.owner if self.relative == "you" else 1 - ctx.owner

    def possible(self, g: Game, ctx: Ctx) -> bool:
        """Whether the step can happen in full now."""
        return True

    def startable(self, g: Game, ctx: Ctx) -> bool:
        """Whether any of the step can happen now (an action none of whose steps can is impossible)."""
        return self.possible(g, ctx)

    def run(self, g: Game, ctx: Ctx) -> None:
        raise NotImplementedError


class Moving(Step):
    """A step that moves the cards of a card set (picked by a player when the set says how many)."""

    def __init__(self, node: Any, source: CardSet) -> None:
        super().__init__(node)
        self.source = source

    def pick(self, g: Game, ctx: Ctx) -> list[int]:
        return g.pick(self.source, ctx, self.actor(ctx), self)

    def possible(self, g: Game, ctx: Ctx) -> bool:
        found = self.source.cards(g, ctx, True)
        source = self.source
        if isinstance(source, DeckTop):
            return len(found) >= source.size_
        need = self.source.count
        return bool(found) if need is None else (self.source.up_to or len(found) >= need)

    def startable(self, g: Game, ctx: Ctx) -> bool:
        return bool(self.source.cards(g, ctx, True))


class Gain(Moving):
    verb = "gain"

    def run(self, g: Game, ctx: Ctx) -> None:
        actor = self.actor(ctx)
        for card in self.pick(g, ctx):
            origin = g.loc[card]
            if origin != DOMAIN + actor:
                g.move(card, STARS + actor if g.compiled.def_of[card] == g.compiled.star_def else DOMAIN + actor)
                g.gained(actor, card, origin)


class Discard(Moving):
    verb = "discard"

    def run(self, g: Game, ctx: Ctx) -> None:
        actor = self.actor(ctx)
        for card in self.pick(g, ctx):
            origin = g.loc[card]
            g.move(card, DISCARD + actor)
            g.discarded(actor, card, origin)


class Bottom(Moving):
    verb = "bottom"

    def run(self, g: Game, ctx: Ctx) -> None:
        for card in self.pick(g, ctx):
            g.move(card, DECK, bottom=True)


class Cancel(Moving):
    verb = "cancel"

    def run(self, g: Game, ctx: Ctx) -> None:
        g.cancelled.update(self.source.cards(g, ctx, True))


class Swap(Step):
    verb = "swap"

    def __init__(self, node: Any, first: CardSet, second: CardSet) -> None:
        super().__init__(node)
        self.first, self.second = first, second

    def possible(self, g: Game, ctx: Ctx) -> bool:
        return bool(self.first.cards(g, ctx, True)) and bool(self.second.cards(g, ctx, True))

    def run(self, g: Game, ctx: Ctx) -> None:
        actor = self.actor(ctx)
        first = g.pick(self.first, ctx, actor, self, one=True)
        if not first:
            return
        second = g.pick(self.second, ctx, actor, self, one=True, exclude=first[0])
        if second:
            g.swap(first[0], second[0])


class Stars(Step):
    verb = "stars"

    def __init__(self, node: Any, amount: Number, sign: int) -> None:
        super().__init__(node)
        self.amount, self.sign = amount, sign

    def _available(self, g: Game, ctx: Ctx) -> int:
        return len(g.zones[SUPPLY]) if self.sign > 0 else g.stars(self.actor(ctx))

    def possible(self, g: Game, ctx: Ctx) -> bool:
        amount = int(self.amount(g, ctx))
        return amount > 0 and self._available(g, ctx) >= amount

    def startable(self, g: Game, ctx: Ctx) -> bool:
        return int(self.amount(g, ctx)) > 0 and self._available(g, ctx) > 0

    def run(self, g: Game, ctx: Ctx) -> None:
        amount = int(self.amount(g, ctx))
        if amount > 0 and self.sign > 0:
            g.gain_stars(self.actor(ctx), amount)
        elif amount > 0:
            g.lose_stars(self.actor(ctx), amount)


class May(Step):
    verb = "may"

    def __init__(self, node: Any, step: Step) -> None:
        super().__init__(node)
        self.step = step

    def startable(self, g: Game, ctx: Ctx) -> bool:
        return self.step.startable(g, ctx)

    def run(self, g: Game, ctx: Ctx) -> None:
        """The player is asked only when the step can happen (in full, with partial_actions = no)."""
        actor = self.actor(ctx)
        can = self.step.startable(g, ctx) if g.rules.partial_actions == "yes" else self.step.possible(g, ctx)
        if can and g.players[actor].may(g, actor, Request(ctx.this, self.node, self.verb, actor)):
            self.step.run(g, ctx)


class If(Step):
    verb = "if"

    def __init__(self, node: Any, test: Number, step: Step) -> None:
        super().__init__(node)
        self.test, self.step = test, step

    def startable(self, g: Game, ctx: Ctx) -> bool:
        return bool(self.test(g, ctx)) and self.step.startable(g, ctx)

    def run(self, g: Game, ctx: Ctx) -> None:
        if self.test(g, ctx):
            self.step.run(g, ctx)
