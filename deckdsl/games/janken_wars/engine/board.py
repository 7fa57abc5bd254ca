"""The cards of a game, where they lie and what they are worth: `Board`, the part of `Game` that moves
cards (keeping each domain's sums and the choices of modifiers on a chosen card current) and works out
values (definitions, modifiers in order, values that read each other).

`Board` holds no state of its own: `Game.__init__` (game.py) sets it up, and `Game` adds the effects,
exchanges and rounds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mypy_extensions import mypyc_attr

from ....lang import ast
from .compiler import Compiled
from .effects import CardSet, Ctx
from .zones import DISCARD, DOMAIN, HAND, STARS, SUPPLY, ZONE_OWNER


class _Cycle(Exception):
    """A value read a card the addenda put after it, and that card's value read it back."""

    def __init__(self, card: int):
        self.card = card


class _Choice:
    """The choice a modifier on a chosen card makes when its card enters a domain (a `pick` step)."""

    verb = "modify"

    def __init__(self, node: ast.ValueModifier):
        self.node = node


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (setup.py): as `Game`, which it is the base of
class Board:
    """Moving cards and working out values, for `Game` (game.py), which sets up the state they read
    and keep (`compiled`, `zones`, `loc`, `dirty`, `printed`, `starred`, `valuing`, `computing`, `guards`,
    `chosen`) and the `pick` and `gained` they call."""

    compiled: Compiled
    zones: list[list[int]]
    loc: list[int]
    dirty: list[bool]
    printed: list[int]
    starred: list[int]
    valuing: dict[int, Any]
    computing: list[int]
    guards: list[int]
    chosen: dict[tuple[int, int], list[int]]
    entry_choices: bool
    listener: Callable[[str, dict], None] | None

    def pick(self, source: CardSet, ctx: Ctx, actor: int, step: Any, *, one: bool = False,
             exclude: int = -1) -> list[int]:
        raise NotImplementedError  # Game's

    def gained(self, seat: int, card: int, origin: int) -> None:
        raise NotImplementedError  # Game's

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
        if self.entry_choices:
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
            definition = compiled.defs[compiled.def_of[card]].value_def
            return definition(self, Ctx(zone - DOMAIN, card)) if definition else 0
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
