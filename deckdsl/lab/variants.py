"""A variant of a deck, written as the deck's own text with a few numbers changed.

The lab's variants (`deckdsl sweep`, `deckdsl tune`) change three kinds of things, each an `Axis`:

- a rule parameter or option (`star_cost`, `chooser`): the `rules { … }` setting's value, added to the
  block (or a block added to the header) when the deck does not set it;
- a card's `value` or `copies`;
- a number written in a card's effect: `Rolo Compressor.condition#1` is the first whole number written
  in digits in its `condition` (the `1` of `cards in opponent's domain get -1`), `#2` the second, and so
  on in reading order — numbers written as words (`two`) and digits inside quoted names are not counted.

`edits` says where the text changes and `apply` makes the change; the variant a sweep plays with effect
numbers is the deck *read back* from that text (`read`), so the deck `tune` writes is the deck it played.
Only the changed characters change: the designer's comments, layout and language stay as they were.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..lang import ast

EFFECTS = ("action", "condition")
"""The fields of a card whose numbers an axis can change."""

_NUMBER_OR_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*+"|(?<![\w.])(\d+)(?![\w.])')


@dataclass(frozen=True)
class Axis:
    """One dimension of a sweep: `name` as the table shows it (`star_cost`, `Origami Sublime.value`,
    `Rolo Compressor.condition#1`, `Dois de Espadas.rank`), `card` (None for a rule), `field` (the rule's
    name, `value`, `copies`, `action#N` / `condition#N`, or a numeric attribute of the profile, as `rank`),
    and its `values`."""

    name: str
    card: str | None
    field: str
    values: tuple[int | str, ...]

    @property
    def effect(self) -> tuple[str, int] | None:
        """(`action` or `condition`, N) for an effect's Nth number, else None."""
        name, hash_, index = self.field.partition("#")
        return (name, int(index)) if hash_ else None

    @property
    def attribute(self) -> bool:
        """Whether the axis is over a card's attribute (`rank`), not its value, copies or an effect."""
        return self.card is not None and self.effect is None and self.field not in ("value", "copies")


def number_of(card: ast.Card, axis: Axis) -> int | None:
    """The card's own number on a card axis over its value, copies or an attribute (None when it has none)."""
    found = card.attribute(axis.field) if axis.attribute else getattr(card, axis.field)
    if isinstance(found, str) and found.isascii() and found.isdigit():
        return int(found)
    return found if isinstance(found, int) and not isinstance(found, bool) else None


def with_number(card: ast.Card, axis: Axis, value: int) -> ast.Card:
    """`card` with `value` on the axis (the attribute written as the profile wrote it: text stays text)."""
    if not axis.attribute:
        return card.model_copy(update={axis.field: value})
    attributes = tuple(attribute.model_copy(update={"value": type(attribute.value)(value)})
                       if attribute.name == axis.field else attribute for attribute in card.attributes)
    return card.model_copy(update={"attributes": attributes})


@dataclass(frozen=True)
class Edit:
    """Replace `text[start:end]` by `new`."""

    start: int
    end: int
    new: str


def effect_numbers(text: str, span) -> list[tuple[int, int]]:
    """Where the whole numbers written in digits stand in `text[span.start:span.end]` (an effect's text),
    in reading order, as (start, end) offsets of `text`."""
    found = []
    for match in _NUMBER_OR_STRING.finditer(text, span.start, span.end):
        if match.group(1) is not None:
            found.append((match.start(1), match.end(1)))
    return found


_SIGNED = re.compile(r"[-+]?\d+")


def _last_number(text: str, span) -> tuple[int, int] | None:
    """Where the field's number stands, its sign included (`value: -2`)."""
    found = list(_SIGNED.finditer(text, span.start, span.end))
    return (found[-1].start(), found[-1].end()) if found else None


def check_effect_axis(deck: ast.Deck, text: str, axis: Axis) -> None:
    """ValueError when the card has no such effect, or fewer numbers in it than the axis counts."""
    field, index = axis.effect  # type: ignore[misc]
    card = deck.card(axis.card)  # type: ignore[arg-type]
    span = card.field_spans.get(field) if card is not None else None
    if span is None:
        raise ValueError(f"--vary {axis.name}: `{axis.card}` has no {field}")
    numbers = effect_numbers(text, span)
    if not 1 <= index <= len(numbers):
        written = ", ".join(text[start:end] for start, end in numbers) or "none"
        raise ValueError(f"--vary {axis.name}: `{axis.card}`'s {field} has {len(numbers)} number(s) written in "
                         f"digits ({written}): count them from #1")
    if any(not isinstance(value, int) or value < 0 for value in axis.values):
        raise ValueError(f"--vary {axis.name}: a number in an effect is a whole number, 0 or more")


