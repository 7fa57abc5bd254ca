"""Completion inside an effect (`cost:`, `action:`, `condition:`), from the grammar: at any position, exactly
the words the parser accepts next (`deckdsl.lang.expect`), one spelling per concept, and whole phrases as
snippets where they read.

- **Keywords**: each terminal the parser accepts, by the spelling that fits (`gains` after `opponent`, `card`
  after `a`, `cards` after `two`); a keyword's other spellings (`when`, `every`) once their first letters
  are typed.  `effect_words.toml` says which spelling stands for a keyword written several ways.
- **Zones**: where a zone may start, one phrase per zone and owner the game allows (`your domain`,
  `opponent's domain`, `the table`: a shared zone has no owner), not the owners alone; after
  `your`/`opponent's`/`the`, the zones that owner takes.  Each zone by the spelling the deck already uses
  most (its language), else its name.
- **Types** after `of type` and `dispute with`: the profile's values, spelled as the deck spells them.
- **Card names** after `named`; comparators and modifiers where the grammar takes one.
- **Phrases** (`effect_words.toml`): offered as snippets where the whole phrase, its places filled with what
  they hold, reads.

Nothing is offered after a prefix that does not read: the error comes first.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path

from lsprotocol import types

from ..escapes import quoted
from ..lang.expect import EFFECT_FIELDS, after, keyword_spellings, reads
from ..profiles.profile import Profile
from .lsp_features import Kind

_PLACE = re.compile(r"\$\{\d+:([^}]*)\}")
_SINGULAR = frozenset({"a", "an", "one", "1", "another", "this", "it"})
_OWNERS = {"YOUR": "your ", "OPPONENTS": "opponent's ", "THE": "the "}
_VERBS = frozenset({"GAIN", "LOSE", "WIN", "DISCARD", "SWAP", "PUT", "GET", "ENTERS"})
_NOUNS = frozenset({"CARD_WORD", "STARS_WORD"})


@cache
def _words() -> dict:
    with open(Path(__file__).with_name("effect_words.toml"), "rb") as handle:
        return tomllib.load(handle)


def completions(field: str, prefix: str, partial: str, profile: Profile | None, text: str,
                docs: dict[str, str], names: list[str]) -> list[types.CompletionItem]:
    """What may be written at the end of `prefix` (the field's text before the word being typed, `partial`)
    in the effect field `field`; `text` is the whole deck (its spellings), `docs` what each keyword means,
    `names` the deck's card names."""
    if field not in EFFECT_FIELDS:
        return []
    following = after(field, prefix)
    if following is None:
        return []
    typed = partial.casefold()
    items: dict[str, types.CompletionItem] = {}

    def offer(label: str, kind, detail: str | None = None, documentation: str | None = None,
              snippet: str | None = None) -> None:
        if label.casefold().startswith(typed) and label not in items:
            items[label] = types.CompletionItem(
                label=label, kind=kind, detail=detail, documentation=documentation, insert_text=snippet or label,
                insert_text_format=types.InsertTextFormat.Snippet if snippet else None,
                sort_text=f"{1 if snippet else 0}{label}")

    last = following.tokens[-1] if following.tokens else ("", "")
    terminals = following.terminals
    zones_here = "NAME" in terminals and last[0] not in ("TYPE", "WITH", *_OWNERS)
    for terminal in sorted(terminals):
        if zones_here and terminal in _OWNERS and not typed:
            continue  # the zone phrases (`your domain`) say it
        for word in _spellings(terminal, following.tokens, typed):
            offer(word, Kind.Keyword, documentation=docs.get(word))
        for symbol in _words()["symbols"].get(terminal, ()):
            offer(_PLACE.sub(r"\1", symbol), Kind.Operator, snippet=symbol if "${" in symbol else None)
    if "NAME" in terminals and profile is not None:
        if last[0] in ("TYPE", "WITH") and profile.dispute_attribute in profile.attributes:
            spec = profile.attributes[profile.dispute_attribute]
            for value, others in spec.values.items():
                for word in _spelled(text, (value, *others), typed):
                    offer(word, Kind.EnumMember, f"{spec.name} {value}")
        else:
            owner = last[0] if last[0] in _OWNERS else None
            for zone in profile.zones.values():
                if owner is not None and zone.shared != (owner == "THE"):
                    continue
                for word in _spelled(text, (zone.name, *zone.aliases), typed if owner else ""):
                    if owner is not None:
                        offer(word, Kind.Folder, f"zone {zone.name}")
                        continue
                    for written in ("THE",) if zone.shared else ("YOUR", "OPPONENTS"):
                        if written in terminals:
                            offer(_OWNERS[written] + word, Kind.Folder, f"zone {zone.name}")
    if "STRING" in terminals and last[0] == "NAMED":
        for name in names:
            offer(quoted(name), Kind.Reference, "card")
    phrases = _words()["phrases"]["clauses" if field == "condition" else "steps"]
    if field == "condition":
        phrases = [*phrases, *_words()["phrases"]["steps"]]
    for snippet in phrases:
        filled = _PLACE.sub(r"\1", snippet)
        if filled.casefold().startswith(typed) and reads(field, prefix + filled):
            offer(filled, Kind.Snippet, "phrase", snippet=snippet)
    return list(items.values())


def _spellings(terminal: str, tokens: tuple[tuple[str, str], ...], typed: str) -> list[str]:
    """The words to offer for a keyword terminal after `tokens`: the one that fits, or, once a word is
    being typed, every spelling it may be becoming."""
    words = [w for w in keyword_spellings(terminal) if re.fullmatch(r"[^\W\d][\w'’]*", w)]
    if not words:
        return []
    if typed:
        return words
    chosen = _words()["spelling"].get(terminal)
    if chosen:
        return list(chosen)
    if len(words) == 2 and words[1] == words[0] + "s":
        if terminal in _VERBS:
            return [words[1] if _third_person(tokens) else words[0]]
        if terminal in _NOUNS:
            return [words[0] if tokens and tokens[-1][1].casefold() in _SINGULAR else words[1]]
    return words[:1]


def _third_person(tokens: tuple[tuple[str, str], ...]) -> bool:
    """Whether the verb about to be written has a singular subject other than `you` (`opponent gains`,
    `this card gets`, `it enters`)."""
    if not tokens:
        return False
    kind, word = tokens[-1]
    return kind == "OPPONENT" or word.casefold() in ("it", "this", "card", "carta")


def _spelled(text: str, spellings: tuple[str, ...], typed: str) -> list[str]:
    """The spelling of a word the deck uses most (its language; the first when it uses none), or, once a
    word is being typed, every spelling."""
    if typed:
        return list(spellings)
    counts = [(len(re.findall(rf"(?<![\w'’]){re.escape(s)}(?![\w'’])", text)), -i) for i, s in enumerate(spellings)]
    return [spellings[-max(counts)[1]]]
