"""Syntax errors speak the deck language: what was expected is said in the words a designer writes (never
a terminal's name), and a phrase from another card game is answered with the deckdsl phrase for it."""

from __future__ import annotations

import re

import pytest

import deckdsl
from deckdsl.lang import syntax
from deckdsl.lang.parse import deck_parser

HEADER = 'deck "T" { game: janken-wars }\n\n'


def card(*lines: str) -> str:
    body = "".join(f"  {line}\n" for line in lines)
    return HEADER + f'card "Muro Alto" {{\n  type: pedra\n  rarity: simples\n  copies: 6\n  value: 2\n{body}}}\n'


def syntax_errors(text: str) -> list[deckdsl.Diagnostic]:
    return [d for d in deckdsl.loads(text).diagnostics if d.code.startswith("DK0")]


def words_of(diagnostic: deckdsl.Diagnostic) -> str:
    """Everything the diagnostic says, its help and notes included, but the designer's own text it quotes
    (`unexpected `pile``)."""
    message = re.sub(r"(unexpected|found) `[^`]*`", r"\1 …", diagnostic.message)
    return "\n".join([message, diagnostic.help or "", *diagnostic.notes])


RAW = re.compile(r"\b[A-Z][A-Z0-9_]+\b|__anon|\$END|(?<!discard )\bpile\b")
"""A terminal's name (`NUMBER_WORD`, `GAIN`, `__ANON_0`, `$END`), or `pile` without its `discard`."""


def assert_no_terminal_names(said: str) -> None:
    assert not RAW.search(said), (RAW.search(said).group(), said)
    assert "anon" not in said.lower(), said


# ------------------------------------------------------------------ every terminal reads as words ---


def test_every_terminal_of_the_grammar_has_a_human_reading():
    parser = deck_parser()
    ignored = set(parser.lexer_conf.ignore)
    names = [t.name for t in parser.terminals if t.name not in ignored] + ["$END"]
    for name in names:
        reading = syntax.reading(parser, name)
        assert reading, f"the terminal {name} has no reading: add it to syntax.READINGS"
        assert name not in reading and not re.search(r"__|anon|[A-Z]{2,}", reading), (name, reading)
        assert reading != "`pile`", "a designer writes `discard pile`, not `pile`"


def test_a_long_expected_list_is_cut_and_says_how_many_were_left_out():
    parser = deck_parser()
    every = {t.name for t in parser.terminals} - set(parser.lexer_conf.ignore)
    described = syntax._describe(parser, every)
    assert re.search(r"or one of \d+ other words$", described), described
    assert_no_terminal_names(described)


BROKEN_EFFECTS = [
    "action: gain top 2 cards of the",           # the literal `deck` of the grammar is __ANON_0
    "action: cancel the",                         # `action` is __ANON_1
    "action: swap this a card from opponent's domain",
    "action: discard a card from the discard pile pile",
    "action: gain top 2 cards of deck pile",
    "action: gain a card from your",
    "action: gain cards from",
    "action: gain 1 star;",
    "action: opponent",
    "action: if count(your domain) 3: gain 1 star",
    "action: gain a card with value 3 from the table",
    "action: lose 1 point",
    "action: gain +1 star",
    "action: opponent discards a card from opponent's domain chosen by you.",
    "condition: other cards in your domain get",
    "condition: other cards in your domain get +1 +",
    "condition: value = count(your domain",
    "condition: value = count(your domain) +",
    "condition: whenever opponent: gain 1 star",
    "condition: whenever opponent wins a dispute with: gain 1 star",
    "condition: another card in your domain, chosen by you when this card enters",
    "condition: gets +1",
    "condition: must be",
    "condição: valor = count(your domain",       # a Portuguese field name, and the English effect word
    "value: x",
    "copies 2",
    "flavor: hello",
    "123",
]


@pytest.mark.parametrize("line", BROKEN_EFFECTS)
def test_messages_have_no_terminal_names(line):
    errors = syntax_errors(card(line))
    assert errors, line
    for diagnostic in errors:
        assert_no_terminal_names(words_of(diagnostic))


def test_expected_words_are_the_designers_words():
    (error,) = syntax_errors(card("action: gain top 2 cards of the"))
    assert error.help == "expected `deck`"
    (error,) = syntax_errors(card("action: gain a card from your"))
    assert "`domain`" in error.help and "`discard pile`" in error.help and "`table`" not in error.help
    (error,) = syntax_errors(card("action: gain 1 star then"))
    assert error.help.startswith("expected an action step (`gain`, `discard`, `swap`"), error.help
    (error,) = syntax_errors(card("action: opponent"))
    assert "`discards`" in error.help and "`gains`" in error.help, error.help
    (error,) = syntax_errors(HEADER + 'addendum "O" {\n  order: "Muro Alto" then\n}\n')
    assert "a card name in quotes" in error.help, error.help


def test_an_operator_is_offered_only_where_a_number_may_go_on():
    (after_cards,) = syntax_errors(card("condition: value = count(your domain"))
    assert error_list(after_cards) == ["`)`"]
    (after_number,) = syntax_errors(card("action: if count(your domain) 3: gain 1 star"))
    assert "`+`" in after_number.help and "a comparison" in after_number.help
    (after_stars,) = syntax_errors(card("action: discard a card from the table and then"))
    assert "`+`" not in words_of(after_stars)


def error_list(diagnostic: deckdsl.Diagnostic) -> list[str]:
    return diagnostic.help.removeprefix("expected ").replace(" or ", ", ").split(", ")


