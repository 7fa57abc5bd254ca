"""Card text: what a printed card says it does, written from its effects in Portuguese (pt-BR) or English.

The writers live in `writer`; the printed sheets, the terminal game and `deckdsl text` use the names
re-exported here: `card_text` (a card's rules text in a language), `language_of` (the writer for a
language tag), `CardText` and `LANGUAGES`.
"""

from .writer import LANGUAGES, CardText, card_text, language_of

__all__ = ["LANGUAGES", "CardText", "card_text", "language_of"]
