"""The fields every card and deck header has, whatever the game.

A game's profile adds its attributes (`type`, `rarity`, …) to these; none of them may take one of these
words.  The parser's grammar spells the same fields (`grammars/deck.lark`), and `deckdsl.lang.ast`
exposes both tables as `ast.CARD_FIELDS` and `ast.META_FIELDS`.
"""

from __future__ import annotations

CARD_FIELDS: dict[str, tuple[str, ...]] = {
    "copies": ("cópias", "copias"), "value": ("valor",), "cost": ("custo",), "action": ("ação", "acao"),
    "condition": ("condição", "condicao"), "flavor": ("sabor",), "art": ("arte",), "text": ("texto",),
}
"""The fields of a card besides its profile attributes, each with its other spellings: the keywords of
the grammar (a test keeps the two the same)."""

META_FIELDS = ("game", "version", "authors", "license", "language")
"""The fields of the `deck` header."""
