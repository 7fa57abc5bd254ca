"""The meaning of a deck's header and of each card's own fields (codes DK101–DK108, DK115–DK117): the
header's fields and rule parameters, a card's copies, value and attributes, each against the profile.
`deckdsl.check.semantics` adds the cards' effects and the names between cards.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

from ..diagnostics import Diagnostic, Edit, Fix, Label
from ..lang import ast
from ..lang.misspelt import field_meaning
from ..lang.spelling import head, quoted, suggest, tail
from ..profiles.profile import Profile
from ..said import said
from ..span import Span

CORE_FIELDS = tuple(ast.CARD_FIELDS)
META_FIELDS = ast.META_FIELDS


def header(deck: ast.Deck, profile: Profile | None) -> Iterator[Diagnostic]:
    """The problems of the `deck` header: a missing one, its unknown fields and rule parameters."""
    if deck.header_span is None:
        if deck.cards:
            yield Diagnostic(
                "DK117", said("check-no-header", "the file has no `deck` header; checking it as a Janken Wars deck"),
                Span(1, 1, 1, 1, 0, 0),
                help=said("check-no-header-help", 'start the file with `deck "Title" {{ game: janken-wars }}`'),
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
                said("check-parameter-choices", "`{key}` must be one of {choices}, not `{value}`", key=setting.name,
                     choices=", ".join(f"`{choice}`" for choice in parameter.choices), value=written)
                if parameter.choices else
                said("check-parameter-range", "`{key}` must be a number between {min} and {max}, not `{value}`",
                     key=setting.name, min=parameter.min, max=parameter.max, value=written),
                setting.span,
                help=suggestion.help if suggestion else said(
                    "check-parameter-is", "{key}: {description} (default {default})", key=setting.name,
                    description=parameter.description, default=parameter.default),
                fix=fix,
            )


def fields(card: ast.Card, profile: Profile | None, skipped: frozenset[str] = frozenset()) -> Iterator[Diagnostic]:
    """The problems of one card's own fields: its copies, its value and its attributes."""
    if card.copies < 1:
        yield Diagnostic(
            "DK106", said("check-copies-too-few", "`{card}` has {count} copies; a card needs at least 1",
                          card=card.name, count=card.copies),
            card.field_spans.get("copies", card.name_span), help=said("check-remove-card", "remove the card instead"),
        )
    definitions = [
        clause for clause in (card.condition.clauses if card.condition else ())
        if isinstance(clause, ast.ValueDefinition)
    ]
    if card.value == "*" and not definitions and "condition" not in skipped:
        yield Diagnostic(
            "DK107", said("check-star-undefined", "`{card}` is worth `*` but its condition does not say how much",
                          card=card.name),
            card.field_spans["value"],
            help=said("check-star-undefined-help", "add `condition: value = …`, for example `condition: value = "
                      "count(your domain)`"),
        )
    if definitions and card.value != "*":
        write = said("check-write-star", "write `value: *`")
        yield Diagnostic(
            "DK108", said("check-star-needed", "`{card}` defines its value in its condition, so its value must be "
                          "`*`", card=card.name),
            definitions[0].span,
            labels=(Label(card.field_spans["value"], said("check-value-written-here", "value written here")),)
            if "value" in card.field_spans else (),
            help=write,
            # unsafe: the other reading is a card worth its written value whose definition is a slip
            fix=Fix(write, (Edit(card.field_spans["value"], "value: *"),), safe=False)
            if "value" in card.field_spans else None,
        )
    for extra in definitions[1:]:
        yield Diagnostic(
            "DK102", said("check-value-twice", "`{card}` defines its value twice", card=card.name), extra.span,
            labels=(Label(definitions[0].span, said("check-first-definition", "first definition")),),
            help=said("check-keep-one-value", "keep one `value = …`"),
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
            yield Diagnostic("DK102", said("check-field-twice", "field `{key}` is written twice in `{card}`",
                                           key=spec.name, card=card.name), attribute.span)
        given.add(spec.name)
        if attribute.value not in spec.values:
            written = str(attribute.value)
            suggestion = suggest(written, spec.spellings(), spec.canonical_value)
            yield Diagnostic(
                "DK103", said("not-a-value", "`{value}` is not a {field} of {game}", value=str(attribute.value),
                              field=spec.name, game=profile.name), attribute.value_span,
                help=suggestion.help if suggestion else said("one-of", "{field} is one of {values}", field=spec.name,
                                                             values=", ".join(spec.values)),
                fix=suggestion.fix(written, attribute.value_span, token(suggestion.word)) if suggestion else None,
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


_WORD = re.compile(r"[^\W\d](?:\w|-(?=\w))*|-?\d+")


def token(word: str) -> str:
    """`word` as an attribute value or a type name is written: bare when it is a name or a number, else
    quoted."""
    return word if _WORD.fullmatch(word) else quoted(word)
