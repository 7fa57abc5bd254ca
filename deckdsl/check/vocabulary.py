"""What a deck's game plays: a card field or effect its engine does not play is an error (DK124).

Each game says what its engine plays of a card's rules (`deckdsl.games.registry.Vocabulary`, derived from
its engine: Janken Wars' compiler); everything else is reported here, so that what `check` passes is
exactly what the game plays, prints and measures.  A profile that no registered game plays (a designer's
own `*.game` beside the deck) has no engine to be true to: its cards' effects are checked by the
language alone.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Diagnostic
from ..games.registry import EFFECT_FIELDS, Vocabulary, find_game
from ..lang import ast
from ..profiles.profile import Profile
from ..said import said

CONTAINERS = frozenset({"Action", "Condition"})
"""Nodes that only hold a field's effects: a game plays them when it plays the field."""


def vocabulary_of(profile: Profile) -> Vocabulary | None:
    """What the game of `profile` plays, or None when no registered game plays it."""
    game = find_game(profile.id)
    return None if game is None else game.vocabulary()


def unplayed(deck: ast.Deck, profile: Profile) -> Iterator[Diagnostic]:
    """DK124 for every card field, and every effect inside a played field, that the deck's game does not
    play."""
    vocabulary = vocabulary_of(profile)
    if vocabulary is None:
        return
    for card in deck.cards:
        for name in EFFECT_FIELDS:
            value = getattr(card, name)
            if value is None:
                continue
            span = card.field_spans.get(name, card.name_span)
            if name not in vocabulary.fields:
                yield Diagnostic("DK124", said("check-field-not-played", "{game} does not play a card's `{key}:`: its "
                                               "engine would ignore it on `{card}`", game=profile.name, key=name,
                                               card=card.name), span, help=_what_it_plays(profile, vocabulary))
                continue
            for node in _foreign(value, vocabulary):
                kind = type(node).__name__
                yield Diagnostic("DK124", said("check-effect-not-played", "{game} does not play this effect ({kind}) "
                                               "in `{key}:`: its engine would ignore it", game=profile.name, kind=kind,
                                               key=name), node.span, help=_what_it_plays(profile, vocabulary))


def _what_it_plays(profile: Profile, vocabulary: Vocabulary) -> str:
    if not vocabulary.fields:
        attributes = ", ".join(f"`{spec.name}`" for spec in profile.written_attributes()) or _NONE
        return said("check-no-effects-played", "{game}'s cards carry no effects: its engine reads their attributes "
                    "({attributes}) and copies alone; remove the field, or write words that are not rules as "
                    "`flavor:`", game=profile.name, attributes=attributes)
    fields = ", ".join(f"`{name}:`" for name in EFFECT_FIELDS if name in vocabulary.fields)
    return said("check-effects-played", "{game} plays the fields {fields}, with these effects: {nodes}",
                game=profile.name, fields=fields, nodes=", ".join(sorted(vocabulary.nodes)) or _NONE)


_NONE = said("check-none", "none")


def played(card: ast.Card, vocabulary: Vocabulary | None) -> ast.Card:
    """`card` without the fields its game does not play (a field holding an effect it does not play goes
    too): what `text`, `render` and `export` print of a card, so that no rule is printed that the game
    would not play.  The card itself when it is all played, or when `vocabulary` is None."""
    if vocabulary is None:
        return card
    dropped = {}
    for name in EFFECT_FIELDS:
        value = getattr(card, name)
        if value is None:
            continue
        if name not in vocabulary.fields or next(_foreign(value, vocabulary), None) is not None:
            dropped[name] = None
    return card.model_copy(update=dropped) if dropped else card


def _foreign(value, vocabulary: Vocabulary) -> Iterator[ast.Node]:
    """The effect nodes in a field's `value` that the game does not play (none in a text or a number)."""
    if isinstance(value, ast.Node):
        for node in value.walk():
            kind = type(node).__name__
            if kind not in CONTAINERS and kind not in vocabulary.nodes:
                yield node
