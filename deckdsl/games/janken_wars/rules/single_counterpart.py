"""single-counterpart (JW105)

## What it does
Flags an effect that can only matter when one particular other card of the deck is played:

* a discard priority (`discarded first`, `discarded last`) only decides something when a player
  discards *some* of the cards of a domain, picked by someone (a selection with a quantity: `a card`,
  `up to 2 cards`, `a card … at random`).  When exactly one other card of the deck has such a step (in
  its cost, its action or a trigger) and could pick the card, the priority is that card's counter.
* a trigger on a discard (`whenever PLAYER discards CARDS: …`) only fires when something makes that
  player discard those cards.  When the rules never do and exactly one other card of the deck does, the
  trigger only exists for that card.

What counts, and why:

* Only discards.  A discard priority is about discarding (docs/language.md, section 8): putting a card
  on the bottom of the deck, gaining it or swapping it is not discarding, so the priority does not
  decide which card goes.  In particular the Joia Cobiçada's swap ("deve ser trocada com uma carta do
  oponente") does not count: the GDD says the Muro Alto only counters the Estilete Afiado, so it does
  not protect against the Joia.
* Who discards and whose domain it is do not matter for a priority: either player may hold either card.
* A step that discards a whole domain (`all cards in opponent's domain`, the Rolo Compressor) leaves
  nothing to order, so it does not make a priority matter.  The same goes for the rules' only discard
  from a domain, the exchange for stars ("descartar seu domínio inteiro em troca de estrelas").
* For a trigger every discard counts, whole domains included, and the exchange counts as its player
  discarding their own domain: a trigger on `you discard … from your domain` always has the rules to
  fire it.  Filters are compared: a step that discards only `of type papel` cannot pick a rock.
* `with value …` filters are assumed to match (values change during a game).

On the standard deck this flags the Muro Alto, which only matters against the Estilete Afiado, as the
GDD itself admits.

## Why
"Evite cartas que só existem para interagir com outra carta específica. Por exemplo, no baralho padrão
(infelizmente) a carta "Muro Alto" só serve, no fundo, para contra-atacar a carta "Estilete Afiado""
(GDD, "Interações muito específicas").  Such a card is blank whenever its counterpart is not in play.

## Example
    card "Muro Alto" {
      type: pedra
      rarity: simples
      copies: 6
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

## Use instead
"Tente sempre escolher cartas para um baralho de forma que haja várias interações interessantes": give
the card an effect that works with several cards, or add other cards that discard a chosen card (a cost
`discard a card from your domain`, a random discard …) so the priority matters more often.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from ....check.rule import Context, parts_of
from ....diagnostics import Diagnostic, Label
from ....lang import ast
from ....profiles.profile import Profile
from ....said import said

CODE = "JW105"
NAME = "single-counterpart"
SEVERITY = "warning"
SUMMARY = "an effect that only matters in the presence of one other card of the deck"
GUIDELINE = "specific-interactions"
PROFILES = ("janken-wars",)
SCOPE = "deck"
READS = ("cost", "action", "condition")


DISCARDS = frozenset({ast.Discard})
"""The effect steps whose cards this rule counts."""

DOMAIN = "domain"


def check(context: Context) -> Iterator[Diagnostic]:
    deck, profile = context.deck, context.profile
    discards = [  # steps are among the parts of a card's effects, in the order the card writes them
        (other, part) for other in deck.cards for part in parts_of(context, other, DISCARDS)
        if isinstance(part, ast.Discard)
    ]
    domain_picks = [(other, step) for other, step in discards if _picks_from_domain(step, profile)]
    for card in deck.cards:
        for clause in card.condition.clauses if card.condition else ():
            if isinstance(clause, ast.DiscardPriority):
                own_type = _type_of(card, profile)
                found = _counterparts(domain_picks, card, partial(
                    _could_pick, card=card, profile=profile,
                    own_types=None if own_type is None else frozenset({own_type})))
                if len(found) == 1:
                    other, step = found[0]
                    yield Diagnostic(
                        CODE,
                        said("priority-single", "`{card}` is `discarded {order}`, which only matters against "
                             "`{other}`", card=card.name, order=clause.order, other=other.name),
                        clause.span,
                        labels=(Label(step.span, said("priority-single-label", "the only discard of a chosen card: "
                                                      "`{other}`", other=other.name)),),
                        help=said("priority-single-help", "give `{card}` an effect that works with several cards, or "
                                  "add other cards that make a player discard a chosen card from a domain",
                                  card=card.name),
                    )
            elif isinstance(clause, ast.Trigger) and isinstance(clause.event, ast.DiscardEvent):
                event = clause.event
                watched = _event_cards(event, card, profile)
                if _rules_discard(watched):
                    continue
                found = _counterparts(discards, card, partial(_fires, watched=watched, profile=profile))
                if len(found) == 1:
                    other, step = found[0]
                    yield Diagnostic(
                        CODE,
                        said("trigger-single", "the trigger of `{card}` only fires because of `{other}`",
                             card=card.name, other=other.name),
                        event.span,
                        labels=(Label(step.span, said("trigger-single-label", "the only discard that fires it: "
                                                      "`{other}`", other=other.name)),),
                        help=said("trigger-single-help", "nothing in the rules and no other card makes a player "
                                  "discard what this trigger watches for; make `{card}` react to something several "
                                  "cards do", card=card.name),
                    )


# ------------------------------------------------------------------------------ steps ---


def _counterparts(discards: list, card: ast.Card, matches) -> list[tuple[ast.Card, ast.Node]]:
    """Other cards with a discard step that `matches`, each with its first such step — at most two, since
    the rule only asks whether there is exactly one (so a 10,000-card deck stays linear)."""
    found: list[tuple[ast.Card, ast.Node]] = []
    for other, step in discards:
        if other.name == card.name or any(other is seen for seen, _ in found) or not matches(step):
            continue
        found.append((other, step))
        if len(found) == 2:
            break
    return found


def _picks_from_domain(step: ast.Node, profile: Profile) -> bool:
    """Whether `step` discards some (not all) of the cards of a domain."""
    if not isinstance(step, ast.Discard) or not isinstance(step.cards, ast.Selection):
        return False
    return step.cards.is_choice and _zone(step.cards.zone, profile) == DOMAIN


def _could_pick(step: ast.Discard, card: ast.Card, profile: Profile, own_types: frozenset[str] | None) -> bool:
    """Whether a step that picks from a domain (`_picks_from_domain`) could pick `card` (whose type,
    canonical, is the one of `own_types`, None when it has none)."""
    filters = step.cards.filters
    return _meet(_types(filters, profile), own_types) and _meet(_names(filters), frozenset({card.name}))


# ----------------------------------------------------------------------- card sets ---


class _Cards:
    """What a card set can hold, as far as a static check can tell.  `zone`: the canonical zone (None:
    unknown).  `own`: True when the zone is the discarding player's, False when it is the other
    player's, None for a shared zone or unknown.  `types` / `names`: what the cards must be (None: any)."""

    def __init__(self, zone=None, own=None, types=None, names=None):
        self.zone, self.own, self.types, self.names = zone, own, types, names


