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

from collections.abc import Callable, Iterable, Iterator, Sequence
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

    def __init__(self, deck: ast.Deck, profile: Profile, parts: Callable[[ast.Card], Iterable[ast.Node]] | None = None,
                 carried: Callable[[object], dict] | None = None, traits: Sequence[Traits] | None = None):
        """`parts(card)`: every node of the card's effects, as `polarity.effect_parts` gives them (a check
        passes the parts it has already worked out for other rules); by default the effects are walked.
        `traits`: each card's `Traits`, when the caller has them (an editor's re-check keeps them for the
        cards an edit did not change); by default worked out here.  `carried(key)`: a table kept from the
        last check of the same document when it was kept with an equal `key`
        (`deckdsl.check.memo.CardMemo.carried`): the verdicts are kept in it, since a verdict depends only
        on its two effects' keys and on what `key` holds — the palette, the discards, the names effects
        name, the rules and the throws."""
        self.deck, self.profile = deck, profile
        self.orders = Orders(deck)
        self.rules = Rules.of(profile, deck)
        parts = parts or _walked
        if traits is None:
            traits = [traits_of(card, profile, parts) for card in deck.cards]
        self.named: set[str] = set().union(*(card.named for card in traits))
        self.discards = _discards(deck, profile, traits, parts)
        names = {card.name for card in deck.cards}
        self.effects: list[Effect] = []
        self._keys: dict[int, int] = {}
        keys: list[tuple[Effect, tuple]] = []
        seen: dict[tuple, tuple[ast.Card, str]] = {}
        for index, (card, its) in enumerate(zip(deck.cards, traits, strict=True)):
            kind = (its.kind, card.name if card.name in self.named else None)
            seen.setdefault(kind, (card, card.name))
            if its.effects and not its.unsound and all(name in names for name in its.asks):
                found = clauses(card)
                for number, key in zip(its.effects, its.keys, strict=True):
                    effect = Effect(card, found[number], index, number)
                    self.effects.append(effect)  # a card whose effects do not make sense is left to its errors
                    keys.append((effect, (key, kind)))
        self.palette = list(seen.values())
        self.throws = _throws(profile)
        kept = {} if carried is None else carried(self._world())
        self._numbers: dict[tuple, int] = kept.setdefault("numbers", {})
        for effect, key in keys:
            self._keys[id(effect)] = self._numbers.setdefault(key, len(self._numbers))
        self._verdicts: dict[tuple[int, int], Witness | None] = kept.setdefault("verdicts", {})
        self._findings: list[Finding] | None = None

    def _world(self) -> tuple:
        """What the searches read beyond the two effects of a pair, positions aside."""
        return (
            tuple(sorted(self.named)), tuple((shape(card), name) for card, name in self.palette),
            tuple((shape(card), shape(step), own) for card, step, own in self.discards), self.rules, self.throws,
        )

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
        name only when an effect names it) — numbered when the analysis starts, each distinct key once, so
        that verdicts are looked up by two numbers rather than by hashing two shapes."""
        return self._keys[id(effect)]

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


@dataclass(frozen=True)
class Traits:
    """What the analysis reads of one card, positions aside: worked out from the card's text (and the
    game's profile) alone, so an editor's re-check keeps them for the cards an edit did not change.

    `kind`: the card's type, its value (or value definition) as written, and whether it acts — with its
    name when an effect names it, the kind of card the situations are built from.  `effects`: the
    numbers of its condition clauses whose order with another card's effects may matter, and `keys`
    each one as written.  `named`: the names its effects name (`named "X"`).  `discards`: each discard
    step of its effects that picks among the cards of a domain, as written, with whether the domain is
    its owner's.  `unsound`: its effects have errors even where every name they look up exists, and
    `asks`: the names they look up — the card's effects make sense when neither holds."""

    kind: tuple
    effects: tuple[int, ...]
    keys: tuple
    named: frozenset[str]
    discards: tuple[tuple, ...]
    unsound: bool
    asks: frozenset[str]


def traits_of(card: ast.Card, profile: Profile, parts: Callable[[ast.Card], Iterable[ast.Node]] = None) -> Traits:
    """The card's `Traits` (`parts`, as for `Analysis`)."""
    numbers = tuple(number for number, clause in enumerate(clauses(card))
                    if isinstance(clause, (ast.ValueModifier, ast.Trigger, ast.DiscardPriority))
                    or (isinstance(clause, ast.ValueDefinition) and reads_values(clause)))
    named: set[str] = set()
    discards: list[tuple] = []
    for node in (parts or _walked)(card):
        if isinstance(node, ast.NameFilter):
            named.add(node.name)
        elif (key := _discard_key(node, profile)) is not None and key not in discards:
            discards.append(key)
    asks = _Asked()
    unsound = bool(numbers) and bool(semantics.effect_errors(card, profile, asks))  # type: ignore[arg-type]
    kind = (card.attribute("type"), shape(card.value) if card.value != "*" else shape(definition_of(card)),
            card.cost is not None or card.action is not None)
    found = clauses(card)
    return Traits(kind, numbers, tuple(shape(found[number]) for number in numbers), frozenset(named),
                  tuple(discards), unsound, frozenset(asks.names))


class _Asked:
    """A set of card names that holds every name, and notes the names it was asked for: a card's effects
    checked against it have the errors they have whatever the deck's names (`Traits.unsound`)."""

    def __init__(self) -> None:
        self.names: set[str] = set()

    def __contains__(self, name: object) -> bool:
        self.names.add(name)  # type: ignore[arg-type]
        return True


def _discard_key(node: ast.Node, profile: Profile) -> tuple | None:
    """A discard step that picks among the cards of a domain, as written, with whether the domain is its
    owner's; None for any other node."""
    if isinstance(node, ast.Discard) and isinstance(node.cards, ast.Selection) and node.cards.is_choice:
        spec = profile.zone(node.cards.zone.name)
        if spec is not None and spec.name == "domain":
            return shape(node), node.cards.zone.owner != "opponent"
    return None


def _discards(deck: ast.Deck, profile: Profile, traits: Sequence[Traits],
              parts: Callable[[ast.Card], Iterable[ast.Node]]) -> list[tuple[ast.Card, ast.Node, bool]]:
    """One of each discard step that picks among the cards of a domain: its card, the step, whether the
    domain is its owner's — the first card that has it, in deck order."""
    discards: list[tuple[ast.Card, ast.Node, bool]] = []
    seen: set[tuple] = set()
    for card, its in zip(deck.cards, traits, strict=True):
        if not set(its.discards) - seen:
            continue
        for node in parts(card):
            key = _discard_key(node, profile)
            if key is not None and key not in seen:
                seen.add(key)
                discards.append((card, node, key[1]))
    return discards


def _walked(card: ast.Card) -> Iterator[ast.Node]:
    """Every node of a card's effects: its cost and action steps, then its condition clauses, each walked."""
    for top in (*(card.cost.steps if card.cost else ()), *(card.action.steps if card.action else ()), *clauses(card)):
        yield from top.walk()


def _throws(profile: Profile) -> list[tuple[str, str]]:
    """(throw, the throw it beats) for every throw of the game's dispute."""
    return [(throw, beaten) for throw, beaten in sorted(profile.beats.items())] if profile.beats else []


