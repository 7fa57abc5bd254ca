"""What a rule is: one module with a code, a kebab-case name, a default severity, a one-line summary, the
GDD guideline it comes from, and a `check` function.

A rule's module docstring is its documentation (What it does / Why / Example / Use instead): `deckdsl
rule CODE` prints it and `docs/rules/` is generated from it, so it is never written twice.  Rules are pure:
`check(context)` yields diagnostics and never raises or prints.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, TypeVar

from ..diagnostics import Code, Diagnostic, Severity, register
from ..lang.ast import Card, Deck
from ..profiles.profile import Profile
from .parts import effect_parts, part_kinds

if TYPE_CHECKING:
    from .memo import CardMemo

T = TypeVar("T")


@dataclass(frozen=True)
class Context:
    """What a rule sees: the deck and its game profile, and `shared`: analyses several rules read,
    worked out once per check (`shared_by`)."""

    deck: Deck
    profile: Profile
    shared: dict = field(default_factory=dict, compare=False, repr=False)
    memo: CardMemo | None = field(default=None, compare=False, repr=False)
    """The document's per-card memory, in an editor's re-check: `for_cards` takes the `carried` facts of
    the cards an edit did not change from it."""

    def shared_by(self, name: str, build: Callable[[], object]):
        """The analysis called `name`, built by `build()` the first time a rule asks for it."""
        if name not in self.shared:
            self.shared[name] = build()
        return self.shared[name]

    def of_card(self, fact: Callable[[Card], T], card: Card) -> T:
        """`fact(card)`, worked out once per card per check: many rules judge every card by the same facts
        (what its effects are worth, whether it has a drawback …).  The table is keyed by the card's id and
        keeps the card with its fact, so no other object can take that id while the check lasts."""
        table = self.shared.get(fact)
        if table is None:
            table = self.shared[fact] = {}
        found = table.get(id(card))
        if found is None:
            found = table[id(card)] = (card, self._work_out(fact, card))
        return found[1]

    def _work_out(self, fact: Callable[[Card], T], card: Card) -> T:
        """`fact(card)`, from the card's other facts when it is `DERIVED` from one."""
        derived = DERIVED.get(fact)
        return fact(card) if derived is None else derived[1](self.of_card(derived[0], card))

    def report(self, code: str, cards: tuple[Card, ...], facts: tuple, make: Callable[[], Diagnostic]) -> Diagnostic:
        """`make()`: rule `code`'s finding about `cards`, whose text it reads, and `facts`, everything else
        it says — in an editor's re-check, the very finding of the last check when the cards did not
        change and the facts are equal (`deckdsl.check.memo.CardMemo.report`)."""
        return make() if self.memo is None else self.memo.report(code, cards, facts, make)

    def for_cards(self, fact: Callable[[Card], T]) -> list[T]:
        """`fact(card)` for every card of the deck, in deck order, worked out once per check (through
        `of_card`, so the rules that ask card by card share it): a rule that reads a fact of every card
        zips the deck's cards with it."""
        found = self.shared.get(("for-cards", fact))
        if found is None and self.memo is not None and getattr(fact, "carried", False):
            found = self.shared["for-cards", fact] = self.memo.facts(fact, self.deck.cards,
                                                                     lambda card: self._work_out(fact, card))
        elif found is None:
            table = self.shared.setdefault(fact, {})
            found = self.shared["for-cards", fact] = []
            for card in self.deck.cards:
                entry = table.get(id(card))
                if entry is None:
                    entry = table[id(card)] = (card, self._work_out(fact, card))
                found.append(entry[1])
        return found


DERIVED: dict[Callable, tuple[Callable, Callable]] = {
    part_kinds: (effect_parts, lambda parts: frozenset(map(type, parts))),
}
"""Facts worked out from another fact of the same card, when the check has it: (that fact, how)."""

def parts_of(context: Context, card: Card, kinds: frozenset[type]) -> tuple:
    """`effect_parts(card)` when they hold a node of one of `kinds`, else () — found without walking the
    card when its `part_kinds` are known (in an editor's re-check, for every card the edit did not change)."""
    index = context.shared.get("card-index")
    if index is None:
        index = context.shared["card-index"] = {id(card): at for at, card in enumerate(context.deck.cards)}
    if not context.for_cards(part_kinds)[index[id(card)]] & kinds:
        return ()
    return context.of_card(effect_parts, card)


def card_type(card: Card) -> str | None:
    """The card's type (`Card.type`), as a fact to ask `Context.for_cards` for."""
    return card.type


def card_rarity(card: Card) -> str | None:
    """The card's rarity (`Card.rarity`), as a fact to ask `Context.for_cards` for."""
    return card.rarity


@dataclass(frozen=True)
class Rule:
    """A registered rule.

    `code`: its entry in `diagnostics.CODES`.  `guideline`: the key of the GDD guideline it enforces
    (`deckdsl.check.guidelines`).  `profiles`: the
    game profiles it applies to (None: every profile).  `doc`: its documentation.  `scope`: `deck` when a
    finding speaks of the whole deck (a count, "the only card that …"), `cards` when it speaks of the
    cards it points at.  `package`: the package of its module, whose `locales/<tag>/CODE.md` translate its
    page (`deckdsl.check.docs.page`).  `reads`: the card fields it judges (`*`: all; `attributes`: the profile's), and
    `addenda` or `rules` when it reads those.  Both say what a deck read only in part still lets it
    say (`deckdsl.check.coverage`).  `local`: its findings about a card depend on that card alone (with
    the profile and the deck's header), and lie inside it — so an editor's re-check can keep them for the
    cards an edit did not change (`deckdsl.check.memo`; `test_memo` holds every local rule to it).
    """

    code: Code
    check: Callable[[Context], Iterator[Diagnostic]]
    doc: str
    guideline: str
    profiles: tuple[str, ...] | None
    scope: str = "cards"
    reads: tuple[str, ...] = ("*",)
    local: bool = False
    package: str = "deckdsl.check.rules"

    @classmethod
    def from_module(cls, module: ModuleType) -> Rule:
        from .guidelines import BY_KEY

        if module.GUIDELINE not in BY_KEY:
            raise ValueError(f"rule {module.CODE} names an unknown guideline {module.GUIDELINE!r}")
        code = register(Code(module.CODE, module.NAME, Severity(module.SEVERITY), module.SUMMARY))
        return cls(
            code=code, check=module.check, doc=inspect.cleandoc(module.__doc__ or ""),
            guideline=module.GUIDELINE, profiles=getattr(module, "PROFILES", None),
            scope=getattr(module, "SCOPE", "cards"), reads=tuple(getattr(module, "READS", ("*",))),
            package=module.__package__,
            local=getattr(module, "LOCAL", False),
        )

    def applies_to(self, profile: Profile) -> bool:
        return self.profiles is None or profile.id in self.profiles
