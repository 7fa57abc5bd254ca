"""group-size (DK202)

## What it does
Checks every count the game profile sets per group of cards — for Janken Wars, 12 cards of each type and,
within each type, 6 simple, 4 advanced and 2 special — and says which group is off and by how much.
Groups are checked from the finest to the coarsest, and a coarser group whose difference the finer ones
already reported explain is not reported again: a Queens vs Kings deck with a red Jack turned into a
black one hears about that Jack (and the Jack it duplicates), not about every colour and half-deck
count it upsets.

## Why
"12 de cada tipo (pedra, papel e tesoura), dentre as quais 6 são simples, 4 são avançadas e 2 são
especiais" (GDD, "Distribuição de cartas").  Each type must come up on the table equally often, and
rarity sets how often a complex effect appears.

## Example
    card "Muro Alto" {
      type: rock
      rarity: simple
      copies: 7          # 7 simple rocks: one too many
      value: 2
    }

## Use instead
Move copies between cards of the same group until each group has the profile's count.

## Fix
When exactly one change of one card's `copies:` makes every count of the game right — the deck's size and
each group's — `deckdsl check --fix` makes it (`copies: 7` → `copies: 6`): safe, since no other one-line
change does.  When several cards could take the change, or none alone can, there is no fix: which cards
to change is the designer's choice.  DK201 and DK202 share the fix.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterator

from ...diagnostics import Diagnostic, Edit, Fix, Label
from ...lang.spelling import tail
from ...said import said
from ..lists import commas, each, either
from ..rule import Context

CODE = "DK202"
NAME = "group-size"
SEVERITY = "error"
SUMMARY = "a group of cards (a type, a type and rarity …) has the wrong count"
GUIDELINE = "structure"
SCOPE = "deck"
READS = ("copies", "attributes")


def check(context: Context) -> Iterator[Diagnostic]:
    deck, profile = context.deck, context.profile
    grouped_by = {constraint.by for constraint in profile.structure}
    reported: list[tuple[dict[str, str], int]] = []
    def groups(constraint) -> int:
        return math.prod(len(profile.attributes[name].values) for name in constraint.by)

    for constraint in sorted(profile.structure, key=groups, reverse=True):
        if not constraint.by:
            continue
        specs = [profile.attributes[name] for name in constraint.by]
        counts: Counter[tuple[str, ...]] = Counter()
        members: dict[tuple[str, ...], list] = {}
        known = _known_keys(context, constraint.by)
        explained = _explanations(profile, constraint.by, reported)
        for card, key in zip(deck.cards, group_keys(context, constraint.by), strict=True):
            if key not in known:
                continue  # an unknown or missing attribute is reported by the semantic checks
            counts[key] += card.copies
            members.setdefault(key, []).append(card)
        for key in itertools.product(*(list(spec.values) for spec in specs)):
            expected = constraint.expected(key)
            found = counts.get(key, 0)
            if found == 0 and _parent_is_empty(context, constraint.by, key, grouped_by):
                continue  # `scissors` has 0 cards already says it; no need for each rarity of scissors
            if expected is None or found == expected:
                continue
            named = [f"{name} `{value}`" for name, value in zip(constraint.by, key, strict=True)]
            group = ", ".join(named)
            difference = found - expected
            values = dict(zip(constraint.by, key, strict=True))
            if explained.get(key, 0) == difference:
                continue  # the finer groups already reported account for all of this group's difference
            reported.append((values, difference))
            cards = members.get(key, [])
            if cards:
                span = cards[0].name_span
                labels = tuple(Label(card.name_span, said("copies-here", "{copies} here", copies=card.copies))
                               for card in cards[1:6])
                where = ", ".join(f"`{c.name}` ×{c.copies}" for c in cards[:6])
                help_text = said("group-holds", "the group holds {cards}; change `copies:` or move a card to another "
                                 "group", cards=where)
            else:
                span = deck.title_span or deck.span
                labels = ()
                help_text = said("group-add", "add {count} {count:card|cards} with {what}", count=expected,
                                 what=commas([_written(profile, name, value)
                                              for name, value in zip(constraint.by, key, strict=True)]))
            yield Diagnostic(
                CODE,
                said("group-none", "no card has {group}; {game} requires {expected}",
                     group=each(named), game=profile.name, expected=expected) if not found else
                said("group-over", "{group} has {found} {found:card|cards}; {game} requires {expected} "
                     "({count} too many)", group=group, found=found, game=profile.name, expected=expected,
                     count=difference) if difference > 0 else
                said("group-under", "{group} has {found} {found:card|cards}; {game} requires {expected} "
                     "({count} missing)", group=group, found=found, game=profile.name, expected=expected,
                     count=-difference),
                span, labels=labels, help=help_text,
                fix=copies_fix(context),  # when there is one, every wrong group holds its card
            )


def copies_fix(context: Context) -> Fix | None:
    """The fix of the deck's counts (DK201 and DK202 share it), when they are determined: exactly one change
    of one card's `copies:` makes every count the profile sets right (the deck's size and each group's).
    Such a change is the only one-line way to the counts the game requires, so it is safe; when several
    cards could each take it, or no single change does, there is no fix.  Worked out once per check."""
    return context.shared_by("copies-fix", lambda: _copies_fix(context))


def group_keys(context: Context, by: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Each card's group for a count `by` these attributes (its values as text, `None` for a missing one),
    in deck order; worked out once per check, since DK201, DK202 and their fix all group the deck."""

    def build() -> list[tuple[str, ...]]:
        if not by:
            return [()] * len(context.deck.cards)
        return list(zip(*(_column(context, name) for name in by), strict=True))

    return context.shared_by(("group-keys", by), build)


