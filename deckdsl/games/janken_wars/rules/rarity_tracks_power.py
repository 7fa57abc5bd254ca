"""rarity-tracks-power (JW101)

## What it does
For each type, averages the static power (`deckdsl.games.janken_wars.worth.power`: the card's typical value plus what
its effects are worth to its owner) of the cards of each rarity, weighted by copies.  It flags the deck
when, in at least 2 of the types, that mean power rises strictly with rarity (simple < advanced <
special) and the special cards are at least 2 points stronger than the simple ones.  One type that
climbs can be a coincidence; two or more is a deck that uses rarity as a power level.  The standard deck
is not flagged: its power goes up and down across rarities in every type.

## Why
"Sempre evite tratar raridade (simples, avançada, especial) como nível de poder das cartas" (GDD,
"Raridade das cartas").  Rarity says how unique, how complex an effect is, not how strong the card
is: a deck whose rare cards are simply better rewards the player who happens to draw them.

## Example
    card "Lápis Comum" {
      type: tesoura
      rarity: simples
      copies: 6
      value: 1
    }

    card "Caneta Boa" {
      type: tesoura
      rarity: avançada
      copies: 4
      value: 2
      action: gain top card of the deck
    }

    card "Caneta Tinteiro" {
      type: tesoura
      rarity: especial
      copies: 2
      value: 3
      action: gain top 2 cards of the deck
    }
    # ... and the same climb in a second type

## Use instead
Give the simple cards solid values or useful effects and make the special cards different rather than
stronger: a special card may be weak with a striking effect (Rolo Compressor is worth -2 points).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise

from ....diagnostics import Diagnostic, Label
from ....check.rule import Context, card_rarity
from ....check.rule import card_type as card_type_of
from ....said import Said, said
from ....check.lists import semicolons
from . import number
from ..worth import typical_value, worth

CODE = "JW101"
NAME = "rarity-tracks-power"
SEVERITY = "warning"
SUMMARY = "mean card power rises with rarity in two or more types"
GUIDELINE = "rarity-power"
PROFILES = ("janken-wars",)
SCOPE = "deck"

MIN_TYPES = 2
"""How many types must climb for the deck to be flagged."""

MIN_SPREAD = 2.0
"""How much stronger, in points of power, the special cards of a type must be than its simple ones."""


def check(context: Context) -> Iterator[Diagnostic]:
    deck, profile = context.deck, context.profile
    type_spec, rarity_spec = profile.attributes.get("type"), profile.attributes.get("rarity")
    if type_spec is None or rarity_spec is None or not deck.cards:
        return
    rarities = list(rarity_spec.values)
    if len(rarities) < 2:
        return
    tallies = {card_type: ({rarity: [0.0, 0] for rarity in rarities}, []) for card_type in type_spec.values}
    facts = zip(deck.cards, context.for_cards(card_type_of), context.for_cards(card_rarity),
                context.for_cards(typical_value), context.for_cards(worth), strict=True)
    for card, card_type, rarity, value, judged in facts:
        tally = tallies.get(card_type)
        if tally is None or card.copies < 1:
            continue
        totals, top = tally
        if rarity not in totals:
            continue
        card_power = value + judged.total
        totals[rarity][0] += card_power * card.copies
        totals[rarity][1] += card.copies
        if rarity == rarities[-1]:
            top.append((card_power, card))
    climbing = []  # (type, means by rarity, the strongest cards of the highest rarity with their power)
    for card_type, (totals, top) in tallies.items():
        if not totals or any(count == 0 for _, count in totals.values()):
            continue  # a rarity with no cards: nothing to compare
        means = [totals[rarity][0] / totals[rarity][1] for rarity in rarities]
        rises = all(low < high for low, high in pairwise(means))
        if rises and means[-1] - means[0] >= MIN_SPREAD:
            strongest = max(p for p, _ in top)
            climbing.append((card_type, means, [(p, c) for p, c in top if p == strongest]))
    if len(climbing) < MIN_TYPES:
        return
    span = deck.title_span or deck.cards[0].name_span
    described = semicolons([
        said("jw-type-climbs", "`{type}` {means}", type=card_type, means=_climb(
            [said("jw-rarity-mean", "{rarity} {power}", rarity=rarity, power=number(mean))
             for rarity, mean in zip(rarities, means, strict=True)]))
        for card_type, means, _ in climbing
    ])
    labels = tuple(
        Label(card.name_span, said("jw-strongest", "power {power}, the strongest {rarity} `{type}` card",
                                   power=number(card_power), rarity=rarities[-1], type=card_type))
        for card_type, _, cards in climbing
        for card_power, card in cards
    )
    yield Diagnostic(
        CODE,
        said("jw-rarity-power", "mean card power rises with rarity in {climbing} of {types} types: {described}",
             climbing=len(climbing), types=len(type_spec.values), described=described),
        span,
        labels=labels,
        help=said("jw-rarity-power-help", "rarity should say how unique an effect is, not how strong the card is: "
                  "strengthen the {lowest} cards, or make the {highest} cards different rather than better",
                  lowest=rarities[0], highest=rarities[-1]),
    )


def _climb(pieces: list[Said]) -> Said:
    """`simple 1 < advanced 2.5 < special 6`, said."""
    joined = pieces[-1]
    for piece in reversed(pieces[:-1]):
        joined = said("jw-below", "{first} < {rest}", first=piece, rest=joined)
    return joined
