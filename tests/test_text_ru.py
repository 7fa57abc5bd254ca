"""Rules text in Russian (`locales/ru.ftl`, for `language: ru` decks such as Queens vs Kings): the nine
standard cards and the effects of the guide as a Russian reader checked them (the review is this table:
each sentence was read for case, number, gender and word order), numerals agreeing with their nouns
for every count, and nothing left in another language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import deckdsl
from deckdsl.cli import main
from deckdsl.text import card_text, effect_labels, phrase

ROOT = Path(__file__).resolve().parent.parent
STANDARD = ROOT / "decks" / "janken-wars.deck"

REVIEWED = {
    "Muro Alto": "Условие: должна быть сброшена раньше других карт игрока.",
    "Joia Cobiçada": "Действие: эту карту нужно обменять на карту соперника.",
    "Estátua de Sucata": "Условие: значение — число карт в сбросе игрока разделить на 2 с округлением вверх.",
    "Origami Sublime": "",
    "Silver Tape": "Условие: значение — число карт игрока.",
    "Presente Embrulhado": "Действие: также получите две верхние карты колоды.",
    "Estilete Afiado": "Действие: выберите карту соперника, и он её сбросит.",
    "Kit de Ferramentas": "Действие: сбросьте карту со стола.",
    "Rolo Compressor": "Действие: соперник сбрасывает все свои карты.",
}


@pytest.fixture(scope="module")
def standard():
    return deckdsl.load(STANDARD).deck


@pytest.mark.parametrize("name", list(REVIEWED))
def test_the_standard_cards_in_russian(standard, name):
    assert str(card_text(standard.card(name), "ru", generated=True)) == REVIEWED[name]


def _card(effect: str):
    result = deckdsl.loads(f'card "X" {{\n  type: rock\n  rarity: simple\n  value: 1\n  {effect}\n}}\n', check=False)
    assert result.deck is not None and result.deck.cards, effect
    return result.deck.cards[0]


@pytest.mark.parametrize(("effect", "russian"), [
    ("action: gain 1 star", "Действие: получите звезду."),
    ("action: opponent loses 3 stars", "Действие: соперник теряет три звезды."),
    ("action: discard up to 2 cards from the table", "Действие: сбросьте до двух карт со стола."),
    ("action: gain the top card of the deck", "Действие: также получите верхнюю карту колоды."),
    ("condition: cards in opponent's domain get -1", "Условие: все карты соперника стоят на одно очко меньше."),
    ("condition: other cards in your domain get +2", "Условие: все другие карты игрока стоят на два очка больше."),
    ("condition: other cards in your domain get x2", "Условие: все другие карты игрока стоят вдвое больше."),
    ("cost: discard a card from your domain", "Цена: сбросьте карту из ваших владений."),
    ("action: you may discard a card from the table", "Действие: вы можете сбросить карту со стола."),
])
def test_effects_in_russian(effect, russian):
    assert str(card_text(_card(effect), "ru")) == russian


def plural(count: int, one: str, few: str, many: str) -> str:
    """The Russian noun form for `count`, by the rule every grammar gives (not CLDR's tables)."""
    if count % 10 == 1 and count % 100 != 11:
        return one
    if 2 <= count % 10 <= 4 and not 12 <= count % 100 <= 14:
        return few
    return many


WORDS = {1: "", 2: "две", 3: "три", 4: "четыре", 5: "пять", 6: "шесть", 7: "семь", 8: "восемь", 9: "девять",
         10: "десять"}


@pytest.mark.parametrize("count", [*range(1, 26), 101, 111, 112, 122])
def test_a_numeral_agrees_with_its_noun(count):
    number = WORDS.get(count, str(count))
    cards = f"{number} {plural(count, 'карту', 'карты', 'карт')}".strip()
    stars = f"{number} {plural(count, 'звезду', 'звезды', 'звёзд')}".strip()
    assert str(card_text(_card(f"action: discard {count} cards from the table"), "ru")) == (
        f"Действие: сбросьте {cards} со стола.")
    assert str(card_text(_card(f"action: gain {count} stars"), "ru")) == f"Действие: получите {stars}."


def _all_cards():
    cards = []
    for path in [STANDARD, *sorted((ROOT / "decks" / "examples").glob("*.deck"))]:
        cards.extend(deckdsl.load(path).deck.cards)
    for block in re.findall(r"```deck\n(.*?)```", (ROOT / "docs" / "language.md").read_text(encoding="utf-8"), re.S):
        result = deckdsl.loads(block)
        if result.deck is not None:
            cards.extend(result.deck.cards)
    return cards


def test_nothing_in_the_russian_text_is_in_another_language():
    """Outside card names (quoted «…» or as written in the deck), a Russian line is Cyrillic, digits and
    punctuation: no English or Portuguese word of a catalog that lacked one, no `none` of a missing fact."""
    cards = _all_cards()
    names = sorted({card.name for card in cards}, key=len, reverse=True)
    checked = 0
    for card in cards:
        for line in card_text(card, "ru", generated=True).lines:
            bare = re.sub(r"«[^»]*»", "", line)
            for name in names:
                bare = bare.replace(name, "")
            assert not re.search(r"[A-Za-zÀ-ÿ]", bare), line
            assert line.endswith(".") and "  " not in line, line
            checked += 1
    assert checked > 40


def test_the_words_around_the_rules_text_are_russian_too():
    assert effect_labels("ru") == ("Цена", "Действие", "Условие")
    assert phrase("ru", "no-effect") == "(без эффекта)"
    assert phrase("ru-RU", "sheet-reference") == "Памятка"


def test_deckdsl_text_prints_a_russian_deck_in_russian():
    result = CliRunner().invoke(main, ["text", str(ROOT / "decks" / "queens-vs-kings.deck")])
    assert result.exit_code == 0, result.output
    assert "Туз червей\n  (без эффекта)" in result.output and "no effect" not in result.output
    english = CliRunner().invoke(main, ["text", str(STANDARD), "--lang", "ru"])
    assert "Действие: сбросьте карту со стола." in english.output