def test_the_expected_list_is_deduplicated_and_stable():
    first = [d.help for d in syntax_errors(card("action: gain 1 star,"))]
    second = [d.help for d in syntax_errors(card("action: gain 1 star,"))]
    assert first == second
    for help in first:
        items = error_list(syntax_errors(card("action: gain 1 star,"))[0])
        assert len(items) == len(set(items)), help


def test_a_word_the_parser_split_is_shown_whole():
    (error,) = syntax_errors(card("action: your opponent discards a card from opponent's domain"))
    assert "`your`" in error.message and "`r`" not in error.message
    assert "`opponent`" in error.help


# ----------------------------------------------------------------- other card games' wording ---


def test_draw_cards_is_gaining_the_top_of_the_deck():
    (error,) = syntax_errors(card("action: draw 2 cards"))
    assert error.code == "DK001"
    assert "`gain top 2 cards of the deck`" in error.help
    assert any("an action step" in note for note in error.notes), "the steps are still listed"
    (error,) = syntax_errors(card("action: draw a card"))
    assert "`gain top card of the deck`" in error.help
    (error,) = syntax_errors(card("action: opponent draws 2 cards"))
    assert "`gains top 2 cards of the deck`" in error.help


SLIPS = [
    ("action: draw 2 cards", "gain top 2 cards of the deck"),
    ("action: gain 1 star, draw a card", "gain top card of the deck"),
    ("action: destroy a card from opponent's domain", "discard a card from opponent's domain"),
    ("action: steal a card from opponent's domain", "gain a card from opponent's domain"),
    ("action: return a card from your discard pile to your hand", "gain a card from your discard pile"),
    ("action: return this to the deck", "put this on the bottom of the deck"),
    ("action: shuffle your discard pile into the deck", "put your discard pile on the bottom of the deck"),
    ("action: put a card from the table on top of the deck", "on the bottom of the deck"),
    ("action: +1 point", "condition: this card gets +1"),
    ("action: gain 2 points", "condition: this card gets +2"),
    ("action: score 1 point", "gain 1 star"),
    ("action: get 1 star", "gain 1 star"),
    ("action: lose 1 point", "lose 1 star"),
    ("condition: each turn gain 1 star", "condition: whenever you win a dispute: gain 1 star"),
    ("condition: at the start of your turn: gain 1 star", "condition: whenever you win a dispute: gain 1 star"),
    ("condition: when played: gain 1 star", "action: gain 1 star"),
    ("action: counter its action", "cancel its action"),
    ("action: discard a card from the opponent's domain", "opponent's"),
    ("action: discard a card from the table and gain 1 star", ", then"),
    ("action: discard a card of your choice from the table", "chosen by you"),
    ("condição: valor = count(your domain)", "value = …"),
]


@pytest.mark.parametrize(("wrong", "right"), SLIPS, ids=[w for w, _ in SLIPS])
def test_a_phrase_from_another_game_gets_the_deckdsl_phrase(wrong, right):
    errors = syntax_errors(card(wrong))
    assert errors, wrong
    assert f"`{right}`" in errors[0].help or right in errors[0].help, errors[0].help
    assert_no_terminal_names(words_of(errors[0]))


SUGGESTED = [
    "action: gain top 2 cards of the deck", "action: gain top card of the deck",
    "action: discard a card from opponent's domain", "action: gain a card from opponent's domain",
    "action: gain a card from your discard pile", "action: put this on the bottom of the deck",
    "action: put your discard pile on the bottom of the deck", "condition: this card gets +1",
    "action: gain 1 star", "action: lose 1 star", "condition: whenever you win a dispute: gain 1 star",
    "condition: whenever opponent gains a card from the table: cancel its action",
    "action: discard a card from the table, then gain 1 star",
    "action: discard a card from the table chosen by you",
]


@pytest.mark.parametrize("phrase", SUGGESTED)
def test_the_suggested_phrases_are_deckdsl(phrase):
    result = deckdsl.loads(card(phrase))
    assert not [d for d in result.errors if d.code[:3] in ("DK0", "DK1")], [
        (d.code, d.message) for d in result.errors
    ]


# ----------------------------------------------------------------- what must keep working ---


@pytest.mark.parametrize(
    ("line", "suggestion"),
    [
        ("action: discrad a card from the table", "did you mean `discard`?"),
        ("action: swap this wiht a card from opponent's domain", "did you mean `with`?"),
        ("condition: whenevr opponent gains a card from the table: discard it", "did you mean `whenever`?"),
        ("action: discard a card from opponents domain", "did you mean `opponent's`?"),
    ],
)
def test_typos_still_get_did_you_mean(line, suggestion):
    errors = syntax_errors(card(line))
    assert [d.code for d in errors] == ["DK004"]
    assert errors[0].help == suggestion


def test_a_known_word_in_the_wrong_place_is_not_called_a_typo():
    (error,) = syntax_errors(card("condition: cards of type in your domain get +1"))
    assert "did you mean" not in words_of(error)
    (error,) = syntax_errors(HEADER.replace("{ game: janken-wars }", "{\n  rules {\n    star_cost 6\n  }\n}"))
    assert "did you mean" not in words_of(error) and "`:`" in error.help


def test_portuguese_decks_still_read_and_errors_stay_english():
    text = (
        'baralho "T" {\n  game: janken-wars\n}\n\ncarta "Presente" {\n  tipo: papel\n  raridade: especial\n'
        "  cópias: 2\n  valor: 1\n  ação: gain top 2 cards of the deck\n}\n"
    )
    assert syntax_errors(text) == []
    (error,) = syntax_errors(text.replace("ação: gain top 2 cards", "ação: draw 2 cards"))
    assert "`gain top 2 cards of the deck`" in error.help
