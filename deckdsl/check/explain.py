"""`deckdsl explain`: each card's worth as its game's model sees it, effect by effect.

A game's balance rules (Janken Wars' JW101, JW106, JW107, JW108 …) judge cards by a static model, the game's
own (`Game.worth`: `deckdsl.games.janken_wars.worth`): a card's power is its value plus what its effects
are worth to its owner.  A designer who gets a
finding can read here the numbers behind it — which effect counts for how much, and why — instead of
guessing from the message.  Views only: nothing here decides anything the rules do not.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..lang import ast
from ..games.registry import find_game
from ..profiles.profile import Profile
from ..said import Said, said
from .parts import effect_nodes


def model_of(profile: Profile | None):
    """The effect-worth model of `profile`'s game (`Game.worth`), or None."""
    game = find_game(profile.id) if profile is not None else None
    return game.worth() if game is not None else None


def card_lines(card: ast.Card, source: str, profile: Profile | None = None, language: str | None = None,
               translate: Callable[[str], str] | None = None) -> list[str]:
    """The breakdown of one card: value, each effect with its worth and the model's reason, the total.
    Attribute values are shown as the profile labels them when the deck is in the profile's language
    (`pedra` in a pt-BR deck), else as the canonical values (`rock`).  The words are `said`, and said by
    `translate` (`deckdsl.text.speak.translator`; English when None) before the rows are laid out."""
    say = translate or _as_written
    labelled = profile is not None and language is not None and \
        language.split("-")[0].casefold() == profile.language.split("-")[0].casefold()

    def shown(attribute: ast.Attribute) -> str:
        spec = profile.attributes.get(attribute.name) if labelled else None
        return spec.label(str(attribute.value)) if spec else str(attribute.value)

    def row(what: str, amount: str, why: str) -> str:
        return _row(say(what), say(amount), say(why))

    attributes = ", ".join(shown(attribute) for attribute in card.attributes)
    lines = [f"{card.name} — {attributes}, ×{card.copies}"]
    model = model_of(profile)
    if model is None:
        if profile is None:
            return [*lines, "  " + say(said("explain-no-game", "a deck without a game has no model of what effects are "
                                            "worth: no figures to show"))]
        return [*lines, "  " + say(said("explain-no-model", "{game} has no model of what effects are worth: no figures "
                                        "to show", game=profile.name))]
    value = model.typical_value(card)
    if card.value == "*":
        definition = next(
            (c for c in (card.condition.clauses if card.condition else ()) if isinstance(c, ast.ValueDefinition)), None
        )
        shown = _excerpt(definition, source) if definition is not None else "value: *"
        sizes = ", ".join(f"{say(_ZONES[zone]) if zone in _ZONES else zone} {size}"
                          for zone, size in model.TYPICAL_ZONE_SIZE.items())
        lines.append(row(_VALUE, _number(value), said("explain-value-typical", "`{written}` at typical zone sizes "
                                                        "({sizes})", written=shown, sizes=sizes)))
    elif card.value is not None:
        lines.append(row(_VALUE, _number(value), said("explain-as-written", "as written")))
    else:
        lines.append(row(_VALUE, _number(value), said("explain-no-value", "no value")))
    worth = 0.0
    for node in effect_nodes(card):
        if isinstance(node, ast.ValueDefinition):
            continue
        amount = model.polarity(node)
        worth += amount
        lines.append(_row(_excerpt(node, source), say(_signed(amount)), say(model.why(node))))
    effects = said("explain-effects", "effects")
    if model.has_drawback(card):
        lines.append(row(effects, _signed(worth), said("explain-effects-drawback", "what they are worth to the card's "
                                                         "owner (has a drawback)")))
    else:
        lines.append(row(effects, _signed(worth), said("explain-effects-worth", "what they are worth to the card's "
                                                         "owner")))
    lines.append(row(said("explain-power", "power"), _number(value + worth),
                     said("explain-power-sum", "value + effects")))
    return lines


def deck_lines(deck: ast.Deck, source: str, names: Iterable[str] | None = None,
               profile: Profile | None = None, translate: Callable[[str], str] | None = None) -> list[str]:
    """The breakdown of every card (or of the cards called `names`), a blank line between cards, said by
    `translate` (English when None)."""
    say = translate or _as_written
    wanted = None if names is None else set(names)
    lines: list[str] = []
    for card in deck.cards:
        if wanted is not None and card.name not in wanted:
            continue
        if lines:
            lines.append("")
        lines.extend(card_lines(card, source, profile, deck.language, say))
    model = model_of(profile)
    if names is None and model is not None:
        lines += ["", *(say(note) for note in model.deck_notes(deck, profile))]
    return lines


_VALUE = said("explain-value", "value")

_ZONES = {
    "domain": said("explain-zone-domain", "domain"), "discard": said("explain-zone-discard", "discard"),
    "table": said("explain-zone-table", "table"), "deck": said("explain-zone-deck", "deck"),
    "stars": said("explain-zone-stars", "stars"),
}
"""The zones a model's typical sizes name (`TYPICAL_ZONE_SIZE`), said; another zone is shown by its id."""


def _as_written(text: str) -> str:
    return text


def _excerpt(node: ast.Node, source: str, limit: int = 44) -> str:
    text = " ".join(source[node.span.start : node.span.end].split()) if source else type(node).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _row(what: str, amount: str, why: str) -> str:
    return f"  {what:<46} {amount:>6}   {why}"


def _number(value: float) -> Said:
    value = round(value, 1) + 0.0
    return said("explain-number", "{value}", value=int(value) if value.is_integer() else value)


def _signed(value: float) -> Said:
    text = _number(value)
    if text.startswith("-") or text == "0":
        return text
    return said("explain-signed", "+{value}", value=dict(text.facts)["value"])
