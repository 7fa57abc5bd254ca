"""Card text: what a printed card says it does, written from its effects in Portuguese (pt-BR) or English.

The writers live in `writer`; the printed sheets, the terminal game and `deckdsl text` use the names
re-exported here: `card_text` (a card's rules text in a language), `addendum_text` (an addendum's),
`language_of` (the writer for a language tag), `effect_labels` (the words that open its lines),
`CardText`, `AddendumText` and `LANGUAGES`.
"""

from .writer import LANGUAGES, AddendumText, CardText, addendum_text, card_text, effect_labels, language_of

__all__ = ["LANGUAGES", "AddendumText", "CardText", "addendum_text", "card_text", "effect_labels", "language_of"]
