"""What helps a designer while writing, for the language server: completion (field names, attribute
values, keywords of the effect language, zones, card names) and hover (a card's rules text in pt-BR and en
and its figures; what a field, keyword, zone or attribute value means).

Pure functions over one analysed text (`lsp_features.Snapshot`) and an offset, like `lsp_features`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from lsprotocol import types

from ..check import style
from ..lang import ast
from ..profiles.fields import CARD_FIELDS, META_FIELDS
from ..profiles.profile import Profile, available
from ..lang.expect import EFFECT_FIELDS
from .lsp_effects import completions as effect_completions
from .lsp_features import UTF16, Kind, Snapshot, occurrence_at, quoted


# --------------------------------------------------------------------------------- context ---

_HEAD = (r'(?:card|carta|deck|baralho|addendum|adendo)[ \t]+"(?:[^"\\\n]|\\.)*+"[ \t]*\{'
         r'|(?:rules|regras|print|impressão|impressao)[ \t]*\{')
_TOKENS = re.compile(r'"(?:[^"\\\n]|\\.)*+"?|#[^\n]*|(?P<brace>[{}])'
                     r"|(?P<head>^[ \t]*(?:card|carta|deck|baralho|addendum|adendo|rules|regras|print|impressão"
                     r"|impressao)\b)", re.M)
_BLOCK_START = re.compile(r'^[ \t]*(?:card|carta|deck|baralho|addendum|adendo)[ \t]+"', re.M)
_KINDS = {"card": "card", "carta": "card", "deck": "deck", "baralho": "deck", "addendum": "addendum",
          "adendo": "addendum", "rules": "rules", "regras": "rules", "print": "print", "impressão": "print",
          "impressao": "print"}
_FIELD_KEY = re.compile(rf"^[ \t]*(?:{_HEAD})?[ \t]*([^\W\d][\w-]*)[ \t]*:")
_KEY_POSITION = re.compile(rf"^[ \t]*(?:{_HEAD})?[ \t]*(?:[^\W\d][\w-]*)?$")
_STRINGS = re.compile(r'"(?:[^"\\\n]|\\.)*+("?)|#.*')
_WORD = re.compile(r"[^\W_][\w’'-]*|_\w*")


def word_at(text: str, offset: int) -> tuple[str, int, int] | None:
    """The word around `offset` (`opponent's`, `star_cost`, `janken-wars`) and where it is."""
    line_start = text.rfind("\n", 0, offset) + 1
    line_end = text.find("\n", offset)
    for match in _WORD.finditer(text, line_start, len(text) if line_end < 0 else line_end):
        if match.start() <= offset <= match.end():
            return match.group(), match.start(), match.end()
    return None


@dataclass(frozen=True)
class Context:
    """Where the cursor is: `block` (`card`, `deck`, `rules`, `addendum`, or None between blocks), the
    `key` of the field whose value the cursor is in (None at the start of a field), the line before the
    cursor (`before`), and inside an open string, where its text starts (`string`)."""

    block: str | None
    key: str | None
    before: str
    string: int | None


def context(text: str, offset: int) -> Context:
    """The `Context` at `offset`, from the text alone: the line being typed rarely parses."""
    stack: list[str] = []
    pending = None
    for match in _TOKENS.finditer(text, _block_start(text, offset), offset):
        if match.group("head") is not None:
            pending = _KINDS[match.group("head").strip()]
        elif match.group("brace") == "{":
            stack.append(pending or "other")
            pending = None
        elif match.group("brace") == "}" and stack:
            stack.pop()
    line_start = text.rfind("\n", 0, offset) + 1
    before = text[line_start:offset]
    key = _FIELD_KEY.match(before)
    string = None
    for match in _STRINGS.finditer(before):
        if match.group().startswith('"') and not match.group(1):
            string = line_start + match.start() + 1
    return Context(stack[-1] if stack else None, key.group(1) if key else None, before, string)


def _block_start(text: str, offset: int) -> int:
    """Where the top-level block holding `offset` starts: the last `card "…"` (or `deck`, `addendum`)
    head before it, found backwards so a 10,000-card deck is not scanned from the top."""
    position = offset
    while position > 0:
        position = text.rfind("\n", 0, position - 1) + 1
        if _BLOCK_START.match(text, position):
            return position
    return 0


# ----------------------------------------------------------------------------------- words ---

FIELD_DOCS = {
    "copies": "how many copies of the card the deck holds (at least 1; default 1); the game's structure "
              "counts copies",
    "value": "the points the card is worth: a whole number (negative allowed), or `*` when its condition "
             "defines the value (`value = …`)",
    "cost": "the card's drawback: steps that happen once, when the card is won through a dispute, before its "
            "action",
    "action": "what happens once, when the card is won through a dispute: steps separated by `;`, `then` or "
              "`,`; an action that cannot happen is skipped",
    "condition": "what applies while the card is in a domain: clauses separated by `;` (a value definition, "
                 "value modifiers, a discard priority, triggers)",
    "flavor": "flavor text; it has no effect", "art": "the path of the card's picture, relative to the deck file",
    "text": "rules text written by hand, printed instead of the generated text (the effects still decide); "
            "in an addendum, the addendum in words",
    "order": "card names separated by `then`: wherever their effects could apply in either order, the first "
             "card's come first (docs/language.md, section 9)",
    "game": "the game profile the deck is checked against: `game: my-game` uses `my-game.game` from the "
            "deck's folder or one above, else a shipped profile",
    "version": "the deck's version, a text or a number", "authors": "who made the deck: a text, or a list in `[ ]`",
    "license": "the license of the deck's text and art, an SPDX id (`CC-BY-SA-4.0`)",
    "language": "the language of the card names and texts (`pt-BR`, `en`, `ru`); the rules text is generated in it",
    "rules": "the rule parameters this deck changes (`star_cost: 8`)",
    "print": "how the printed cards look: `colours`, `rarity_marks`, `font`, `frame`, `back_image`, `back_pattern`",
}
_FIELD_WORDS = {**{spelling: name for name, others in CARD_FIELDS.items() for spelling in (name, *others)},
                "ordem": "order", "order": "order", "texto": "text", "regras": "rules", "rules": "rules",
                **{name: name for name in META_FIELDS}}
PRINT_DOCS = {
    "colours": "a colour by value of the attribute the face is coloured by: `{ rock: \"#7a5230\" }`",
    "rarity_marks": "the mark of each rarity, 1 to 6 characters: `{ simple: \"•\" }`",
    "font": "a font file in the deck's folder for the cards' text: `\"fonts/Bitter.ttf\"`",
    "frame": "the boxes of the picture and the text: `rounded`, `square` or `none`",
    "back_image": "a picture in the deck's folder that the backs show",
    "back_pattern": "the pattern of the backs: `checks`, `dots`, `lines` or `plain`",
    "show": "the attributes the line under a card's name shows, in order: `[rarity, type]`; `[]` shows none",
}
"""What each setting of a deck's `print` block takes (docs/language.md, `deckdsl.check.style`)."""

