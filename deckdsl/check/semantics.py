"""The meaning of a deck: names, types and fields (codes DK1xx).

A visitor walks every effect with `visit_<NodeName>` methods; a node class with no method is a bug and
raises (`test_semantics` builds one of every node to prove each is handled).  Expressions are typed as
`NUMBER` or `CARDS`; `/` makes a `FRACTION` that only `ceil` / `floor` turn back into a number.
"""

from __future__ import annotations

from collections.abc import Iterator, Set
from enum import Enum
from functools import partial
from typing import TYPE_CHECKING

from ..diagnostics import Diagnostic, Edit, Fix, Label
from ..escapes import describe, difference, revealed, skeleton
from ..lang import ast
from ..lang.parse import Gaps
from ..lang.spelling import Suggestion, plainly_quoted, quoted, suggest, tail
from ..profiles.profile import Profile
from ..said import said
from .cards import CORE_FIELDS, fields as card_fields, header, token
from .hazards.order import contradictions

if TYPE_CHECKING:
    from .memo import CardMemo


class Type(Enum):
    NUMBER = said("check-type-number", "a number")
    FRACTION = said("check-type-fraction", "a fraction")
    CARDS = said("check-type-cards", "a set of cards")


def analyze(
    deck: ast.Deck, profile: Profile | None, gaps: Gaps | None = None, *, unread: Set[str] = frozenset(),
    memo: CardMemo | None = None,
) -> Iterator[Diagnostic]:
    """Every semantic diagnostic of `deck` (the profile is None when the game is unknown).  `gaps`: what
    the parser left out — fields on broken lines, already reported, are not reported missing as well.
    `unread`: names of cards whose blocks could not be read; naming one is not an error.  `memo`: the
    findings about each card kept from the last check of the document (`deckdsl.check.memo`)."""
    skipped = gaps.skipped if gaps else {}
    yield from header(deck, profile)
    seen: dict[str, ast.Card] = {}
    looks: dict[str, ast.Card] = {}
    names = {card.name for card in deck.cards} | set(unread)
    for index, card in enumerate(deck.cards):
        first = seen.get(card.name)
        if first is not None:
            yield Diagnostic(
                "DK105", said("check-duplicate-card", "two cards are called `{card}`", card=card.name), card.name_span,
                labels=(Label(first.name_span, said("check-first-one", "the first one")),),
                help=said("check-duplicate-card-help", "give each card its own name, or raise `copies:` of the first"),
            )
        else:
            seen[card.name] = card
            alike = looks.setdefault(skeleton(card.name), card)
            if alike is not card:
                yield _looks_alike(card, alike)
        fields = canonical_fields(skipped.get(card.name_span.start, ()), profile)
        if memo is None:
            yield from _one_card(card, profile, fields, names)[0]
        else:
            yield from memo.card("semantics", index, partial(_one_card, card, profile, fields, names))
    for addendum in deck.addenda:
        for order in addendum.orders:
            listed: dict[str, ast.CardRef] = {}
            for ref in order.cards:
                if ref.name in listed:
                    yield Diagnostic(
                        "DK121", said("check-order-twice", "`{card}` appears twice in this order", card=ref.name),
                        ref.span, labels=(Label(listed[ref.name].span, said("check-first-here", "first here")),),
                    )
                listed[ref.name] = ref
                if ref.name not in names:
                    suggestion = suggest(ref.name, sorted(names))
                    yield Diagnostic(
                        "DK111", said("addendum-unknown-card", "the addendum names `{card}`, which is not a card of "
                                      "this deck", card=revealed(ref.name)),
                        ref.span, help=suggestion.help if suggestion else None,
                        fix=suggestion.fix(ref.name, ref.span, quoted(suggestion.word)) if suggestion else None,
                    )
    yield from contradictions(deck)


def _looks_alike(card: ast.Card, first: ast.Card) -> Diagnostic:
    """DK125: `card`'s name prints as `first`'s, and differs from it only by characters that take no room."""
    return Diagnostic(
        "DK125", said("check-invisible-difference", "`{card}` looks the same as `{first}`: they differ only by "
                      "{chars}", card=revealed(card.name), first=revealed(first.name),
                      chars=", ".join(map(describe, difference(card.name, first.name)))), card.name_span,
        labels=(Label(first.name_span, said("check-looks-the-same", "prints the same as this one")),),
        help=said("check-invisible-difference-help", "a reader cannot tell them apart, and an effect that names one "
                  "may be meant for the other: give each card a name that looks its own"),
    )


