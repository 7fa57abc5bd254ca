"""The meaning of a deck: names, types and fields (codes DK1xx).

A visitor walks every effect with `visit_<NodeName>` methods; a node class with no method is a bug and
raises (`test_semantics` builds one of every node to prove each is handled).  Expressions are typed as
`NUMBER` or `CARDS`; `/` makes a `FRACTION` that only `ceil` / `floor` turn back into a number.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Set
from dataclasses import replace
from enum import Enum
from functools import partial
from typing import TYPE_CHECKING

from ..diagnostics import Diagnostic, Edit, Fix, Label
from ..lang import ast
from ..lang.misspelt import field_meaning
from ..lang.parse import Gaps
from ..lang.spelling import Suggestion, head, plainly_quoted, quoted, suggest, tail
from ..profiles.profile import Profile
from ..said import said
from ..span import Span
from .hazards.order import contradictions

if TYPE_CHECKING:
    from .memo import CardMemo

CORE_FIELDS = tuple(ast.CARD_FIELDS)
META_FIELDS = ast.META_FIELDS


class Type(Enum):
    NUMBER = "a number"
    FRACTION = "a fraction"
    CARDS = "a set of cards"


def analyze(
    deck: ast.Deck, profile: Profile | None, gaps: Gaps | None = None, *, unread: Set[str] = frozenset(),
    memo: CardMemo | None = None,
) -> Iterator[Diagnostic]:
    """Every semantic diagnostic of `deck` (the profile is None when the game is unknown).  `gaps`: what
    the parser left out — fields on broken lines, already reported, are not reported missing as well.
    `unread`: names of cards whose blocks could not be read; naming one is not an error.  `memo`: the
    findings about each card kept from the last check of the document (`deckdsl.check.memo`)."""
    skipped = gaps.skipped if gaps else {}
    yield from _header(deck, profile)
    seen: dict[str, ast.Card] = {}
    names = {card.name for card in deck.cards} | set(unread)
    for index, card in enumerate(deck.cards):
        first = seen.get(card.name)
        if first is not None:
            yield Diagnostic(
                "DK105", f"two cards are called `{card.name}`", card.name_span,
                labels=(Label(first.name_span, "the first one"),),
                help="give each card its own name, or raise `copies:` of the first",
            )
        else:
            seen[card.name] = card
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
                        "DK121", f"`{ref.name}` appears twice in this order", ref.span,
                        labels=(Label(listed[ref.name].span, "first here"),),
                    )
                listed[ref.name] = ref
                if ref.name not in names:
                    suggestion = suggest(ref.name, sorted(names))
                    yield Diagnostic(
                        "DK111", said("addendum-unknown-card", "the addendum names `{card}`, which is not a card of "
                                      "this deck", card=ref.name),
                        ref.span, help=suggestion.help if suggestion else None,
                        fix=suggestion.fix(ref.name, ref.span, quoted(suggestion.word)) if suggestion else None,
                    )
    yield from contradictions(deck)


def _one_card(card: ast.Card, profile: Profile | None, skipped: frozenset[str], names: Set[str]):
    """The meaning of one card's fields and effects, and whether it holds without the other cards (False
    when an effect names a card: whether that card exists depends on the rest of the deck)."""
    found = list(_card(card, profile, skipped))
    if profile is None:
        return found, True
    effects = _Effects(card, profile, names)
    found.extend(effects.run())
    return found, not effects.named


def _header(deck: ast.Deck, profile: Profile | None) -> Iterator[Diagnostic]:
    if deck.header_span is None:
        if deck.cards:
            yield Diagnostic(
                "DK117", "the file has no `deck` header; checking it as a Janken Wars deck",
                Span(1, 1, 1, 1, 0, 0),
                help='start the file with `deck "Title" { game: janken-wars }`',
            )
        return
    for meta in deck.meta:
        if meta.name not in META_FIELDS:
            suggestion = suggest(meta.name, META_FIELDS)
            # `game` chooses the profile every card is read with: safe only when that is the deck's already
            moves = suggestion is not None and suggestion.word == "game" and meta.value != (profile and profile.id)
            yield Diagnostic(
                "DK116", said("unknown-header-field", "unknown header field `{key}`", key=meta.name), meta.span,
                help=suggestion.help if suggestion else said("header-fields-are", "the header fields are {fields}",
                                                             fields=", ".join(META_FIELDS)),
                notes=(said("as-game", "as `game:`, it would have every card read with another game's profile"),)
                if moves else (),
                fix=replace(suggestion, safe=suggestion.safe and not moves).fix(
                    meta.name, head(meta.span, len(meta.name))) if suggestion else None,
            )
    if profile is None:  # the parser reports a missing or broken profile (DK114, DK507)
        return
    for setting in deck.rules:
        parameter = profile.rules.get(setting.name)
        if parameter is None:
            suggestion = suggest(setting.name, list(profile.rules))
            yield Diagnostic(
                "DK115", said("unknown-parameter", "{game} has no rule parameter `{key}`", game=profile.name,
                              key=setting.name), setting.span,
                help=suggestion.help if suggestion else said("parameters-are", "the parameters are {keys}",
                                                             keys=", ".join(profile.rules)),
                fix=suggestion.fix(setting.name, head(setting.span, len(setting.name))) if suggestion else None,
            )
        elif parameter.parse(setting.value) is None:
            written = str(setting.value)
            suggestion = suggest(written, list(parameter.choices)) if parameter.choices else None
            fix = None
            if suggestion is not None and isinstance(setting.value, str):  # a word, the last of the line
                fix = suggestion.fix(written, tail(setting.span, len(written)))
            yield Diagnostic(
                "DK115",
                f"`{setting.name}` must be {parameter.allowed()}, not `{setting.value}`",
                setting.span,
                help=suggestion.help if suggestion else f"{setting.name}: {parameter.description} "
                f"(default {parameter.default})",
                fix=fix,
            )


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


def _card(card: ast.Card, profile: Profile | None, skipped: frozenset[str] = frozenset()) -> Iterator[Diagnostic]:
    if card.copies < 1:
        yield Diagnostic(
            "DK106", f"`{card.name}` has {card.copies} copies; a card needs at least 1",
            card.field_spans.get("copies", card.name_span), help="remove the card instead",
        )
    definitions = [
        clause for clause in (card.condition.clauses if card.condition else ())
        if isinstance(clause, ast.ValueDefinition)
    ]
    if card.value == "*" and not definitions and "condition" not in skipped:
        yield Diagnostic(
            "DK107", f"`{card.name}` is worth `*` but its condition does not say how much",
            card.field_spans["value"],
            help="add `condition: value = …`, for example `condition: value = count(your domain)`",
        )
    if definitions and card.value != "*":
        yield Diagnostic(
            "DK108", f"`{card.name}` defines its value in its condition, so its value must be `*`",
            definitions[0].span,
            labels=(Label(card.field_spans["value"], "value written here"),) if "value" in card.field_spans else (),
            help="write `value: *`",
            # unsafe: the other reading is a card worth its written value whose definition is a slip
            fix=Fix("write `value: *`", (Edit(card.field_spans["value"], "value: *"),), safe=False)
            if "value" in card.field_spans else None,
        )
    for extra in definitions[1:]:
        yield Diagnostic(
            "DK102", f"`{card.name}` defines its value twice", extra.span,
            labels=(Label(definitions[0].span, "first definition"),), help="keep one `value = …`",
        )
    if profile is None:
        return
    given = set()
    misspelt: dict[str, ast.Attribute] = {}
    for attribute in card.attributes:
        spec = profile.attribute(attribute.name)
        if spec is None:
            meant = _meant_field(attribute, profile)
            if meant is not None and meant not in misspelt:
                misspelt[meant] = attribute
            continue
        if spec.name in given:
            yield Diagnostic("DK102", f"field `{spec.name}` is written twice in `{card.name}`", attribute.span)
        given.add(spec.name)
        if attribute.value not in spec.values:
            written = str(attribute.value)
            suggestion = suggest(written, spec.spellings(), spec.canonical_value)
            yield Diagnostic(
                "DK103", said("not-a-value", "`{value}` is not a {field} of {game}", value=str(attribute.value),
                              field=spec.name, game=profile.name), attribute.value_span,
                help=suggestion.help if suggestion else said("one-of", "{field} is one of {values}", field=spec.name,
                                                             values=", ".join(spec.values)),
                fix=suggestion.fix(written, attribute.value_span, _token(suggestion.word)) if suggestion else None,
            )
    missing = [spec.name for spec in profile.attributes.values()
               if spec.required and spec.name not in given and spec.name not in skipped]
    if profile.value_required and card.value is None and "value" not in skipped:
        missing.append("value")
    stands_for = {misspelt[name].span: name for name in missing if name in misspelt}
    for attribute in card.attributes:
        if profile.attribute(attribute.name) is None:
            yield _unknown_field(attribute, profile, card.name, stands_for.get(attribute.span))
    for name in missing:
        if name in misspelt:
            continue
        spec = profile.attribute(name)
        yield Diagnostic(
            "DK104", said("card-lacks", "`{card}` has no {field}", card=card.name, field=name), card.name_span,
            help=said("add-field", "add `{key}: …` ({values})", key=name, values=" / ".join(spec.values))
            if spec is not None else said("add-value", "add `value: N` (an integer, negative allowed) or "
                                                       "`value: *` with a value definition"),
        )


def _meant_field(attribute: ast.Attribute, profile: Profile) -> str | None:
    """The field a name the profile does not know is a misspelling of (`rarty` -> `rarity`), or None."""
    suggestion = suggest(attribute.name, [*CORE_FIELDS, *profile.attribute_spellings()],
                         lambda spelling: field_meaning(spelling, profile))
    return field_meaning(suggestion.word, profile) if suggestion is not None else None


def _unknown_field(attribute: ast.Attribute, profile: Profile, card: str, missing: str | None = None) -> Diagnostic:
    """DK101 for a name the profile does not know, read as an attribute (`valeu: 3`); renaming it is safe
    only when its value reads as the suggested field's: any attribute's does; `copies` takes a whole number,
    `value` an integer, `flavor`, `art` and `text` a text in quotes, and an effect is never one word.
    `missing`: the required field it misspells, which the card lacks — one cause, one error: this one says
    so, and no DK104 is given for that field."""
    suggestion = suggest(attribute.name, [*CORE_FIELDS, *profile.attribute_spellings()],
                         lambda spelling: field_meaning(spelling, profile))
    if suggestion is None:
        return Diagnostic("DK101", said("unknown-field", "cards have no field `{key}`", key=attribute.name),
                          attribute.span, help=said("the-fields-are", "the fields are {fields}",
                                                    fields=", ".join(list(CORE_FIELDS) + list(profile.attributes))))
    field, value = suggestion.word, attribute.value
    if field not in CORE_FIELDS:
        reads = True
    elif field in ("copies", "value"):
        reads = isinstance(value, int) and (value >= 0 or field == "value")
    else:  # quoted: written longer than it reads
        written = attribute.value_span.end - attribute.value_span.start
        reads = field in ("flavor", "art", "text") and isinstance(value, str) and written != len(value)
    notes = () if reads else (said("reads-not-either", "what follows `{written}:` does not read as `{key}:` either",
                                   written=attribute.name, key=field),)
    if missing is not None:
        notes = (said("so-card-lacks", "so `{card}` has no {field}", card=card, field=missing), *notes)
    return Diagnostic(
        "DK101", said("unknown-field", "cards have no field `{key}`", key=attribute.name), attribute.span,
        help=suggestion.help, notes=notes,
        fix=replace(suggestion, safe=suggestion.safe and reads).fix(attribute.name,
                                                                    head(attribute.span, len(attribute.name))),
    )


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
                "DK113", f"{role} must be a whole number, but this division can leave a fraction", node,
                help="round it: `ceil(…)` rounds up, `floor(…)` rounds down",
            )
            return
        help_text = None
        if wanted is Type.NUMBER and got is Type.CARDS:
            help_text = "count them with `count(…)`, or add their values with `total(…)`"
        self.report("DK109", f"{role} must be {wanted.value}, but this is {got.value}", node, help=help_text)

    # -- expressions ---------------------------------------------------------------------

    def visit_Number(self, node: ast.Number) -> Type:
        return Type.NUMBER

    def visit_BinaryOp(self, node: ast.BinaryOp) -> Type | None:
        left, right = self.visit(node.left), self.visit(node.right)
        for side, got in ((node.left, left), (node.right, right)):
            if got is Type.CARDS:
                self.report(
                    "DK109", f"`{node.op}` needs numbers on both sides, but this is a set of cards", side,
                    help="count them with `count(…)`, or add their values with `total(…)`",
                )
                return None
        if node.op == "/" and isinstance(node.right, ast.Number) and node.right.value == 0:
            self.report("DK109", "division by zero", node.right)
        if node.op == "/" or Type.FRACTION in (left, right):
            return Type.FRACTION
        return Type.NUMBER

    def visit_Negate(self, node: ast.Negate) -> Type | None:
        got = self.visit(node.operand)
        if got is Type.CARDS:
            self.report("DK109", "`-` needs a number, but this is a set of cards", node.operand)
            return None
        return got

    def visit_Function(self, node: ast.Function) -> Type:
        if node.name in ("count", "total"):
            self.expect(node.argument, Type.CARDS, f"the argument of `{node.name}`")
            return Type.NUMBER
        got = self.visit(node.argument)
        if got is Type.CARDS:
            self.report("DK109", f"`{node.name}` rounds a number, but this is a set of cards", node.argument)
        return Type.NUMBER

    def visit_ThisCard(self, node: ast.ThisCard) -> Type:
        return Type.CARDS

    def visit_EventCard(self, node: ast.EventCard) -> Type:
        if not self.in_trigger:
            self.report(
                "DK112", "`it` means the card of a trigger's event, and there is no trigger here", node,
                help="use `it` inside `whenever …: …`; elsewhere name the card: `this`, `a card from the table` …",
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
                        fix=Fix(f"write `the {node.name}`", (Edit(node.span, f"the {node.name}"),)))
        elif not spec.shared and node.owner is None:
            self.report("DK120", said("zone-whose", "say whose {zone} this is", zone=node.name), node,
                        help=said("write-whose-zone", "write `your {key}` or `opponent's {key}`", key=node.name))
        return Type.CARDS

    def visit_Selection(self, node: ast.Selection) -> Type:
        if node.count is not None and node.count < 1:
            self.report("DK122", "a selection must pick at least one card", node)
        if self.continuous and node.is_choice:
            self.report(
                "DK119", "a continuous effect cannot pick cards: it applies to every card that matches",
                node, help="describe the cards instead, like `other cards in your domain`",
            )
        for item in node.filters:
            self.visit(item)
        self.visit(node.zone)
        return Type.CARDS

    def visit_DeckTop(self, node: ast.DeckTop) -> Type:
        if node.count < 1:
            self.report("DK122", "take at least the top card of the deck", node)
        return Type.CARDS

    def _check_type_name(self, written: str, node: ast.Node) -> None:
        """`written` must name a type of the profile (any spelling)."""
        spec = self.profile.attribute("type")
        if spec is None or spec.canonical_value(written) is None:
            suggestion = suggest(written, spec.spellings(), spec.canonical_value) if spec else None
            self.report(
                "DK103", f"`{written}` is not a type of {self.profile.name}", node,
                help=suggestion.help if suggestion else None,
                fix=suggestion.fix(written, tail(node.span, len(written)), _token(suggestion.word))
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
                "DK111", said("unknown-card", "there is no card called `{card}` in this deck", card=node.name), node,
                help=suggestion.help if suggestion else None, fix=fix,
            )

    def visit_ValueFilter(self, node: ast.ValueFilter) -> None:
        self.expect(node.amount, Type.NUMBER, "the compared value")

    def visit_Comparison(self, node: ast.Comparison) -> None:
        self.expect(node.left, Type.NUMBER, "compared")
        self.expect(node.right, Type.NUMBER, "compared")

    # -- steps ---------------------------------------------------------------------------

    def visit_Gain(self, node: ast.Gain) -> None:
        self.expect(node.cards, Type.CARDS, "what is gained")

    def visit_GainStars(self, node: ast.GainStars) -> None:
        self.expect(node.amount, Type.NUMBER, "the number of stars")

    def visit_LoseStars(self, node: ast.LoseStars) -> None:
        self.expect(node.amount, Type.NUMBER, "the number of stars")

    def visit_Discard(self, node: ast.Discard) -> None:
        self.expect(node.cards, Type.CARDS, "what is discarded")

    def visit_Swap(self, node: ast.Swap) -> None:
        self.expect(node.first, Type.CARDS, "what is swapped")
        self.expect(node.second, Type.CARDS, "what it is swapped with")

    def visit_PutOnBottom(self, node: ast.PutOnBottom) -> None:
        self.expect(node.cards, Type.CARDS, "what goes to the bottom of the deck")

    def visit_CancelAction(self, node: ast.CancelAction) -> None:
        if node.cards is None:
            if not self.in_trigger:
                self.report("DK112", "`its action` means the action of a trigger's card, and there is no trigger here",
                            node, help="write `cancel the action of …`")
            return
        self.expect(node.cards, Type.CARDS, "whose action is cancelled")

    def visit_Optional(self, node: ast.Optional) -> None:
        self.visit(node.step)

    def visit_Conditional(self, node: ast.Conditional) -> None:
        self.visit(node.test)
        self.visit(node.step)

    # -- conditions ----------------------------------------------------------------------

    def visit_ValueDefinition(self, node: ast.ValueDefinition) -> None:
        self.expect(node.expr, Type.NUMBER, "the value")

    def visit_ValueModifier(self, node: ast.ValueModifier) -> None:
        self.continuous = not node.chosen_on_entry
        self.expect(node.cards, Type.CARDS, "what is modified")
        self.continuous = False
        if node.chosen_on_entry and not (isinstance(node.cards, ast.Selection) and node.cards.is_choice):
            self.report(
                "DK122", "cards picked when this card enters a domain must be a choice: say how many", node.cards,
                help="write `another card in your domain`, `a card of type pedra in your domain` …",
            )
        self.expect(node.amount, Type.NUMBER, "the modifier")

    def visit_DiscardPriority(self, node: ast.DiscardPriority) -> None:
        return None

    def visit_Trigger(self, node: ast.Trigger) -> None:
        self.visit(node.event)
        self.in_trigger = True
        for step in node.steps:
            self.visit(step)
        self.in_trigger = False

    def visit_GainEvent(self, node: ast.GainEvent) -> None:
        self.expect(node.cards, Type.CARDS, "what is gained")

    def visit_DisputeEvent(self, node: ast.DisputeEvent) -> None:
        if node.throw is not None:
            self._check_type_name(node.throw, node)

    def visit_DiscardEvent(self, node: ast.DiscardEvent) -> None:
        self.expect(node.cards, Type.CARDS, "what is discarded")




_WORD = re.compile(r"[^\W\d](?:\w|-(?=\w))*|-?\d+")


def _token(word: str) -> str:
    """`word` as an attribute value or a type name is written: bare when it is a name or a number, else
    quoted."""
    return word if _WORD.fullmatch(word) else quoted(word)


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