PRINT_WORDS = {"frame": style.FRAMES, "back_pattern": style.BACK_PATTERNS}

KEYWORDS = {
    "gain": "the player puts the cards into their domain, from wherever they are (`gain N stars`: stars)",
    "discard": "the player discards the cards, into the discard pile of the player who discards",
    "swap": "`swap A with B`: the two cards trade places", "put": "`put CARDS on the bottom of the deck`",
    "cancel": "`cancel the action of CARDS`; in a trigger `cancel its action` cancels the event card's",
    "lose": "`lose N stars`: they go back to the supply",
    "may": "`may STEP`: the player decides whether the step happens",
    "if": "`if COMPARISON: STEP`: the step happens only when the comparison holds",
    "whenever": "a trigger: `whenever EVENT: STEPS` each time the event occurs while the card is in a domain",
    "this": "the card that carries the effect", "it": "in a trigger, the card of the event that fired it",
    "named": '`named "N"`: only copies of the card called N', "other": "leaves out the card that carries the effect",
    "top": "`top N cards of the deck`: the first N cards of the deck; nobody chooses",
    "chosen": "`chosen by you` / `chosen by opponent`: who picks the cards (default: the acting player)",
    "random": "`at random`: the cards are picked at random", "count": "`count(CARDS)`: how many cards are in the set",
    "total": "`total(CARDS)`: the sum of the cards' current values", "ceil": "`ceil(X)`: X rounded up",
    "floor": "`floor(X)`: X rounded down", "up": "`up to N`: at most N cards; the chooser may pick fewer",
    "get": "`CARDS get +1` (`-1`, `x2`, `= 0`): a value modifier while this card is in a domain",
    "discarded": "`discarded first` / `last`: this card goes before (after) its owner's other cards whenever "
                 "some of them are discarded",
    "you": "the card's owner (for an action, the player who won the card)", "opponent": "the other player",
}
KEYWORDS.update({"when": KEYWORDS["whenever"], "gains": KEYWORDS["gain"], "discards": KEYWORDS["discard"],
                 "loses": KEYWORDS["lose"], "gets": KEYWORDS["get"]})


