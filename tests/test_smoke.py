"""The standard deck loads clean through the public API."""

import deckdsl


def test_standard_deck_is_clean():
    result = deckdsl.load("decks/janken-wars.deck")
    assert result.diagnostics == []
    assert sum(card.copies for card in result.deck.cards) == 36
