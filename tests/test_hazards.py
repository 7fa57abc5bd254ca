"""The situations the issue found, each with the right verdict, and the language's new construct: a
modifier on a chosen card (parsed, checked, written, judged)."""

from __future__ import annotations

from pathlib import Path

import pytest

import deckdsl
from deckdsl.games.janken_wars import worth as polarity
from deckdsl.lang import ast
from deckdsl.text import card_text

ROOT = Path(__file__).resolve().parent.parent
HEADER = 'deck "Teste" {\n  game: janken-wars\n  language: pt-BR\n}\n'
HAZARDS = {"JW113", "JW114", "JW117", "JW118", "JW119", "DK111", "DK123"}


def card(name: str, condition: str, kind: str = "papel", value: str = "1") -> str:
    return f'card "{name}" {{\n  type: {kind}\n  rarity: avançada\n  value: {value}\n  condition: {condition}\n}}\n'


def codes(text: str) -> list[str]:
    return sorted(d.code for d in deckdsl.loads(HEADER + text).diagnostics if d.code in HAZARDS)


MOLDURA = card("Moldura Dourada", "another card in your domain, chosen by you when this card enters it, gets +1")
LUPA = card("Lupa Dobradora", "another card in your domain, chosen by you when this card enters it, gets x2")


def test_two_addenda_that_contradict_each_other_are_an_error_naming_both():
    text = (MOLDURA + LUPA + 'addendum "Moldura primeiro" {\n  order: "Moldura Dourada" then "Lupa Dobradora"\n}\n'
            'addendum "Lupa primeiro" {\n  order: "Lupa Dobradora" then "Moldura Dourada"\n}\n')
    found = [d for d in deckdsl.loads(HEADER + text).diagnostics if d.code == "DK123"]
    assert len(found) == 1 and found[0].severity.value == "error"
    assert '"Moldura primeiro"' in found[0].message and found[0].labels
    assert "Lupa primeiro" in (HEADER + text).splitlines()[found[0].span.line - 2]


def test_a_cycle_of_three_addenda_is_a_contradiction():
    three = card("Cola Branca", "other cards in your domain get = 1")
    text = (MOLDURA + LUPA + three + 'addendum "Um" {\n  order: "Moldura Dourada" then "Lupa Dobradora"\n}\n'
            'addendum "Dois" {\n  order: "Lupa Dobradora" then "Cola Branca"\n}\n'
            'addendum "Três" {\n  order: "Cola Branca" then "Moldura Dourada"\n}\n')
    found = [d for d in deckdsl.loads(HEADER + text).diagnostics if d.code == "DK123"]
    assert len(found) == 1
    assert '"Um" and "Dois"' in found[0].message and "through `Lupa Dobradora`" in found[0].message


def test_value_filtered_modifiers_that_meet_at_3_are_a_hazard():
    text = (card("Régua Alta", "other cards with value >= 3 in your domain get +1", "pedra", "3")
            + card("Régua Baixa", "other cards with value <= 3 in your domain get +1", "pedra", "3"))
    found = [d for d in deckdsl.loads(HEADER + text).diagnostics if d.code == "JW113"]
    assert len(found) == 1
    assert "`Régua Alta`" in found[0].message and "`Régua Baixa`" in found[0].message
    assert "is worth 4; `Régua Baixa` first → 5" in found[0].notes[0]


def test_simultaneous_triggers_are_a_hazard_and_an_addendum_settles_them():
    espelho = card("Espelho Trocado", "whenever opponent gains a card from the table: swap this with it", "tesoura")
    lixeira = card("Lixeira Funda", "whenever opponent gains a card from the table: put it on the bottom of the deck",
                   "tesoura")
    assert codes(espelho + lixeira) == ["JW117"]
    settled = espelho + lixeira + 'addendum "Espelho primeiro" {\n  order: "Espelho Trocado" then "Lixeira Funda"\n}\n'
    assert codes(settled) == []


def test_an_addendum_naming_an_unknown_card_is_an_error():
    text = MOLDURA + 'addendum "Erro" {\n  order: "Moldura Dourada" then "Lupa Sumida"\n}\n'
    found = [d for d in deckdsl.loads(HEADER + text).diagnostics if d.code == "DK111"]
    assert found and found[0].severity.value == "error"


def test_the_gdd_example_can_be_written_and_ordered():
    assert codes(MOLDURA + LUPA) == ["JW113"]
    ordered = MOLDURA + LUPA + 'addendum "Somar antes" {\n  order: "Moldura Dourada" then "Lupa Dobradora"\n}\n'
    assert codes(ordered) == []


def test_the_standard_deck_and_every_example_have_no_hazard_finding():
    for path in [ROOT / "decks" / "janken-wars.deck", *sorted((ROOT / "decks" / "examples").glob("*.deck"))]:
        found = [d.code for d in deckdsl.load(path).diagnostics if d.code in HAZARDS]
        assert found == [], path.name


# ---------------------------------------------------------------------- the modifier on a chosen card ---


def _modifier(text: str) -> ast.ValueModifier:
    result = deckdsl.loads(HEADER + card("A", text))
    return result.deck.cards[0].condition.clauses[0]


@pytest.mark.parametrize("written", [
    "another card in your domain, chosen by you when this card enters it, gets +1",
    "another card in your domain chosen by you when this card enters it gets +1",
    "another card in your domain, chosen by you, when this enters it, get +1",
    "another card in your domain when this card enters it gets +1",
])
def test_the_chosen_modifier_is_written_several_ways(written):
    node = _modifier(written)
    assert node.chosen_on_entry and node.op == "add"
    assert node.cards.count == 1 and node.cards.other and node.cards.chooser in ("you", None)


def test_a_chosen_modifier_must_choose_and_a_continuous_one_must_not():
    assert "DK122" in [d.code for d in deckdsl.loads(HEADER + card("A", "cards in your domain when this card enters "
                                                                         "it get +1")).diagnostics]
    assert "DK119" in [d.code for d in deckdsl.loads(HEADER + card("A", "a card in your domain get +1")).diagnostics]


def test_the_chosen_modifier_in_words_and_its_polarity():
    node = _modifier("a card in opponent's domain chosen by opponent when this card enters it gets -1")
    assert node.cards.chooser == "opponent"
    written = deckdsl.loads(HEADER + card("A", "a card in opponent's domain chosen by opponent when this card "
                                               "enters it gets -1")).deck.cards[0]
    assert card_text(written, "pt-BR").lines == (
        "Condição: quando esta carta entrar no seu domínio, o oponente escolhe uma carta do oponente: "
        "ela vale um ponto a menos.",)
    assert card_text(written, "en").lines[0].startswith("Condition: when this card enters your domain, the opponent "
                                                        "chooses a card")
    one = polarity.polarity(_modifier("another card in your domain, chosen by you when this card enters it, gets +1"))
    every = polarity.polarity(_modifier("other cards in your domain get +1"))
    assert 0 < one < every  # one chosen card is worth less than every card of the domain