# ------------------------------------------------------------------------------ completion ---

_PARTIAL = re.compile(r"[\w'’-]*$")


def completions(snapshot: Snapshot, offset: int, encoding: str = UTF16) -> list[types.CompletionItem]:
    """What may be written at `offset`: the block's field keywords, the profile's attribute values after
    `type:` (every spelling), zones and effect words in effects, rule parameters and their choices, games,
    languages, and card names inside the quotes of `named "…"` and `order:` lines."""
    if snapshot.kind != "deck":
        return []
    text, ctx, profile = snapshot.text, context(snapshot.text, offset), snapshot.profile
    key = _FIELD_WORDS.get(ctx.key or "", ctx.key)
    if ctx.string is not None:
        wanted = text[:ctx.string - 1].rstrip().endswith("named") or (ctx.block == "addendum" and key == "order")
        return _names(snapshot, ctx.string, offset, encoding) if wanted else []
    if ctx.key is None:
        return _keys(snapshot, ctx, offset) if _KEY_POSITION.match(ctx.before) else []
    partial = _PARTIAL.search(ctx.before).group()
    words = ctx.before[: len(ctx.before) - len(partial)].split()
    previous = words[-1].casefold() if words else ""
    spec = profile.attribute(ctx.key) if profile is not None else None
    if ctx.block == "card" and key in EFFECT_FIELDS:
        field = _FIELD_KEY.match(ctx.before)
        written = ctx.before[field.end(): len(ctx.before) - len(partial)] if field else ""
        names = [card.name for card in snapshot.deck.cards] if snapshot.deck else []
        return effect_completions(key, written.lstrip(" \t"), partial, profile, text, KEYWORDS, names)
    if ctx.block == "card" and spec is not None and previous.endswith(":"):
        return [types.CompletionItem(label=s, kind=Kind.EnumMember, detail=f"{spec.name} {value} ({spec.label(value)})")
                for value, others in spec.values.items() for s in (value, *others)]
    if ctx.block == "deck" and key == "game":
        near = Path(snapshot.path).parent if snapshot.path else None
        local = [p.stem for folder in ((near, *near.parents) if near else ()) for p in sorted(folder.glob("*.game"))]
        return [types.CompletionItem(label=name, kind=Kind.Module, detail="game profile")
                for name in dict.fromkeys([*local, *available()])]
    if ctx.block == "deck" and key == "language":
        from ..text.catalog import languages

        return [types.CompletionItem(label=tag, kind=Kind.Value) for tag in languages()]
    if ctx.block == "print" and key in PRINT_WORDS:
        return [types.CompletionItem(label=word, kind=Kind.EnumMember) for word in PRINT_WORDS[key]]
    if ctx.block == "rules" and profile is not None and ctx.key in profile.rules:
        parameter = profile.rules[ctx.key]
        return [types.CompletionItem(label=choice, kind=Kind.EnumMember,
                                     detail="default" if choice == parameter.default else None)
                for choice in parameter.choices]
    if ctx.block == "addendum" and key == "order" and (previous.endswith(":") or previous == "then"):
        return _quoted_names(snapshot)
    return []


