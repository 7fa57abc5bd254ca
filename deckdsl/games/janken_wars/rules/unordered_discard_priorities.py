"""unordered-discard-priorities (JW119)

## What it does
Flags two cards with the same discard priority (`discarded first` twice, or `discarded last` twice)
when a discard of the deck picks among the cards of a domain (Estilete Afiado's "escolha uma carta do
oponente para ele descartar", a `cost:` that discards from your domain …) and no addendum orders them.
With `order: "A" then "B"`, A is discarded before B.

The check lets every such discard of the deck pick from a domain holding both cards, both ways round.
Priorities that never meet a choice (the deck discards only whole domains) and `first` with `last` (one
goes before the other cards, the other after them) are not flagged.

## Why
The GDD's Muro Alto "precisa ser descartada antes das outras cartas do jogador".  Two different cards
that both must be discarded before the player's other cards contradict each other as soon as only one
is discarded: "Caso seu baralho possa gerar uma situação onde não está claro como as regras se aplicam,
é melhor incluir um adendo às regras básicas" (GDD, "Adendos às regras").

## Example
    card "Muro Alto" {
      type: pedra
      rarity: simples
      copies: 6
      value: 2
      condition: discarded first
    }
    card "Escudo Velho" {
      type: pedra
      rarity: avançada
      copies: 4
      value: 2
      condition: discarded first
    }
    card "Estilete Afiado" {
      type: tesoura
      rarity: simples
      copies: 6
      value: 1
      action: opponent discards a card from opponent's domain chosen by you
    }

## What deckdsl says
    error[JW119]: `Muro Alto` and `Escudo Velho` are both `discarded first`, and no addendum says which is
    discarded first
      = note: your domain holds `Muro Alto` and `Escudo Velho`; `Estilete Afiado` makes you discard a card
              from that domain: `Muro Alto` first → `Muro Alto` ends in your discard pile and `Escudo Velho`
              stays in your domain; `Escudo Velho` first → `Escudo Velho` ends in your discard pile and
              `Muro Alto` stays in your domain

## Use instead
    addendum "O muro cai primeiro" {
      order: "Muro Alto" then "Escudo Velho"
    }

## Fix
An unsafe fix (`--fix --unsafe-fixes`, or the editor's code action) adds the missing addendum at the end
of the file, ordering the two cards as the deck file does (deckdsl plays these in no order of its own),
with a comment asking to check it.  Never safe: which order the deck means is the designer's choice, and
the addendum's `text:` is theirs to write.
"""

from __future__ import annotations

from collections.abc import Iterator

from ....diagnostics import Diagnostic
from ....check.hazards import findings
from ....check.rule import Context

CODE = "JW119"
NAME = "unordered-discard-priorities"
SEVERITY = "error"
SUMMARY = "two cards with the same discard priority that one discard must choose between, unordered"
GUIDELINE = "addenda"
PROFILES = ("janken-wars",)
READS = ("*", "addenda")
KIND = "priorities"
"""The kind of hazard it reports (`deckdsl.check.hazards.pairs.KINDS`)."""


def check(context: Context) -> Iterator[Diagnostic]:
    yield from findings.diagnostics(context, KIND, CODE)
