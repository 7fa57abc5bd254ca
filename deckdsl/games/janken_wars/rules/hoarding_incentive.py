"""hoarding-incentive (JW121)

## What it does
Flags a card whose condition keeps lowering the opponent's cards for as long as it stays in its owner's
domain: a value modifier on the cards of the opponent's domain (`cards in opponent's domain get -1`)
that helps the card's owner (`deckdsl.games.janken_wars.worth`).  Modifiers on one card picked when the card
enters (`chosen by you when this card enters it`) are left out: they do not grow with the opponent's
domain.

## Why
"Foi percebido durante os playtests que a estratégia de deixar seu domínio acumular cartas para trocar as
três estrelas de uma vez era predominantemente mais eficaz do que tentar pegá-las o quanto antes" (GDD,
"Acúmulo de Domínio").  The GDD traced it to one card: the old Rolo Compressor, "a condição de reduzir
em 1 o valor de todas as cartas do oponente. Era uma carta que você normalmente não queria perder,
incentivando o acúmulo".  Exchanging a domain for stars discards every card of it, this one too, and
its effect does not help buy the star — it only works while you wait.  So its owner is paid to hoard,
and a winning strategy is a dull one ("estratégias vencedoras são chatas").  A modifier on your own
cards is not flagged: it makes your domain reach a star sooner, which is what an exchange spends.

`deckdsl check --evidence` tests the finding by play: a hoarding player (`random:hoard`) against an
eager one (`random:eager`), with the card's condition and without it; the finding is confirmed when the
condition makes hoarding win measurably more.

## Example
    card "Rolo Compressor" {
      type: tesoura
      rarity: especial
      copies: 2
      value: 1
      condition: cards in opponent's domain get -1
    }

## Use instead
Make the effect happen once, when the card is won, as the GDD's fix did ("A mudança para o efeito
atual não só removeu essa preocupação, como gerou um grande risco em acumular cartas demais"):

    card "Rolo Compressor" {
      type: tesoura
      rarity: especial
      copies: 2
      value: -2
      action: opponent discards all cards in opponent's domain
    }
"""

from __future__ import annotations

from collections.abc import Iterator

from ....diagnostics import Diagnostic
from ....lang import ast
from ....check.rule import Context
from ....said import said
from ..worth import polarity

CODE = "JW121"
NAME = "hoarding-incentive"
SEVERITY = "warning"
SUMMARY = "a card that hurts the opponent's domain only while it stays in yours: its owner is paid to hoard"
GUIDELINE = "hoarding"
LOCAL = True
PROFILES = ("janken-wars",)
READS = ("condition",)


def check(context: Context) -> Iterator[Diagnostic]:
    for card in context.deck.cards:
        for clause in card.condition.clauses if card.condition else ():
            if _on_opponents_domain(clause) and polarity(clause) > 0:
                yield Diagnostic(
                    CODE,
                    said("jw-hoarding", "`{card}` lowers the opponent's cards only while it stays in your domain: "
                         "an exchange for stars would discard it, so keeping the domain pays", card=card.name),
                    clause.span,
                    cards=(card.name,),
                    notes=(said("jw-hoarding-note", "the GDD's playtests found this in the old Rolo Compressor: "
                                "hoarding a domain to trade for every star at once beat taking stars early "
                                "(\"Acúmulo de Domínio\")"),),
                    help=said("jw-hoarding-help", "make it a one-off `action:` (as the GDD's Rolo Compressor "
                              "became), or let the effect end when it has worked"),
                )


def _on_opponents_domain(clause: ast.Node) -> bool:
    if not isinstance(clause, ast.ValueModifier) or clause.chosen_on_entry:
        return False
    cards = clause.cards
    zone = cards.zone if isinstance(cards, ast.Selection) else cards
    return isinstance(zone, ast.Zone) and zone.owner == "opponent" and zone.name in ("domain", "domínio")