def _keys(snapshot: Snapshot, ctx: Context, offset: int) -> list[types.CompletionItem]:
    """The field keywords of `ctx.block` at the start of a line, less the fields the block already has."""
    profile, text = snapshot.profile, snapshot.text
    following = _BLOCK_START.search(text, offset)
    block = text[_block_start(text, offset): following.start() if following else len(text)]
    written = {_FIELD_WORDS.get(m.group(1), m.group(1)) for m in re.finditer(_FIELD_KEY.pattern, block, re.M)}
    if profile is not None:
        written = {profile.attribute(w).name if profile.attribute(w) else w for w in written}
    items: list[types.CompletionItem] = []
    typing = bool(ctx.before.strip())
    aliased = _writes_aliases(text)

    def offer(spellings, canonical: str, kind, detail: str, docs: str | None = None, after: str = ": "):
        """One spelling per concept — the deck's (its other spellings once a word is being typed)."""
        if canonical in written:
            return
        shown = spellings if typing else spellings[1:2] if aliased and len(spellings) > 1 else spellings[:1]
        items.extend(types.CompletionItem(label=s, kind=kind, detail=detail, insert_text=s + after,
                                          documentation=docs, sort_text=f"{int(s != canonical)}{s}")
                     for s in shown)

    if ctx.block is None:
        for spellings in (("card", "carta"), ("deck", "baralho"), ("addendum", "adendo")):
            offer(spellings, spellings[0], Kind.Keyword, "block", after=' "')
    elif ctx.block == "card":
        for spec in profile.written_attributes() if profile else ():
            offer((spec.name, *spec.aliases), spec.name, Kind.Property, f"attribute: {', '.join(spec.values)}")
        for name, others in CARD_FIELDS.items():
            offer((name, *others), name, Kind.Field, "card field", FIELD_DOCS.get(name))
    elif ctx.block == "deck":
        for name in META_FIELDS:
            offer((name,), name, Kind.Field, "header field", FIELD_DOCS[name])
        offer(("rules", "regras"), "rules", Kind.Module, "rule parameters", FIELD_DOCS["rules"], " {")
        offer(("print", "impressão"), "print", Kind.Module, "how the cards look", FIELD_DOCS["print"], " {")
    elif ctx.block == "print":
        for name, docs in PRINT_DOCS.items():
            offer((name,), name, Kind.Property, "print setting", docs)
    elif ctx.block == "rules" and profile is not None:
        for name, p in profile.rules.items():
            offer((name,), name, Kind.Variable, f"{p.group}, default {p.default}", f"{p.description} ({p.allowed()})")
    elif ctx.block == "addendum":
        offer(("text", "texto"), "text", Kind.Field, "addendum field", FIELD_DOCS["text"])
        offer(("order", "ordem"), "order", Kind.Field, "addendum field", FIELD_DOCS["order"])
    return items


def _writes_aliases(text: str) -> bool:
    """Whether the deck writes its card fields by their other spellings (`valor:`, `ação:`) more than by
    their names (`value:`, `action:`): completion then offers those."""
    names = aliases = 0
    for match in re.finditer(r"^[ \t]*([^\W\d][\w-]*)[ \t]*:", text, re.M):
        word = match.group(1)
        if word in CARD_FIELDS:
            names += 1
        elif _FIELD_WORDS.get(word) in CARD_FIELDS:
            aliases += 1
    return aliases > names


def _quoted_names(snapshot: Snapshot) -> list[types.CompletionItem]:
    return [types.CompletionItem(label=card.name, kind=Kind.Reference, insert_text=f'"{quoted(card.name)}"',
                                 detail="card") for card in (snapshot.deck.cards if snapshot.deck else ())]


