"""Card text: what a printed card says it does, written from its effects in every language with a
message catalog (`locales/*.ftl`: Portuguese, English, Russian).

The writer lives in `writer`, the catalogs in `catalog`; the printed sheets, the terminal game and
`deckdsl text` use the names re-exported here: `card_text` (a card's rules text in a language),
`addendum_text` (an addendum's), `language_of` (the catalog for a language tag), `effect_labels` (the
words that open its lines), `phrase` (one of a catalog's own words: a sheet's title …), `no_effect`,
`CardText`, `AddendumText` and `LANGUAGES`.
"""

from .writer import (
    LANGUAGES,
    AddendumText,
    CardText,
    addendum_text,
    card_text,
    effect_labels,
    language_of,
    no_effect,
    phrase,
)

__all__ = ["LANGUAGES", "AddendumText", "CardText", "addendum_text", "card_text", "effect_labels", "language_of",
           "no_effect", "phrase"]
