"""unordered-triggers (JW117)

## What it does
Flags two triggers of different cards that one event sets off — a card gained, a card discarded, a
dispute (its win and its loss are one moment) — when the order they resolve in changes the game and no
addendum orders them (`order: "A" then "B"`: A's trigger resolves first).

The check plays both orders from small situations built from the deck's own cards: the two cards in
one domain or in the two domains, each kind of card as the event's card, the zones both triggers touch
holding none, one or two other cards, stars in the supply or held.  Every choice the players could make
is followed; two orders differ when one can end with a card somewhere, a star held or an action
cancelled where the other cannot.  Triggers on different events, or that touch nothing the other
reads or changes, are not flagged.

## Why
"Caso seu baralho possa gerar uma situação onde não está claro como as regras se aplicam, é melhor
incluir um adendo às regras básicas explicando como resolver esse tipo de conflito" (GDD, "Adendos às
regras").  When the opponent takes a card from the table and two of your cards say "whenever the
opponent gains a card from the table", the rules do not say which happens first, and where the card
ends depends on it.

## Example
    card "Espelho Trocado" {
      type: tesoura
      rarity: avançada
      copies: 4
      value: 1
      condition: whenever opponent gains a card from the table: swap this with it
    }
    card "Lixeira Funda" {
      type: tesoura
      rarity: especial
      copies: 2
      value: 1
      condition: whenever opponent gains a card from the table: put it on the bottom of the deck
    }
    card "Muro Alto" {
      type: pedra
      rarity: simples
      copies: 6
      value: 2
    }

## What deckdsl says
    error[JW117]: `Espelho Trocado` and `Lixeira Funda` are set off by the same event, and no addendum
    says which resolves first
      = note: your domain holds `Espelho Trocado` and `Lixeira Funda`; the opponent takes `Muro Alto`
              from the table: `Espelho Trocado` first → `Espelho Trocado` ends in the opponent's domain
              and `Muro Alto` ends in the deck; `Lixeira Funda` first → `Espelho Trocado` ends in the
              deck and `Muro Alto` ends in your domain

## Use instead
    addendum "O espelho antes da lixeira" {
      text: "Espelho Trocado troca de lugar antes que a Lixeira Funda jogue a carta fora."
      order: "Espelho Trocado" then "Lixeira Funda"
    }

## Fix
An unsafe fix (`--fix --unsafe-fixes`, or the editor's code action) adds the missing addendum at the end
of the file, ordering the two cards as deckdsl plays them when no addendum does (section 9 of
docs/language.md), with a comment asking to check it.  Never safe: which order the deck means is the
designer's choice, and the addendum's `text:` is theirs to write.
"""

from __future__ import annotations

from collections.abc import Iterator

from ....diagnostics import Diagnostic
from ....check.hazards import findings
from ....check.rule import Context

CODE = "JW117"
NAME = "unordered-triggers"
SEVERITY = "error"
SUMMARY = "two triggers on one event whose order changes the game, and no addendum orders them"
GUIDELINE = "addenda"
PROFILES = ("janken-wars",)
READS = ("*", "addenda")
KIND = "triggers"
"""The kind of hazard it reports (`deckdsl.check.hazards.pairs.KINDS`)."""


def check(context: Context) -> Iterator[Diagnostic]:
    yield from findings.diagnostics(context, KIND, CODE)
