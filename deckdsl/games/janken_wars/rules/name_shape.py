"""name-shape (JW111)

## What it does
Flags a card name that is not shaped like a noun and an adjective: after dropping connector words (`de`,
`do`, `da`, `dos`, `das`, `e`, `of`, `the`, `a`, `o`), the name should have exactly two words.  So "Kit de
Ferramentas", "Estátua de Sucata" and "Silver Tape" pass; "Origami" and "Origami Sublime Dourado" do
not.  The rule counts words; it cannot tell a noun from an adjective, so it is only an `info`.

## Why
"Sugerimos usar sempre um substantivo e um adjetivo, como em “Origami Sublime” ou “Joia Cobiçada”"
(GDD, "Nomes").  The adjective gives the everyday object a bit of personality and hints at what the card
does.

## Example
    card "Grampeador" {
      type: tesoura
      rarity: simples
      copies: 6
      value: 1
      action: discard a card from the table
    }

## Use instead
Add the adjective that tells the card's story:

    card "Grampeador Emperrado" {
      type: tesoura
      rarity: simples
      copies: 6
      value: 1
      action: discard a card from the table
    }
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ....diagnostics import Diagnostic
from ....check.rule import Context
from ....said import Said, said

CODE = "JW111"
NAME = "name-shape"
SEVERITY = "info"
SUMMARY = "a card name is not a noun and an adjective"
GUIDELINE = "names"
LOCAL = True
PROFILES = ("janken-wars",)
READS = ("name",)

CONNECTORS = frozenset({"de", "do", "da", "dos", "das", "e", "of", "the", "a", "o"})
"""Words that join a name's parts and are not counted ("Kit de Ferramentas" is two words)."""

_WORD = re.compile(r"\w[\w'’-]*")


def words(name: str) -> list[str]:
    """The counted words of a card name: hyphenated words are one word, connectors are left out."""
    return [word for word in _WORD.findall(name) if word.casefold() not in CONNECTORS]


def check(context: Context) -> Iterator[Diagnostic]:
    for card in context.deck.cards:
        counted = words(card.name)
        if len(counted) == 2:
            continue
        yield Diagnostic(
            CODE,
            _shape(card.name, len(counted)),
            card.name_span,
            help=said("jw-name-help", "name the everyday object and give it a quality, like `Origami Sublime` or "
                      "`Joia Cobiçada` (connectors such as `de` are not counted: `Kit de Ferramentas`)"),
        )


def _shape(name: str, count: int) -> Said:
    if count == 0:
        return said("jw-name-connectors", "the name `{card}` has no words but connectors, not a noun and an adjective",
                    card=name)
    if count == 1:
        return said("jw-name-one-word", "the name `{card}` has one word, not a noun and an adjective", card=name)
    return said("jw-name-words", "the name `{card}` has {count} words, not a noun and an adjective", card=name,
                count=count)
