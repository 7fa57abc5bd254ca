"""What a check keeps for the next check of the same document, so that an editor's re-check after an edit
judges again only the cards the edit changed (`deckdsl lsp`; see `deckdsl.lang.reuse` for the parser's
side).

Kept per card: the findings of what judges each card alone — the meaning of its fields and effects
(`semantics`, unless it names other cards) and the rules marked `LOCAL = True`.  A card is found again by
its block's key (same text, same column, same profile) and the anchor of its spans (`deckdsl.span.Anchor`:
the parser's memory moved it with the block), and its findings move with it.
A card's findings are kept only when every position in them (labels and fixes included) lies inside the
card: a finding that points elsewhere is judged afresh each time.  Everything else — the rules that
compare cards, count the deck, read the addenda — is judged afresh every time.

The memory is dropped whole when what every card is judged against changes: the profile, the deck's
header, the rules enabled or the deck's folder.  A check with a memory gives exactly what a check without
one gives; the test suite compares the two over random edits, and checks that each `LOCAL` rule judges a
deck as it judges its cards one by one.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..diagnostics import Diagnostic
from ..lang import ast
from ..lang.reuse import BlockKey, Memory, anchored
from ..span import Span


def carried(fact: Callable[[ast.Card], object]) -> Callable[[ast.Card], object]:
    """Mark `fact` as depending on a card's text alone, not on where it is written: an editor's re-check
    keeps it for the cards an edit did not change (`CardMemo.facts`, through `Context.for_cards`)."""
    fact.carried = True  # type: ignore[attr-defined]
    return fact


@dataclass
class _Kept:
    """One card's kept findings: the anchor of its block's spans, which theirs are relative to, and its
    findings by unit (a rule's code, or `semantics`)."""

    anchor: object
    findings: dict[str, tuple[Diagnostic, ...]] = field(default_factory=dict)


@dataclass
class _State:
    context: tuple
    cards: dict[BlockKey, _Kept]
    facts: dict[Callable, dict[BlockKey, object]]
    carried: dict[str, tuple[object, dict]] = field(default_factory=dict)
    reports: dict[tuple, tuple[tuple, Diagnostic]] = field(default_factory=dict)


_MISSING = object()


class CardMemo:
    """The per-card findings of one check, taken from and left in a document's `Memory`.

    `judged`: how many cards each unit judged afresh (for the benchmark and the tests).  `path`: the
    document's: the findings are kept stamped with it (`Diagnostic.at`), as the result will show them.
    """

    def __init__(self, memory: Memory, deck: ast.Deck, context: tuple, path: str | None = None) -> None:
        self.memory, self.deck, self.path = memory, deck, path
        self.keys: Sequence[BlockKey | None] = memory.card_keys if len(memory.card_keys) == len(deck.cards) else ()
        state = memory.check
        valid = isinstance(state, _State) and state.context == context
        self.kept: dict[BlockKey, _Kept] = state.cards if valid else {}
        self.kept_facts: dict[Callable, dict[BlockKey, object]] = state.facts if valid else {}
        self.kept_carried: dict[str, tuple[object, dict]] = state.carried if valid else {}
        self.kept_reports: dict[tuple, tuple[tuple, Diagnostic]] = state.reports if valid else {}
        self.next_reports: dict[tuple, tuple[tuple, Diagnostic]] = {}
        self.next_carried: dict[str, tuple[object, dict]] = {}
        self.next: dict[BlockKey, _Kept] = {}
        self.next_facts: dict[Callable, dict[BlockKey, object]] = {}
        self._index: dict[int, int] | None = None
        self.context = context
        self.judged: dict[str, int] = {}
        self._starts = [card.span.start for card in deck.cards]
        self._now: list[dict[str, tuple[Diagnostic, ...]] | None] | None = None

    def finish(self) -> None:
        """Leave this check's per-card findings for the next one."""
        self.memory.check = _State(self.context, self.next, self.next_facts, self.next_carried, self.next_reports)
        self.memory.judged = self.judged

    def carried(self, name: str, key: object) -> dict:
        """A table an analysis of the whole deck fills for the next check (the verdicts the hazard
        searches found): the one the last check left under `name` when it was left with an equal `key` — what
        everything in the table depends on beyond the entries' own keys — else an empty one.  Only for
        tables whose entries hold no position."""
        kept = self.kept_carried.get(name)
        table = kept[1] if kept is not None and kept[0] == key else {}
        self.next_carried[name] = (key, table)
        return table

    def report(self, unit: str, cards: tuple[ast.Card, ...], facts: tuple,
               make: Callable[[], Diagnostic]) -> Diagnostic:
        """The finding `make()` makes about `cards` — the one it made in the last check when these are the
        same card objects (cards whose blocks the edit did not change: `deckdsl.lang.reuse`) and `facts`
        are equal.  `facts`: everything else the finding says (counts over the deck …); what a card's own
        text decides need not be in it.  Kept only when its every span moves with its cards' blocks."""
        key = (unit, *map(id, cards), facts)
        found = self.kept_reports.get(key)
        if found is None:
            finding = make()
            if self.path is not None and finding.path != self.path:
                finding = finding.at(self.path)
            found = (cards, finding)
            if not all(span.anchor is not None for span in _spans(finding)):
                return finding
        self.next_reports[key] = found
        return found[1]

    # -- one card at a time ----------------------------------------------------------------------

    def card(self, unit: str, index: int, judge: Callable[[], tuple[list[Diagnostic], bool]]) -> list[Diagnostic]:
        """The findings of `unit` about card `index`: the kept ones, or `judge()`'s — which says too
        whether they may be kept (False when they read more than the card)."""
        now = self._taken()[index]
        found = None if now is None else now.get(unit)
        if found is not None:
            return list(found)
        self.judged[unit] = self.judged.get(unit, 0) + 1
        found, keepable = judge()
        if keepable:
            self._keep(unit, index, found)
        return found

    def facts(self, fact: Callable[[ast.Card], object], cards: Sequence[ast.Card],
              work_out: Callable[[ast.Card], object]) -> list:
        """`fact(card)` for each of `cards` (cards of this check's deck), kept from the last check for the
        cards found again, else `work_out(card)`.  Only for facts that do not depend on where the card is
        written (numbers, not nodes): the facts marked `carried`."""
        if cards is self.deck.cards and self.keys:
            keys: Sequence[BlockKey | None] = self.keys
        else:
            if self._index is None:
                self._index = {id(card): index for index, card in enumerate(self.deck.cards)}
            keys = [self.keys[self._index[id(card)]] if self.keys else None for card in cards]
        kept, keeping = self.kept_facts.get(fact, {}), self.next_facts.setdefault(fact, {})
        taken = kept.get
        found = []
        for card, key in zip(cards, keys, strict=True):
            if key is None:
                found.append(work_out(card))
                continue
            value = taken(key, _MISSING)
            if value is _MISSING:
                value = keeping.get(key, _MISSING)
                if value is _MISSING:
                    value = work_out(card)
            keeping[key] = value
            found.append(value)
        return found

    # -- a rule over the whole deck --------------------------------------------------------------

    def rule(self, unit: str, judge: Callable[[ast.Deck], list[Diagnostic]]) -> list[Diagnostic]:
        """The findings of a rule that judges each card alone: the kept findings of the cards found again,
        and `judge(deck)` on a deck of the other cards only, in the deck's card order."""
        cards = self.deck.cards
        taken: list = [None if now is None else now.get(unit) for now in self._taken()]
        fresh = [index for index, found in enumerate(taken) if found is None]
        self.judged[unit] = self.judged.get(unit, 0) + len(fresh)
        if fresh:
            judged_deck = self.deck if len(fresh) == len(cards) else ast.construct(
                type(self.deck), **{**self.deck.__dict__, "cards": tuple(cards[index] for index in fresh)})
            split = self._split(judge(judged_deck), fresh)
            if split is None:  # a finding outside every card judged: nothing of this unit can be kept
                return judge(self.deck)
            for index, found in zip(fresh, split, strict=True):
                self._keep(unit, index, found)
                taken[index] = found
        return [finding for found in taken for finding in found]

    def _split(self, found: list[Diagnostic], fresh: list[int]) -> list[list[Diagnostic]] | None:
        """`found` by card (of the cards `fresh`, in order), by where each finding points."""
        starts = [self._starts[index] for index in fresh]
        split: list[list[Diagnostic]] = [[] for _ in fresh]
        for finding in found:
            at = bisect.bisect_right(starts, finding.span.start) - 1
            if at < 0 or finding.span.end > self.deck.cards[fresh[at]].span.end:
                return None
            split[at].append(finding)
        return split

    # -- keeping and taking ----------------------------------------------------------------------

    def _taken(self) -> list[dict[str, tuple[Diagnostic, ...]] | None]:
        """For each card, the findings kept for it last time by unit (None when nothing was kept) — worked
        out once per check, every unit of a card at once.  Their spans are relative to the card's anchor,
        which the parser's memory moved with the card's block.  They are kept again for the next check."""
        if self._now is not None:
            return self._now
        now: list[dict[str, tuple[Diagnostic, ...]] | None] = []
        kept_cards, keys, keeping = self.kept, self.keys, self.next
        for index, card in enumerate(self.deck.cards):
            key = keys[index] if keys else None
            kept = None if key is None else kept_cards.get(key)
            if kept is None or kept.anchor is not card.span._at:
                now.append(None)
                continue
            keeping[key] = kept
            now.append(kept.findings)
        self._now = now
        return now

    def _keep(self, unit: str, index: int, found: list[Diagnostic]) -> None:
        key = self.keys[index] if self.keys else None
        span = self.deck.cards[index].span
        anchor = span.anchor
        if key is not None and anchor is not None and all(_inside(finding, span) for finding in found):
            path = self.path
            stamped = found if path is None else [f if f.path == path else f.at(path) for f in found]
            self._remember(key, anchor).findings[unit] = tuple([anchored(f, anchor) for f in stamped])

    def _remember(self, key: BlockKey, anchor: object) -> _Kept:
        kept = self.next.get(key)
        if kept is None or kept.anchor is not anchor:
            kept = self.next[key] = _Kept(anchor)
        return kept


def _spans(finding: Diagnostic) -> list[Span]:
    """Every position of `finding`: its own, its labels' and its fix's."""
    return [finding.span, *(label.span for label in finding.labels),
            *(edit.span for edit in (finding.fix.edits if finding.fix else ()))]


def _inside(finding: Diagnostic, span: Span) -> bool:
    """Whether every position of `finding` lies inside `span`."""
    return all(span.start <= inner.start and inner.end <= span.end for inner in _spans(finding))


def context_of(deck: ast.Deck, profile: object, codes: frozenset[str], folder: object) -> tuple:
    """What every card is judged against: a memory kept under another context is dropped."""
    header = (deck.title, deck.game, deck.language,
              tuple((meta.name, meta.value) for meta in deck.meta),
              tuple((setting.name, setting.value) for setting in deck.rules))
    return (id(profile), profile, header, codes, folder)
