"""dominated-card (JW107)

## What it does
Compares the cards of each type two by two, across rarities (see Why).  Card A dominates card B when both have whole-number values
and A is at least as good on both counts — A's value >= B's value and the polarity of A's effects
(`deckdsl.games.janken_wars.worth.card_polarity`: what they are worth to the owner) >= B's — with at least one of the
two strictly greater, and A has no drawback that B lacks (A has no drawback, or B has one too:
`deckdsl.games.janken_wars.worth.has_drawback`).  B is flagged, with its dominating cards shown.  Cards worth `*`
are left out (their value depends on the game), and so are cards with no copies; two cards equal on both
counts do not dominate each other.  The standard deck has no dominated card.

## Why
"Uma carta que vale 4 pontos e tem um efeito positivo é estritamente melhor que o \"Origami Sublime\",
logo é quase certamente desbalanceada" (GDD, "Por onde começar").  The same reasoning holds between any
two cards of a type: when one is worth more and does more, the other is a card nobody wants to win when
both are on the table, and it adds nothing to the deck.  Rarity does not excuse it: "Sempre evite tratar
raridade (simples, avançada, especial) como nível de poder das cartas" (GDD, "Raridade das cartas") — a
special card may be more complex or more disruptive than a simple one, not simply better.  When the two
cards differ in rarity, the finding says so.

Each finding notes the comparison behind it, and `deckdsl check --evidence` tests it by play: a player
given the dominating card as an extra card must win measurably more often than one given the dominated
card (`deckdsl.lab.evidence`).

## Example
    card "Clipe Entortado" {
      type: tesoura
      rarity: simples
      copies: 3
      value: 2
      action: opponent discards a card from opponent's domain at random
    }

    card "Borracha Gasta" {     # dominated: fewer points, weaker effect
      type: tesoura
      rarity: simples
      copies: 3
      value: 1
      action: discard a card from the table
    }

## Use instead
Give the dominated card something the other lacks — more points, a stronger or different effect — or
give the dominating one a drawback; or cut the dominated card and spend its copies elsewhere.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator
from functools import cache, partial

from ....diagnostics import Diagnostic, Label
from ....lang import ast
from ....check.rule import Context, card_rarity
from ....check.rule import card_type as card_type_of
from ....said import Said, said
from . import number
from ..worth import worth

CODE = "JW107"
NAME = "dominated-card"
SEVERITY = "warning"
SUMMARY = "a card that another card of its type beats on value and effect, with no extra drawback"
GUIDELINE = "reference-card"
PROFILES = ("janken-wars",)


def check(context: Context) -> Iterator[Diagnostic]:
    by_type: dict[str, list[tuple[ast.Card, int, float, bool, str | None]]] = {}
    facts = zip(context.deck.cards, context.for_cards(card_type_of), context.for_cards(worth),
                context.for_cards(card_rarity), strict=True)
    for card, card_type, judged, rarity in facts:
        if card_type is None or not isinstance(card.value, int) or card.copies < 1:
            continue
        by_type.setdefault(card_type, []).append((card, card.value, judged.total, judged.drawback, rarity))
    for judged in by_type.values():
        yield from _dominated(judged, context.report)


def _dominated(judged: list[tuple[ast.Card, int, float, bool, str | None]], report) -> Iterator[Diagnostic]:
    """Sweep the cards of one type from the highest value down, keeping the cards seen so far sorted by
    (polarity, value): n log n, so a 10,000-card deck stays linear in practice.  Two sets: every card
    (for a `b` that has a drawback of its own) and the cards without a drawback.  The cards of one value
    with one polarity and one drawback have the same rivals but for themselves (`_rivals`)."""
    judged = sorted(judged, key=lambda item: -item[1])
    every: list[tuple[float, int, int]] = []
    clean: list[tuple[float, int, int]] = []
    index = 0
    while index < len(judged):
        value = judged[index][1]
        group_end = index
        while group_end < len(judged) and judged[group_end][1] == value:
            card, _, polarity, drawback, _ = judged[group_end]
            bisect.insort(every, (polarity, value, group_end))
            if not drawback:
                bisect.insort(clean, (polarity, value, group_end))
            group_end += 1
        rivals: dict[tuple[bool, float], tuple[list, int]] = {}
        for position in range(index, group_end):
            b, b_value, b_polarity, b_drawback, _ = judged[position]
            found = rivals.get((b_drawback, b_polarity))
            if found is None:
                found = rivals[b_drawback, b_polarity] = _rivals(judged, every if b_drawback else clean,
                                                                 b_value, b_polarity)
            ranked, beyond = found
            b_name = b.name
            dominators = [a for a in ranked if a[0].name != b_name]
            if dominators:
                count = max(beyond, len(dominators))
                yield report(CODE, (b, *(a[0] for a in dominators[:5])), (count,),
                             partial(_report, judged[position], dominators, count))
        index = group_end


def _rivals(judged, pool, b_value: int, b_polarity: float) -> tuple[list, int]:
    """The cards of `pool` a card of value `b_value` and polarity `b_polarity` may be dominated by, best
    first (its own name aside: the caller leaves it out), and how many cards of the pool are at least as
    good but not its equals."""
    ranked = []
    for polarity, a_value, a_position in reversed(pool[-6:]):
        if polarity > b_polarity or (polarity == b_polarity and a_value > b_value):
            ranked.append(judged[a_position])
    ranked.sort(key=lambda d: (-(d[1] - b_value) - (d[2] - b_polarity), d[0].name))
    at_least = len(pool) - bisect.bisect_left(pool, (b_polarity,))
    twins = bisect.bisect_right(pool, (b_polarity, b_value, len(judged))) - bisect.bisect_left(
        pool, (b_polarity, b_value, -1)
    )
    return ranked, at_least - twins


def _report(judged, dominators, count) -> Diagnostic:
    b, b_value, b_polarity = judged[:3]
    best, best_value, best_polarity = dominators[0][:3]
    others = count - 1
    b_worth, best_worth = _worth(b_value, b_polarity), _worth(best_value, best_polarity)
    if others:
        message = said("jw-dominated-by-many", "`{card}` ({worth}) is dominated by `{other}` ({other_worth}) and by "
                       "{others} other {others:card|cards} of its type, none of them with a drawback that `{card}` "
                       "lacks", card=b.name, worth=b_worth, other=best.name, other_worth=best_worth, others=others)
    else:
        message = said("jw-dominated", "`{card}` ({worth}) is dominated by `{other}` ({other_worth}), which has no "
                       "drawback that `{card}` lacks", card=b.name, worth=b_worth, other=best.name,
                       other_worth=best_worth)
    return Diagnostic(
        CODE,
        message,
        b.name_span,
        labels=tuple([Label(a.name_span, said("jw-dominates", "dominates `{card}`: {worth}", card=b.name,
                                              worth=_worth(a_value, a_polarity)))
                      for a, a_value, a_polarity, *_ in dominators[:5]]),
        notes=_notes(judged, dominators[0]),
        cards=(b.name, best.name),
        help=said("jw-dominated-help", "give `{card}` something `{other}` lacks (more points, a stronger or different "
                  "effect), give `{other}` a drawback, or cut `{card}`", card=b.name, other=best.name),
    )


def _notes(dominated: tuple, dominating: tuple) -> tuple[Said, ...]:
    """The comparison behind the finding, as the polarity model sees it."""
    b, b_value, b_polarity, b_drawback, b_rarity = dominated
    a, a_value, a_polarity, a_drawback, a_rarity = dominating
    if not a_drawback and b_drawback:
        drawbacks = said("jw-only-card-drawback", "`{card}` has a drawback and `{other}` none", card=b.name,
                         other=a.name)
    elif b_drawback:
        drawbacks = said("jw-both-drawback", "both have a drawback")
    else:
        drawbacks = said("jw-neither-drawback", "neither has a drawback")
    compared = said("jw-dominated-note", "compared: `{other}` {other_points} and effects worth {other_effects}, "
                    "against `{card}` {points} and {effects}; {drawbacks} (`deckdsl explain` shows each effect's "
                    "worth)", other=a.name, other_points=_points(a_value), other_effects=_signed(a_polarity),
                    card=b.name, points=_points(b_value), effects=_signed(b_polarity), drawbacks=drawbacks)
    if a_rarity == b_rarity:
        return (compared,)
    return (
        compared,
        said("jw-dominated-rarity", "`{other}` is {other_rarity} and `{card}` {rarity}: compared all the same, since "
             "the GDD asks that rarity not be a level of power (\"Sempre evite tratar raridade ... como nível de "
             "poder\")", other=a.name, other_rarity=str(a_rarity), card=b.name, rarity=str(b_rarity)),
    )


@cache
def _worth(value: int, polarity: float) -> Said:
    """`3 points, effects worth +2.5`."""
    return said("jw-points-effects", "{points}, effects worth {effects}", points=_points(value),
                effects=_signed(polarity))


@cache
def _points(value: int) -> Said:
    if value in (1, -1):
        return said("jw-point", "{value} point", value=value)
    return said("jw-points", "{value} points", value=value)


@cache
def _signed(amount: float) -> Said | int | float:
    """`+2.5` for a gain (said: a sign), else the number (`0`, `-1.5`)."""
    shown = number(amount)
    return said("jw-plus", "+{amount}", amount=shown) if shown > 0 else shown