def _indent_of(text: str, offset: int) -> str:
    line_start = text.rfind("\n", 0, offset) + 1
    line = text[line_start:offset]
    return line[: len(line) - len(line.lstrip())]


def _after_brace(text: str, offset: int) -> int:
    return text.index("{", offset) + 1


def edits(deck: ast.Deck, text: str, axes: list[Axis], point: tuple) -> list[Edit]:
    """The edits that make `text` (the deck's file) the variant at `point`, in no particular order."""
    found: list[Edit] = []
    new_rules: list[tuple[str, int | str]] = []
    for axis, value in zip(axes, point, strict=True):
        if axis.card is None:
            setting = next((s for s in deck.rules if s.name == axis.field), None)
            if setting is None:
                new_rules.append((axis.field, value))
                continue
            colon = text.index(":", setting.span.start, setting.span.end)
            start = colon + 1 + (len(text[colon + 1:setting.span.end]) - len(text[colon + 1:setting.span.end].lstrip()))
            found.append(Edit(start, setting.span.end, str(value)))
            continue
        card = deck.card(axis.card)
        assert card is not None, axis.card
        if axis.effect is not None:
            field, index = axis.effect
            start, end = effect_numbers(text, card.field_spans[field])[index - 1]
            found.append(Edit(start, end, str(value)))
            continue
        if axis.attribute:
            attribute = next(attribute for attribute in card.attributes if attribute.name == axis.field)
            found.append(Edit(attribute.value_span.start, attribute.value_span.end, str(value)))
            continue
        span = card.field_spans.get(axis.field)
        where = _last_number(text, span) if span is not None else None
        if where is not None:
            found.append(Edit(*where, str(value)))
        else:
            at = _after_brace(text, card.name_span.end)
            indent = _indent_of(text, card.span.start) + "  "
            found.append(Edit(at, at, f"\n{indent}{axis.field}: {value}"))
    if new_rules:
        found.append(_rules_edit(deck, text, new_rules))
    return found


def _rules_edit(deck: ast.Deck, text: str, settings: list[tuple[str, int | str]]) -> Edit:
    if deck.rules:
        last = max(deck.rules, key=lambda s: s.span.end)
        indent = _indent_of(text, last.span.start)
        lines = "".join(f"\n{indent}{name}: {value}" for name, value in settings)
        line_end = text.find("\n", last.span.end)
        at = len(text) if line_end < 0 else line_end
        return Edit(at, at, lines)
    if deck.header_span is None:
        raise ValueError("the deck has no `deck` header to hold a `rules` block")
    at = _after_brace(text, deck.title_span.end if deck.title_span else deck.header_span.start)
    indent = _indent_of(text, deck.header_span.start) + "  "
    body = "".join(f"\n{indent}  {name}: {value}" for name, value in settings)
    return Edit(at, at, f"\n{indent}rules {{{body}\n{indent}}}")


def apply(text: str, changes: list[Edit]) -> str:
    """`text` with every edit made (edits do not overlap)."""
    for edit in sorted(changes, key=lambda e: (e.start, e.end), reverse=True):
        text = text[:edit.start] + edit.new + text[edit.end:]
    return text


def read(text: str, near: Path | None) -> ast.Deck:
    """The deck a variant's text holds.  ValueError when the text does not read as a whole deck (an
    edit the grammar refuses: a bug here, or a number the language cannot take)."""
    from ..lang.parse import parse_deck

    deck, diagnostics, _profile, _gaps = parse_deck(text, near)
    errors = [d for d in diagnostics if d.severity.value == "error"]
    if errors:
        first = errors[0]
        raise ValueError(f"the variant does not read: {first.code} {first.message} (line {first.span.line})")
    return deck


def holds(deck: ast.Deck, text: str, axes: list[Axis], point: tuple) -> bool:
    """Whether `deck` (read from `text`) has the point's values: the check that a written variant is the
    variant played."""
    for axis, value in zip(axes, point, strict=True):
        if axis.card is None:
            setting = next((s for s in deck.rules if s.name == axis.field), None)
            if setting is None or str(setting.value) != str(value):
                return False
            continue
        card = deck.card(axis.card)
        if card is None:
            return False
        if axis.effect is not None:
            field, index = axis.effect
            start, end = effect_numbers(text, card.field_spans[field])[index - 1]
            if int(text[start:end]) != value:
                return False
        elif number_of(card, axis) != value:
            return False
    return True