def _one_card(card: ast.Card, profile: Profile | None, skipped: frozenset[str], names: Set[str]):
    """The meaning of one card's fields and effects, and whether it holds without the other cards (False
    when an effect names a card: whether that card exists depends on the rest of the deck)."""
    found = list(card_fields(card, profile, skipped))
    if profile is None:
        return found, True
    effects = _Effects(card, profile, names)
    found.extend(effects.run())
    return found, not effects.named


_FIELD_ALIASES = {other: name for name, others in ast.CARD_FIELDS.items() for other in others}


def canonical_fields(names, profile: Profile | None) -> frozenset[str]:
    """Field names as written on skipped lines, made canonical; a misspelt one (`val`, `tpye`) counts as
    the field it is closest to, the one the syntax error suggested."""
    if not names:
        return frozenset()
    import difflib

    known = {**{f: f for f in CORE_FIELDS}, **_FIELD_ALIASES}
    if profile is not None:
        known.update({s.casefold(): profile.attribute(s).name for s in profile.attribute_spellings()})
    canonical = set()
    for name in names:
        word = name.casefold()
        if word not in known:
            close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6)
            word = close[0] if close else word
        canonical.add(known.get(word, word))
    return frozenset(canonical)


_COUNT_THEM = said("check-count-them", "count them with `count(…)`, or add their values with `total(…)`")
_COMPARED = said("check-role-compared", "compared")


def effect_errors(card: ast.Card, profile: Profile, names: set[str]) -> list[Diagnostic]:
    """The problems in one card's effects (names, zones, types): what the hazard analysis needs to know
    before it plays them."""
    return _Effects(card, profile, names).run()


