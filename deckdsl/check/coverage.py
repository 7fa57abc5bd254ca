"""What the checker could not see, and so did not judge (DK131 incomplete-check).

A deck with a syntax error is still checked: every block that parsed is judged.  But a check that counts
the whole deck (36 cards, 12 of each type …) would count wrong if a card block was lost, and a finding
about a card whose `value:` line was not read would be false.  So each rule says what it reads
(`SCOPE`, `READS` in its module), and before a rule runs the coverage decides:

- a `deck`-scope rule is **skipped** when a card block was lost, or when some card's field it reads was
  not read (a broken line, an unknown field, an attribute value the profile does not know, a missing
  field, an effect with an error in it);
- a `cards`-scope rule runs, and its findings that touch a card with such an unread field are
  **withheld** (the card's other findings stand);
- a rule that reads `addenda` is skipped when an addendum block was lost (the lost addendum may settle
  the very order it would report), and every rule is skipped when the `deck` header was lost (the game,
  and so every guideline, is unknown).

One DK131 warning then says which checks were skipped or withheld and why, with a label on each block
or line that could not be read — never a silent "0 warnings".  Suppressions (`# deckdsl: allow`) are
judged only where their code was checked (`judged`).
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..diagnostics import CODES, Diagnostic, Label, Severity
from ..lang import ast
from ..lang.parse import Gaps
from ..profiles.profile import Profile
from ..said import said
from ..span import Span

MAX_LABELS = 8
"""Places DK131 points at; the errors themselves list the rest."""

ANY = "*"
"""In a rule's `READS`: every field of a card."""
ATTRIBUTES = "attributes"
"""In a rule's `READS`: the profile's attributes (type and rarity in Janken Wars)."""


class _Ranges:
    """Items with disjoint (first, last) ranges, found by a point in log time (a 10,000-card deck with
    an error on every card stays linear)."""

    def __init__(self, items: Iterable[tuple[int, int, object]]) -> None:
        ordered = sorted(items, key=lambda item: item[0])
        self._firsts = [first for first, _, _ in ordered]
        self._items = ordered

    def at(self, point: int):
        index = bisect.bisect_right(self._firsts, point) - 1
        if index < 0:
            return None
        first, last, item = self._items[index]
        return item if first <= point <= last else None


@dataclass
class _Doubt:
    card: ast.Card
    fields: set[str] = field(default_factory=set)
    spans: list[Span] = field(default_factory=list)


