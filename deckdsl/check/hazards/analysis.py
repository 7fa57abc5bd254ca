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
search is bounded (the `MAX_*` constants of `search`; docs/language.md, section 9, says what it covers): a pair with
no witness within the bounds is not reported.

Effects of one card never make a hazard with each other (a card applies its effects in the order it
writes them), nor do copies of one card (they are interchangeable).  Verdicts are memoised per kind of
effect, so a deck of 10,000 cards made of a few dozen kinds of card costs a few dozen searches.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from ...lang import ast
from ...profiles.profile import Profile
from .. import semantics
from .board import Rules, clauses, definition_of
from .order import Orders
from .pairs import Effect, Witness, shape
from .prune import moment, reads_values
from .search import Search

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

    def __init__(self, deck: ast.Deck, profile: Profile, parts: Callable[[ast.Card], Iterable[ast.Node]] | None = None):
        """`parts(card)`: every node of the card's effects, as `polarity.effect_parts` gives them (a check
        passes the parts it has already worked out for other rules); by default the effects are walked."""
        self.deck, self.profile = deck, profile
        self.orders = Orders(deck)
        self.rules = Rules.of(profile, deck)
        self.named, self.discards = _scan(deck, profile, parts or _walked)
        self.effects: list[Effect] = []
        names = {card.name for card in deck.cards}
        for index, card in enumerate(deck.cards):
            if card.condition is None:
                continue  # the effects that may need ordering are all clauses of a condition
            found = [Effect(card, clause, index, number) for number, clause in enumerate(clauses(card))
                     if isinstance(clause, (ast.ValueModifier, ast.Trigger, ast.DiscardPriority))
                     or (isinstance(clause, ast.ValueDefinition) and reads_values(clause))]
            if found and not semantics.effect_errors(card, profile, names):
                self.effects.extend(found)  # a card whose effects do not make sense is left to its errors
        self.palette = _palette(deck, self.named)
        self.throws = _throws(profile)
        self._keys: dict[int, int] = {}
        self._numbers: dict[tuple, int] = {}
        self._verdicts: dict[tuple[int, int], Witness | None] = {}
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
            return "triggers" if moment(first.node.event) == moment(second.node.event) else None
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
                self._verdicts[key] = Search(self, first, second, kind).run()
        return self._verdicts[key]

    def _key(self, effect: Effect) -> int:
        """What a verdict depends on: the effect as written and its card's type, value and actions (its
        name only when an effect names it) — numbered, each distinct key once, so that verdicts are looked
        up by two numbers rather than by hashing two shapes."""
        number = self._keys.get(id(effect))
        if number is None:
            card = effect.card
            key = (
                shape(effect.node), card.attribute("type"), shape(card.value) if card.value != "*" else
                shape(definition_of(card)), card.name if card.name in self.named else None,
                card.cost is not None or card.action is not None,
            )
            number = self._keys[id(effect)] = self._numbers.setdefault(key, len(self._numbers))
        return number

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
        earlier: dict[str, dict[int, list[Effect]]] = {"value": {}, "trigger": {}, "priority": {}}
        ordered = self.orders.names
        verdicts = self._verdicts
        for effect in self.effects:
            groups = earlier[effect.family]
            name = effect.card.name
            key = self._key(effect)
            partner: Effect | None = None
            others = 0
            for group, members in groups.items():
                # a verdict on two keys is the verdict on any two effects with them, but for one card's own
                verdict = verdicts.get((group, key), _UNKNOWN)
                if verdict is _UNKNOWN:
                    verdict = self.witness(members[0], effect)
                    if verdict is None and members[0].card.name != name and self.kind(members[0], effect) is None:
                        verdicts[group, key] = None  # they never meet: their kinds follow from their keys too
                elif members[0].card.name == name:
                    verdict = None
                if verdict is None:
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
            groups.setdefault(key, []).append(effect)
            if partner is not None:
                witness = self.witness(partner, effect)
                assert witness is not None
                yield Finding(witness.kind, effect, partner, others, witness)

    def meet(self, first: Effect, second: Effect) -> bool:
        """Whether the two effects ever apply at one moment: a card both modifiers change, an event that
        sets off both triggers, a discard that picks between the two cards (whatever the order does)."""
        kind = self.kind(first, second)
        return kind is not None and Search(self, first, second, kind).meets()

    def pairs_of(self, first: str, second: str) -> list[tuple[Effect, Effect, Witness | None]]:
        """Every pair of effects of cards `first` and `second`, with its witness (None: no hazard)."""
        mine = [e for e in self.effects if e.card.name == first]
        theirs = [e for e in self.effects if e.card.name == second]
        return [(a, b, self.witness(a, b)) for a in mine for b in theirs if self.kind(a, b)]


_UNKNOWN = object()
"""No verdict yet."""


def _swapped(witness: Witness) -> Witness:
    """The same witness told from the other card's side."""
    return Witness(witness.kind, witness.situation, (witness.outcomes[1], witness.outcomes[0]),
                   (witness.roles[1], witness.roles[0]), witness.plain)


def _palette(deck: ast.Deck, named: set[str]) -> list[tuple[ast.Card, str]]:
    """One card of each kind the situations are built from: by type, value (or definition) and whether it
    acts; a card an effect names is its own kind."""
    seen: dict[tuple, tuple[ast.Card, str]] = {}
    for card in deck.cards:
        key = (card.attribute("type"), shape(card.value) if card.value != "*" else shape(definition_of(card)),
               card.name if card.name in named else None, card.cost is not None or card.action is not None)
        seen.setdefault(key, (card, card.name))
    return list(seen.values())


def _scan(deck: ast.Deck, profile: Profile, parts: Callable[[ast.Card], Iterable[ast.Node]]
          ) -> tuple[set[str], list[tuple[ast.Card, ast.Node, bool]]]:
    """One pass over the deck's effects: the names effects name (`named "X"`), and one of each discard step
    that picks among the cards of a domain (its card, the step, whether the domain is its owner's)."""
    named: set[str] = set()
    discards: list[tuple[ast.Card, ast.Node, bool]] = []
    seen: set[tuple] = set()
    for card in deck.cards:
        for node in parts(card):
            if isinstance(node, ast.NameFilter):
                named.add(node.name)
            elif isinstance(node, ast.Discard) and isinstance(node.cards, ast.Selection) and node.cards.is_choice:
                spec = profile.zone(node.cards.zone.name)
                if spec is None or spec.name != "domain":
                    continue
                key = (shape(node), node.cards.zone.owner != "opponent")
                if key not in seen:
                    seen.add(key)
                    discards.append((card, node, key[1]))
    return named, discards


def _walked(card: ast.Card) -> Iterator[ast.Node]:
    """Every node of a card's effects: its cost and action steps, then its condition clauses, each walked."""
    for top in (*(card.cost.steps if card.cost else ()), *(card.action.steps if card.action else ()), *clauses(card)):
        yield from top.walk()


def _throws(profile: Profile) -> list[tuple[str, str]]:
    """(throw, the throw it beats) for every throw of the game's dispute."""
    return [(throw, beaten) for throw, beaten in sorted(profile.beats.items())] if profile.beats else []


