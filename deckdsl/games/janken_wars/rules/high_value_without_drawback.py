"""high-value-without-drawback (JW108)

## What it does
Flags a card whose value is a whole number above 4 when nothing about it costs its owner anything: no
`cost:` and no step or clause that hurts them (`deckdsl.games.janken_wars.worth.has_drawback`).  4 is the value of
Origami Sublime, the standard deck's most valuable card.  Cards worth `*` are left out: their value
already depends on the game.

## Why
"Se elas tiverem [mais que 4 pontos], o efeito delas precisa contrabalancear isso de alguma maneira. Por
exemplo, ela pode exigir que você descarte uma carta do seu domínio" (GDD, "Por onde começar").  With
stars at 8 points, one 5-point card is most of a star from a single won dispute: the GDD lowered the
Origami from 5 to 4 points for this ("isso adiantava muito o jogo de um jogador com apenas uma disputa
ganha").

## Example
    card "Quadro Valioso" {
      type: papel
      rarity: avançada
      copies: 2
      value: 6
    }

## Use instead
Add the GDD's counterweight, or lower the value to 4:

    card "Quadro Valioso" {
      type: papel
      rarity: avançada
      copies: 2
      value: 6
      cost: discard a card from your domain
    }
"""

from __future__ import annotations

from collections.abc import Iterator

from ....check.rule import Context
from ....diagnostics import Diagnostic
from ....said import said
from ..worth import worth

CODE = "JW108"
NAME = "high-value-without-drawback"
SEVERITY = "warning"
SUMMARY = "a card worth more than 4 points with no drawback to counterweight it"
GUIDELINE = "above-four"
LOCAL = True
PROFILES = ("janken-wars",)
READS = ("value", "cost", "action", "condition")

MAX_FREE_VALUE = 4
"""The most a card may be worth without a drawback (Origami Sublime's value)."""


def check(context: Context) -> Iterator[Diagnostic]:
    for card, judged in zip(context.deck.cards, context.for_cards(worth), strict=True):
        if not isinstance(card.value, int) or card.value <= MAX_FREE_VALUE:
            continue
        if judged.drawback:
            continue
        above = card.value - MAX_FREE_VALUE
        yield Diagnostic(
            CODE,
            said("free-value", "`{card}` is worth {value} points, {above} more than {limit}, with no drawback to "
                 "counterweight it", card=card.name, value=card.value, above=above, limit=MAX_FREE_VALUE),
            card.field_spans.get("value", card.name_span),
            cards=(card.name,),
            notes=(
                said("free-value-note", "compared: `{card}` {value} points, no `cost:`, no negative value and no "
                     "effect that hurts its owner, against the {limit} points of the standard deck's Origami "
                     "Sublime, which has no effect either", card=card.name, value=card.value, limit=MAX_FREE_VALUE),
            ),
            help=said("free-value-help", "add a drawback such as `cost: discard a card from your domain` (the "
                      "GDD's example), or lower the value to {limit}", limit=MAX_FREE_VALUE),
        )
