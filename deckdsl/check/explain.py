"""`deckdsl explain`: each card's worth as its game's model sees it, effect by effect.

A game's balance rules (Janken Wars' JW101, JW106, JW107, JW108 …) judge cards by a static model, the game's
own (`Game.worth`: `deckdsl.games.janken_wars.worth`): a card's power is its value plus what its effects
are worth to its owner.  A designer who gets a
finding can read here the numbers behind it — which effect counts for how much, and why — instead of
guessing from the message.  Views only: nothing here decides anything the rules do not.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..lang import ast
from ..games.registry import find_game
from ..profiles.profile import Profile
from .parts import effect_nodes


def model_of(profile: Profile | None):
    """The effect-worth model of `profile`'s game (`Game.worth`), or None."""
    game = find_game(profile.id) if profile is not None else None
    return game.worth() if game is not None else None


def card_lines(card: ast.Card, source: str, profile: Profile | None = None, language: str | None = None) -> list[str]:
    """The breakdown of one card: value, each effect with its worth and the model's reason, the total.
    Attribute values are shown as the profile labels them when the deck is in the profile's language
    (`pedra` in a pt-BR deck), else as the canonical values (`rock`)."""
    labelled = profile is not None and language is not None and \
        language.split("-")[0].casefold() == profile.language.split("-")[0].casefold()

    def shown(attribute: ast.Attribute) -> str:
        spec = profile.attributes.get(attribute.name) if labelled else None
        return spec.label(str(attribute.value)) if spec else str(attribute.value)

    attributes = ", ".join(shown(attribute) for attribute in card.attributes)
    lines = [f"{card.name} — {attributes}, ×{card.copies}"]
    model = model_of(profile)
    if model is None:
        name = profile.name if profile is not None else "a deck without a game"
        return [*lines, f"  {name} has no model of what effects are worth: no figures to show"]
    value = model.typical_value(card)
    if card.value == "*":
        definition = next(
            (c for c in (card.condition.clauses if card.condition else ()) if isinstance(c, ast.ValueDefinition)), None
        )
        shown = _excerpt(definition, source) if definition is not None else "value: *"
        sizes = ", ".join(f"{zone} {size}" for zone, size in model.TYPICAL_ZONE_SIZE.items())
        lines.append(_row("value", _number(value), f"`{shown}` at typical zone sizes ({sizes})"))
    else:
        lines.append(_row("value", _number(value), "as written" if card.value is not None else "no value"))
    worth = 0.0
    for node in effect_nodes(card):
        if isinstance(node, ast.ValueDefinition):
            continue
        amount = model.polarity(node)
        worth += amount
        lines.append(_row(_excerpt(node, source), _signed(amount), model.why(node)))
    drawback = " (has a drawback)" if model.has_drawback(card) else ""
    lines.append(_row("effects", _signed(worth), f"what they are worth to the card's owner{drawback}"))
    lines.append(_row("power", _number(value + worth), "value + effects"))
    return lines


def deck_lines(deck: ast.Deck, source: str, names: Iterable[str] | None = None,
               profile: Profile | None = None) -> list[str]:
    """The breakdown of every card (or of the cards called `names`), a blank line between cards."""
    wanted = None if names is None else set(names)
    lines: list[str] = []
    for card in deck.cards:
        if wanted is not None and card.name not in wanted:
            continue
        if lines:
            lines.append("")
        lines.extend(card_lines(card, source, profile, deck.language))
    model = model_of(profile)
    if names is None and model is not None:
        lines += ["", *model.deck_notes(deck, profile)]
    return lines


def _excerpt(node: ast.Node, source: str, limit: int = 44) -> str:
    text = " ".join(source[node.span.start : node.span.end].split()) if source else type(node).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _row(what: str, amount: str, why: str) -> str:
    return f"  {what:<46} {amount:>6}   {why}"


def _number(value: float) -> str:
    value = round(value, 1) + 0.0
    return f"{value:.0f}" if value.is_integer() else f"{value:.1f}"


def _signed(value: float) -> str:
    text = _number(value)
    return text if text.startswith("-") or text == "0" else "+" + text