def _names(snapshot: Snapshot, start: int, offset: int, encoding: str) -> list[types.CompletionItem]:
    """Card names for the string whose text starts at `start`: each replaces that text up to the closing
    quote (adding the quote when the line has none yet)."""
    text = snapshot.text
    line_end = text.find("\n", offset)
    closing = re.match(r'(?:[^"\\\n]|\\.)*+"', text[offset: len(text) if line_end < 0 else line_end])
    where = snapshot.index.range(start, offset + closing.end() - 1 if closing else offset, encoding)
    typed = text[start:offset].casefold()
    return [types.CompletionItem(label=card.name, kind=Kind.Reference, detail="card", filter_text=card.name,
                                 text_edit=types.TextEdit(range=where, new_text=quoted(card.name) + ('' if closing
                                                                                                     else '"')))
            for card in (snapshot.deck.cards if snapshot.deck else ()) if card.name.casefold().startswith(typed)]


# ----------------------------------------------------------------------------------- hover ---


def hover(snapshot: Snapshot, offset: int, encoding: str = UTF16) -> types.Hover | None:
    """What the thing at `offset` means: a card name → the card's rules text in pt-BR and en and its
    figures; an effect → its rules text (and the meaning of the effect word under the cursor); a field,
    attribute, attribute value, zone or rule parameter → what it is; an addendum's title → its text."""
    if snapshot.kind != "deck" or snapshot.deck is None:
        return None
    named = occurrence_at(snapshot, offset)
    if named is not None:
        card = snapshot.deck.card(named.name)
        body = card_markdown(snapshot, card) if card else f"`{named.name}` is not a card of this deck"
        where = (named.start, named.end)
    else:
        found = word_at(snapshot.text, offset)
        body = _hover_body(snapshot, offset, found[0] if found else None)
        where = found[1:] if found else None
    if body is None:
        return None
    return types.Hover(types.MarkupContent(kind=types.MarkupKind.Markdown, value=body),
                       range=snapshot.index.range(*where, encoding) if where else None)


def card_markdown(snapshot: Snapshot, card: ast.Card) -> str:
    """A card in Markdown: attributes, copies and value; its rules text generated in pt-BR, en and the deck's own
    language (`hover_languages`; and the
    `text:` printed instead, if any); the profile's properties (Queens vs Kings' power and mana);
    `deckdsl explain`'s figures (value, what each effect is worth, power) when it has a value or effects."""
    from ..check import explain
    from ..text import card_text

    profile, text = snapshot.profile, snapshot.text
    written = [text[a.value_span.start:a.value_span.end] for a in card.attributes]
    lines = [f"**{card.name}** — {' · '.join(written)} · ×{card.copies}"
             + ("" if card.value is None else f" · value {card.value}"), ""]
    for language in hover_languages(snapshot.deck):
        lines += [f"*{language}:* " + ("  \n".join(card_text(card, language, generated=True).lines) or "—"), ""]
    if card.text is not None:
        lines += [f"*printed instead (`text:`):* {card.text}", ""]
    shown = [f"{spec.label or name} {profile.property_of(card, name)}" for name, spec in
             (profile.properties.items() if profile else ()) if profile.property_of(card, name) is not None]
    lines += [" · ".join(shown), ""] if shown else []
    if card.value is None and not any((card.cost, card.action, card.condition)):
        return "\n".join(lines).rstrip()  # nothing for the balance model to weigh (a playing card's rank and suit)
    return "\n".join([*lines, "```text", *explain.card_lines(card, text, profile, snapshot.deck.language), "```"])