def _column(context: Context, name: str) -> list[str]:
    """Each card's value of attribute `name` as text (`None` when it has none), in deck order."""

    def build() -> list[str]:
        profile, cards = context.profile, context.deck.cards
        spec = profile.attributes.get(name)
        if spec is None or spec.derived_from is not None:
            return [str(profile.value_of(card, name)) for card in cards]
        return [str(card.attribute(name)) for card in cards]  # what `value_of` gives, without asking it

    return context.shared_by(("attribute-column", name), build)


def _known_keys(context: Context, by: tuple[str, ...]) -> set[tuple[str, ...]]:
    """The groups of the deck's cards whose every value the profile knows (the others are reported by the
    semantic checks)."""
    specs = [context.profile.attributes[name] for name in by]
    return {key for key in set(group_keys(context, by))
            if all(value in spec.values for value, spec in zip(key, specs, strict=True))}


def _copies_fix(context: Context) -> Fix | None:
    deck, profile = context.deck, context.profile
    constraints = list(profile.structure)
    columns = [group_keys(context, c.by) for c in constraints]
    if any(len(_known_keys(context, c.by)) != len(set(column)) for c, column in zip(constraints, columns, strict=True)):
        return None  # an unknown or missing attribute: the counts are not known
    keys = list(zip(*columns, strict=True)) if columns else [() for _ in deck.cards]
    wrong: list[dict[tuple[str, ...], int]] = []
    for index, constraint in enumerate(constraints):
        counts: Counter[tuple[str, ...]] = Counter()
        for card, key in zip(deck.cards, columns[index], strict=True):
            counts[key] += card.copies
        groups = itertools.product(*(list(profile.attributes[name].values) for name in constraint.by))
        off = {}
        for key in groups:
            expected = constraint.expected(key)
            if expected is not None and counts.get(key, 0) != expected:
                off[key] = counts.get(key, 0) - expected
        wrong.append(off)
    first = next((off for off in wrong if off), None)
    if first is None or len(first) != 1:
        return None
    change = -next(iter(first.values()))
    candidates = [
        card for card, key in zip(deck.cards, keys, strict=True)
        if card.copies + change >= 1 and all(
            off == ({key[index]: -change} if constraint.expected(key[index]) is not None else {})
            for index, (constraint, off) in enumerate(zip(constraints, wrong, strict=True))
        )
    ]
    if len(candidates) != 1 or "copies" not in candidates[0].field_spans:
        return None
    card = candidates[0]
    old, new = str(card.copies), str(card.copies + change)
    # the number ends the field (`copies: 7`); leading zeros, if any, stay in front of it and change nothing
    span = tail(card.field_spans["copies"], len(old))
    return Fix(said("check-change-copies", "change `copies:` of `{card}` from {old} to {new}", card=card.name,
                    old=old, new=new), (Edit(span, new),))


def _parent_is_empty(context: Context, by: tuple[str, ...], key: tuple[str, ...], grouped_by: set) -> bool:
    for size in range(1, len(by)):
        if by[:size] in grouped_by and key[:size] not in context.shared_by(
                ("group-set", by[:size]), lambda size=size: set(group_keys(context, by[:size]))):
            return True
    return False


def _written(profile, name: str, value: str) -> str:
    """How a card states `name: value` (a derived attribute through the attribute it comes from)."""
    spec = profile.attributes[name]
    if spec.derived_from is None:
        return f"{name}: {value}"
    return said("check-written-derived", "{key}: {values}", key=spec.derived_from,
                values=either(spec.groups.get(value, ())) if spec.groups.get(value) else "")


def _explanations(profile, by: tuple[str, ...], reported) -> Counter[tuple[str, ...]]:
    """The difference the finer groups already reported account for, in each group `by` these attributes
    (the sum of theirs that lie in it): one pass over the reports for each count, not one a group."""
    found: Counter[tuple[str, ...]] = Counter()
    for values, delta in reported:
        key = tuple(_project(profile, values, name) for name in by)
        if None not in key:
            found[key] += delta
    return found


def _project(profile, values: dict[str, str], name: str) -> str | None:
    """The value of attribute `name` for the cards of a group given by `values` (derived ones too)."""
    if name in values:
        return values[name]
    spec = profile.attributes[name]
    if spec.derived_from is not None and spec.derived_from in values:
        return next((v for v, sources in spec.groups.items() if values[spec.derived_from] in sources), None)
    return None
