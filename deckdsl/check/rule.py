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
from typing import TypeVar

from ..diagnostics import Code, Diagnostic, Severity, register
from ..lang.ast import Card, Deck
from ..profiles.profile import Profile

T = TypeVar("T")


@dataclass(frozen=True)
class Context:
    """What a rule sees: the deck and its game profile, and `shared`: analyses several rules read,
    worked out once per check (`shared_by`)."""

    deck: Deck
    profile: Profile
    shared: dict = field(default_factory=dict, compare=False, repr=False)

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
            found = table[id(card)] = (card, fact(card))
        return found[1]

    def for_cards(self, fact: Callable[[Card], T]) -> list[T]:
        """`fact(card)` for every card of the deck, in deck order, worked out once per check (through
        `of_card`, so the rules that ask card by card share it): a rule that reads a fact of every card
        zips the deck's cards with it."""
        found = self.shared.get(("for-cards", fact))
        if found is None:
            table = self.shared.setdefault(fact, {})
            found = self.shared["for-cards", fact] = []
            for card in self.deck.cards:
                entry = table.get(id(card))
                if entry is None:
                    entry = table[id(card)] = (card, fact(card))
                found.append(entry[1])
        return found


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
    cards it points at.  `reads`: the card fields it judges (`*`: all; `attributes`: the profile's), and
    `addenda` or `rules` when it reads those.  Both say what a deck read only in part still lets it
    say (`deckdsl.check.coverage`).
    """

    code: Code
    check: Callable[[Context], Iterator[Diagnostic]]
    doc: str
    guideline: str
    profiles: tuple[str, ...] | None
    scope: str = "cards"
    reads: tuple[str, ...] = ("*",)

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
        )

    def applies_to(self, profile: Profile) -> bool:
        return self.profiles is None or profile.id in self.profiles