class Coverage:
    """What was read of one deck, and what the rules therefore skipped or withheld."""

    def __init__(self, deck: ast.Deck, profile: Profile | None, gaps: Gaps | None) -> None:
        self.deck, self.profile = deck, profile
        self.lost = gaps.lost if gaps else ()
        self._skipped_fields = gaps.skipped if gaps else {}
        self._doubts: dict[int, _Doubt] = {}
        self.skipped: dict[str, str] = {}
        """Codes of the rules not run, with the reason."""
        self._ran: dict[str, set[str]] = {}
        self._header_errors = False
        self._doubted = _Ranges(())
        self._lost_lines = _Ranges((block.span.line, block.end_line, block) for block in self.lost)

    # -- what was not read ----------------------------------------------------------------

    def learn(self, early: list[Diagnostic]) -> None:
        """Work out which fields of which cards were not read, from the parser's skipped lines and the
        errors found so far (syntax and meaning): a field with an error in it is a field not read."""
        from .semantics import canonical_fields

        profile = self.profile
        cards = _Ranges((card.span.start, card.span.end - 1, card) for card in self.deck.cards)
        unread_attributes = _UnreadAttributes(profile) if profile is not None else None
        for card in self.deck.cards:
            skipped = self._skipped_fields.get(card.name_span.start)
            fields = set(canonical_fields(skipped, profile)) if skipped else set()
            if unread_attributes is not None:
                fields |= unread_attributes.of(card)
            if fields:
                self._doubt(card).fields |= fields
        for diagnostic in early:
            if diagnostic.severity is not Severity.ERROR or not diagnostic.code.startswith(("DK0", "DK1")):
                continue
            header = self.deck.header_span
            if header is not None and header.start <= diagnostic.span.start < header.end:
                self._header_errors = True
                continue
            card = cards.at(diagnostic.span.start)
            if card is None:
                continue
            name = _field_at(card, diagnostic.span)
            if name is None and card.span.start not in self._doubts:
                continue
            doubt = self._doubt(card)
            if name is not None:
                doubt.fields.add(name)
            doubt.spans.append(diagnostic.span)
        for doubt in self._doubts.values():
            if not doubt.spans:
                doubt.spans.append(doubt.card.name_span)
        self._doubted = _Ranges((d.card.span.line, d.card.span.end_line, d) for d in self._doubts.values())

    def _doubt(self, card: ast.Card) -> _Doubt:
        return self._doubts.setdefault(card.span.start, _Doubt(card))

    @property
    def lost_cards(self) -> list:
        return [block for block in self.lost if block.kind in ("card", None)]

    def unread_names(self) -> set[str]:
        """Names of the cards in blocks that could not be read (an effect naming one is not wrong)."""
        return {block.name for block in self.lost if block.kind == "card" and block.name}

    # -- what a rule may say ---------------------------------------------------------------

    def reads(self, rule) -> set[str]:
        reads = set(rule.reads)
        if ATTRIBUTES in reads and self.profile is not None:
            reads |= set(self.profile.attributes)
        return reads

    def skip_reason(self, rule) -> str | None:
        """Why `rule` cannot run on this deck, or None when it can."""
        if any(block.kind == "deck" for block in self.lost):
            return said("check-header-lost", "the `deck` header could not be read, so the game and its rule parameters "
                        "are unknown")
        reads = self.reads(rule)
        lost_addenda = [block for block in self.lost if block.kind == "addendum"]
        if "addenda" in reads and lost_addenda:
            return said("check-addenda-lost", "{count} {count:addendum block|addendum blocks} could not be read",
                        count=len(lost_addenda))
        if "rules" in reads and self._header_errors:
            return said("check-header-errors", "the `deck` header has errors, so its rule parameters may not be the "
                        "ones meant")
        if rule.scope != "deck":
            return None
        if self.lost_cards and reads - {"addenda", "rules"}:
            return said("check-cards-lost", "{count} {count:card block|card blocks} could not be read",
                        count=len(self.lost_cards))
        doubted = [d for d in self._doubts.values() if _touches(d.fields, reads)]
        if doubted:
            names = ", ".join(f"`{d.card.name}`" for d in doubted[:3]) + (" …" if len(doubted) > 3 else "")
            return said("check-fields-lost", "some fields of {cards} could not be read", cards=names)
        return None

    def keep(self, rule, diagnostic: Diagnostic) -> bool:
        """Whether a finding of `rule` stands: it touches no card with an unread field the rule reads."""
        if not self._doubts:
            return True
        reads = self.reads(rule)
        for span in (diagnostic.span, *(label.span for label in diagnostic.labels)):
            doubt = self._doubted.at(span.line)
            if doubt is not None and _touches(doubt.fields, reads):
                return False
        return True

    def ran(self, rule) -> None:
        """Note that `rule` ran (see `judged`)."""
        self._ran[rule.code.code] = self.reads(rule)

    def judged(self, code: str, line: int) -> bool:
        """Whether findings of `code` on `line` were looked for (a suppression there can be unused)."""
        if code in self.skipped or self._lost_lines.at(line) is not None:
            return False
        reads, doubt = self._ran.get(code), self._doubted.at(line)
        return reads is None or doubt is None or not _touches(doubt.fields, reads)

    # -- what to tell the designer ----------------------------------------------------------

    def notice(self) -> Diagnostic | None:
        """The DK131 warning, or None when every check ran on every card."""
        unjudged = {
            key: sorted(code for code, reads in self._ran.items() if _touches(doubt.fields, reads))
            for key, doubt in self._doubts.items()
        }
        unjudged = {key: codes for key, codes in unjudged.items() if codes}
        if not self.skipped and not unjudged and not self.lost:
            return None
        by_reason: dict[str, list[str]] = {}
        for code, reason in self.skipped.items():
            by_reason.setdefault(reason, []).append(code)
        notes = [said("check-skipped", "skipped {codes}: {reason}", codes=_codes(codes), reason=reason)
                 for reason, codes in by_reason.items()]
        labels = [Label(block.span, _lost_label(block)) for block in self.lost]
        for key, doubt in self._doubts.items():
            if key in unjudged:
                fields = ", ".join(f"`{name}`" for name in sorted(doubt.fields))
                codes = _codes(unjudged[key], short=True)
                notes.append(said("check-not-judged", "`{card}`: {fields} not read, so {codes} did not judge it",
                                  card=doubt.card.name, fields=fields, codes=codes))
            if key in unjudged or self.skipped:
                labels.append(Label(doubt.spans[0], said("check-card-partly-read", "`{card}`: not read completely",
                                                         card=doubt.card.name)))
        if not labels:
            labels.append(Label(self.deck.title_span or Span(1, 1, 1, 1, 0, 0), said("check-this-deck", "this deck")))
        checks, cards = len(self.skipped), len(unjudged)
        if checks and cards:
            message = said("incomplete-both", "{checks} {checks:check|checks} skipped and {cards} {cards:card|cards} "
                           "not judged by every check until the errors above are fixed", checks=checks, cards=cards)
        elif checks:
            message = said("incomplete-skipped", "{checks} {checks:check|checks} skipped until the errors above are "
                           "fixed", checks=checks)
        elif cards:
            message = said("incomplete-unjudged", "{cards} {cards:card|cards} not judged by every check until the "
                           "errors above are fixed", cards=cards)
        else:
            message = said("incomplete-blocks", "{blocks} {blocks:block|blocks} not checked until the errors above "
                           "are fixed", blocks=len(self.lost))
        labels.sort(key=lambda label: label.span.start)
        if len(labels) > MAX_LABELS:
            notes.append(said("check-more-places", "and {count} more places not read (the errors above list them all)",
                              count=len(labels) - MAX_LABELS))
            labels = labels[:MAX_LABELS]
        return Diagnostic(
            "DK131", message, labels[0].span,
            labels=tuple(labels[1:]), notes=tuple(notes),
        )