def _hover_body(snapshot: Snapshot, offset: int, word: str | None) -> str | None:
    deck, text, profile = snapshot.deck, snapshot.text, snapshot.profile
    for card in deck.cards:
        if not card.span.start <= offset <= card.span.end:
            continue
        for name in ("cost", "action", "condition"):
            span = card.field_spans.get(name)
            if span is not None and span.start <= offset <= span.end and getattr(card, name) is not None:
                on_key = offset < text.find(":", span.start) + 1
                return _effect_markdown(card, name, None if on_key else KEYWORDS.get((word or "").casefold()),
                                        FIELD_DOCS[name] if on_key else None, hover_languages(deck))
        for attribute in card.attributes:
            spec = profile.attributes.get(attribute.name) if profile else None
            if spec is not None and attribute.value_span.start <= offset <= attribute.value_span.end:
                value = str(attribute.value)
                others = ", ".join(f"`{s}`" for s in (value, *spec.values.get(value, ())) if s != word)
                return f"`{word}`: the {spec.name} `{value}` ({spec.label(value)}); also written {others}"
        return _word_markdown(profile, word)
    for addendum in deck.addenda:
        if addendum.title_span.start <= offset <= addendum.title_span.end:
            from ..text import addendum_text

            return "\n\n".join(f"*{language}:* " + " ".join(addendum_text(addendum, language).lines)
                               for language in hover_languages(deck))
    for setting in deck.rules:
        if setting.span.start <= offset <= setting.span.end and profile and setting.name in profile.rules:
            p = profile.rules[setting.name]
            return (f"**{p.name}** ({p.group}): {p.description}.  Default `{p.default}`, {p.allowed()}."
                    + (f"\n\n> {p.quote}" if p.quote else ""))
    if profile is not None and (word or "").casefold() == (deck.game or "").casefold():
        return f"**{profile.name}**: the game profile `{profile.id}`, read from `{profile.source}`"
    return _word_markdown(profile, word)


def hover_languages(deck: ast.Deck | None) -> tuple[str, ...]:
    """The languages a hover shows rules text in: pt-BR and en, and the deck's own when it is another
    (`language: ru` → Russian too)."""
    from ..text import language_of

    own = language_of(deck.language) if deck is not None and deck.language else "en"
    return ("pt-BR", "en") if own in ("pt-BR", "en") else ("pt-BR", "en", own)


def _effect_markdown(card: ast.Card, name: str, keyword: str | None, field_doc: str | None,
                     languages: tuple[str, ...] = ("pt-BR", "en")) -> str:
    """The rules text of one effect of `card` (`cost`, `action` or `condition`) in `languages`."""
    from ..text import card_text

    present = [n for n in ("cost", "action", "condition") if getattr(card, n) is not None]
    lines = [keyword] if keyword else [f"**{name}**: {field_doc}"] if field_doc else []
    for language in languages:
        rules = card_text(card, language, generated=True).lines
        if len(rules) == len(present):
            lines.append(f"*{language}:* {rules[present.index(name)]}")
    return "\n\n".join(lines)


def _word_markdown(profile: Profile | None, word: str | None) -> str | None:
    """A field keyword, attribute name, zone or effect word, wherever it is written."""
    folded = (word or "").casefold()
    if folded in _FIELD_WORDS:
        return f"**{_FIELD_WORDS[folded]}**: {FIELD_DOCS[_FIELD_WORDS[folded]]}"
    if profile is not None and word and (spec := profile.attribute(word)) is not None:
        values = ", ".join(f"`{v}`" + (f" ({', '.join(o)})" if o else "") for v, o in spec.values.items())
        aliases = f" (also `{'`, `'.join(spec.aliases)}`)" if spec.aliases else ""
        return f"**{spec.name}**{aliases}: {'a required' if spec.required else 'an'} attribute of {profile.name}: " \
               f"{values}"
    if profile is not None and word and (zone := profile.zone(word)) is not None:
        owner = f"shared: `the {zone.name}`" if zone.shared else f"`your {zone.name}`, `opponent's {zone.name}`"
        return f"**{zone.name}**: a zone of {profile.name} ({owner}); also " + ", ".join(f"`{a}`" for a in zone.aliases)
    return f"**{word}**: {KEYWORDS[folded]}" if folded in KEYWORDS else None