def _event_cards(event: ast.DiscardEvent, card: ast.Card, profile: Profile) -> _Cards:
    """The cards a discard event watches for (`this`: the card itself, in its owner's domain)."""
    if isinstance(event.cards, ast.ThisCard):
        own_type = _type_of(card, profile)
        types = None if own_type is None else frozenset({own_type})
        return _Cards(DOMAIN, event.player == "you", types, frozenset({card.name}))
    return _card_set(event.cards, event.player, profile)


def _card_set(cards: ast.Node, player: str, profile: Profile) -> _Cards:
    filters: tuple = ()
    if isinstance(cards, ast.Selection):
        filters, cards = cards.filters, cards.zone
    if not isinstance(cards, ast.Zone):
        return _Cards()  # `it`, `this` in a step …: could be anything
    own = None if cards.owner is None else cards.owner == player
    return _Cards(_zone(cards, profile), own, _types(filters, profile), _names(filters))


def _rules_discard(watched: _Cards) -> bool:
    """Whether the rules themselves make the discard happen: the exchange for stars, where a player
    discards their whole domain."""
    return watched.zone in (DOMAIN, None) and watched.own in (True, None)


def _fires(step: ast.Node, watched: _Cards, profile: Profile) -> bool:
    """Whether discard `step` can discard a card the event watches for."""
    if not isinstance(step, ast.Discard):
        return False
    done = _card_set(step.cards, step.actor, profile)
    if done.zone is None or watched.zone is None:
        return True
    return (
        done.zone == watched.zone
        and done.own == watched.own
        and _meet(done.types, watched.types)
        and _meet(done.names, watched.names)
    )


def _meet(first: frozenset | None, second: frozenset | None) -> bool:
    return first is None or second is None or bool(first & second)


def _zone(zone: ast.Zone, profile: Profile) -> str:
    spec = profile.zone(zone.name)
    return spec.name if spec else zone.name.casefold()


def _canonical_type(written: str, profile: Profile) -> str:
    spec = profile.attributes.get("type")
    return (spec.canonical_value(written) if spec else None) or written.casefold()


def _type_of(card: ast.Card, profile: Profile) -> str | None:
    return None if card.type is None else _canonical_type(card.type, profile)


def _types(filters: tuple, profile: Profile) -> frozenset[str] | None:
    """The types a card must have to pass `filters` (None: any; empty: none can)."""
    found = None
    for item in filters:
        if isinstance(item, ast.TypeFilter):
            allowed = frozenset({_canonical_type(item.value, profile)})
            found = allowed if found is None else found & allowed
    return found


def _names(filters: tuple) -> frozenset[str] | None:
    found = None
    for item in filters:
        if isinstance(item, ast.NameFilter):
            allowed = frozenset({item.name})
            found = allowed if found is None else found & allowed
    return found