class _Effects:
    """Types and names in one card's effects."""

    def __init__(self, card: ast.Card, profile: Profile, names: set[str]) -> None:
        self.card, self.profile, self.names = card, profile, names
        self.found: list[Diagnostic] = []
        self.in_trigger = False
        self.continuous = False
        self.named = False

    def run(self) -> list[Diagnostic]:
        for steps in (self.card.cost, self.card.action):
            for step in steps.steps if steps else ():
                self.visit(step)
        if self.card.condition:
            for clause in self.card.condition.clauses:
                self.visit(clause)
        return self.found

    def visit(self, node: ast.Node) -> Type | None:
        method = getattr(self, f"visit_{type(node).__name__}", None)
        if method is None:
            raise NotImplementedError(f"semantics has no visit_{type(node).__name__}")
        return method(node)

    def report(self, code: str, message: str, node: ast.Node, help: str | None = None, fix: Fix | None = None) -> None:
        self.found.append(Diagnostic(code, message, node.span, help=help, fix=fix))

    def expect(self, node: ast.Node, wanted: Type, role: str) -> None:
        got = self.visit(node)
        if got is None or got == wanted or (wanted is Type.NUMBER and got is Type.FRACTION and role == "compared"):
            return
        if wanted is Type.NUMBER and got is Type.FRACTION:
            self.report(
                "DK113", said("check-fraction", "{role} must be a whole number, but this division can leave a "
                              "fraction", role=role), node,
                help=said("check-round-it", "round it: `ceil(…)` rounds up, `floor(…)` rounds down"),
            )
            return
        help_text = _COUNT_THEM if wanted is Type.NUMBER and got is Type.CARDS else None
        self.report("DK109", said("check-must-be", "{role} must be {wanted}, but this is {got}", role=role,
                                  wanted=wanted.value, got=got.value), node, help=help_text)

    # -- expressions ---------------------------------------------------------------------

    def visit_Number(self, node: ast.Number) -> Type:
        return Type.NUMBER

    def visit_BinaryOp(self, node: ast.BinaryOp) -> Type | None:
        left, right = self.visit(node.left), self.visit(node.right)
        for side, got in ((node.left, left), (node.right, right)):
            if got is Type.CARDS:
                self.report(
                    "DK109", said("check-op-cards", "`{op}` needs numbers on both sides, but this is a set of cards",
                                  op=node.op), side, help=_COUNT_THEM,
                )
                return None
        if node.op == "/" and isinstance(node.right, ast.Number) and node.right.value == 0:
            self.report("DK109", said("check-division-by-zero", "division by zero"), node.right)
        if node.op == "/" or Type.FRACTION in (left, right):
            return Type.FRACTION
        return Type.NUMBER

    def visit_Negate(self, node: ast.Negate) -> Type | None:
        got = self.visit(node.operand)
        if got is Type.CARDS:
            self.report("DK109", said("check-negate-cards", "`-` needs a number, but this is a set of cards"),
                        node.operand)
            return None
        return got

    def visit_Function(self, node: ast.Function) -> Type:
        if node.name in ("count", "total"):
            self.expect(node.argument, Type.CARDS, said("check-role-argument", "the argument of `{name}`",
                                                        name=node.name))
            return Type.NUMBER
        got = self.visit(node.argument)
        if got is Type.CARDS:
            self.report("DK109", said("check-rounds-cards", "`{name}` rounds a number, but this is a set of cards",
                                      name=node.name), node.argument)
        return Type.NUMBER

    def visit_ThisCard(self, node: ast.ThisCard) -> Type:
        return Type.CARDS

    def visit_EventCard(self, node: ast.EventCard) -> Type:
        if not self.in_trigger:
            self.report(
                "DK112", said("check-it-no-trigger", "`it` means the card of a trigger's event, and there is no "
                              "trigger here"), node,
                help=said("check-it-help", "use `it` inside `whenever …: …`; elsewhere name the card: `this`, "
                          "`a card from the table` …"),
            )
        return Type.CARDS

    def visit_Zone(self, node: ast.Zone) -> Type:
        spec = self.profile.zone(node.name)
        if spec is None:
            profile = self.profile
            suggestion = suggest(node.name, profile.zone_spellings(), lambda spelling: profile.zone(spelling).name)
            self.report(
                "DK110", said("unknown-zone", "{game} has no zone called `{key}`", game=self.profile.name,
                              key=node.name), node,
                help=suggestion.help if suggestion else said("zones-are", "the zones are {keys}",
                                                             keys=", ".join(self.profile.zones)),
                fix=_zone_fix(node, suggestion) if suggestion else None,
            )
        elif spec.shared and node.owner is not None:
            self.report("DK120", said("zone-shared", "the {zone} is shared: it belongs to no player", zone=spec.name),
                        node, help=said("write-the-zone", "write `the {key}`", key=node.name),
                        fix=Fix(said("write-the-zone", "write `the {key}`", key=node.name),
                                (Edit(node.span, f"the {node.name}"),)))
        elif not spec.shared and node.owner is None:
            self.report("DK120", said("zone-whose", "say whose {zone} this is", zone=node.name), node,
                        help=said("write-whose-zone", "write `your {key}` or `opponent's {key}`", key=node.name))
        return Type.CARDS

    def visit_Selection(self, node: ast.Selection) -> Type:
        if node.count is not None and node.count < 1:
            self.report("DK122", said("check-pick-at-least-one", "a selection must pick at least one card"), node)
        if self.continuous and node.is_choice:
            self.report(
                "DK119", said("check-continuous-choice", "a continuous effect cannot pick cards: it applies to every "
                              "card that matches"), node,
                help=said("check-continuous-help", "describe the cards instead, like `other cards in your domain`"),
            )
        for item in node.filters:
            self.visit(item)
        self.visit(node.zone)
        return Type.CARDS

    def visit_DeckTop(self, node: ast.DeckTop) -> Type:
        if node.count < 1:
            self.report("DK122", said("check-top-at-least-one", "take at least the top card of the deck"), node)
        return Type.CARDS

    def _check_type_name(self, written: str, node: ast.Node) -> None:
        """`written` must name a type of the profile (any spelling)."""
        spec = self.profile.attribute("type")
        if spec is None or spec.canonical_value(written) is None:
            suggestion = suggest(written, spec.spellings(), spec.canonical_value) if spec else None
            self.report(
                "DK103", said("not-a-value", "`{value}` is not a {field} of {game}", value=written, field="type",
                              game=self.profile.name), node,
                help=suggestion.help if suggestion else None,
                fix=suggestion.fix(written, tail(node.span, len(written)), token(suggestion.word))
                if suggestion else None,
            )

    def visit_TypeFilter(self, node: ast.TypeFilter) -> None:
        self._check_type_name(node.value, node)

    def visit_NameFilter(self, node: ast.NameFilter) -> None:
        self.named = True
        if node.name not in self.names:
            suggestion = suggest(node.name, sorted(self.names))
            fix = None
            if suggestion is not None and plainly_quoted(node.name):  # `named "…"`: the string ends the node
                fix = suggestion.fix(node.name, tail(node.span, len(quoted(node.name))), quoted(suggestion.word))
            self.report(
                "DK111", said("unknown-card", "there is no card called `{card}` in this deck",
                              card=revealed(node.name)), node,
                help=suggestion.help if suggestion else None, fix=fix,
            )

    def visit_ValueFilter(self, node: ast.ValueFilter) -> None:
        self.expect(node.amount, Type.NUMBER, said("check-role-compared-value", "the compared value"))

    def visit_Comparison(self, node: ast.Comparison) -> None:
        self.expect(node.left, Type.NUMBER, _COMPARED)
        self.expect(node.right, Type.NUMBER, _COMPARED)

    # -- steps ---------------------------------------------------------------------------

    def visit_Gain(self, node: ast.Gain) -> None:
        self.expect(node.cards, Type.CARDS, said("check-role-gained", "what is gained"))

    def visit_GainStars(self, node: ast.GainStars) -> None:
        self.expect(node.amount, Type.NUMBER, said("check-role-stars", "the number of stars"))

    def visit_LoseStars(self, node: ast.LoseStars) -> None:
        self.expect(node.amount, Type.NUMBER, said("check-role-stars", "the number of stars"))

    def visit_Discard(self, node: ast.Discard) -> None:
        self.expect(node.cards, Type.CARDS, said("check-role-discarded", "what is discarded"))

    def visit_Swap(self, node: ast.Swap) -> None:
        self.expect(node.first, Type.CARDS, said("check-role-swapped", "what is swapped"))
        self.expect(node.second, Type.CARDS, said("check-role-swapped-with", "what it is swapped with"))

    def visit_PutOnBottom(self, node: ast.PutOnBottom) -> None:
        self.expect(node.cards, Type.CARDS, said("check-role-bottom", "what goes to the bottom of the deck"))

    def visit_CancelAction(self, node: ast.CancelAction) -> None:
        if node.cards is None:
            if not self.in_trigger:
                self.report("DK112", said("check-its-action-no-trigger", "`its action` means the action of a "
                                          "trigger's card, and there is no trigger here"),
                            node, help=said("check-cancel-help", "write `cancel the action of …`"))
            return
        self.expect(node.cards, Type.CARDS, said("check-role-cancelled", "whose action is cancelled"))

    def visit_Optional(self, node: ast.Optional) -> None:
        self.visit(node.step)

    def visit_Conditional(self, node: ast.Conditional) -> None:
        self.visit(node.test)
        self.visit(node.step)

    # -- conditions ----------------------------------------------------------------------

    def visit_ValueDefinition(self, node: ast.ValueDefinition) -> None:
        self.expect(node.expr, Type.NUMBER, said("check-role-value", "the value"))

    def visit_ValueModifier(self, node: ast.ValueModifier) -> None:
        self.continuous = not node.chosen_on_entry
        self.expect(node.cards, Type.CARDS, said("check-role-modified", "what is modified"))
        self.continuous = False
        if node.chosen_on_entry and not (isinstance(node.cards, ast.Selection) and node.cards.is_choice):
            self.report(
                "DK122", said("check-entry-choice", "cards picked when this card enters a domain must be a choice: "
                              "say how many"), node.cards,
                help=said("check-entry-choice-help", "write `another card in your domain`, `a card of type pedra in "
                          "your domain` …"),
            )
        self.expect(node.amount, Type.NUMBER, said("check-role-modifier", "the modifier"))

    def visit_DiscardPriority(self, node: ast.DiscardPriority) -> None:
        return None

    def visit_Trigger(self, node: ast.Trigger) -> None:
        self.visit(node.event)
        self.in_trigger = True
        for step in node.steps:
            self.visit(step)
        self.in_trigger = False

    def visit_GainEvent(self, node: ast.GainEvent) -> None:
        self.expect(node.cards, Type.CARDS, said("check-role-gained", "what is gained"))

    def visit_DisputeEvent(self, node: ast.DisputeEvent) -> None:
        if node.throw is not None:
            self._check_type_name(node.throw, node)

    def visit_DiscardEvent(self, node: ast.DiscardEvent) -> None:
        self.expect(node.cards, Type.CARDS, said("check-role-discarded", "what is discarded"))




def _zone_fix(node: ast.Zone, suggestion: Suggestion) -> Fix:
    """The fix of an unknown zone: its name is the last word of the node (`your domian`); a name with
    `pile` (`your discrad pile`) is written again whole, with its owner, since the space before `pile` is
    not known."""
    if " " not in node.name:
        return suggestion.fix(node.name, tail(node.span, len(node.name)))
    prefix = {"you": "your ", "opponent": "opponent's "}.get(node.owner or "", "")
    if node.owner is None and node.span.end - node.span.start > len(node.name):
        prefix = "the "
    return suggestion.fix(node.name, node.span, prefix + suggestion.word)
