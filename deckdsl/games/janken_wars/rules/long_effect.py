"""long-effect (JW109)

## What it does
Flags a card whose effects — its cost, action and condition together — are too long to say in a few
words.  The length is measured on the syntax tree: every step, clause, card set, filter and number is one
node (`deckdsl.check.parts.card_size`), and a card with more than 12 nodes is flagged.  For scale, the
longest card of the standard deck, Estátua de Sucata (`value = ceil(count(your discard pile) / 2)`), has
6, and the GDD's original Joia Cobiçada, the trigger it calls "bem mais complicado", has 8.  Once the
card text generator lands, the rule will also measure the printed words.

## Why
"Se na hora de escrever um efeito que você pensou você notar que não dá para expressar esse efeito em
poucas palavras, então é uma melhor rever o projeto da carta" (GDD, "Menos é mais").  There is little
room on a card, and a long effect is hard to read and to remember mid-game.

## Example
    card "Canivete Suíço" {
      type: tesoura
      rarity: especial
      copies: 2
      value: 1
      action: discard up to 2 cards of type papel from the table, then opponent discards a card with value >= 3 from opponent's domain chosen by you, then you may put top 2 cards of the deck on the bottom of the deck, then gain top card of the deck
    }

## Use instead
Keep the one step that tells the card's story and drop the rest, or split the idea over two cards:

    card "Canivete Suíço" {
      type: tesoura
      rarity: especial
      copies: 2
      value: 1
      action: discard up to 2 cards of type papel from the table
    }
"""

from __future__ import annotations

from collections.abc import Iterator

from ....diagnostics import Diagnostic, Label
from ....check.parts import effect_parts, size
from ....check.rule import Context
from ....said import Said, said

CODE = "JW109"
NAME = "long-effect"
SEVERITY = "warning"
SUMMARY = "a card's effects are too long to say in a few words"
GUIDELINE = "less-is-more"
LOCAL = True
PROFILES = ("janken-wars",)
READS = ("cost", "action", "condition")

LIMIT = 12
"""The most nodes a card's effects may have (the standard deck's longest has 6)."""


def check(context: Context) -> Iterator[Diagnostic]:
    for card, parts in zip(context.deck.cards, context.for_cards(effect_parts), strict=True):
        total = len(parts)
        if total <= LIMIT:
            continue
        fields = [(name, _field_size(card, name)) for name in ("cost", "action", "condition")]
        fields = [(name, n) for name, n in fields if n and name in card.field_spans]
        if not fields:
            continue
        longest, longest_size = max(fields, key=lambda item: item[1])
        labels = tuple(
            Label(card.field_spans[name], said("jw-more-here", "{count} more here", count=n))
            for name, n in fields if name != longest
        )
        yield Diagnostic(
            CODE,
            said("jw-long-effect", "the effects of `{card}` have {total} parts, more than a few words can say (the "
                 "limit is {limit})", card=card.name, total=total, limit=LIMIT),
            card.field_spans[longest],
            labels=labels,
            help=_help(longest, longest_size),
        )


def _help(longest: str, count: int) -> Said:
    if longest == "cost":
        return said("jw-long-cost", "the cost alone has {count} parts; keep the step that tells the card's story and "
                    "drop or move the rest (the standard deck's longest, `Estátua de Sucata`, has 6)", count=count)
    if longest == "action":
        return said("jw-long-action", "the action alone has {count} parts; keep the step that tells the card's story "
                    "and drop or move the rest (the standard deck's longest, `Estátua de Sucata`, has 6)", count=count)
    return said("jw-long-condition", "the condition alone has {count} parts; keep the step that tells the card's "
                "story and drop or move the rest (the standard deck's longest, `Estátua de Sucata`, has 6)",
                count=count)


def _field_size(card, name: str) -> int:
    node = getattr(card, name)
    if node is None:
        return 0
    parts = node.steps if name in ("cost", "action") else node.clauses
    return sum(size(part) for part in parts)