def _lost_label(block) -> str:
    if block.kind == "card" and block.name is not None:
        return said("check-lost-named-card", "card `{card}` could not be read", card=block.name)
    if block.kind == "deck":
        return said("check-lost-header", "the `deck` header could not be read")
    if block.kind == "card":
        return said("check-lost-card", "this card could not be read")
    if block.kind == "addendum":
        return said("check-lost-addendum", "this addendum could not be read")
    return said("check-lost-block", "this block could not be read")


def _touches(fields: set[str], reads: set[str]) -> bool:
    return bool(fields) and (ANY in reads or bool(fields & reads))


class _UnreadAttributes:
    """The fields of a card the profile cannot read: an attribute it does not know (counted as the field
    it is closest to), a value it does not allow, a required attribute or value left out.  What is
    worked out for an attribute's spelling and value is kept for the check's other cards."""

    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        self.required = tuple(spec.name for spec in profile.attributes.values() if spec.required)
        self._attributes: dict[tuple[str, str], tuple[str | None, frozenset[str]]] = {}

    def of(self, card: ast.Card) -> set[str] | frozenset[str]:
        fields: set[str] | frozenset[str] = frozenset()
        given = set()
        for attribute in card.attributes:
            found = self._attributes.get((attribute.name, attribute.value))
            if found is None:
                found = self._attributes[attribute.name, attribute.value] = self._read(attribute)
            if found[0] is not None:
                given.add(found[0])
            if found[1]:
                fields = fields | found[1]
        missing = [name for name in self.required if name not in given]
        if missing:
            fields = fields | set(missing)
        if self.profile.value_required and card.value is None:
            fields = fields | {"value"}
        return fields

    def _read(self, attribute: ast.Attribute) -> tuple[str | None, frozenset[str]]:
        """The attribute's name in the profile (None: unknown), and the fields it leaves unread."""
        from .semantics import canonical_fields

        spec = self.profile.attribute(attribute.name)
        if spec is None:
            return None, canonical_fields((attribute.name,), self.profile) & _known_fields(self.profile)
        return spec.name, frozenset() if attribute.value in spec.values else frozenset({spec.name})


def _known_fields(profile: Profile) -> frozenset[str]:
    return frozenset(ast.CARD_FIELDS) | frozenset(profile.attributes)


def _field_at(card: ast.Card, span: Span) -> str | None:
    for name, where in card.field_spans.items():
        if where.line <= span.line <= where.end_line:
            return name
    for attribute in card.attributes:
        if attribute.span.line == span.line:
            return attribute.name
    return None


def _codes(codes: list[str], short: bool = False) -> str:
    if short:
        return ", ".join(sorted(codes))
    return ", ".join(f"{code} {CODES[code].name}" for code in sorted(codes))
