"""low-star-cost (JW116)

## What it does
Reports a deck that lowers the price of a star (`star_cost`) below the GDD's 8 points.

## Why
The GDD's balance history ("Domínio pequenos"): "Nas primeiras versões, estrelas custavam apenas 6
pontos. Graças a isso, em geral um domínio não passava de mais do que 3 cartas, de forma que o Muro Alto
raramente tinha o que proteger." Cheaper stars shorten the game and starve every effect that works on a
domain (discard priorities, counts of your cards); the playtesters raised the price to 8 for that reason.

## Example
    deck "Partidas Rápidas" {
      game: janken-wars
      rules {
        star_cost: 6
      }
    }

## Use instead
Keep `star_cost: 8`, or playtest (and later simulate) the shorter game on purpose: the rule is a note,
not an error.
"""

from __future__ import annotations

from collections.abc import Iterator

from ....diagnostics import Diagnostic
from ....check.rule import Context
from ....said import said

CODE = "JW116"
NAME = "low-star-cost"
SEVERITY = "info"
SUMMARY = "stars cost fewer points than the GDD's 8, which its playtests found made domains too small"
GUIDELINE = "small-domains"
PROFILES = ("janken-wars",)
SCOPE = "deck"
READS = ("rules",)


def check(context: Context) -> Iterator[Diagnostic]:
    standard = context.profile.rules.get("star_cost")
    if standard is None:
        return
    for setting in context.deck.rules:
        if setting.name == "star_cost" and isinstance(setting.value, int) and setting.value < standard.default:
            yield Diagnostic(
                CODE,
                said("jw-low-star-cost", "stars cost {value} points, below the GDD's {standard}: its playtests found "
                     "that at 6 points a domain rarely passed 3 cards", value=setting.value,
                     standard=standard.default),
                setting.span,
                help=said("jw-low-star-cost-help", "use `star_cost: {standard}`, or playtest the faster game on "
                          "purpose", standard=standard.default),
            )
