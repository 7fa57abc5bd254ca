"""Rules text generated from the AST: the GDD's own wording for the standard deck, every node in both
languages, numbers and plurals, hand-written overrides, and `deckdsl text`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import deckdsl
from deckdsl.cli import main
from deckdsl.lang import ast
from deckdsl.text import writer as text
from deckdsl.text.catalog import catalog

ROOT = Path(__file__).resolve().parent.parent
STANDARD = ROOT / "decks" / "janken-wars.deck"

# The GDD's "Lista de cartas", word for word.
GDD = {
    "Muro Alto": "Condição: precisa ser descartada antes das outras cartas do jogador.",
    "Joia Cobiçada": "Ação: deve ser trocada com uma carta do oponente.",
    "Estátua de Sucata": "Condição: o valor é o número de cartas na pilha de descarte do jogador dividido por 2, "
    "arredondado para cima.",
    "Origami Sublime": "",
    "Silver Tape": "Condição: o valor é o número de cartas do jogador.",
    "Presente Embrulhado": "Ação: ganhe também as duas cartas no topo do baralho.",
    "Estilete Afiado": "Ação: escolha uma carta do oponente para ele descartar.",
    "Kit de Ferramentas": "Ação: descarte uma carta da mesa.",
    "Rolo Compressor": "Ação: o oponente descarta todas as cartas.",
}
ENGLISH = {
    "Muro Alto": "Condition: must be discarded before its owner's other cards.",
    "Joia Cobiçada": "Action: must be swapped with a card of the opponent.",
    "Estátua de Sucata": "Condition: its value is the number of cards in its owner's discard pile divided by 2, "
    "rounded up.",
    "Origami Sublime": "",
    "Silver Tape": "Condition: its value is the number of its owner's cards.",
    "Presente Embrulhado": "Action: also gain the top two cards of the deck.",
    "Estilete Afiado": "Action: choose a card of the opponent for them to discard.",
    "Kit de Ferramentas": "Action: discard a card from the table.",
    "Rolo Compressor": "Action: the opponent discards all their cards.",
}


@pytest.fixture(scope="module")
def standard() -> ast.Deck:
    return deckdsl.load(STANDARD).deck


@pytest.mark.parametrize("name", list(GDD))
def test_standard_cards_read_as_in_the_gdd(standard, name):
    assert str(text.card_text(standard.card(name), "pt-BR")) == GDD[name]


@pytest.mark.parametrize("name", list(ENGLISH))
def test_standard_cards_in_english(standard, name):
    assert str(text.card_text(standard.card(name), "en")) == ENGLISH[name]


EFFECT_NODES = sorted(
    name for name in ast.NODE_CLASSES
    if name not in {"Card", "Deck", "Attribute", "CardRef", "ModifierOrder", "Addendum", "Meta", "Setting",
                    "PrintSetting", "PrintEntry", "Action", "Condition"}
)


@pytest.mark.parametrize("name", EFFECT_NODES)
def test_every_effect_node_has_a_visit_method(name):
    assert hasattr(text.Writer, f"visit_{name}"), f"Writer has no visit_{name}"


def test_a_node_without_a_visit_method_is_a_loud_error():
    class Stranger(ast.Node):
        kind: str = "Stranger"

    with pytest.raises(NotImplementedError, match="visit_Stranger"):
        text.Writer(catalog("pt-BR")).write(ast.construct(Stranger, span=None))


def used_messages() -> set[str]:
    """The messages the writer asks a catalog for, read from its source."""
    source = Path(text.__file__).read_text(encoding="utf-8")
    found = set(re.findall(r'(?:say|step|separator)\(\s*"([a-z-]+)"', source))
    found |= set(re.findall(r'"([a-z]+-separator|list-last)"', source))
    found |= {f"label-{part}" for part in ("cost", "action", "condition")} | set(text.PHRASES)
    return found


@pytest.mark.parametrize("language", text.LANGUAGES)
def test_every_catalog_has_every_message_the_writer_asks_for(language):
    words = catalog(language)
    assert len(used_messages()) > 40
    assert {m for m in used_messages() if not words.has(m)} == set()


def test_a_catalog_that_lacks_a_message_or_cannot_be_read_says_which():
    from deckdsl.text.catalog import Catalog, CatalogError

    with pytest.raises(CatalogError, match="cannot read"):
        Catalog("xx", "broken = { $count ->\n")
    words = Catalog("xx", "label-cost = Cost { $missing }\n")
    with pytest.raises(CatalogError, match=r"locales/xx.ftl, `label-cost`.*missing"):
        words.say("label-cost")
    with pytest.raises(CatalogError, match="has no message `gain`"):
        words.say("gain")


def test_a_language_tag_finds_its_catalog():
    assert set(text.LANGUAGES) == {"en", "pt-BR", "ru"}
    assert [text.language_of(tag) for tag in ("pt", "pt-PT", "PT_br", "ru", "ru-RU", "en-GB", "de", None)] == [
        "pt-BR", "pt-BR", "pt-BR", "ru", "ru", "en", "en", "en"]


def _all_cards() -> list[ast.Card]:
    cards = []
    for path in [STANDARD, *sorted((ROOT / "decks" / "examples").glob("*.deck"))]:
        cards.extend(deckdsl.load(path).deck.cards)
    guide = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    for block in re.findall(r"```deck\n(.*?)```", guide, re.S):
        result = deckdsl.loads(block)
        if result.deck is not None:
            cards.extend(result.deck.cards)
    return cards


def test_every_card_of_the_decks_and_the_guide_has_text_in_both_languages():
    cards = _all_cards()
    kinds = {type(node).__name__ for card in cards for node in card.walk()}
    assert len(cards) > 60
    assert set(EFFECT_NODES) <= kinds | {"Stranger"}, set(EFFECT_NODES) - kinds
    for card in cards:
        for language in text.LANGUAGES:
            lines = text.card_text(card, language).lines
            assert len(lines) == sum(1 for part in (card.cost, card.action, card.condition) if part)
            for line in lines:
                assert line.endswith(".") and "None" not in line and "  " not in line, line


def _card(effect: str) -> ast.Card:
    result = deckdsl.loads(f'card "X" {{\n  type: rock\n  rarity: simple\n  value: 1\n  {effect}\n}}\n')
    return result.deck.cards[0]


@pytest.mark.parametrize(
    ("effect", "portuguese", "english"),
    [
        ("action: gain 1 star", "Ação: ganhe uma estrela.", "Action: gain a star."),
        ("action: gain 2 stars", "Ação: ganhe duas estrelas.", "Action: gain two stars."),
        ("action: opponent loses 3 stars", "Ação: o oponente perde três estrelas.",
         "Action: the opponent loses three stars."),
        ("action: discard 2 cards from the table", "Ação: descarte duas cartas da mesa.",
         "Action: discard two cards from the table."),
        ("action: discard up to 2 cards from the table", "Ação: descarte até duas cartas da mesa.",
         "Action: discard up to two cards from the table."),
        ("action: gain the top card of the deck", "Ação: ganhe também a carta no topo do baralho.",
         "Action: also gain the top card of the deck."),
        ("condition: cards in opponent's domain get -1", "Condição: todas as cartas do oponente valem um ponto a menos.",
         "Condition: all cards of the opponent are worth 1 point less."),
        ("condition: other cards in your domain get +2",
         "Condição: todas as outras cartas do jogador valem dois pontos a mais.",
         "Condition: all other cards of its owner are worth 2 points more."),
        ("condition: other cards in your domain get x2", "Condição: todas as outras cartas do jogador valem o dobro.",
         "Condition: all other cards of its owner are worth double."),
        ("cost: discard a card from your domain", "Custo: descarte uma carta do seu domínio.",
         "Cost: discard a card from your domain."),
        ("action: you may discard a card from the table", "Ação: você pode descartar uma carta da mesa.",
         "Action: you may discard a card from the table."),
    ],
)
def test_numbers_plurals_and_signs(effect, portuguese, english):
    card = _card(effect)
    assert str(text.card_text(card, "pt-BR")) == portuguese
    assert str(text.card_text(card, "en")) == english


def test_a_hand_written_text_is_printed_and_the_effect_still_checked():
    source = (
        'card "X" {\n  type: rock\n  rarity: simple\n  value: 1\n  action: gain 3\n'
        '  text: "Ação: ganhe três cartas à sua escolha."\n}\n'
    )
    result = deckdsl.loads(source)
    card = result.deck.cards[0]
    assert text.card_text(card, "pt-BR").lines == ("Ação: ganhe três cartas à sua escolha.",)
    assert text.card_text(card, "pt-BR", generated=True).lines[0].startswith("Ação: ganhe")
    assert "DK109" in {d.code for d in result.diagnostics}  # `gain 3`: a number where cards are needed


def test_text_command():
    runner = CliRunner()
    portuguese = runner.invoke(main, ["text", str(STANDARD)])
    assert portuguese.exit_code == 0
    assert "Estilete Afiado\n  Ação: escolha uma carta do oponente para ele descartar." in portuguese.output
    assert "Origami Sublime\n  (sem efeito)" in portuguese.output
    assert "“Se não funcionou, é porque você não usou fita o suficiente.”" in portuguese.output
    english = runner.invoke(main, ["text", str(STANDARD), "--lang", "en"])
    assert "Kit de Ferramentas\n  Action: discard a card from the table." in english.output
    assert "Example" in runner.invoke(main, ["text", "--help"]).output
