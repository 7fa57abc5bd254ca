"""`deckdsl new`: a deck file to start from, made from a game profile alone.

One card per combination of the values of the attributes a card states (Janken Wars: each type with each
rarity; a playing-card game: each rank with each suit), with as many copies as the profile's finest
structure rule asks for that combination, named by the profile's `card name` pattern.  The result
checks against the structure rules whenever they can be met one combination at a time (all four shipped
games); the comments say what to change next.
"""

from __future__ import annotations

import itertools
import math

from ..escapes import quoted, visible
from .profile import MAX_GROUPS, Profile
from .template import fill


def scaffold(profile: Profile, title: str) -> str:
    """The text of a new deck for `profile`."""
    written = [spec for spec in profile.written_attributes() if spec.required or len(spec.values) > 0]
    combinations = math.prod(max(len(spec.values), 1) for spec in written)
    if combinations > MAX_GROUPS:
        raise ValueError(f"{visible(profile.name)}'s attributes make {combinations:,} combinations, a card each: a "
                         f"new deck starts from at most {MAX_GROUPS:,}")
    by = tuple(spec.name for spec in written)
    copies_rule = next((rule for rule in profile.structure if rule.by == by), None)
    lines = [
        f"# {visible(title)} — a new {visible(profile.name)} deck, made by `deckdsl new --game {profile.id}`.",
        "# Rename the cards, give them effects and art; `deckdsl check` says what the game still needs.",
        "",
        f"deck {quoted(title)} {{",
        f"  game: {profile.id}",
        '  version: "0.1"',
        f"  language: {profile.language}",
        "}",
        "",
    ]
    for combination in itertools.product(*(list(spec.values) for spec in written)):
        values = dict(zip(by, combination, strict=True))
        labels = {spec.name: spec.in_name(values[spec.name]) for spec in written}
        name = fill(profile.card_name or " ".join("{%s}" % name for name in by), labels)
        lines.append(f"card {quoted(name)} {{")
        for spec in written:
            lines.append(f"  {spec.name}: {_word(_spelling(profile, spec, values[spec.name]))}")
        copies = copies_rule.expected(combination) if copies_rule else None
        if copies and copies != 1:
            lines.append(f"  copies: {copies}")
        if profile.value_required:
            lines.append("  value: 1                 # how many points it is worth")
        lines.append("}")
        lines.append("")
    return "\n".join(lines)


def _spelling(profile: Profile, spec, value: str) -> str:
    """A value as a deck in the game's language writes it: its first other spelling (`rock` → `pedra`),
    except numbers and one-letter ranks (`10`, `J`), which every language writes the same."""
    others = spec.values.get(value, ())
    if profile.language == "en" or not others or value.isdigit() or len(value) == 1:
        return value
    return others[0]


def _word(value: str) -> str:
    return value if value.replace("-", "").replace("_", "").isalnum() else quoted(value)
