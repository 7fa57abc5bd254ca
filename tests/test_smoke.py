"""The standard deck loads through the public API with no error, and with the one warning its own
authors wrote down: Muro Alto only really counters Estilete Afiado (GDD, "Interações muito específicas")."""

import deckdsl


def test_standard_deck_has_no_error_and_the_gdd_warning():
    result = deckdsl.load("decks/janken-wars.deck")
    assert result.errors == []
    assert sum(card.copies for card in result.deck.cards) == 36
    assert [(d.code, result.text[d.span.start : d.span.end]) for d in result.diagnostics] == [
        ("JW105", "discarded first"),
    ]
